package org.cruncher.engine.policy.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.testing.StateBuilder;

class ReportPolicyTest {

    private static Result finishedAt(StateBuilder b, double deadline, double completed) {
        Result r = b.job("A", "A_cpu", 3600, deadline);
        r.finish(ResultState.FILES_UPLOADED, 0, completed, 0, 0, 0);
        return r;
    }

    @Test
    void dueTimeIsOneDayAfterCompletionForFarDeadlines() {
        // Received at 0, due at 10 days, done at 1 h: min(10 d - 1 d, 1 h + 1 d) = 1 h + 1 d = 90000.
        Result r = finishedAt(StateBuilder.cpus(1).project("A", 1), 864000, 3600);
        assertEquals(90000, ReportPolicy.dueTime(r, ClientConfig.DEFAULTS));
    }

    @Test
    void dueTimeKeepsCushionBeforeNearDeadline() {
        // Received at 0, due at 6 h (21600), done at 2 h: the cushion is min(1 d, 21600 / 4) = 5400,
        // so it is due at 21600 - 5400 = 16200.
        Result r = finishedAt(StateBuilder.cpus(1).project("A", 1), 21600, 7200);
        assertEquals(16200, ReportPolicy.dueTime(r, ClientConfig.DEFAULTS));
    }

    @Test
    void dueTimeIsImmediateWhenProjectGetsNoNewTasks() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 1);
        b.project("A").setNoNewTasks(true);
        Result r = finishedAt(b, 864000, 3600);
        assertEquals(3600, ReportPolicy.dueTime(r, ClientConfig.DEFAULTS));
    }

    @Test
    void dueTimeIsImmediateWithReportResultsImmediately() {
        Result r = finishedAt(StateBuilder.cpus(1).project("A", 1), 864000, 3600);
        assertEquals(3600, ReportPolicy.dueTime(r, new ClientConfig(-1, false, true)));
    }
}

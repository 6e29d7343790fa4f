package org.cruncher.engine.policy.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.testing.StateBuilder;

/** The earliest report due time, kept between polls, follows every change that moves it. */
class ReportDuesTest {

    @Test
    void followsFinishesReportsNoNewTasksAndTheConfiguration() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 1);
        ClientState state = b.state();
        Project a = b.project("A");
        ReportDues dues = new ReportDues();
        Result far = b.job("A", "A_cpu", 3600, 864_000);
        Result near = b.job("A", "A_cpu", 3600, 21_600);
        assertEquals(Double.POSITIVE_INFINITY, dues.earliest(state, a), "nothing finished");

        // Due at 10 days, done at 1 h: min(10 d - 1 d, 1 h + 1 d) = 90,000.
        far.finish(ResultState.FILES_UPLOADED, 0, 3600, 0, 0, 0);
        assertEquals(90_000, dues.earliest(state, a));

        // Due at 6 h, done at 2 h: cushion min(1 d, 21,600 / 4) = 5,400, so due at 16,200, the earlier.
        near.finish(ResultState.FILES_UPLOADED, 0, 7200, 0, 0, 0);
        assertEquals(16_200, dues.earliest(state, a));

        // "No new tasks": each is due when it finished, the first at 1 h.
        a.setNoNewTasks(true);
        assertEquals(3600, dues.earliest(state, a));
        a.setNoNewTasks(false);
        assertEquals(16_200, dues.earliest(state, a));

        // report_results_immediately in a new cc_config: the same.
        state.setConfig(new ClientConfig(-1, false, true));
        assertEquals(3600, dues.earliest(state, a));
        state.setConfig(ClientConfig.DEFAULTS);

        // Reported and gone: the far one is left.
        state.removeResult(near);
        assertEquals(90_000, dues.earliest(state, a));
    }
}

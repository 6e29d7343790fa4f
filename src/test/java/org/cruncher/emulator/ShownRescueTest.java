package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.policy.workfetch.FetchContext;
import org.cruncher.persist.ScenarioReader;

/**
 * A red deadline agrees with the finish times shown beside it. A window paused between polls showed a task at risk,
 * from the last poll's rescue, beside a forecast made for the showing since that had it and its sibling finishing
 * hours before the deadline's safety margin (deadlines-one-cpu at 12:40).
 */
class ShownRescueTest {

    @Test
    void everyTaskShownAtRiskHasATaskOfItsProjectShownEndingInsideTheMargin() throws Exception {
        Scenario s = new ScenarioReader().read(Path.of("src/test/resources/scenarios/deadlines-one-cpu"));
        Emulation e = new Emulation(s, 1, x -> { });
        double workBufMin = e.state().prefs().workBufMinSeconds();
        int atRisk = 0;
        int rescuedRunning = 0;
        // Two days, looked at every 5 minutes as a window would between polls.
        for (double t = s.startTime(); t < s.startTime() + 2 * 86400; t += 300) {
            e.advanceTo(t);
            EngineSnapshot snap = e.engine().snapshot(List.of(), 0, null, null);
            for (TaskView task : snap.tasks()) {
                // A running task that says it runs first to meet its deadline is shown at risk (between polls
                // too, where the forecast made for the showing decides both).
                if (task.status() == TaskStatus.RUNNING
                        && task.verdict().reason() == TaskReason.RUNNING_DEADLINE_RISK) {
                    rescuedRunning++;
                    assertTrue(task.deadlineAtRisk(), task.name() + " runs for its deadline at " + snap.time()
                            + " but is not shown at risk");
                }
                if (!task.deadlineAtRisk() || snap.time() + task.remaining() > task.deadline()) {
                    continue;
                }
                atRisk++;
                // Rescue is of a project's earliest-deadline tasks, as many as it has predicted misses: some task of
                // the same project and resource ends later than its deadline less its cushion.
                boolean explained = snap.tasks().stream().anyMatch(q -> q.projectUrl().equals(task.projectUrl())
                        && q.resource() == task.resource() && q.expectedEnd() > q.deadline()
                        - FetchContext.cushion(q.deadline() - q.received(), workBufMin));
                assertTrue(explained, task.name() + " shown at risk at " + snap.time() + " beside " + snap.tasks());
            }
        }
        assertTrue(atRisk > 0, "the scenario has tasks at risk to look at");
        assertTrue(rescuedRunning > 0, "and tasks running to meet their deadlines");
    }
}

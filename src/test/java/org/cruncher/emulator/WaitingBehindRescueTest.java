package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.persist.ScenarioReader;

/**
 * A task that waits while the only CPU runs a task in deadline rescue waits for that task, not for the debt order.
 * The tight-deadlines sample (one CPU; Asteroid Orbits' 1-hour jobs due in 3 to 5 hours beside Climate Ensemble's
 * long one): Asteroid's task won the CPU at 07:00 on debt (+30 min against -30 min), then the forecast put it in
 * rescue; Climate's task still said "Climate runs when its debt has grown past the others'", while it could not run
 * before that task had ended whatever the debts.
 */
class WaitingBehindRescueTest {

    @Test
    void aCpuTaskWaitingWhileTheOnlyCpuRunsARescuedTaskSaysSo() throws Exception {
        Scenario s = new ScenarioReader().read(Path.of("assets/scenarios/tight-deadlines"));
        Emulation e = new Emulation(s, 1, x -> { });
        int seen = 0;
        int behind = 0;
        // A day, looked at every 10 minutes as a window would.
        for (double t = s.startTime(); t < s.startTime() + 86400; t += 600) {
            e.advanceTo(t);
            EngineSnapshot snap = e.engine().snapshot(List.of(), 0, null, null);
            TaskView rescued = snap.tasks().stream().filter(q -> q.status() == TaskStatus.RUNNING
                    && q.resource() == ResourceType.CPU
                    && q.verdict().reason() == TaskReason.RUNNING_DEADLINE_RISK).findFirst().orElse(null);
            if (rescued == null) {
                continue;
            }
            for (TaskView waiting : snap.tasks()) {
                boolean waits = waiting.status() == TaskStatus.PREEMPTED
                        || waiting.status() == TaskStatus.READY_TO_START;
                if (!waits || waiting.resource() != ResourceType.CPU
                        || waiting.projectUrl().equals(rescued.projectUrl())) {
                    continue;
                }
                seen++;
                assertNotEquals(TaskReason.WAITING_LOWER_DEBT, waiting.verdict().reason(), waiting.name() + " at "
                        + snap.time() + " beside " + rescued.name());
                if (waiting.verdict().reason() == TaskReason.WAITING_BEHIND_DEADLINE_RESCUE) {
                    assertEquals(rescued.projectName(), waiting.verdict().rival());
                    behind++;
                }
            }
        }
        assertTrue(seen > 0, "Climate Ensemble's task waits beside a rescued one");
        assertTrue(behind > 0, "and says it waits behind it");
    }
}

package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.Result;
import org.cruncher.persist.ScenarioReader;

/**
 * What the Tasks pane is told about deadlines agrees with the scheduler, minute by minute, on the tight-deadlines
 * sample (one CPU; one-hour jobs due 6 hours after they arrive beside ten-hour jobs due in 2 days).
 */
class DeadlineRiskShownTest {

    @Test
    void aTaskSaidToRunForItsDeadlineIsShownAtRiskAndOneOutOfRescueSaysSo() throws Exception {
        Scenario s = new ScenarioReader().read(Path.of("assets/scenarios/tight-deadlines"));
        Emulation e = new Emulation(s, 1, null);
        int rescued = 0;
        int safeAgain = 0;
        int withEnd = 0;
        for (double t = s.startTime(); t <= s.startTime() + 2 * 86400; t += 60) {
            e.advanceTo(t);
            EngineSnapshot snap = e.engine().snapshot(List.of(), 0, null, null);
            for (TaskView v : snap.tasks()) {
                Result r = e.state().results().stream().filter(x -> x.name().equals(v.name())).findFirst()
                        .orElseThrow();
                if (v.verdict().reason() == TaskReason.RUNNING_DEADLINE_RISK) {
                    rescued++;
                    assertTrue(r.deadlineMode(), v.name());
                    assertTrue(v.deadlineAtRisk(), v.name() + " runs for its deadline, so it is shown at risk");
                }
                if (v.verdict().reason() == TaskReason.RUNNING_RESCUED_NOW_SAFE) {
                    safeAgain++;
                    assertTrue(!r.deadlineMode(), v.name());
                    assertEquals(TaskStatus.RUNNING, v.status());
                }
                if (!Double.isNaN(v.expectedEnd())) {
                    withEnd++;
                    // never sooner than it could: now plus its time left
                    assertTrue(v.expectedEnd() >= snap.time() + v.remaining() - 1e-6, v.name());
                }
            }
        }
        assertTrue(rescued > 0, "the sample rescues deadlines");
        assertTrue(safeAgain > 0, "a rescued task found safe in the middle of a period says so");
        assertTrue(withEnd > 0);
    }
}

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
import org.cruncher.engine.model.Host;
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
                }
            }
        }
        assertTrue(rescued > 0, "the sample rescues deadlines");
        assertTrue(safeAgain > 0, "a rescued task found safe in the middle of a period says so");
        assertTrue(withEnd > 0);
    }

    @Test
    void onlyTasksStillToComputeHaveAnExpectedFinish() {
        // One CPU, 10-minute jobs whose 1 MB output uploads at 10 KB/s (100 s): the forecast is kept up to 10 minutes,
        // and a task that finished computing in that time is no longer in its queue, so it has no finish time, while
        // every task still to compute has one, never sooner than it could end (now plus its time left).
        Scenario s = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", 600, 864000)
                .files(0, 1e6, 0).transfers(1e9, 1e4, 0).build("uploads");
        Emulation e = new Emulation(s, 1, null);
        int uploading = 0;
        for (double t = s.startTime(); t <= s.startTime() + 6 * 3600; t += 20) {
            e.advanceTo(t);
            EngineSnapshot snap = e.engine().snapshot(List.of(), 0, null, null);
            for (TaskView v : snap.tasks()) {
                switch (v.status()) {
                    case RUNNING, PREEMPTED, READY_TO_START -> {
                        assertTrue(!Double.isNaN(v.expectedEnd()), v.name() + " " + v.status());
                        assertTrue(v.expectedEnd() >= snap.time() + v.remaining() - 1e-6, v.name());
                    }
                    case UPLOADING, READY_TO_REPORT -> {
                        uploading += v.status() == TaskStatus.UPLOADING ? 1 : 0;
                        assertTrue(Double.isNaN(v.expectedEnd()), v.name() + " " + v.status());
                    }
                    default -> { }
                }
            }
        }
        assertTrue(uploading > 0, "outputs were seen uploading");
    }
}

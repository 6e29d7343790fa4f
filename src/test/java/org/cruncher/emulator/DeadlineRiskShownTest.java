package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.EventKind;
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

    /**
     * A running task's expected end moves on through a quiet hour. At 03:00 orbits_000002_0 starts, an hour to run,
     * and nothing happens until it ends at 04:00, so the engine does not poll: the end shown stayed the one the 03:00
     * forecast gave at the project's half share, 05:00, with ten minutes left. Looked at at 03:50, a forecast made
     * then gives the 600 s left at half the CPU: 1,200 s, so 04:10 (250 min after the start). The decisions keep the
     * 03:00 forecast.
     */
    @Test
    void aRunningTasksExpectedEndMovesOnBetweenPolls() throws Exception {
        Scenario s = new ScenarioReader().read(Path.of("assets/scenarios/tight-deadlines"));
        Emulation e = new Emulation(s, 1, null);
        e.advanceTo(s.startTime() + 230 * 60);
        var made = e.engine().forecast();

        TaskView orbits = e.engine().snapshot(List.of(), 0, null, null).tasks().stream()
                .filter(v -> v.name().equals("orbits_000002_0")).findFirst().orElseThrow();

        assertEquals(TaskStatus.RUNNING, orbits.status());
        assertEquals(600, orbits.remaining(), 1e-6);
        assertEquals(s.startTime() + 250 * 60, orbits.expectedEnd(), 1e-6);
        assertEquals(s.startTime() + 180 * 60, made.course().origin(), 1e-6);
        assertTrue(made == e.engine().forecast(), "the decisions' forecast is left as it was");
    }

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

    /**
     * A task the forecast puts in rescue while it already runs says it runs for its deadline, not the reason of the
     * pass that started it. On the one-CPU deadlines sample, the 14:00 period pass starts a1_000008_0 on the debt
     * order (A_short and B_long both at 0 s, A first by URL), and the forecast made right after puts it in rescue (due
     * at 17:00, it would end too close to it at its share): its Why said "A_short's anticipated debt (0 s) was the
     * largest" beside the event "it goes first in line". Minute by minute over two days, every running task in rescue
     * says so.
     */
    @Test
    void aRunningTaskPutInRescueSaysItRunsForItsDeadline() throws Exception {
        Scenario s = new ScenarioReader().read(Path.of("src/test/resources/scenarios/deadlines-one-cpu"));
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(s, 1, events::add);
        e.advanceTo(s.startTime() + 14 * 3600);
        // B_long's task gave way at the same pass, at a debt level with A_short's: the event says so, not "lower"
        // alone ("0 s vs A_short 0 s").
        EngineEvent preempted = events.stream().filter(ev -> ev.kind() == EventKind.TASK_PREEMPTED
                && ev.time() == s.startTime() + 14 * 3600).findFirst().orElseThrow();
        assertEquals("b1_000001_0", preempted.task());
        assertEquals("0 s, level with A_short once rounded; A_short came first", preempted.detail());
        TaskView a8 = e.engine().snapshot(List.of(), 0, null, null).tasks().stream()
                .filter(v -> v.name().equals("a1_000008_0")).findFirst().orElseThrow();
        assertEquals(TaskStatus.RUNNING, a8.status());
        assertEquals(TaskReason.RUNNING_DEADLINE_RISK, a8.verdict().reason());

        int inRescue = 0;
        for (double t = e.now(); t <= s.startTime() + 2 * 86400; t += 60) {
            e.advanceTo(t);
            // While the last poll's forecast covers the time shown, its rescue is the one shown (between polls, a
            // forecast made for the showing says which tasks are in rescue: ShownRescueTest).
            boolean pollsForecast = e.engine().forecastShown(t) == e.engine().forecast();
            for (TaskView v : e.engine().snapshot(List.of(), 0, null, null).tasks()) {
                Result r = e.state().results().stream().filter(x -> x.name().equals(v.name())).findFirst()
                        .orElseThrow();
                if (v.status() == TaskStatus.RUNNING && r.deadlineMode() && pollsForecast) {
                    inRescue++;
                    assertEquals(TaskReason.RUNNING_DEADLINE_RISK, v.verdict().reason(), v.name() + " at " + t);
                }
            }
        }
        assertTrue(inRescue > 0, "the sample rescues deadlines");
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

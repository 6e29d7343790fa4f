package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.policy.workfetch.RoundRobinFetch;
import org.cruncher.engine.policy.workfetch.RoundRobinSimulation;
import org.cruncher.testing.StateBuilder;

/**
 * A job that needs more CPUs than the user now allows never starts: it gives up its CPUs, says why, holds nothing in
 * the forecast, and its project is not asked for more of it.
 */
class EngineTooLargeJobTest {

    private static final double T0 = 100_000;

    @Test
    void loweringTheCpuLimitBelowAMultiThreadedJobStopsItAndSaysWhy() {
        // 4 CPUs. A's one job is 4-threaded; B has single-threaded CPU jobs, owed 1 CPU-hour less than A. At T0 A's
        // job takes all 4 CPUs (an empty host admits it). The user then allows 50 %: floor(4 x 0.5) = 2 CPUs. A's
        // job needs 4 > 2, so it can never run: it is preempted, and B's jobs take both CPUs.
        StateBuilder b = StateBuilder.cpus(4).project("A", 100).project("B", 100).cpuJobs("B", 4, 36000);
        b.project("A").addAppVersion(AppVersion.cpu("A_mt", 4, 4e9));
        b.job("A", "A_mt", 36000, 864000);
        b.project("A").setDebt(3600e9);
        EngineTest.RecordingControl control = new EngineTest.RecordingControl();
        Engine e = new Engine(b.state(), control, new EngineTest.ScriptedTransport(), new RoundRobinFetch(),
                new SplittableRandom(1), null);
        e.poll(T0);
        assertEquals(List.of("start A_mt_005"), control.calls);

        control.calls.clear();
        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withMaxNcpusPct(50)));
        e.poll(T0 + 60);

        assertTrue(control.calls.contains("preempt A_mt_005"), control.calls.toString());
        assertEquals(2, control.calls.stream().filter(c -> c.startsWith("start B_cpu")).count(),
                control.calls.toString());
        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);
        TaskView mt = s.tasks().stream().filter(t -> t.name().equals("A_mt_005")).findFirst().orElseThrow();
        assertEquals(TaskStatus.TOO_LARGE_FOR_HOST, mt.status());
        assertEquals(TaskReason.NEEDS_MORE_CPUS_THAN_USABLE, mt.verdict().reason());
        assertEquals(2, mt.verdict().limit());
        // A has nothing else to run: its project line names the same cause.
        ProjectView a = s.projects().stream().filter(p -> p.name().equals("A")).findFirst().orElseThrow();
        assertEquals(TaskReason.NEEDS_MORE_CPUS_THAN_USABLE, a.leadVerdict().reason());
        // A's CPU app needs 1 CPU, so A may still be asked for CPU work; only its 4-thread app is too large.
        assertTrue(e.lastFetchDecision().projects().stream()
                .noneMatch(p -> p.block() == FetchBlock.APPS_TOO_LARGE_FOR_HOST));
        // The forecast leaves A's job out: A has no queued CPU work (no forecast of its own, or an empty one).
        RoundRobinSimulation.ProjectForecast aCpu = e.forecast().project(b.project("A"), ResourceType.CPU);
        assertEquals(0, aCpu == null ? 0 : aCpu.queued(), 1e-9);
        assertEquals(4 * 36000, e.forecast().project(b.project("B"), ResourceType.CPU).queued(), 1e-6);
    }
}

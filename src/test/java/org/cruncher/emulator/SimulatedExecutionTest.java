package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import java.util.Map;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.HostStatus;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

class SimulatedExecutionTest {

    private static SimulatedExecution execution(StateBuilder b) {
        return new SimulatedExecution(b.state(), new JobCatalog(),
                new SimulatedTransfers(Map.of(), new SplittableRandom(1)));
    }

    @Test
    void cpuJobsSlowDownInProportionWhenGpuJobOvercommitsCpu() {
        // 1 CPU; a GPU job takes 0.01 CPU and a CPU job 1: 1.01 CPUs for 1. cpu_scale = (1 - 0.01) / (1.01 - 0.01)
        // = 0.99, so the 1-hour CPU job (3.6e12 FLOPs at 1e9) ends after 3600 / 0.99 = 3636.36 s; the GPU job
        // keeps its full speed.
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 1)
                .gpuApp("A", ResourceType.NVIDIA, 0.01, 2e9).cpuJobs("A", 1, 3600).gpuJobs("A", 1, 100_000);
        SimulatedExecution x = execution(b);
        FiguresOfMerit f = new FiguresOfMerit(List.of(b.project("A")));
        for (var r : b.state().results()) {
            ActiveTask t = b.activate(r, SchedulerState.SCHEDULED);
            x.start(t);
        }

        double end = x.nextCompletion(0);

        assertEquals(3600 / 0.99, end, 1e-6);
        assertTrue(x.advance(0, end, f, true), "a task ended");
        ActiveTask cpuTask = b.state().activeTasks().stream().filter(t -> !t.appVersion().usesCoprocessor())
                .findFirst().orElseThrow();
        assertTrue(cpuTask.exited());
        // its CPU time is 0.99 CPU x 3636.36 s = 3600 s
        assertEquals(3600, cpuTask.cpuTime(), 1e-6);
    }

    @Test
    void aTaskAMillisecondShortOfItsEndEndsAtAnEventButNotAtAStopBetweenEvents() {
        // A 3600-s job stopped 0.5 ms before its end: at an event (a poll follows) it ends, within the slack; at a
        // stop between events (a window's frame: no poll follows) it goes on and ends at its own time, 3600 s.
        StateBuilder b = StateBuilder.cpus(1).project("A", 1).cpuJobs("A", 1, 3600);
        SimulatedExecution x = execution(b);
        ActiveTask t = b.activate(b.state().results().iterator().next(), SchedulerState.SCHEDULED);
        x.start(t);
        FiguresOfMerit f = new FiguresOfMerit(List.of(b.project("A")));

        assertFalse(x.advance(0, 3600 - 0.0005, f, false));
        assertFalse(t.exited());
        assertEquals(3600, x.nextCompletion(3600 - 0.0005), 1e-6);
        assertTrue(x.advance(3600 - 0.0005, 3600, f, true));
        assertTrue(t.exited());
    }

    @Test
    void nothingProgressesWhileComputingIsSuspended() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 1).cpuJobs("A", 1, 3600);
        SimulatedExecution x = execution(b);
        ActiveTask t = b.activate(b.state().results().iterator().next(), SchedulerState.SCHEDULED);
        x.start(t);
        x.setHostStatus(new HostStatus(false, false, true));

        assertFalse(x.advance(0, 1800, new FiguresOfMerit(List.of(b.project("A"))), true));

        assertEquals(0, t.fractionDone());
        assertEquals(Double.POSITIVE_INFINITY, x.nextCompletion(0));
    }

    @Test
    void gpuJobWaitsWhileGpusAreSuspendedButCpuJobRuns() {
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 1)
                .gpuApp("A", ResourceType.NVIDIA, 0.01, 2e9).cpuJobs("A", 1, 3600).gpuJobs("A", 1, 3600);
        SimulatedExecution x = execution(b);
        for (var r : b.state().results()) {
            x.start(b.activate(r, SchedulerState.SCHEDULED));
        }
        x.setHostStatus(new HostStatus(true, false, true));

        x.advance(0, 1800, new FiguresOfMerit(List.of(b.project("A"))), true);

        for (ActiveTask t : b.state().activeTasks()) {
            assertEquals(t.appVersion().usesCoprocessor() ? 0 : 0.5, t.fractionDone(), 1e-9);
        }
    }

    /**
     * A task's progress is worked out from where it stood when it began computing at its speed, so that a run cut
     * into slices comes to the very same figures at an event as a run in one go. Summed slice by slice, 3,600 s cut
     * into slices of 0.1 + 0.2 s (which are not exact in binary) came to 3599.9999999995... s.
     */
    @Test
    void progressCutIntoSlicesEndsAtTheSameFiguresAsInOneGo() {
        StateBuilder whole = StateBuilder.cpus(1).project("A", 1).cpuJobs("A", 1, 7200);
        SimulatedExecution x = execution(whole);
        ActiveTask t = whole.activate(whole.state().results().iterator().next(), SchedulerState.SCHEDULED);
        x.start(t);
        x.advance(0, 3600, new FiguresOfMerit(List.of(whole.project("A"))), true);

        StateBuilder cut = StateBuilder.cpus(1).project("A", 1).cpuJobs("A", 1, 7200);
        SimulatedExecution y = execution(cut);
        ActiveTask u = cut.activate(cut.state().results().iterator().next(), SchedulerState.SCHEDULED);
        y.start(u);
        FiguresOfMerit f = new FiguresOfMerit(List.of(cut.project("A")));
        double now = 0;
        while (now + 0.3 < 3600) {
            y.advance(now, now + 0.1, f, false);
            y.advance(now + 0.1, now + 0.3, f, false);
            now += 0.3;
        }
        y.advance(now, 3600, f, true);

        // Bit for bit: 3,600 s on one CPU of 1 GFLOPS is 3.6e12 FLOPs, half the job.
        assertEquals(3600.0, u.elapsedTime());
        assertEquals(t.elapsedTime(), u.elapsedTime());
        assertEquals(t.cpuTime(), u.cpuTime());
        assertEquals(t.work(), u.work());
        assertEquals(t.fractionDone(), u.fractionDone());
        assertEquals(x.nextCompletion(3600), y.nextCompletion(3600));
    }
}

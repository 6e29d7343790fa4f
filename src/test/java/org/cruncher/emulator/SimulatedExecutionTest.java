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
        assertTrue(x.advance(end, f, true), "a task ended");
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

        assertFalse(x.advance(3600 - 0.0005, f, false));
        assertFalse(t.exited());
        assertEquals(3600, x.nextCompletion(3600 - 0.0005), 1e-6);
        assertTrue(x.advance(0.0005, f, true));
        assertTrue(t.exited());
    }

    @Test
    void nothingProgressesWhileComputingIsSuspended() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 1).cpuJobs("A", 1, 3600);
        SimulatedExecution x = execution(b);
        ActiveTask t = b.activate(b.state().results().iterator().next(), SchedulerState.SCHEDULED);
        x.start(t);
        x.setHostStatus(new HostStatus(false, false, true));

        assertFalse(x.advance(1800, new FiguresOfMerit(List.of(b.project("A"))), true));

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

        x.advance(1800, new FiguresOfMerit(List.of(b.project("A"))), true);

        for (ActiveTask t : b.state().activeTasks()) {
            assertEquals(t.appVersion().usesCoprocessor() ? 0 : 0.5, t.fractionDone(), 1e-9);
        }
    }
}

package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.policy.workfetch.BufferShareFetch;
import org.cruncher.engine.policy.workfetch.RoundRobinFetch;
import org.cruncher.engine.policy.workfetch.WorkFetchPolicy;
import org.cruncher.testing.StateBuilder;

/**
 * While GPU tasks hold every CPU the CPU row says so and wants no work; a CPU task told that GPU tasks hold every CPU
 * is told something else once they no longer do.
 */
class EngineHeldCpusTest {

    private static final double T0 = 100_000;
    private static final double HOUR = 3600e9;

    private final EngineTest.RecordingControl control = new EngineTest.RecordingControl();
    private final EngineTest.ScriptedTransport transport = new EngineTest.ScriptedTransport();

    @ParameterizedTest
    @ValueSource(strings = {"default", "seed000"})
    void theCpuRowSaysTheGpuTasksHoldItAndWantsNoWork(String policy) {
        // 1 CPU, 1 GPU; B's 4 GPU jobs of 10 h need a whole CPU each: run one at a time, they hold the CPU for 40 h,
        // beyond the 14.4 h window. Nothing else is queued. The CPU row says it is held and wants no work, under the
        // default policy and under seed 000's (whose own bin count would have called the CPU idle).
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(1, 1).gpuJobs("B", 4, 36000);
        b.project("A").resourceState(ResourceType.CPU).setLastLatency(864000);
        WorkFetchPolicy fetch = policy.equals("default") ? new RoundRobinFetch() : new BufferShareFetch();
        Engine e = new Engine(b.state(), control, transport, fetch, new SplittableRandom(1), null);
        e.poll(T0);

        ResourceView cpu = e.snapshot(List.of(), 0, null, null).resources().stream()
                .filter(r -> r.type() == ResourceType.CPU).findFirst().orElseThrow();
        assertTrue(cpu.heldByGpuTasks());
        assertFalse(cpu.wantsWork());
        assertFalse(e.lastFetchDecision().request().get(ResourceType.CPU).asksForWork());
    }

    @Test
    void whenTheGpuTaskEndsTheCpuTasksLeftWaitingNoLongerBlameIt() {
        // 2 CPUs and 1 GPU. B's GPU job needs both CPUs; A and C have CPU jobs, C owed 10 CPU-hours. GPUs are
        // served first: B's job takes the GPU and both CPUs, and A's and C's jobs wait, the GPU tasks holding every
        // CPU. 10 minutes on B's job ends; the pass for the freed CPUs gives both to C (owed far more than A), and
        // judges only C again. A's jobs now wait because every CPU is busy, not because of a GPU task.
        StateBuilder b = StateBuilder.cpus(2).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100)
                .project("B", 100).project("C", 100).gpuApp("B", ResourceType.NVIDIA, 2, 2e9)
                .gpuJobs("B", 1, 3600).cpuJobs("A", 2, 36000).cpuJobs("C", 2, 36000);
        b.project("C").setDebt(10 * HOUR);
        Engine e = new Engine(b.state(), control, transport, new RoundRobinFetch(), new SplittableRandom(3), null);
        e.poll(T0);
        List<Result> aJobs = b.state().resultsOf(b.project("A"));
        for (Result r : aJobs) {
            assertEquals(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS, e.verdicts().get(r).reason());
        }

        ActiveTask gpu = b.state().activeTasks().iterator().next();
        gpu.setProgress(600, 600, 600 * 2e9, 600.0 / 3600);
        gpu.markExited(0);
        control.calls.clear();
        e.poll(T0 + 600);

        assertTrue(control.calls.stream().allMatch(c -> c.startsWith("start C_cpu")), control.calls.toString());
        assertEquals(2, control.calls.size());
        for (Result r : aJobs) {
            assertEquals(TaskReason.WAITING_NO_FREE_INSTANCE, e.verdicts().get(r).reason());
        }
    }

    @Test
    void aGpuTaskHeldByTheGpuTasksCpuTimeKeepsThatReasonWhenACpuTaskEnds() {
        // 2 CPUs and 2 GPUs. B's GPU jobs need 1.6 CPUs each: the first runs, and the second would take the GPU
        // tasks' CPUs to 3.2, past the CPUs + 1 = 3 BOINC allows them (decision 0039), so it waits on a free GPU.
        // A's 10-minute CPU job runs on the 0.4 CPU left (BOINC adds CPU jobs while fewer than 2 CPUs are used).
        // When it ends, the pass for the freed CPU starts A's other job; the GPU tasks (1.6 CPUs) still do not hold
        // both CPUs, and B's second job's reason must stay its own: not "every GPU is busy", as one is free.
        StateBuilder b = heldGpuJobBesideAShortCpuJob();
        Engine e = new Engine(b.state(), control, transport, new RoundRobinFetch(), new SplittableRandom(3), null);
        e.poll(T0);
        Result second = b.state().resultsOf(b.project("B")).get(1);
        assertEquals(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS, e.verdicts().get(second).reason());
        assertEquals(List.of("start B_gpu_001", "start A_cpu_003"), control.calls);

        endShortCpuJobAndPoll(b, e);

        assertEquals(List.of("start A_cpu_004"), control.calls);
        assertEquals(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS, e.verdicts().get(second).reason());
        assertEquals(ResourceType.NVIDIA, e.verdicts().get(second).resource());
    }

    @Test
    void aGpuTaskHeldByTheGpuTasksCpuTimeWaitsForAGpuOnceEveryGpuIsBusy() {
        // As above, but C's GPU job (0.1 CPU) arrives meanwhile. When A's short job ends, the pass starts A's other
        // job and C's: 1.6 + 0.1 = 1.7 <= 3, and C takes the free GPU. B's second job, not judged again (B got
        // nothing), no longer waits on a free GPU: every GPU is busy, which its reason now says.
        StateBuilder b = heldGpuJobBesideAShortCpuJob().project("C", 100).gpuApp("C", ResourceType.NVIDIA, 0.1, 2e9);
        Engine e = new Engine(b.state(), control, transport, new RoundRobinFetch(), new SplittableRandom(3), null);
        e.poll(T0);
        Result second = b.state().resultsOf(b.project("B")).get(1);
        assertEquals(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS, e.verdicts().get(second).reason());

        b.job("C", "C_gpu", 36000, 950400);
        endShortCpuJobAndPoll(b, e);

        assertEquals(List.of("start A_cpu_004", "start C_gpu_005"), control.calls.stream().sorted().toList());
        assertEquals(TaskReason.WAITING_NO_FREE_INSTANCE, e.verdicts().get(second).reason());
        assertEquals(ResourceType.NVIDIA, e.verdicts().get(second).resource());
    }

    /** 2 CPUs and 2 NVIDIA GPUs; B's two GPU jobs need 1.6 CPUs each; A has a 10-minute and a 10-hour CPU job. */
    private static StateBuilder heldGpuJobBesideAShortCpuJob() {
        StateBuilder b = StateBuilder.cpus(2).gpus(ResourceType.NVIDIA, 2, 1e10).project("A", 100)
                .project("B", 100).gpuApp("B", ResourceType.NVIDIA, 1.6, 2e9).gpuJobs("B", 2, 36000);
        b.job("A", "A_cpu", 600, 864000);
        b.job("A", "A_cpu", 36000, 950400);
        return b;
    }

    /** A's 10-minute job (A_cpu_003) ends; the engine polls at its end with no call recorded yet. */
    private void endShortCpuJobAndPoll(StateBuilder b, Engine e) {
        ActiveTask shortJob = b.state().activeTasks().stream().filter(t -> t.result().name().equals("A_cpu_003"))
                .findFirst().orElseThrow();
        shortJob.setProgress(600, 600, 600 * 1e9, 1);
        shortJob.markExited(0);
        control.calls.clear();
        e.poll(T0 + 600);
    }
}

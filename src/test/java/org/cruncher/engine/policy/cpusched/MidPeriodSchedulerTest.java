package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

class MidPeriodSchedulerTest {

    private static final double PERIOD = 3600;
    private static final double HOUR = 3600e9;

    @Test
    void planChargesFractionOfPeriodLeftForMidPeriodStart() {
        // Period 1 h; a quarter has passed, 3/4 left. A (debt 0) beats B (debt -1 h) to the free CPU. A new 1-CPU
        // job's full pay-off is 1 CPU-hour, so it is charged 0.75 CPU-hours: A's expected future debt = 0 - 0.75 h.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).project("B", 100).cpuJobs("A", 1, 7200)
                .cpuJobs("B", 1, 7200);
        b.project("B").setDebt(-HOUR);

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.75, Map.of());

        assertEquals(1, plan.toRun().size());
        assertEquals(0.75 * HOUR, plan.toRun().get(0).expectedPayOff(), 1);
        assertEquals(-0.75 * HOUR, plan.priorities().get(b.project("A")), 1);
        assertEquals(TaskReason.RUNNING_FREE_INSTANCE, plan.verdicts().get(plan.toRun().get(0).result()).reason());
    }

    @Test
    void planUsesDebtMinusWorkDoneMinusRunningPayOffs() {
        // 2 CPUs. Debts: A +1 h, B 0. A's running task was expected to pay off 1 h; A's finished task already did
        // 0.5 h this period. Expected future debts: A = 1 - 0.5 - 1 = -0.5 h, B = 0 h. The free CPU goes to B.
        StateBuilder b = StateBuilder.cpus(2).project("A", 50).project("B", 50).cpuJobs("A", 2, 7200)
                .cpuJobs("B", 1, 7200);
        b.project("A").setDebt(HOUR);
        b.project("A").addWorkDoneThisPeriod(ResourceType.CPU, 0.5 * HOUR);
        Result running = b.state().resultsOf(b.project("A")).get(0);
        ActiveTask t = b.activate(running, SchedulerState.SCHEDULED);
        t.setExpectedPayOff(HOUR);

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.5, Map.of());

        assertEquals(1, plan.toRun().size());
        assertEquals("B", plan.toRun().get(0).result().project().name());
        TaskVerdict waiting = plan.verdicts().get(b.state().resultsOf(b.project("A")).get(1));
        assertEquals(TaskReason.WAITING_LOWER_DEBT, waiting.reason());
        assertEquals(-0.5 * HOUR, waiting.ownPriority(), 1);
    }

    @Test
    void planPrefersPreemptedTaskWhenFillingFreeInstance() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        b.job("A", "A_cpu", 3600, 100_000);
        Result preempted = b.job("A", "A_cpu", 3600, 900_000);
        b.activate(preempted, SchedulerState.PREEMPTED);

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.5, Map.of());

        assertEquals(preempted, plan.toRun().get(0).result());
    }

    @Test
    void aMultiThreadedJobDoesNotTakeACpuThatCameFreeBesideBusyOnes() {
        // Decision 0026. 4 CPUs, 3 busy with B's tasks; one came free. A (+5 h) leads, but its 3-CPU job would
        // bring 3 + 3 = 6 CPUs, 2 over the 4: it waits, and B's next task takes the free CPU (4 of 4).
        StateBuilder b = StateBuilder.cpus(4).project("A", 50).project("B", 50).multiThreadedApp("A", 3)
                .cpuJobs("B", 4, 7200);
        Result wide = b.job("A", "A_mt", 7200, 864000);
        b.project("A").setDebt(5 * HOUR);
        for (int i = 0; i < 3; i++) {
            b.activate(b.state().resultsOf(b.project("B")).get(i), SchedulerState.SCHEDULED)
                    .setExpectedPayOff(HOUR);
        }

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.5, Map.of());

        assertEquals(1, plan.toRun().size());
        assertEquals(b.state().resultsOf(b.project("B")).get(3), plan.toRun().get(0).result());
        assertEquals(TaskReason.WAITING_WOULD_OVERCOMMIT, plan.verdicts().get(wide).reason());
    }

    @Test
    void aMultiThreadedJobOvercommitsOnlyCpusNoOtherTaskCouldUse() {
        // As above, but B has no other task: rather than leave the free CPU idle, A's 3-CPU job starts, 6 CPUs on
        // 4 (BOINC's own rule), and says so.
        StateBuilder b = StateBuilder.cpus(4).project("A", 50).project("B", 50).multiThreadedApp("A", 3)
                .cpuJobs("B", 3, 7200);
        Result wide = b.job("A", "A_mt", 7200, 864000);
        for (int i = 0; i < 3; i++) {
            b.activate(b.state().resultsOf(b.project("B")).get(i), SchedulerState.SCHEDULED)
                    .setExpectedPayOff(HOUR);
        }

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.5, Map.of());

        assertEquals(1, plan.toRun().size());
        assertEquals(wide, plan.toRun().get(0).result());
        assertEquals(TaskReason.RUNNING_OVERCOMMITTING, plan.verdicts().get(wide).reason());
    }

    @Test
    void aGpuThatCameFreeTakesAJobThoughMultiThreadedJobsOvercommitTheCpus() {
        // Decision 0039 (raffael's host). 20 CPUs + 1 GPU: B's two 16-CPU jobs run, 32 CPUs on 20 (the second
        // started where nothing else could use the CPUs). A's GPU task ended; its next GPU job needs 0.5 CPU. GPU
        // jobs come before CPU jobs in BOINC's run list, so only the GPU jobs' CPUs count: 0 + 0.5 <= 20 + 1, and
        // it starts (counting the CPU jobs, 32 + 0.5 > 21 kept the GPU idle until the next period).
        StateBuilder b = StateBuilder.cpus(20).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 50)
                .project("B", 50).gpuApp("A", ResourceType.NVIDIA, 0.5, 1e9).gpuJobs("A", 1, 3600)
                .multiThreadedApp("B", 16);
        for (int i = 0; i < 2; i++) {
            b.activate(b.job("B", "B_mt", 7200, 864000), SchedulerState.SCHEDULED).setExpectedPayOff(HOUR);
        }

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.5, Map.of());

        assertEquals(1, plan.toRun().size());
        assertEquals("A_gpu", plan.toRun().get(0).result().appVersion().appName());
    }

    @Test
    void aGpuJobWaitsWhenItsCpuTimeWouldTakeTheGpuJobsPastTheCpusPlusOne() {
        // 2 CPUs + 4 GPUs; A's GPU jobs need 1 CPU each. Three run: 3 CPUs, the 2 + 1 GPU jobs may take. A GPU is
        // free, but a fourth job would bring 4 > 3: it waits, and says that GPU tasks hold the CPUs, not that no
        // GPU is free.
        StateBuilder b = StateBuilder.cpus(2).gpus(ResourceType.NVIDIA, 4, 1e10).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 1, 1e9).gpuJobs("A", 4, 3600);
        for (int i = 0; i < 3; i++) {
            b.activate(b.state().resultsOf(b.project("A")).get(i), SchedulerState.SCHEDULED)
                    .setExpectedPayOff(HOUR);
        }
        Result fourth = b.state().resultsOf(b.project("A")).get(3);

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.5, Map.of());

        assertEquals(0, plan.toRun().size());
        assertEquals(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS, plan.verdicts().get(fourth).reason());
    }

    @Test
    void aGpuJobStaysWithinTheCpusTheUserAllowsAndSaysSo() {
        // 4 CPUs limited to 50 % = 2, 1 GPU: B's two CPU tasks use both. A's GPU job (0.5 CPU) finds the GPU free,
        // but 2 + 0.5 > 2, which a user limit forbids whatever the order: it waits, naming the limit of 2.
        StateBuilder b = StateBuilder.cpus(4).prefs(Prefs.DEFAULTS.withMaxNcpusPct(50))
                .gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 50).project("B", 50)
                .gpuApp("A", ResourceType.NVIDIA, 0.5, 1e9).gpuJobs("A", 1, 3600).cpuJobs("B", 2, 7200);
        for (Result r : b.state().resultsOf(b.project("B"))) {
            b.activate(r, SchedulerState.SCHEDULED).setExpectedPayOff(HOUR);
        }
        Result gpuJob = b.state().resultsOf(b.project("A")).get(0);

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.5, Map.of());

        assertEquals(0, plan.toRun().size());
        TaskVerdict v = plan.verdicts().get(gpuJob);
        assertEquals(TaskReason.WAITING_CPU_LIMIT, v.reason());
        assertEquals(2, v.limit());
    }

    @Test
    void aSiblingPreferredVerdictGoesWhenTheSiblingNoLongerRuns() {
        // 1 GPU. B's GPU task ran, so its other GPU task was told "another task of this project runs first". That
        // task ended and the GPU came free: A (+1 h) beats B (0) to it. B's waiting task now waits below A, not for
        // a sibling that no longer runs.
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 50).project("B", 50)
                .gpuApp("A", ResourceType.NVIDIA, 0.01, 1e9).gpuApp("B", ResourceType.NVIDIA, 0.01, 1e9)
                .gpuJobs("A", 1, 3600).gpuJobs("B", 1, 3600);
        b.project("A").setDebt(HOUR);
        Result waiting = b.state().resultsOf(b.project("B")).get(0);
        Map<Result, TaskVerdict> before = Map.of(waiting,
                new TaskVerdict(TaskReason.WAITING_SIBLING_PREFERRED, ResourceType.NVIDIA, 0, null, Double.NaN));

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.5, before);

        assertEquals("A", plan.toRun().get(0).result().project().name());
        TaskVerdict now = plan.verdicts().get(waiting);
        assertEquals(TaskReason.WAITING_LOWER_DEBT, now.reason());
        assertEquals("A", now.rival());
    }

    @Test
    void planLeavesBusyInstancesAlone() {
        // The only CPU is busy: nothing starts, and a new result waits for the next period.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 3600);
        Result running = b.state().resultsOf(b.project("A")).get(0);
        b.activate(running, SchedulerState.SCHEDULED).setExpectedPayOff(HOUR);

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.5, Map.of());

        assertEquals(0, plan.toRun().size());
        Result waiting = b.state().resultsOf(b.project("A")).get(1);
        assertEquals(TaskReason.WAITING_NO_FREE_INSTANCE, plan.verdicts().get(waiting).reason());
    }
}

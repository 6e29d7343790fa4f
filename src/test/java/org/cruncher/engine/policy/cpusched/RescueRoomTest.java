package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

/**
 * Room for newly rescued results in the middle of a period (decision 0022): only the running tasks that must give way
 * are preempted, and among them the ones that can best afford to wait.
 */
class RescueRoomTest {

    private static final double HOUR = 3600;
    private static final double DAY = 86_400;

    @Test
    void onTheSeeds7525HostTheTaskWithMostTimeToSpareGivesWay() {
        // 2 CPUs, A (75) and B (25), each running one job. A's job takes 2 h and is due at day 1, so it must start
        // again by 24 - 2 = 22 h; B's takes 5 h and is due at day 3: by 72 - 5 = 67 h. B's task can wait longest, so
        // it alone gives way to A's rescued job, whatever the debts say (A's is larger here).
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        ActiveTask a1 = b.activate(b.job("A", "A_cpu", 2 * HOUR, DAY), SchedulerState.SCHEDULED);
        ActiveTask b1 = b.activate(b.job("B", "B_cpu", 5 * HOUR, 3 * DAY), SchedulerState.SCHEDULED);
        b.project("A").setDebt(1e13);
        Result rescued = rescued(b, "A", 3 * HOUR, 20 * HOUR);

        List<RescueRoom.GiveWay> plan = plan(b, rescued);

        assertEquals(1, plan.size());
        assertEquals(b1, plan.get(0).task());
        assertEquals(rescued, plan.get(0).rescued());
        assertEquals(0, plan.get(0).priority(), "B's debt 0, nothing done, no pay-off charged");
        assertEquals(SchedulerState.SCHEDULED, a1.schedulerState(), "the plan changes nothing itself");
    }

    /**
     * Decision 0036: room is made for the one of two results due together that the pass will start. 1 CPU, C's task
     * running (due in 9 days); A's and B's rescued results are both due at 20 h, A's first by name, B owed an hour
     * (3.6e12 FLOPs at 1 GFLOPS) against A's 0. C's task gives way to B's, which takes the CPU; by name it gave way
     * to A's, and the log said so while B's ran.
     */
    @Test
    void roomIsMadeForTheResultDueTogetherThatThePassStarts() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).project("C", 50);
        ActiveTask c1 = b.activate(b.job("C", "C_cpu", HOUR, 9 * DAY), SchedulerState.SCHEDULED);
        b.project("B").setDebt(3.6e12);
        Result a = rescued(b, "A", 3 * HOUR, 20 * HOUR);
        Result bb = rescued(b, "B", 3 * HOUR, 20 * HOUR);

        List<RescueRoom.GiveWay> plan = plan(b, a, bb);

        assertEquals(1, plan.size());
        assertEquals(c1, plan.get(0).task());
        assertEquals(bb, plan.get(0).rescued());
    }

    @Test
    void aFreeCpuMeansNobodyGivesWay() {
        // 2 CPUs, one task running: the rescued job takes the free CPU.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        b.activate(b.job("B", "B_cpu", 5 * HOUR, 3 * DAY), SchedulerState.SCHEDULED);

        assertEquals(List.of(), plan(b, rescued(b, "A", 3 * HOUR, 20 * HOUR)));
    }

    @Test
    void equalSlackGoesToTheProjectFurthestAheadOfItsShare() {
        // Both running jobs take 1 h and are due at day 2 (equal slack). A's expected future debt is its debt 0 less
        // the pay-off charged for its running task, 3.6e12 FLOPs (1 GFLOPS x 1 h); B's is 0 - 1.8e12. A is further
        // ahead of its share (-3.6e12 < -1.8e12), so A's task gives way, even to B's rescue.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        ActiveTask a1 = b.activate(b.job("A", "A_cpu", HOUR, 2 * DAY), SchedulerState.SCHEDULED);
        ActiveTask b1 = b.activate(b.job("B", "B_cpu", HOUR, 2 * DAY), SchedulerState.SCHEDULED);
        a1.setExpectedPayOff(3.6e12);
        b1.setExpectedPayOff(1.8e12);

        List<RescueRoom.GiveWay> plan = plan(b, rescued(b, "B", 3 * HOUR, 20 * HOUR));

        assertEquals(List.of(a1), plan.stream().map(RescueRoom.GiveWay::task).toList());
        assertEquals(-3.6e12, plan.get(0).priority());
    }

    @Test
    void aGpuRescueDisplacesAGpuTaskNotTheCpuJobs() {
        // 2 CPUs and 1 NVIDIA GPU. G's GPU job (1 GPU + 0.5 CPU) holds the GPU; two CPU jobs hold the CPUs with far
        // more time to spare. A rescued GPU job of A needs the GPU: only the GPU task can make room (a CPU job giving
        // way frees no GPU), and then its 0.5 CPU fits beside the 2.5 in use (GPU jobs may take up to 2 + 1).
        StateBuilder b = StateBuilder.cpus(2).gpus(ResourceType.NVIDIA, 1, 1e12).project("A", 50).project("G", 50)
                .gpuApp("A", ResourceType.NVIDIA, 0.5, 1e12).gpuApp("G", ResourceType.NVIDIA, 0.5, 1e12);
        ActiveTask gpu = b.activate(b.job("G", "G_gpu", HOUR, 2 * DAY), SchedulerState.SCHEDULED);
        b.activate(b.job("A", "A_cpu", HOUR, 9 * DAY), SchedulerState.SCHEDULED);
        b.activate(b.job("G", "G_cpu", HOUR, 9 * DAY), SchedulerState.SCHEDULED);
        Result rescued = b.job("A", "A_gpu", HOUR, 20 * HOUR);
        rescued.setDeadlineMode(true);

        assertEquals(List.of(gpu), plan(b, rescued).stream().map(RescueRoom.GiveWay::task).toList());
    }

    @Test
    void aGpuRescueHeldByTheGpuTasksCpuTimeDisplacesAGpuTask() {
        // 2 CPUs and 2 NVIDIA GPUs; GPU jobs need 1.6 CPUs each. G's GPU job holds one GPU, A's CPU job a CPU. A's
        // rescued GPU job finds its GPU free, but the GPU tasks' CPU time with it, 1.6 + 1.6 = 3.2, would pass the
        // 2 + 1 BOINC allows them (decision 0039). A CPU job giving way changes nothing there; G's GPU task giving
        // way does (1.6 <= 3), so it alone gives way.
        StateBuilder b = StateBuilder.cpus(2).gpus(ResourceType.NVIDIA, 2, 1e12).project("A", 50).project("G", 50)
                .gpuApp("A", ResourceType.NVIDIA, 1.6, 1e12).gpuApp("G", ResourceType.NVIDIA, 1.6, 1e12);
        ActiveTask gpu = b.activate(b.job("G", "G_gpu", HOUR, 2 * DAY), SchedulerState.SCHEDULED);
        b.activate(b.job("A", "A_cpu", HOUR, 9 * DAY), SchedulerState.SCHEDULED);
        Result rescued = b.job("A", "A_gpu", HOUR, 20 * HOUR);
        rescued.setDeadlineMode(true);

        assertEquals(List.of(gpu), plan(b, rescued).stream().map(RescueRoom.GiveWay::task).toList());
    }

    @Test
    void aTaskWhoseGivingWayMadeTooLittleRoomRunsOn() {
        // 2 CPUs and 3 NVIDIA GPUs. G's GPU job (0.1 CPU) can wait longest, then H's (1.6 CPUs); A's rescued GPU job
        // (1.6 CPUs) finds a GPU free, but 0.1 + 1.6 + 1.6 = 3.3 would pass the 2 + 1 the GPU tasks may take. G's
        // giving way leaves 3.2, still too much; H's then leaves 0.1 + 1.6 = 1.7 with G's back: only H gives way.
        StateBuilder b = StateBuilder.cpus(2).gpus(ResourceType.NVIDIA, 3, 1e12).project("A", 50).project("G", 50)
                .project("H", 50).gpuApp("A", ResourceType.NVIDIA, 1.6, 1e12)
                .gpuApp("G", ResourceType.NVIDIA, 0.1, 1e12).gpuApp("H", ResourceType.NVIDIA, 1.6, 1e12);
        b.activate(b.job("G", "G_gpu", HOUR, 9 * DAY), SchedulerState.SCHEDULED);
        ActiveTask h = b.activate(b.job("H", "H_gpu", HOUR, 3 * DAY), SchedulerState.SCHEDULED);
        Result rescued = b.job("A", "A_gpu", HOUR, 20 * HOUR);
        rescued.setDeadlineMode(true);

        assertEquals(List.of(h), plan(b, rescued).stream().map(RescueRoom.GiveWay::task).toList());
    }

    @Test
    void aTaskInDeadlineModeNeverGivesWay() {
        // 1 CPU running B's job, itself in rescue: A's newly rescued job waits for an instance like any other.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50);
        Result running = b.job("B", "B_cpu", HOUR, 2 * DAY);
        b.activate(running, SchedulerState.SCHEDULED);
        running.setDeadlineMode(true);

        assertEquals(List.of(), plan(b, rescued(b, "A", HOUR, 20 * HOUR)));
    }

    @Test
    void underAProjectLimitItsOwnTaskGivesWay() {
        // 4 CPUs, A limited to 1 task at once (project_max_concurrent). A's running job could wait longer than B's,
        // but a CPU is free: what keeps A's rescue out is the limit, so A's own task gives way, and nobody else.
        StateBuilder b = StateBuilder.cpus(4).project("A", 50).project("B", 50);
        b.project("A").setMaxConcurrent(1);
        ActiveTask a1 = b.activate(b.job("A", "A_cpu", HOUR, 9 * DAY), SchedulerState.SCHEDULED);
        b.activate(b.job("B", "B_cpu", HOUR, 20 * DAY), SchedulerState.SCHEDULED);

        assertEquals(List.of(a1), plan(b, rescued(b, "A", HOUR, 20 * HOUR)).stream()
                .map(RescueRoom.GiveWay::task).toList());
    }

    @Test
    void twoRescuesTakeTwoInstancesEarliestDeadlineFirst() {
        // 3 CPUs all busy, slack A: 4 d - 1 h, B: 3 d - 1 h, C: 2 d - 1 h. Rescued jobs due at 10 h and 20 h: the
        // one due at 10 h is served first and takes A's CPU (most to spare), the other B's; C's task keeps running.
        StateBuilder b = StateBuilder.cpus(3).project("A", 1).project("B", 1).project("C", 1);
        ActiveTask a1 = b.activate(b.job("A", "A_cpu", HOUR, 4 * DAY), SchedulerState.SCHEDULED);
        ActiveTask b1 = b.activate(b.job("B", "B_cpu", HOUR, 3 * DAY), SchedulerState.SCHEDULED);
        b.activate(b.job("C", "C_cpu", HOUR, 2 * DAY), SchedulerState.SCHEDULED);
        Result late = rescued(b, "C", HOUR, 20 * HOUR);
        Result early = rescued(b, "C", HOUR, 10 * HOUR);

        List<RescueRoom.GiveWay> plan = plan(b, late, early);

        assertEquals(List.of(a1, b1), plan.stream().map(RescueRoom.GiveWay::task).toList());
        assertEquals(List.of(early, late), plan.stream().map(RescueRoom.GiveWay::rescued).toList());
    }

    private static Result rescued(StateBuilder b, String project, double seconds, double deadline) {
        Result r = b.job(project, project + "_cpu", seconds, deadline);
        r.setDeadlineMode(true);
        return r;
    }

    private static List<RescueRoom.GiveWay> plan(StateBuilder b, Result... rescued) {
        ClientState state = b.state();
        return RescueRoom.plan(state, state.resources(), List.of(rescued));
    }
}

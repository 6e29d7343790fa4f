package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.testing.StateBuilder;

/** Default prefs throughout: low-water 0.1 d = 8640 s, high-water 0.6 d = 51840 s. */
class BufferShareFetchTest {

    private static final double NOW = 1000;
    private final BufferShareFetch fetch = new BufferShareFetch();

    private FetchDecision decide(StateBuilder b) {
        ClientState s = b.state();
        return fetch.decide(FetchContext.of(s, NOW));
    }

    private static ResourceFetchState cpu(FetchDecision d) {
        return d.resources().stream().filter(r -> r.type() == ResourceType.CPU).findFirst().orElseThrow();
    }

    @Test
    void aProjectWhoseGpuAppIsTooLargeTakesNoShareOfTheGpu() {
        // 1 usable CPU, 1 GPU. B's GPU app needs 2 CPUs and can never run, so A has the whole GPU share: its low
        // water is 1 x 8640 x 1 = 8640 s and its high water 51840 s (not half of each), and with 200 h queued the
        // GPU wants no work (B's empty GPU queue is not a project short of jobs). B's GPU line names the cause.
        StateBuilder b = StateBuilder.gpuAppTooLargeForTheCpuLimit();

        FetchDecision d = decide(b);

        ProjectFetchState aGpu = standing(d, "A", b);
        assertEquals(8640, aGpu.lowWater(), 1e-6);
        assertEquals(51840, aGpu.highWater(), 1e-6);
        assertEquals(FetchTrigger.NONE, d.resources().stream().filter(r -> r.type() == ResourceType.NVIDIA)
                .findFirst().orElseThrow().trigger());
        assertEquals(FetchBlock.APPS_TOO_LARGE_FOR_HOST, standing(d, "B", b).block());
    }

    private static ProjectFetchState standing(FetchDecision d, String project, StateBuilder b) {
        return d.projects().stream().filter(s -> s.project() == b.project(project) && s.type() == ResourceType.NVIDIA)
                .findFirst().orElseThrow();
    }

    @Test
    void decideAsksProjectFurthestBelowItsShareOnEmptyHost() {
        // 2 CPUs, nothing queued: both idle. Caps: A 0.75 x 8640 x 2 = 12960, B 0.25 x 8640 x 2 = 4320; A is
        // further below. Neither has sent a job yet, so their deadlines are unknown and a request is held to the
        // project's share of work_buf_min (decision 0005): A asks for 0.75 x 2 x 8640 = 12960 s (not its share of
        // the high water, 0.75 x 2 x 51840 = 77760 s), and the 2 idle CPUs.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.IDLE_INSTANCE, cpu(d).trigger());
        assertSame(b.project("A"), d.project());
        ResourceRequest r = d.request().get(ResourceType.CPU);
        assertEquals(12960, r.seconds(), 1e-6);
        assertEquals(2, r.instances());
        assertEquals(12960, d.request().workReqSeconds(), 1e-6);

        // Once A has sent a job due 10 days after it came, its request is its share of the high water.
        b.project("A").resourceState(ResourceType.CPU).setLastLatency(864000);
        assertEquals(77760, decide(b).request().get(ResourceType.CPU).seconds(), 1e-6);
    }

    @Test
    void decideSeesInstanceShortOfWorkWhenBinsDoNotFill() {
        // 2 CPUs, A (only project) has three 2-h jobs. Bins of 8640 s: 7200 + 7200 = 14400 fills bin 1, the last
        // 7200 leaves bin 2 short: 1 busy < 2. The capped total, min(21600, 17280) = 17280, is not below 17280.
        // A is asked up to its high water: 1.0 x 51840 x 2 - 21600 = 82080 s; 3 jobs >= 2 instances, so 0 idle.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 3, 7200);

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.INSTANCE_SHORT_OF_WORK, cpu(d).trigger());
        assertEquals(1, cpu(d).busyInstances());
        assertSame(b.project("A"), d.project());
        assertEquals(82080, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        assertEquals(0, d.request().get(ResourceType.CPU).instances());
    }

    @Test
    void decideAsksProjectBelowItsShareOfLowWater() {
        // 2 CPUs; A (75) has ten 1-h jobs, B (25) one. Capped total: min(36000, 12960) + min(3600, 4320) = 16560,
        // below 0.1 d x 2 = 17280: B is 720 s short of its cap. B asks for 0.25 x 51840 x 2 - 3600 = 22320 s.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 10, 3600)
                .cpuJobs("B", 1, 3600);

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.PROJECT_BELOW_SHARE, cpu(d).trigger());
        assertEquals(16560, cpu(d).cappedSeconds(), 1e-6);
        assertSame(b.project("B"), d.project());
        assertEquals(22320, d.request().get(ResourceType.CPU).seconds(), 1e-6);
    }

    @Test
    void decideDoesNothingWhenEveryProjectHoldsItsShare() {
        // A holds 4 one-hour jobs = 14400 >= 12960, B 2 = 7200 >= 4320; bins full; nobody is asked.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 4, 3600)
                .cpuJobs("B", 2, 3600);

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.NONE, cpu(d).trigger());
        assertNull(d.project());
        assertFalse(d.request().asksForWork());
        assertEquals(FetchBlock.RESOURCE_HAS_ENOUGH_WORK, d.projects().get(0).block());
    }

    @Test
    void decideAsksProjectWithTooFewJobsToUseItsShare() {
        // Seed 001's min_results: on 4 CPUs a project with 1/3 share needs ceil(4 / 3) = 2 jobs. P24 has one
        // 24-h job (more than its 1/3 x 51840 x 4 = 69120 s high water), yet it is asked for 1 more job (1 s).
        StateBuilder b = StateBuilder.cpus(4).project("P1", 1).project("P6", 1).project("P24", 1)
                .cpuJobs("P1", 20, 3600).cpuJobs("P6", 5, 21600).cpuJobs("P24", 1, 86400);

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.PROJECT_TOO_FEW_JOBS, cpu(d).trigger());
        assertSame(b.project("P24"), d.project());
        assertEquals(1, d.request().get(ResourceType.CPU).instances());
        assertEquals(1, d.request().get(ResourceType.CPU).seconds());
    }

    @Test
    void decideAsksZeroShareProjectOnlyForIdleInstancesWhenOthersCannotBeAsked() {
        // A (100) is backed off; B is a backup project (share 0). Both CPUs idle: B is asked for 2 instances, 1 s.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).project("B", 0);
        b.project("A").contact().defer(NOW + 600, RpcDeferral.RPC_FAILURES);

        FetchDecision d = decide(b);

        assertSame(b.project("B"), d.project());
        assertEquals(2, d.request().get(ResourceType.CPU).instances());
        assertEquals(1, d.request().get(ResourceType.CPU).seconds());
        ProjectFetchState a = d.projects().stream().filter(p -> p.project().name().equals("A")).findFirst()
                .orElseThrow();
        assertEquals(FetchBlock.RPC_BACKOFF, a.block());
        assertEquals(NOW + 600, a.blockedUntil());
    }

    @Test
    void decideNeverAsksZeroShareProjectWhileNoInstanceIsIdle() {
        // A is backed off and holds 1 job of 2 h per CPU... but less than its cap, so the CPU needs work; no CPU
        // is idle, so backup project B is not asked.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).project("B", 0).cpuJobs("A", 2, 7200);
        b.project("A").contact().defer(NOW + 600, RpcDeferral.RPC_FAILURES);

        FetchDecision d = decide(b);

        assertNull(d.project());
        ProjectFetchState backup = d.projects().stream().filter(p -> p.project().name().equals("B")).findFirst()
                .orElseThrow();
        assertEquals(FetchBlock.ZERO_SHARE_NOT_IDLE, backup.block());
    }

    @Test
    void lowAndHighWaterShrinkToWhatTheShareCanFinishBeforeDeadlines() {
        // 1 CPU, A and B 50/50. A's job came with 6 h to its deadline (received 0, due 21600); it counts as late
        // within min(8640, 21600 / 4) = 5400 s of it, so A's share finishes 0.5 x (21600 - 5400) = 8100 s of A's
        // work in time; we hold at most 0.8 of it: cap 6480 s. So A's high water is min(0.5 x 51840, 6480) = 6480
        // and its low water min(0.5 x 8640, 6480 / 4) = 1620.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("B", 3, 36000);
        b.job("A", "A_cpu", 1200, 21600);

        FetchDecision d = decide(b);

        ProjectFetchState a = d.projects().stream().filter(p -> p.project().name().equals("A")).findFirst()
                .orElseThrow();
        assertEquals(6480, a.highWater(), 1e-6);
        assertEquals(1620, a.lowWater(), 1e-6);
        // Its standing names the half CPU whose work by the deadline holds it under its 0.5 x 8640 = 4320 s of
        // "Store at least". B's jobs are due in 10 days: a quarter of its cap, 0.8 x (864000 - 8640) x 0.5 / 4 =
        // 85,536 s, is over its 4320 s, which stands.
        assertEquals(a.shareInstances(), a.deadlineInstances(), 1e-9);
        assertEquals(0.5, a.deadlineInstances(), 1e-9);
        assertTrue(Double.isNaN(d.projects().stream().filter(p -> p.project().name().equals("B")).findFirst()
                .orElseThrow().deadlineInstances()));
        assertSame(b.project("A"), d.project()); // 1200 < 1620: A wants work
        assertEquals(6480 - 1200, d.request().get(ResourceType.CPU).seconds(), 1e-6);
    }

    @Test
    void decideServesIdleGpuBeforeCpuShortfall() {
        // Seed 003's order: an idle GPU comes before a CPU that is merely short of work.
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(1, 0.01).cpuJobs("A", 1, 3600)
                .cpuJobs("B", 1, 3600);

        FetchDecision d = decide(b);

        assertEquals(ResourceType.NVIDIA, d.served());
        assertSame(b.project("B"), d.project());
    }

    @Test
    void decideSkipsProjectBackedOffForTheResource() {
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        b.project("A").resourceState(ResourceType.CPU).backOff(NOW + 1200, 1200);

        FetchDecision d = decide(b);

        assertSame(b.project("B"), d.project());
        ProjectFetchState a = d.projects().get(0);
        assertEquals(FetchBlock.RESOURCE_BACKOFF, a.block());
        assertEquals(NOW + 1200, a.blockedUntil());
    }

    @Test
    void recheckAtIsWhenRunningWorkFallsToLowWater() {
        // 1 CPU, A alone with one running 5-h job: 18000 s queued, low water 8640. At one CPU-second per second,
        // the queue reaches the low water 18000 - 8640 = 9360 s from now.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 18000);
        Result r = b.state().results().iterator().next();
        b.activate(r, SchedulerState.SCHEDULED);

        FetchDecision d = decide(b);

        assertNull(d.project());
        assertEquals(NOW + 9360, d.recheckAt(), 1e-6);
    }

    @Test
    void aQueueExactlyAtTheLowWaterIsLookedAtAgainAMinuteLater() {
        // As above with 8640 s left: the queue is at its low water, not below it, so nobody is asked; it is below
        // WORK_FETCH_PERIOD later, NOW + 60, the next look (there was none: the crossing's own wake set no other).
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 8640);
        Result r = b.state().results().iterator().next();
        b.activate(r, SchedulerState.SCHEDULED);

        FetchDecision d = decide(b);

        assertNull(d.project());
        assertEquals(NOW + WorkFetchPolicy.WORK_FETCH_PERIOD, d.recheckAt(), 1e-9);
    }

    @Test
    void piggybackAsksUpToHighWaterEvenWithoutNeed() {
        // A holds 4 jobs (14400 s), enough: no fetch. An RPC made anyway (to report) asks for the rest of its
        // share of the high water: 0.75 x 51840 x 2 - 14400 = 63360 s.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 4, 3600)
                .cpuJobs("B", 2, 3600);
        ClientState s = b.state();

        ResourceRequest r = fetch.piggyback(FetchContext.of(s, NOW), b.project("A")).get(ResourceType.CPU);

        assertEquals(63360, r.seconds(), 1e-6);
    }

    @Test
    void noCpuWorkIsAskedForWhileGpuTasksHoldEveryCpuThroughTheWindow() {
        // 2 CPUs and 1 GPU; B's GPU jobs (10 h each, two: 20 h, beyond the 51840-s window) need both CPUs, and the
        // first runs. A's CPU jobs could not start before the window ends, so seed 000's buffer, which counts the
        // CPUs as idle, would ask A for them; A is not asked, and its standing says why (decision 0024).
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(2, 2).gpuJobs("B", 2, 36000);
        b.activate(b.state().resultsOf(b.project("B")).get(0), SchedulerState.SCHEDULED);

        FetchDecision d = decide(b);

        assertFalse(d.request().get(ResourceType.CPU).asksForWork());
        ProjectFetchState a = d.projects().stream()
                .filter(p -> p.project().name().equals("A") && p.type() == ResourceType.CPU).findFirst().orElseThrow();
        assertEquals(FetchBlock.CPUS_HELD_BY_GPU_TASKS, a.block());
    }
}

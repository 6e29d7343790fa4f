package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.WorkRequest;
import org.cruncher.testing.StateBuilder;

/** Default prefs: low water work_buf_min = 8640 s, window (high water) 51840 s. */
class RoundRobinFetchTest {

    private static final double NOW = 1000;
    private static final double MONTH = 30 * 86400;
    private final RoundRobinFetch fetch = new RoundRobinFetch();

    private FetchDecision decide(StateBuilder b) {
        return fetch.decide(FetchContext.of(b.state(), NOW));
    }

    private static ResourceFetchState resource(FetchDecision d, ResourceType type) {
        return d.resources().stream().filter(r -> r.type() == type).findFirst().orElseThrow();
    }

    private static ProjectFetchState standing(FetchDecision d, String project, ResourceType type) {
        return d.projects().stream().filter(p -> p.project().name().equals(project) && p.type() == type)
                .findFirst().orElseThrow();
    }

    /** The project has sent CPU jobs before, due 10 days after they came. */
    private static void knownDeadlines(StateBuilder b, String project) {
        b.project(project).resourceState(ResourceType.CPU).setLastLatency(864000);
    }

    @Test
    void projectWhoseDeadlinesAreUnknownIsAskedForItsShareOfTheLowWaterOnly() {
        // 2 CPUs, A alone and empty, no job from it yet: its request is held to its share of work_buf_min,
        // 2 x 8640 = 17280 s (decision 0005), not the whole shortfall 2 x 51840 = 103680 s; and 2 instances.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100);

        ResourceRequest r = decide(b).request().get(ResourceType.CPU);

        assertEquals(17280, r.seconds(), 1e-6);
        assertEquals(2, r.instances());
    }

    @Test
    void oneJobOnTwoCpusAsksForTheWholeShortfallAndTheIdleInstance() {
        // boinc-engine.md 3.8: 2 CPUs, one 1-h job: shortfall 100080, 1 idle now. A is the only project, so its
        // share is both CPUs and its own shortfall is the resource's. Request: 100080 s (its room under the high
        // water is 2 x 51840 - 3600 = 100080 too) and max(1 idle, 2 x 1 - 1 job) = 1 instance.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 1, 3600);

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.IDLE_INSTANCE, resource(d, ResourceType.CPU).trigger());
        assertSame(b.project("A"), d.project());
        ResourceRequest cpu = d.request().get(ResourceType.CPU);
        assertEquals(100080, cpu.seconds(), 1e-6);
        assertEquals(1, cpu.instances());
        assertEquals(100080, d.request().workReqSeconds(), 1e-6);
    }

    @Test
    void twoJobsOnTwoCpusFetchBecauseSaturationIsBelowTheLowWater() {
        // Two 1-h jobs: saturated 3600 < 8640, so the CPU is below its low water; request the shortfall 96480 s
        // and no instance (2 jobs for 2 CPUs).
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 2, 3600);

        FetchDecision d = decide(b);

        ResourceFetchState cpu = resource(d, ResourceType.CPU);
        assertEquals(FetchTrigger.BUFFER_LOW, cpu.trigger());
        assertEquals(3600, cpu.saturated(), 1e-6);
        assertEquals(96480, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        assertEquals(0, d.request().get(ResourceType.CPU).instances());
    }

    @Test
    void fullBufferAsksNobodyAndRechecksWhenItReachesTheLowWater() {
        // 1 CPU, A alone with a running 5-h job: saturated 18000 >= 8640: no fetch. The buffer reaches the low water
        // 18000 - 8640 = 9360 s from now; that is when to look again.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 18000);
        Result r = b.state().results().iterator().next();
        b.activate(r, SchedulerState.SCHEDULED);

        FetchDecision d = decide(b);

        assertNull(d.project());
        assertEquals(FetchBlock.PROJECT_HAS_ENOUGH_WORK, standing(d, "A", ResourceType.CPU).block());
        assertEquals(NOW + 9360, d.recheckAt(), 1e-6);
    }

    @Test
    void aBufferExactlyAtTheLowWaterIsLookedAtAgainAMinuteLater() {
        // 1 CPU, A alone, a running job with 8640 s left: saturated 8640 = the low water, and A's queue 8640 = its
        // part of it (share 1 x 8640). The triggers need them below, so no fetch now; the next look is BOINC's
        // WORK_FETCH_PERIOD later, NOW + 60, when both are 60 s below. Before, a wake at this instant set none: a
        // 92-min job with a 2-min download on work_buf_min 0 left the CPU idle 2 minutes after each job (QA).
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 8640);
        Result r = b.state().results().iterator().next();
        b.activate(r, SchedulerState.SCHEDULED);

        FetchDecision d = decide(b);

        assertNull(d.project());
        assertEquals(FetchTrigger.NONE, resource(d, ResourceType.CPU).trigger());
        assertEquals(NOW + WorkFetchPolicy.WORK_FETCH_PERIOD, d.recheckAt(), 1e-9);
    }

    @Test
    void aTypicalOutageStretchesTheLowWaterAtMostHalfwayToTheHighWater() {
        // Decision 0004. 1 CPU, A alone, its server typically down for a day, a running 9-h job (32400 s queued).
        // Low water: work_buf_min 8640 s + the 86400-s outage, but at most halfway to the high water 51840:
        // 8640 + (51840 - 8640) / 2 = 30240 s. 32400 >= 30240, so A has enough and is not asked; a low water near
        // the high water (47520 s before) asked it again after every job.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 32400);
        knownDeadlines(b, "A");
        b.project("A").contact().restoreOutage(Double.NaN, 86400);
        b.activate(b.state().results().iterator().next(), SchedulerState.SCHEDULED);

        FetchDecision d = decide(b);

        ProjectFetchState a = standing(d, "A", ResourceType.CPU);
        assertEquals(30240, a.lowWater(), 1e-6);
        assertEquals(51840, a.highWater(), 1e-6);
        assertEquals(FetchBlock.PROJECT_HAS_ENOUGH_WORK, a.block());
        assertNull(d.project());
        // A project that never failed keeps work_buf_min: 8640 s.
        b.project("A").contact().restoreOutage(Double.NaN, 0);
        assertEquals(8640, standing(decide(b), "A", ResourceType.CPU).lowWater(), 1e-6);
    }

    @Test
    void idleGpuGetsWorkWhileTheCpuHasNoShortfall() {
        // 1 CPU busy for 20 h with A's and B's CPU jobs (no CPU need); B's GPU app has no job and the GPU idles.
        // The GPU is served first, from B (A has no GPU app); the request is for the GPU only. B alone shares the
        // GPU (1 instance) and has sent no GPU job yet, so its request is held to its share of work_buf_min
        // (decision 0005): 1 x 8640 = 8640 s, not seed 003's whole GPU shortfall (decision 0028); 1 instance.
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(1, 0.01).cpuJobs("A", 1, 36000)
                .cpuJobs("B", 1, 36000);

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.NONE, resource(d, ResourceType.CPU).trigger());
        assertEquals(FetchTrigger.IDLE_INSTANCE, resource(d, ResourceType.NVIDIA).trigger());
        assertEquals(ResourceType.NVIDIA, d.served());
        assertSame(b.project("B"), d.project());
        assertEquals(1, d.request().get(ResourceType.NVIDIA).instances());
        assertEquals(8640, d.request().get(ResourceType.NVIDIA).seconds(), 1e-6);
        assertFalse(d.request().get(ResourceType.CPU).asksForWork());
    }

    /**
     * Seed 003's example with jobs due a day after they come: 1 CPU and one GPU twice as fast (2e9 of work a second);
     * A with only a GPU app, B with a CPU and a GPU app, equal shares; both have sent GPU jobs due 86400 s after they
     * came.
     */
    private static StateBuilder seedExampleWithADayToTheDeadline() {
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10);
        Project a = new Project("http://a/", "A", 50);
        a.addAppVersion(AppVersion.gpu("A_gpu", ResourceType.NVIDIA, 1, 0, 2e9));
        b.state().addProject(a);
        b.project("B", 50).gpuApp("B", ResourceType.NVIDIA, 0, 2e9);
        for (String p : List.of("A", "B")) {
            b.project(p).resourceState(ResourceType.NVIDIA).setLastLatency(86400);
        }
        return b;
    }

    /**
     * Decision 0048, on seed 003's example with jobs due a day after they come: 1 CPU (1e9 of work a second) and one
     * GPU twice as fast (2e9); A has only a GPU app, B a CPU and a GPU app; equal shares. Their shares of the GPU are
     * equal, 0.5 instance each, but the scheduler gives each its fair part of the host's 3e9, 1.5e9, and A's can come
     * only from the GPU: 1.5 of its 2, leaving B 0.5 of 2, a quarter of the GPU. B's GPU work is held to what a
     * quarter of the GPU finishes in a day, 0.8 x (86400 - 8640 cushion) x 0.25 = 15552 s, not the 0.8 x 77760 x
     * 0.5 = 31104 s of its share (more than the window's 0.5 x 51840 = 25920 s): at 1-day deadlines B's queue ran
     * late and took the GPU from A by deadline rescue (review of seed 003: share violation 0.12). A's high water
     * stays its share of the window, 25920 s (its fair part, 0.75 of the GPU, is more than its share).
     */
    @Test
    void aProjectsGpuWorkIsCappedAtTheGpuPartItsFairPartLeavesIt() {
        StateBuilder b = seedExampleWithADayToTheDeadline();

        FetchDecision d = decide(b);

        assertEquals(0.5, standing(d, "B", ResourceType.NVIDIA).shareInstances(), 1e-9);
        assertEquals(15552, standing(d, "B", ResourceType.NVIDIA).highWater(), 1e-6);
        assertEquals(25920, standing(d, "A", ResourceType.NVIDIA).highWater(), 1e-6);
        // B's low water, a quarter of that cap, 3888 s, is under its share of work_buf_min, 0.5 x 8640 = 4320 s: its
        // standing names the quarter of the GPU, so that the window can say why its queue is held lower. A's, 7776 s,
        // is over its 4320 s, which stands.
        assertEquals(3888, standing(d, "B", ResourceType.NVIDIA).lowWater(), 1e-6);
        assertEquals(0.25, standing(d, "B", ResourceType.NVIDIA).deadlineInstances(), 1e-9);
        assertFalse(standing(d, "B", ResourceType.NVIDIA).besideHeldWork(), "its fair part holds it, no held work");
        assertEquals(4320, standing(d, "A", ResourceType.NVIDIA).lowWater(), 1e-6);
        assertTrue(Double.isNaN(standing(d, "A", ResourceType.NVIDIA).deadlineInstances()));
    }

    /**
     * Decision 0048 for a piggybacked request (decision 0012): the host above with B backed off for the GPU. B's
     * request with a report still asks for GPU work, up to the quarter of the GPU its fair part leaves it, as if it
     * could be asked: 0.8 x 77760 x 0.25 = 15552 s, not its share's 25920 s (review: it was capped only there).
     */
    @Test
    void aPiggybackedRequestIsCappedAtTheFairPartToo() {
        StateBuilder b = seedExampleWithADayToTheDeadline();
        b.project("B").resourceState(ResourceType.NVIDIA).backOff(NOW + 86400, 600);
        // Backed off for the CPU too, B still counts its CPU application (review: it was made GPU-only, 0.5 again).
        b.project("B").resourceState(ResourceType.CPU).backOff(NOW + 86400, 600);

        WorkRequest r = fetch.piggyback(FetchContext.of(b.state(), NOW), b.project("B"));

        assertEquals(15552, r.get(ResourceType.NVIDIA).seconds(), 1e-6);
    }

    /**
     * The parts "as if askable" are kept between decisions, for a project that may be asked for nothing (review):
     * after the user raises B's share from 100 to 300, the policy that kept them gives what a new one works out, not
     * the 15552 s of the share B had.
     */
    @Test
    void aProjectsPartsAsIfAskableFollowAChangeOfItsShare() {
        StateBuilder b = seedExampleWithADayToTheDeadline();
        b.project("B").resourceState(ResourceType.NVIDIA).backOff(NOW + 86400, 600);
        b.project("B").resourceState(ResourceType.CPU).backOff(NOW + 86400, 600);
        assertEquals(15552, fetch.piggyback(FetchContext.of(b.state(), NOW), b.project("B"))
                .get(ResourceType.NVIDIA).seconds(), 1e-6);

        b.project("B").setResourceShare(300);
        double kept = fetch.piggyback(FetchContext.of(b.state(), NOW), b.project("B"))
                .get(ResourceType.NVIDIA).seconds();
        double fresh = new RoundRobinFetch().piggyback(FetchContext.of(b.state(), NOW), b.project("B"))
                .get(ResourceType.NVIDIA).seconds();

        assertTrue(fresh > 15552, "a larger share, a larger part: " + fresh);
        assertEquals(fresh, kept, 1e-6);
    }

    @Test
    void anIdleGpuIsServedByAProjectThatAsksForGpuWork() {
        // 1 CPU and 2 GPUs, both idle but for A's one GPU job of 60,000 s; A and B share 50/50 with CPU and GPU
        // apps. A leads on overall debt (10,000 CPU-seconds), but its GPU share is 1 instance, whose high water,
        // 1 x 51840 s, its job already covers, and it fills that instance: it has enough GPU work and is passed over
        // for the GPU, though it is short of CPU work. The idle GPU is served by B: with no GPU job yet, its share
        // (1 instance) of work_buf_min, 8640 s (decision 0005), and 1 instance.
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 2, 1e10).project("A", 50).project("B", 50)
                .gpuApp("A", ResourceType.NVIDIA, 0.01, 2e9).gpuApp("B", ResourceType.NVIDIA, 0.01, 2e9)
                .gpuJobs("A", 1, 60000);
        b.project("A").resourceState(ResourceType.CPU).setLongTermDebt(10000);

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.IDLE_INSTANCE, resource(d, ResourceType.NVIDIA).trigger());
        assertEquals(ResourceType.NVIDIA, d.served());
        assertSame(b.project("B"), d.project());
        assertEquals(8640, d.request().get(ResourceType.NVIDIA).seconds(), 1e-6);
        assertEquals(1, d.request().get(ResourceType.NVIDIA).instances());
        assertEquals(FetchBlock.PROJECT_HAS_ENOUGH_WORK, standing(d, "A", ResourceType.NVIDIA).block());
    }

    /**
     * The host above with A's CPU debt at 200,000 CPU-seconds (review): A's score for the GPU, 200,000 + 0 x 10
     * (no GPU shortfall), beats B's, 0 + 51,840 s x 1 instance x its speed 2 (2 GFLOPS over the CPU's 1), 103,680. A
     * was chosen to serve the idle GPU and asked for CPU work only (0.99 CPU's shortfall), leaving the GPU idle for
     * another contact. A project serves a need only with a request for the need's resource: B is asked.
     */
    @Test
    void aProjectWhoseRequestHasNoGpuPartDoesNotServeAnIdleGpu() {
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 2, 1e10).project("A", 50).project("B", 50)
                .gpuApp("A", ResourceType.NVIDIA, 0.01, 2e9).gpuApp("B", ResourceType.NVIDIA, 0.01, 2e9)
                .gpuJobs("A", 1, 60000);
        b.project("A").resourceState(ResourceType.CPU).setLongTermDebt(200000);

        FetchDecision d = decide(b);

        assertEquals(ResourceType.NVIDIA, d.served());
        assertSame(b.project("B"), d.project());
        assertEquals(8640, d.request().get(ResourceType.NVIDIA).seconds(), 1e-6);
        assertEquals(1, d.request().get(ResourceType.NVIDIA).instances());
    }

    @Test
    void idleCpuGetsWorkWhileTheGpuHasNoShortfall() {
        // The GPU is busy for 40 h with B's jobs; the CPU has nothing. A (CPU only) and B both have CPU apps and
        // equal debts and shortfalls (share 0.5 CPU each): the tie goes to the smaller URL, A. Only CPU work is
        // asked for. The GPU job holds 0.01 CPU, so A's share is half of the 0.99 CPU left (decision 0024), 0.495;
        // with no job from A yet its request is held to that share of work_buf_min (decision 0005):
        // 0.495 x 8640 = 4276.8 s, and ceil(0.495) - 0 jobs = 1 instance.
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(1, 0.01).gpuJobs("B", 4, 36000);

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.NONE, resource(d, ResourceType.NVIDIA).trigger());
        assertEquals(ResourceType.CPU, d.served());
        assertSame(b.project("A"), d.project());
        assertEquals(4276.8, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        assertEquals(1, d.request().get(ResourceType.CPU).instances());
        assertFalse(d.request().get(ResourceType.NVIDIA).asksForWork());
    }

    @Test
    void aCpuProjectIsAskedOnlyForItsShareOfTheCpusTheGpuJobsLeave() {
        // 2 CPUs and 1 GPU; A and B 50 each. B's GPU jobs (two of 10 h, one after the other: 20 h, beyond the
        // 51840-s window) each hold a whole CPU, so 1 CPU is left to CPU jobs throughout and it idles: A, owed more,
        // is asked. Its share is half of that
        // one CPU, 0.5 (decision 0024; counting both CPUs it was 1): its shortfall and high water are both
        // 0.5 x 51840 = 25920 s, and it is asked for that and for 1 instance (ceil 0.5). Before, 51840 s.
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(2, 1).gpuJobs("B", 2, 36000);
        knownDeadlines(b, "A");
        b.project("A").resourceState(ResourceType.CPU).setLongTermDebt(5000);

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.IDLE_INSTANCE, resource(d, ResourceType.CPU).trigger());
        assertSame(b.project("A"), d.project());
        assertEquals(25920, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        assertEquals(1, d.request().get(ResourceType.CPU).instances());
        ProjectFetchState a = standing(d, "A", ResourceType.CPU);
        assertEquals(0.5, a.shareInstances(), 1e-9);
        assertEquals(25920, a.highWater(), 1e-6);
    }

    @Test
    void aCpuProjectIsToldTheGpuTasksHoldEveryCpuNotThatItHasEnoughWork() {
        // 2 CPUs and 1 GPU; B's GPU jobs (10 h each, 2 of them, one after the other: 20 h, beyond the 51840-s
        // window) each hold both CPUs, and the first runs now. No CPU is left to CPU jobs over the window: A's
        // usable share is 0 x 1 = 0, its water marks 0 and its empty queue "at" them. It is not asked, and its
        // standing says why: the GPU tasks hold every CPU, not "enough work queued" with nothing queued.
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(2, 2).gpuJobs("B", 2, 36000);
        b.activate(b.state().resultsOf(b.project("B")).get(0), SchedulerState.SCHEDULED);
        knownDeadlines(b, "A");

        FetchDecision d = decide(b);

        assertFalse(d.request().get(ResourceType.CPU).asksForWork());
        ProjectFetchState a = standing(d, "A", ResourceType.CPU);
        assertEquals(0, a.queuedSeconds(), 1e-9);
        assertEquals(FetchBlock.CPUS_HELD_BY_GPU_TASKS, a.block());
        assertEquals(0, a.shareInstances(), 1e-9);
    }

    @Test
    void gpuJobsTheCpusCanNeverAdmitHoldNoCpuAndAreNotFetchedAgain() {
        // 4 CPUs limited by the user to 25 %: 1 usable. B's GPU jobs need 2 CPUs each, more than the user allows,
        // so none can ever run. The forecast leaves them out: the one CPU idles, and A (equal debts, the smaller
        // URL) is asked for 1 instance of CPU work. B is not asked for GPU work its jobs could never use.
        StateBuilder b = StateBuilder.cpus(4).prefs(Prefs.DEFAULTS.withMaxNcpusPct(25))
                .gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 50).project("B", 50)
                .gpuApp("B", ResourceType.NVIDIA, 2, 2e9).gpuJobs("B", 2, 36000);
        knownDeadlines(b, "A");

        FetchDecision d = decide(b);

        assertTrue(d.projects().stream().noneMatch(s -> s.block() == FetchBlock.CPUS_HELD_BY_GPU_TASKS));
        assertEquals(FetchTrigger.IDLE_INSTANCE, resource(d, ResourceType.CPU).trigger());
        assertSame(b.project("A"), d.project());
        assertEquals(1, d.request().get(ResourceType.CPU).instances());
        assertFalse(d.request().get(ResourceType.NVIDIA).asksForWork());
        assertEquals(FetchBlock.APPS_TOO_LARGE_FOR_HOST, standing(d, "B", ResourceType.NVIDIA).block());
        // Nor when B is contacted anyway (to report): a piggybacked request asks it for no GPU work either.
        assertFalse(fetch.piggyback(FetchContext.of(b.state(), NOW), b.project("B")).get(ResourceType.NVIDIA)
                .asksForWork());
    }

    @Test
    void withOneCpuLeftTheCpuProjectIsNotToldTheGpuTasksHoldEveryCpu() {
        // As above, but B's GPU jobs need 1 CPU each: 1 CPU is left, A is asked for it (its share, 0.5).
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(2, 1).gpuJobs("B", 2, 36000);
        knownDeadlines(b, "A");

        FetchDecision d = decide(b);

        assertTrue(d.request().get(ResourceType.CPU).asksForWork());
        assertEquals(FetchBlock.FETCHING, standing(d, "A", ResourceType.CPU).block());
    }

    @Test
    void aProjectAtItsLimitIsAskedForWhatItsLimitedCpusCanDoWhateverTheGpuJobsHold() {
        // 4 CPUs and 1 GPU; A and B 50 each, A limited to 1 job. B's GPU jobs hold 2 CPUs through the window, so 2
        // are left to CPU jobs and both idle. A's share of them is 1 (its fair 1, within its cap): owed more, it is
        // asked for 1 x 51840 s and 1 instance, what one job at a time can do by the high water.
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(4, 2).gpuJobs("B", 2, 36000);
        b.project("A").setMaxConcurrent(1);
        knownDeadlines(b, "A");
        b.project("A").resourceState(ResourceType.CPU).setLongTermDebt(5000);

        FetchDecision d = decide(b);

        assertSame(b.project("A"), d.project());
        assertEquals(51840, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        assertEquals(1, d.request().get(ResourceType.CPU).instances());
        assertEquals(1, standing(d, "A", ResourceType.CPU).shareInstances(), 1e-9);
    }

    @Test
    void theProjectWithTheLargestLongTermDebtIsAsked() {
        // Both empty, equal shares: equal shortfalls (1 instance x 51840 each); B is owed 5000 instance-seconds.
        StateBuilder b = StateBuilder.cpus(2).project("A", 50).project("B", 50);
        b.project("B").resourceState(ResourceType.CPU).setLongTermDebt(5000);

        FetchDecision d = decide(b);

        assertSame(b.project("B"), d.project());
        assertEquals(FetchBlock.ANOTHER_PROJECT_FIRST, standing(d, "A", ResourceType.CPU).block());
        assertEquals(FetchBlock.FETCHING, standing(d, "B", ResourceType.CPU).block());
    }

    @Test
    void overallDebtAcrossResourcesDecidesWhoIsAsked() {
        // 1 CPU and 1 GPU (an instance-second of GPU is worth 2e9 / 1e9 = 2 CPU-seconds), both idle, A and B empty
        // with equal shares and apps for both. A is owed 3000 CPU-seconds; B 2000 GPU-seconds = 4000 CPU-seconds.
        // Seed 003 ranks by the overall debt: B is asked, for the idle GPU first, and marked as asked only for
        // what its request holds.
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 50)
                .project("B", 50).gpuApp("A", ResourceType.NVIDIA, 0.01, 2e9)
                .gpuApp("B", ResourceType.NVIDIA, 0.01, 2e9);
        b.project("A").resourceState(ResourceType.CPU).setLongTermDebt(3000);
        b.project("B").resourceState(ResourceType.NVIDIA).setLongTermDebt(2000);

        FetchDecision d = decide(b);

        assertSame(b.project("B"), d.project());
        assertEquals(ResourceType.NVIDIA, d.served());
        for (ResourceType t : List.of(ResourceType.NVIDIA, ResourceType.CPU)) {
            assertEquals(d.request().get(t).asksForWork(),
                    standing(d, "B", t).block() == FetchBlock.FETCHING, t.name());
        }
    }

    @Test
    void projectBackedOffForTheResourceIsSkippedAndSaysUntilWhen() {
        // A is backed off for the CPU until NOW + 1200: B is asked, and B's share is now both CPUs (shares are
        // among the projects that may be asked), so it asks for 2 x 51840 = 103680 s and 2 instances.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        b.project("A").resourceState(ResourceType.CPU).backOff(NOW + 1200, 1200);
        knownDeadlines(b, "B");

        FetchDecision d = decide(b);

        assertSame(b.project("B"), d.project());
        assertEquals(103680, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        assertEquals(2, d.request().get(ResourceType.CPU).instances());
        ProjectFetchState a = standing(d, "A", ResourceType.CPU);
        assertEquals(FetchBlock.RESOURCE_BACKOFF, a.block());
        assertEquals(NOW + 1200, a.blockedUntil());
    }

    @Test
    void ofAContactDeferralAndAResourceBackoffTheOneThatEndsLaterIsSaid() {
        // Raffael's host as its client left it: contact deferred for 4 s (the project asked), the resource backed off
        // for 10 h. The deferral ends first, so the backoff is what holds A's request back: it is the one said, with
        // its end. Swapped (deferred 10 h, backed off 4 s), the deferral is.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        b.project("A").contact().defer(NOW + 4, RpcDeferral.REQUEST_DELAY);
        b.project("A").resourceState(ResourceType.CPU).backOff(NOW + 36000, 86400);
        knownDeadlines(b, "B");

        ProjectFetchState a = standing(decide(b), "A", ResourceType.CPU);

        assertEquals(FetchBlock.RESOURCE_BACKOFF, a.block());
        assertEquals(NOW + 36000, a.blockedUntil());

        StateBuilder swapped = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        swapped.project("A").contact().defer(NOW + 36000, RpcDeferral.REQUEST_DELAY);
        swapped.project("A").resourceState(ResourceType.CPU).backOff(NOW + 4, 4);
        knownDeadlines(swapped, "B");

        ProjectFetchState held = standing(decide(swapped), "A", ResourceType.CPU);

        assertEquals(FetchBlock.RPC_BACKOFF, held.block());
        assertEquals(NOW + 36000, held.blockedUntil());
    }

    @Test
    void projectWithAForecastDeadlineMissGetsNoMoreWork() {
        // 2 CPUs, A and B 50/50. A holds two 4-h jobs due at 36000 s, B one 10-h job. Each project's share is one
        // CPU, so A's jobs run one after the other: the second ends at NOW + 28800, inside its cushion (late after
        // 36000 - min(8640, 36000 / 4) = 27360): a predicted miss. A is not asked, not even in an RPC made to
        // report.
        StateBuilder b = StateBuilder.cpus(2).project("A", 50).project("B", 50).cpuJobs("B", 1, 36000);
        b.job("A", "A_cpu", 14400, 36000);
        b.job("A", "A_cpu", 14400, 36000);

        FetchDecision d = decide(b);

        assertEquals(FetchBlock.DEADLINE_MISSES_PREDICTED, standing(d, "A", ResourceType.CPU).block());
        WorkRequest piggy = fetch.piggyback(FetchContext.of(b.state(), NOW), b.project("A"));
        assertFalse(piggy.asksForWork());
    }

    @Test
    void monthLongJobDoesNotStarveAnotherProject() {
        // 1 CPU, A runs a 30-day job, B holds nothing. The CPU is saturated for a month, so the resource needs
        // nothing; but B holds fewer jobs than its share of the instances (0 < ceil(0.5)): B is starved and is
        // asked for its share of the window, 0.5 x 51840 = 25920 s, and 1 instance. (A's job is due in 90 days:
        // at half the CPU it ends in 60.)
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50);
        b.activate(b.job("A", "A_cpu", MONTH, 3 * MONTH), SchedulerState.SCHEDULED);
        knownDeadlines(b, "B");

        FetchDecision d = decide(b);

        assertEquals(FetchTrigger.PROJECT_TOO_FEW_JOBS, resource(d, ResourceType.CPU).trigger());
        assertSame(b.project("B"), d.project());
        assertEquals(25920, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        assertEquals(1, d.request().get(ResourceType.CPU).instances());
        assertEquals(FetchBlock.PROJECT_HAS_ENOUGH_WORK, standing(d, "A", ResourceType.CPU).block());
    }

    @Test
    void starvedProjectWaitingOutItsContactBackoffIsLookedAtAgainWhenItEnds() {
        // 1 CPU busy for days with A's work; B holds nothing (starved) but may not be contacted for 2 minutes after
        // a failed RPC. It has no queue and no place among the projects the forecast shares the CPU among, yet the
        // next check is when its backoff ends: NOW + 120.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("A", 5, 36000);
        b.project("B").contact().defer(NOW + 120, RpcDeferral.RPC_FAILURES);

        FetchDecision d = decide(b);

        assertNull(d.project());
        assertEquals(FetchBlock.RPC_BACKOFF, standing(d, "B", ResourceType.CPU).block());
        assertEquals(NOW + 120, d.recheckAt(), 1e-9);
    }

    /**
     * Decision 0050, on the demo with a 3 GB disk and a 1.5-day buffer (QA): 2 CPUs; B (share 300) is backed off
     * for the CPU (it waits for disk room) but holds two 10-hour jobs; A (share 75, jobs due 2 days after they
     * come) is the only project that may be asked, so its share is both CPUs (seed 003). Its deadline cap counts
     * the time its jobs have, 172800 - cushion min(43200, 172800 / 4) = 129600 s; B runs its jobs for 36000 s of it
     * (A has none), so A's share is worth 2 x 75 / 375 = 0.4 CPU for 36000 s and 2 CPUs for 93600 s: a mean of
     * 2 x (7200 + 93600) / 129600 = 14/9 CPU. Its cap, 0.8 x 129600 x 14/9 = 161280 s, not the 207360 s of both
     * CPUs (it asked for 41 hours of 8-minute tasks and ran them at a fraction of a CPU: 216 forecast to be late).
     */
    @Test
    void aProjectsWorkIsCappedAtTheShareLeftBesideTheWorkOfProjectsThatMayNotBeAsked() {
        StateBuilder b = StateBuilder.cpus(2).prefs(Prefs.DEFAULTS.withWorkBuf(0.5, 1))
                .project("A", 75).project("B", 300).cpuJobs("B", 2, 36000);
        b.project("B").resourceState(ResourceType.CPU).backOff(NOW + 86400, 86400);
        b.project("A").resourceState(ResourceType.CPU).setLastLatency(172800);

        FetchDecision d = decide(b);

        assertSame(b.project("A"), d.project());
        assertEquals(2, standing(d, "A", ResourceType.CPU).shareInstances(), 1e-9);
        assertEquals(161280, standing(d, "A", ResourceType.CPU).highWater(), 1e-6);
        assertEquals(161280, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        // Its standing says which limit held it: B's work, not a fair part (the window words each apart).
        assertTrue(standing(d, "A", ResourceType.CPU).besideHeldWork());
    }

    /**
     * Decision 0030: a project whose contact is deferred is out of the share set, as one backed off for the
     * resource. 75/25 on 2 CPUs: with both in the set B's share is 2 x 25 % = 0.5 CPU; with A deferred for a minute
     * after a failed RPC, B shares the 2 CPUs with nobody. (A's standing keeps the share it would have if it could be
     * asked, for a piggybacked request: decision 0012; the pane shows "-" while it may not be asked.)
     */
    @Test
    void aProjectWhoseContactIsDeferredLeavesTheShareSet() {
        StateBuilder both = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        assertEquals(0.5, standing(decide(both), "B", ResourceType.CPU).shareInstances(), 1e-9);

        StateBuilder deferred = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        deferred.project("A").contact().defer(NOW + 60, RpcDeferral.RPC_FAILURES);
        FetchDecision d = decide(deferred);

        assertEquals(2, standing(d, "B", ResourceType.CPU).shareInstances(), 1e-9);
        assertEquals(FetchBlock.RPC_BACKOFF, standing(d, "A", ResourceType.CPU).block());
    }

    @Test
    void backupProjectIsAskedOnlyForAnIdleInstanceAndOnlyOneSecond() {
        // Z has share 0. With A's work queued for days, Z is not asked. When A is backed off and the CPU idles, Z
        // is asked for 1 instance and 1 s (boinc-engine.md 3.9).
        StateBuilder busy = StateBuilder.cpus(1).project("A", 100).project("Z", 0).cpuJobs("A", 5, 36000);
        FetchDecision d1 = decide(busy);
        assertNull(d1.project());
        // Its standing says why: a backup project, asked only when a CPU would idle (not "queue above the low water").
        assertEquals(FetchBlock.ZERO_SHARE_NOT_IDLE, standing(d1, "Z", ResourceType.CPU).block());

        StateBuilder idle = StateBuilder.cpus(1).project("A", 100).project("Z", 0);
        idle.project("A").resourceState(ResourceType.CPU).backOff(NOW + 600, 600);
        FetchDecision d2 = decide(idle);
        assertSame(idle.project("Z"), d2.project());
        assertEquals(1, d2.request().get(ResourceType.CPU).seconds(), 1e-9);
        assertEquals(1, d2.request().get(ResourceType.CPU).instances());
    }

    @Test
    void piggybackAsksEvenForABackedOffResource() {
        // Decision 0012: an RPC made to report asks for work on every resource with room, backed off or not
        // (BOINC's piggyback_work_request). 2 CPUs, A 75 B 25; A is backed off for the CPU and holds one 1-h job.
        // A is not among the projects the forecast shares the CPU among (B alone is), so it is given the share it
        // would have among them: 2 x 75 / (25 + 75) = 1.5 instances; room = 1.5 x 51840 - 3600 = 74160 s, and
        // ceil(1.5 - 1 job) = 1 instance.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 1, 3600);
        b.project("A").resourceState(ResourceType.CPU).backOff(NOW + 3000, 1200);

        WorkRequest w = fetch.piggyback(FetchContext.of(b.state(), NOW), b.project("A"));

        assertEquals(74160, w.get(ResourceType.CPU).seconds(), 1e-6);
        assertEquals(1, w.get(ResourceType.CPU).instances());
    }

    /**
     * A CPU-only project has no standing for the GPU, whatever the user set: suspended or set to "no new tasks", it
     * showed an NVIDIA GPU row ("may not be asked now") on the Work fetch pane and a long-term GPU debt of 0 on the
     * Projects pane, as if it had a GPU application. 1 CPU and an NVIDIA GPU; A (CPU only) suspended, C (CPU only)
     * set to no new tasks, B with a GPU app: only B stands for the GPU.
     */
    @Test
    void aProjectWithoutAGpuAppHasNoGpuStandingWhateverTheUserSet() {
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(1, 0.1).project("C", 50);
        b.project("A").setSuspendedByUser(true);
        b.project("C").setNoNewTasks(true);

        FetchDecision d = decide(b);

        assertEquals(List.of("B"), d.projects().stream().filter(s -> s.type() == ResourceType.NVIDIA)
                .map(s -> s.project().name()).toList());
        assertEquals(FetchBlock.SUSPENDED_BY_USER, standing(d, "A", ResourceType.CPU).block());
        assertEquals(FetchBlock.NO_NEW_TASKS, standing(d, "C", ResourceType.CPU).block());
    }

    @Test
    void suspendedAndNoNewTasksProjectsAreNeverAsked() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50);
        b.project("A").setSuspendedByUser(true);
        b.project("B").setNoNewTasks(true);

        FetchDecision d = decide(b);

        assertNull(d.project());
        assertEquals(FetchBlock.SUSPENDED_BY_USER, standing(d, "A", ResourceType.CPU).block());
        assertEquals(FetchBlock.NO_NEW_TASKS, standing(d, "B", ResourceType.CPU).block());
        assertFalse(fetch.piggyback(FetchContext.of(b.state(), NOW), b.project("B")).asksForWork());
    }

    /**
     * A project to be removed when its tasks are done (BOINC's detach_when_done) is never asked, its own reason
     * said, even with "no new tasks" cleared: 1 CPU, A and B 50/50, nothing queued, B detaching: only A is asked.
     */
    @Test
    void aProjectToBeRemovedWhenDoneIsNeverAskedWhateverNoNewTasksSays() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50);
        b.project("B").setDetachWhenDone(true);
        b.project("B").setNoNewTasks(false);

        FetchDecision d = decide(b);

        assertSame(b.project("A"), d.project());
        assertEquals(FetchBlock.DETACH_WHEN_DONE, standing(d, "B", ResourceType.CPU).block());
        assertFalse(fetch.piggyback(FetchContext.of(b.state(), NOW), b.project("B")).asksForWork());
    }
}

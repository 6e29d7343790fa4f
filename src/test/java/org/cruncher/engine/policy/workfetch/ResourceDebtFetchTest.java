package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.App;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.policy.rpc.ResourceDebt;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.testing.StateBuilder;

/** Seed 002's get-work session: the greatest resource debt is asked, up to the high water. */
class ResourceDebtFetchTest {

    private static final double NOW = 1000;
    private final ResourceDebtFetch fetch = new ResourceDebtFetch();

    @Test
    void greatestResourceDebtIsAskedUpToTheHighWater() {
        // 2 CPUs, nothing queued. A (share 100) has had 1000 CPU-s, B (share 100) 4000: debts 0.1 and 0.025:
        // A is asked for the high water, 2 x 51840 = 103680 s, and the 2 idle CPUs.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).project("B", 100);
        ResourceDebt.accrue(b.state().projects(), Map.of(b.project("A"), 1000.0, b.project("B"), 4000.0), NOW);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertSame(b.project("A"), d.project());
        assertEquals(103680, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        assertEquals(2, d.request().get(ResourceType.CPU).instances());
    }

    @Test
    void aContactDeferredAMinuteIsLookedAtAgainWhenTheMinuteEndsNotAtTheNextPeriod() {
        // Review of seed 002: 1 CPU, A alone with nothing queued, its contact deferred 60 s after a failure. The CPU
        // needs work and A is the only project; the policy used to look again at max(60, 8640 / 4) = 2160 s, so the
        // retry came 36 minutes later. It looks again when the deferral ends: NOW + 60.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        b.project("A").contact().defer(NOW + 60, org.cruncher.engine.model.RpcDeferral.RPC_FAILURES);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertNull(d.project());
        assertEquals(NOW + 60, d.recheckAt(), 1e-9);
    }

    @Test
    void aSessionBegunBelowTheLowWaterGoesOnUpToTheHighWater() {
        // Seed 002: "while estimated work < high water mark". 1 CPU, A alone; low water 8640 s, high 51840 s.
        // A 5000-s job: 5000 < 8640, a session starts and asks for 51840 - 5000 = 46840 s.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 5000);
        FetchDecision first = fetch.decide(FetchContext.of(b.state(), NOW));
        assertEquals(FetchTrigger.BUFFER_LOW, first.resources().get(0).trigger());
        assertEquals(46840, first.request().get(ResourceType.CPU).seconds(), 1e-6);

        // The reply brought half of it: 5000 + 25000 = 30000 s, above the low water but below the high water. The
        // session goes on and asks for the rest, 51840 - 30000 = 21840 s.
        b.cpuJobs("A", 1, 25000);
        FetchDecision second = fetch.decide(FetchContext.of(b.state(), NOW));
        assertEquals(FetchTrigger.SESSION_BELOW_HIGH_WATER, second.resources().get(0).trigger());
        assertSame(b.project("A"), second.project());
        assertEquals(21840, second.request().get(ResourceType.CPU).seconds(), 1e-6);

        // 30000 + 21840 = 51840 s reaches the high water: the session ends, nothing is asked.
        b.cpuJobs("A", 1, 21840);
        FetchDecision third = fetch.decide(FetchContext.of(b.state(), NOW));
        assertEquals(FetchTrigger.NONE, third.resources().get(0).trigger());
        assertNull(third.project());

        // With no session under way, 30000 s (above the low water) asks for nothing: the work drains to 8640 s
        // before the next session.
        StateBuilder drained = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 30000);
        assertNull(fetch.decide(FetchContext.of(drained.state(), NOW)).project());
    }

    @Test
    void aSessionEndsWhenTheQueuedWorkReachesTheHighWaterHoweverItIsSpread() {
        // 2 CPUs: one 1000-s job leaves a CPU idle, a session starts. Then 60000 + 50000 = 110000 s are queued, at
        // least 2 x 51840 = 103680: the session ends, though the CPU with the 50000-s job runs dry before the high
        // water (its saturated time, 50000 s, is below 51840; measured that way the session never ended).
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 1, 1000);
        assertSame(b.project("A"), fetch.decide(FetchContext.of(b.state(), NOW)).project());

        StateBuilder full = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 1, 60000).cpuJobs("A", 1, 50000);
        FetchDecision d = fetch.decide(FetchContext.of(full.state(), NOW));

        assertEquals(FetchTrigger.NONE, d.resources().get(0).trigger());
        assertNull(d.project());
    }

    @Test
    void gpuJobsTheCpusCanNeverAdmitLeaveTheCpuToBeFilled() {
        // 4 CPUs limited to 25 %: 1 usable. B's queued GPU jobs need 2 CPUs each and never run, so the forecast
        // leaves them out: the CPU idles with nothing queued. A (the greater CPU debt) is asked for the high water,
        // 1 x 51840 s, and the idle CPU; nobody is asked for GPU work B's app could never use.
        StateBuilder b = StateBuilder.cpus(4).prefs(Prefs.DEFAULTS.withMaxNcpusPct(25))
                .gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 50).project("B", 50)
                .gpuApp("B", ResourceType.NVIDIA, 2, 2e9).gpuJobs("B", 2, 36000);
        ResourceDebt.accrue(b.state().projects(), Map.of(b.project("A"), 1000.0, b.project("B"), 4000.0), NOW);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertSame(b.project("A"), d.project());
        assertEquals(51840, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        assertEquals(1, d.request().get(ResourceType.CPU).instances());
        assertFalse(d.request().get(ResourceType.NVIDIA).asksForWork());
    }

    @Test
    void aReportPiggybacksWorkOnlyForTheProjectOwedTheMost() {
        // 2 CPUs holding 20 one-hour jobs: 72000 s, below the high water 103680 s. A is owed the most: a report
        // from A asks for the rest (31680 s); a report from B asks for nothing.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).project("B", 100).cpuJobs("A", 10, 3600)
                .cpuJobs("B", 10, 3600);
        ResourceDebt.accrue(b.state().projects(), Map.of(b.project("A"), 1000.0, b.project("B"), 4000.0), NOW);
        FetchContext c = FetchContext.of(b.state(), NOW);

        assertEquals(31680, fetch.piggyback(c, b.project("A")).get(ResourceType.CPU).seconds(), 1e-6);
        assertFalse(fetch.piggyback(c, b.project("B")).asksForWork());
    }

    /**
     * The user's update contacts a project whose contact is deferred (it ignores the deferral): the work asked with
     * it is what the project would be asked if it could be contacted, not nothing. A is owed the most and deferred
     * for an hour after a failed RPC: the update asks for the same 31680 s as above.
     */
    @Test
    void anUpdateOfADeferredProjectAsksForTheWorkItIsOwed() {
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).project("B", 100).cpuJobs("A", 10, 3600)
                .cpuJobs("B", 10, 3600);
        ResourceDebt.accrue(b.state().projects(), Map.of(b.project("A"), 1000.0, b.project("B"), 4000.0), NOW);
        b.project("A").contact().defer(NOW + 3600, org.cruncher.engine.model.RpcDeferral.RPC_FAILURES);
        FetchContext c = FetchContext.of(b.state(), NOW);

        assertEquals(31680, fetch.piggyback(c, b.project("A")).get(ResourceType.CPU).seconds(), 1e-6);
        // A report from B while A may not be contacted: B is the one owed the most among those that may be (seed 002:
        // "P = project with greatest debt and min_rpc_time < now"), so it asks too.
        assertTrue(fetch.piggyback(c, b.project("B")).asksForWork());
    }

    @Test
    void idleInstancesAreAskedForOnlyAsFarAsMaxConcurrentLetsJobsFillThem() {
        // 4 CPUs; A's only app "one" (1 CPU) is limited to 1 at a time. With nothing queued, 4 CPUs idle but A's
        // jobs can fill only min(4, 1 - 0) = 1. With one job queued, 3 CPUs idle and 1 - 1 = 0 more: it is asked
        // for time only (4 x 51840 - 3600 = 203760 s). It was asked for the 3 idle CPUs again and again, 32
        // requests in one poll, each bringing 3 jobs it could never run at once (BOINC/boinc#4322).
        StateBuilder b = StateBuilder.cpus(4);
        Project a = new Project("http://a/", "A", 100);
        a.addApp(App.named("one").withMaxConcurrent(1));
        a.addAppVersion(AppVersion.cpu("one", 1, StateBuilder.GFLOPS));
        b.state().addProject(a);

        ResourceRequest empty = fetch.decide(FetchContext.of(b.state(), NOW)).request().get(ResourceType.CPU);
        assertEquals(1, empty.instances());

        b.job("A", "one", 3600, NOW + 864000);
        ResourceRequest holding = fetch.decide(FetchContext.of(b.state(), NOW)).request().get(ResourceType.CPU);
        assertEquals(0, holding.instances());
        assertEquals(4 * 51840 - 3600, holding.seconds(), 1e-6);
    }

    @Test
    void aProjectAtItsLimitWithTheHighWaterQueuedLeavesTheIdleCpusToTheNext() {
        // 4 CPUs. A (owed the most: 1000 CPU-s against B's 4000) may run one task at a time and holds one job of
        // 210000 s, more than the high water 4 x 51840 = 207360 s: it can ask for neither time nor the 3 idle CPUs.
        // B, next in debt, is asked for them: 3 instances (and the least time, 1 s, since none is missing).
        StateBuilder b = StateBuilder.cpus(4).project("B", 100);
        Project a = new Project("http://a/", "A", 100);
        a.addApp(App.named("one").withMaxConcurrent(1));
        a.addAppVersion(AppVersion.cpu("one", 1, StateBuilder.GFLOPS));
        b.state().addProject(a);
        b.job("A", "one", 210000, NOW + 30 * 86400.0);
        ResourceDebt.accrue(b.state().projects(), Map.of(a, 1000.0, b.project("B"), 4000.0), NOW);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertSame(b.project("B"), d.project());
        assertEquals(3, d.request().get(ResourceType.CPU).instances());
    }
}

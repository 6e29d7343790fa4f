package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Comparator;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.App;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.policy.cpusched.PeriodScheduler;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.testing.StateBuilder;

/**
 * Work fetch under app_config.xml's max_concurrent (boinc-engine.md §9 item 17). Default prefs: low water 8640 s,
 * high water (window) 51840 s.
 */
class MaxConcurrentFetchTest {

    private static final double NOW = 1000;
    private static final double DAY = 86400;
    private final RoundRobinFetch fetch = new RoundRobinFetch();

    /** A project "A" whose only app {@code app} runs on {@code ncpus} CPUs at ncpus GFLOPS, limited to {@code max}. */
    private static StateBuilder limited(int cpus, String app, double ncpus, int max) {
        StateBuilder b = StateBuilder.cpus(cpus);
        Project a = new Project("http://a/", "A", 100);
        a.addApp(App.named(app).withMaxConcurrent(max));
        a.addAppVersion(AppVersion.cpu(app, ncpus, ncpus * StateBuilder.GFLOPS));
        a.resourceState(ResourceType.CPU).setLastLatency(30 * DAY);
        b.state().addProject(a);
        return b;
    }

    private FetchDecision decide(StateBuilder b) {
        return fetch.decide(FetchContext.of(b.state(), NOW));
    }

    @Test
    void runawayIsBounded4322() {
        // 4 CPUs, app "one" (1 CPU) limited to 1, one-hour jobs. A's share is capped at 1 CPU, so its high water is
        // 1 x 51840 s. Each round: fetch what is asked (ceil(seconds / 3600) jobs, at least one), then an hour
        // passes and the one running job ends. First request: shortfall 51840 s -> 15 jobs (54000 s). Afterwards
        // 14 jobs (50400 s) remain, the room under the high water is 51840 - 50400 = 1440 s -> 1 job. The queue
        // stays at 14-15 jobs, near the buffer; without the cap (share 4 CPUs) it would grow to ~58 jobs.
        StateBuilder b = limited(4, "one", 1, 1);
        int most = 0;
        for (int hour = 0; hour < 48; hour++) {
            FetchDecision d = decide(b);
            if (d.fetches()) {
                ResourceRequest r = d.request().get(ResourceType.CPU);
                int n = Math.max(1, (int) Math.ceil(r.seconds() / 3600 - 1e-9));
                for (int i = 0; i < n; i++) {
                    b.job("A", "one", 3600, NOW + 10 * DAY);
                }
            }
            int queued = b.state().results().size();
            most = Math.max(most, queued);
            assertTrue(queued >= 14, "hour " + hour + ": " + queued + " jobs");
            Result done = b.state().results().stream().min(Comparator.comparing(Result::name)).orElseThrow();
            b.state().removeResult(done);
        }
        assertEquals(15, most);
    }

    @Test
    void fetchesUntilFourTwoCpuJobsRun5749() {
        // 16 CPUs, app "mt" of 2 CPUs limited to 4: its limits let it use 4 x 2 = 8 CPUs (mc_max_could_use), so
        // its share is 8. One 10-day job per RPC: with k jobs (2k CPUs) below its share it asks for
        // ceil(8 - 2k) instances, or at least one job while 2k < ceil(8) -> k = 0, 1, 2, 3 fetch; k = 4 does not.
        StateBuilder b = limited(16, "mt", 2, 4);
        int rpcs = 0;
        while (decide(b).fetches() && rpcs < 20) {
            b.job("A", "mt", 10 * DAY, NOW + 30 * DAY);
            rpcs++;
        }

        assertEquals(4, rpcs);
        ClientState s = b.state();
        assertEquals(8.0, FetchContext.of(s, NOW).forecast().project(s.project("http://a/").orElseThrow(),
                ResourceType.CPU).shareInstances(), 1e-9);
        // and the scheduler runs all four (8 of the 16 CPUs)
        assertEquals(4, PeriodScheduler.plan(s, s.resources(), 3600, 1e30).toRun().size());
    }

    @Test
    void aLimitedProjectLeavesTheRestOfItsShareToOthers() {
        // 4 CPUs, A (limit 1 one-CPU job) and B, equal shares: A is capped at 1 CPU (its fair 2 is more), B gets
        // the other 4 - 1 = 3 rather than its plain half, 2.
        StateBuilder b = limited(4, "one", 1, 1).project("B", 100);
        RoundRobinSimulation.Forecast f = FetchContext.of(b.state(), NOW).forecast();

        assertEquals(1, f.project(b.project("A"), ResourceType.CPU).shareInstances(), 1e-9);
        assertEquals(3, f.project(b.project("B"), ResourceType.CPU).shareInstances(), 1e-9);
    }

    @Test
    void jobsBeyondTheLimitDoNotRunInTheForecast() {
        // 4 CPUs, limit 1, three one-hour jobs: they run one after another, so A's queue ends at 3 x 3600 = 10800 s
        // (not 3600 as three parallel jobs would) and 3 CPUs idle now.
        StateBuilder b = limited(4, "one", 1, 1);
        for (int i = 0; i < 3; i++) {
            b.job("A", "one", 3600, NOW + 10 * DAY);
        }
        RoundRobinSimulation.Forecast f = FetchContext.of(b.state(), NOW).forecast();

        assertEquals(10800, f.project(b.project("A"), ResourceType.CPU).queueEnd(), 1e-6);
        assertEquals(3, f.resource(ResourceType.CPU).idleNow(), 1e-9);
    }

    @Test
    void withoutLimitsTheCapIsInfiniteAndSharesAreTheirs() {
        // A and B, no app_config.xml: 2 CPUs each of 4, as before max_concurrent
        StateBuilder b = StateBuilder.cpus(4).project("A", 100).project("B", 100);
        RoundRobinSimulation.Forecast f = FetchContext.of(b.state(), NOW).forecast();

        assertTrue(Double.isInfinite(ConcurrencyCap.instances(b.project("A"), ResourceType.CPU)));
        assertEquals(2, f.project(b.project("A"), ResourceType.CPU).shareInstances(), 1e-9);
        assertFalse(b.project("A").hasConcurrencyLimits());
    }

    @Test
    void capAddsAppsAndTakesTheProjectLimitWhenSmaller() {
        // apps x (limit 2, 1 CPU) and y (limit 1, 4 CPUs): 2 x 1 + 1 x 4 = 6 CPUs; project limit 2 x largest usage
        // 4 = 8 > 6 -> 6. With project limit 1: 1 x 4 = 4 < 6 -> 4.
        Project p = new Project("http://p/", "P", 100);
        p.addApp(App.named("x").withMaxConcurrent(2));
        p.addApp(App.named("y").withMaxConcurrent(1));
        p.addAppVersion(AppVersion.cpu("x", 1, 1e9));
        p.addAppVersion(AppVersion.cpu("y", 4, 4e9));
        p.setMaxConcurrent(2);
        assertEquals(6, ConcurrencyCap.instances(p, ResourceType.CPU), 1e-9);
        p.setMaxConcurrent(1);
        assertEquals(4, ConcurrencyCap.instances(p, ResourceType.CPU), 1e-9);
    }
}

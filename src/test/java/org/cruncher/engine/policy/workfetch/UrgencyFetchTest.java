package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.testing.StateBuilder;

/** Seed 001's work fetch, T = work_buf_min = 8640 s by default. */
class UrgencyFetchTest {

    private static final double NOW = 1000;
    private final UrgencyFetch fetch = new UrgencyFetch();

    @Test
    void starvedProjectNeedsWorkImmediatelyAndComesFirst() {
        // 1 CPU, A and B 50/50: avg_proc_rate 0.5 each. A holds a 1-h job: min_results = ceil(1 x 0.5) = 1, so
        // ETTPRC(A, 0) = 3600 / 0.5 = 7200 < T: NEED_WORK. B holds nothing: ETTPRC 0: NEED_WORK_IMMEDIATELY, and
        // the more urgent is served. B's request: (2T - 0) x 0.5 = 8640 s.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("A", 1, 3600);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertSame(b.project("B"), d.project());
        ResourceRequest r = d.request().get(ResourceType.CPU);
        assertEquals(8640, r.seconds(), 1e-6);
        assertEquals(FetchBlock.ANOTHER_PROJECT_FIRST, d.projects().get(0).block());
    }

    /**
     * What keeps a project from being asked whatever the buffer keeps it from seed 001's choice too (review: B,
     * which leaves its disk room to another, was asked with its line saying FETCHING; a project to be removed when
     * done was asked as well). The host above: B, more urgent, is passed over either way, and A is asked.
     */
    @Test
    void aProjectLeavingItsRoomOrToBeRemovedIsNotAsked() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("A", 1, 3600);
        FetchDecision yielding = fetch.decide(FetchContext.of(b.state(), NOW)
                .withDiskRoom(Set.of(), Set.of(b.project("B"))));
        assertSame(b.project("A"), yielding.project());
        assertEquals(FetchBlock.YIELDS_DISK_ROOM, yielding.projects().stream()
                .filter(x -> x.project() == b.project("B")).findFirst().orElseThrow().block());

        b.project("B").setDetachWhenDone(true);
        assertSame(b.project("A"), fetch.decide(FetchContext.of(b.state(), NOW)).project());
    }

    @Test
    void aProjectWhoseGpuAppIsTooLargeIsNeverAskedForGpuWork() {
        // 1 usable CPU, 1 GPU. B's GPU app needs 2 CPUs: B counts in no GPU share, so A's GPU rate is 1 and
        // ETTPRC(A, 0) = 20 x 36000 / 1 = 720000 s >= T. On the CPU (rate 0.5 each) both hold 20 x 36000 s: no
        // need. Nobody is asked; B's GPU line names the cause, and a report from B asks for no GPU work.
        StateBuilder b = StateBuilder.gpuAppTooLargeForTheCpuLimit();
        FetchContext c = FetchContext.of(b.state(), NOW);

        FetchDecision d = fetch.decide(c);

        assertNull(d.project());
        assertEquals(FetchBlock.APPS_TOO_LARGE_FOR_HOST, d.projects().stream()
                .filter(s -> s.project() == b.project("B") && s.type() == ResourceType.NVIDIA).findFirst()
                .orElseThrow().block());
        assertFalse(fetch.piggyback(c, b.project("B")).get(ResourceType.NVIDIA).asksForWork());
    }

    @Test
    void aBackedOffProjectSaysWhenItsBackoffEnds() {
        // 1 CPU, A and B 50/50, nothing queued: both need work at once. A's CPU is backed off for 20 minutes, so B
        // is asked, and A's line says the backoff holds it until NOW + 1200; deferred for 10 h instead, its line
        // says the deferral, until NOW + 36000.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50);
        b.project("A").resourceState(ResourceType.CPU).backOff(NOW + 1200, 1200);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertSame(b.project("B"), d.project());
        ProjectFetchState a = d.projects().stream().filter(s -> s.project() == b.project("A")).findFirst()
                .orElseThrow();
        assertEquals(FetchBlock.RESOURCE_BACKOFF, a.block());
        assertEquals(NOW + 1200, a.blockedUntil());

        StateBuilder deferred = StateBuilder.cpus(1).project("A", 50).project("B", 50);
        deferred.project("A").contact().defer(NOW + 36000, RpcDeferral.REQUEST_DELAY);
        ProjectFetchState held = fetch.decide(FetchContext.of(deferred.state(), NOW)).projects().stream()
                .filter(s -> s.project() == deferred.project("A")).findFirst().orElseThrow();
        assertEquals(FetchBlock.RPC_BACKOFF, held.block());
        assertEquals(NOW + 36000, held.blockedUntil());
    }

    /**
     * Equal requests go to the project first by URL, not to the one added first: Z and A (50/50, 1 CPU) hold
     * nothing, so both need work immediately for (2T - 0) x 0.5 = 8640 s. Z was added first; A is asked.
     */
    @Test
    void ofEqualRequestsTheProjectFirstByUrlIsAsked() {
        StateBuilder b = StateBuilder.cpus(1).project("Z", 50).project("A", 50);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertSame(b.project("A"), d.project());
        assertEquals(8640, d.request().get(ResourceType.CPU).seconds(), 1e-6);
    }

    /**
     * Of results with equal deadlines, the later name is the one ETTPRC(P, k) leaves out, whatever their order of
     * arrival: A holds a 1-h job named a-1 and then a 2-h job named a-2, both due at 100,000. Rate 0.5, k = 1:
     * a-2 is left out, so ETTPRC = 3600 / 0.5 = 7200 s (leaving out the job that came first, a-1, gave 14,400).
     */
    @Test
    void ofEqualDeadlinesEttprcLeavesOutTheLaterName() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50);
        add(b, "a-1", 3600);
        add(b, "a-2", 7200);

        assertEquals(7200, UrgencyFetch.ettprc(b.state(), b.project("A"), ResourceType.CPU, 1, 0.5), 1e-6);
    }

    @Test
    void ettprcSkipsTheLatestDeadlinesItMayKeep() {
        // ETTPRC(P, k) leaves out the k results with the latest deadlines: three 1-h jobs at rate 0.5, k = 1:
        // (3600 + 3600) / 0.5 = 14400.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("A", 3, 3600);

        assertEquals(14400, UrgencyFetch.ettprc(b.state(), b.project("A"), ResourceType.CPU, 1, 0.5), 1e-6);
    }

    @Test
    void projectsWithWorkBeyondTDontNeedWork() {
        // Each holds 3 h at rate 0.5: ETTPRC 21600 >= T = 8640: DONT_NEED_WORK for both; nobody is asked.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("A", 1, 10800)
                .cpuJobs("B", 1, 10800);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertNull(d.project());
        assertEquals(FetchBlock.PROJECT_HAS_ENOUGH_WORK, d.projects().get(0).block());
    }

    @Test
    void projectWithAForecastMissIsNotAsked() {
        // 1 CPU, A and B 50/50 (rate 0.5 each). A holds a 1-h job received at 0 and due at 6400: its ETTPRC is
        // 3600 / 0.5 = 7200 < T = 8640, so seed 001 alone would ask it for work. But at half the CPU the job ends at
        // NOW + 7200 = 8200, later than 6400 - min(8640, 6400 / 4) = 4800: a predicted miss, so A is not asked
        // (decision 0011). B holds 10 h (ETTPRC 72000 s): it needs nothing. Nobody is asked.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("B", 1, 36000);
        b.job("A", "A_cpu", 3600, 6400);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertNull(d.project());
        assertEquals(FetchBlock.DEADLINE_MISSES_PREDICTED, d.projects().get(0).block());
    }

    @Test
    void aBackupProjectIsAskedForAnIdleCpuNoProjectWithAShareWillFill() {
        // 2 CPUs; A (share 100) is set to "no new tasks" and holds one 10-h job, so one CPU idles and A may not be
        // asked. B has share 0 (a backup project): seed 001 gives it no rate, but as in every policy it is asked
        // for the idle CPU: 1 s and 1 instance (2 CPUs - 1 job).
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).project("B", 0).cpuJobs("A", 1, 36000);
        b.project("A").setNoNewTasks(true);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertSame(b.project("B"), d.project());
        ResourceRequest r = d.request().get(ResourceType.CPU);
        assertEquals(1, r.seconds(), 1e-9);
        assertEquals(1, r.instances(), 1e-9);
        assertEquals(FetchTrigger.IDLE_INSTANCE, d.resources().get(0).trigger());
        // A report to B carries the same request: A, which may not be asked, does not stand in the way.
        assertEquals(1, fetch.piggyback(FetchContext.of(b.state(), NOW), b.project("B")).get(ResourceType.CPU)
                .instances(), 1e-9);
    }

    @Test
    void aBackupProjectWaitsBehindAProjectWithAShareAskedForTheIdleCpu() {
        // 2 CPUs, A (share 100) holds one 10-h job and may be asked: ETTPRC(A, 1) = 0 (min_results 2, k = 1 skips
        // its only job), so A needs work at once and is asked. B (share 0) waits: a CPU idles, but A comes first.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).project("B", 0).cpuJobs("A", 1, 36000);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertSame(b.project("A"), d.project());
        ProjectFetchState backup = d.projects().stream().filter(p -> p.project().name().equals("B")).findFirst()
                .orElseThrow();
        assertEquals(FetchBlock.ANOTHER_PROJECT_FIRST, backup.block());
    }

    @Test
    void aBackupProjectWaitsWhileTheProjectsWithAShareKeepEveryCpuBusy() {
        // As above, but A may be asked and holds two 3-h jobs: both CPUs busy, and A at rate 2 x 100/100 = 2 has
        // ETTPRC(A, 1) = 10800 / 2 = 5400 < T = 8640: A needs work and is asked for (2 x 8640 - 5400) x 2 =
        // 23760 s. B is not asked: no CPU idles, and its standing says so.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).project("B", 0).cpuJobs("A", 2, 10800);

        FetchDecision d = fetch.decide(FetchContext.of(b.state(), NOW));

        assertSame(b.project("A"), d.project());
        assertEquals(23760, d.request().get(ResourceType.CPU).seconds(), 1e-6);
        ProjectFetchState backup = d.projects().stream().filter(p -> p.project().name().equals("B")).findFirst()
                .orElseThrow();
        assertEquals(FetchBlock.ZERO_SHARE_NOT_IDLE, backup.block());
    }

    /** Adds a downloaded result of A's CPU app named {@code name}, of {@code seconds}, due at 100,000. */
    private static void add(StateBuilder b, String name, double seconds) {
        Project a = b.project("A");
        AppVersion v = a.appVersions().get(0);
        b.state().addResult(new Result(name, a, Workunit.of(name, v.appName(), seconds * v.flops()), v, 0, 100_000,
                ResultState.FILES_DOWNLOADED));
    }
}

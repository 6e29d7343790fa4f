package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.ResourceType;
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
}

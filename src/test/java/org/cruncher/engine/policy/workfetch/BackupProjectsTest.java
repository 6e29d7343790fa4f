package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.function.Supplier;
import java.util.stream.Stream;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.cruncher.testing.StateBuilder;

/**
 * Of several backup projects (share 0), every work-fetch policy asks the one whose tasks had the least CPU time
 * lately, as BOINC ranks them by recent credit. Each asked the first by URL (seed 002's policy: the one with the
 * same resource debt and the smaller URL), so with every share at 0 one project got all the work.
 */
class BackupProjectsTest {

    private static final double NOW = 1000;

    static Stream<Supplier<WorkFetchPolicy>> policies() {
        return Stream.of(RoundRobinFetch::new, BufferShareFetch::new, UrgencyFetch::new, ResourceDebtFetch::new);
    }

    /**
     * X and Y both at share 0, one idle CPU and no work: with no CPU time yet either, X (first by URL); once X's
     * tasks had an hour of CPU time a day ago (3600 x e^(-1/7) = 3119 s averaged now), Y.
     */
    @ParameterizedTest
    @MethodSource("policies")
    void ofSeveralBackupProjectsTheOneWithTheLeastRecentCpuTimeIsAsked(Supplier<WorkFetchPolicy> policy) {
        StateBuilder fresh = StateBuilder.cpus(1).project("X", 0).project("Y", 0);
        assertSame(fresh.project("X"), policy.get().decide(FetchContext.of(fresh.state(), NOW)).project());

        StateBuilder ranLately = StateBuilder.cpus(1).project("X", 0).project("Y", 0);
        ranLately.project("X").contact().setExpAvgCpu(3600, NOW - 86400);
        assertSame(ranLately.project("Y"), policy.get().decide(FetchContext.of(ranLately.state(), NOW)).project());
    }
}

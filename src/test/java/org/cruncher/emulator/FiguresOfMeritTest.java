package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Project;

class FiguresOfMeritTest {

    /**
     * Only a result that succeeded in time met its deadline: a computation error, an aborted result or a failed
     * transfer reported in time meets none (it once counted as met); any result reported late missed it.
     */
    @Test
    void aFailedResultMeetsNoDeadline() {
        Project a = new Project("http://a/", "A", 100);
        FiguresOfMerit f = new FiguresOfMerit(List.of(a));
        f.reported("http://a/", 1e12, 1000, 500, true);
        f.reported("http://a/", 1e12, 1000, 500, false);
        f.reported("http://a/", 1e12, 1000, 1500, false);

        EmulationReport r = f.report("failed", 1, 2000, 0, 2000, 0, null, Map.of("http://a/", 1.0));

        // 1 met (the success in time), 1 missed (the late failure), the failure in time neither.
        assertEquals(1, r.projects().get(0).deadlinesMet());
        assertEquals(1, r.projects().get(0).deadlinesMissed());
    }

    @Test
    void reportComputesBoincDefinitionsOnHandExample() {
        // 2 CPUs at 1 GFLOPS (2e9 FLOPS available), A (75) and B (25). One hour of computing in which A runs one
        // CPU and B nothing; then 1000 s with the host not computing (ignored).
        Project a = new Project("http://a/", "A", 75);
        Project b = new Project("http://b/", "B", 25);
        FiguresOfMerit f = new FiguresOfMerit(List.of(a, b));
        f.addTime(3600, true, 2e9, 2e9, Set.of("http://a/"));
        f.addUse("http://a/", 3.6e12, 3600, 0);
        f.addTime(1000, false, 2e9, 2e9, Set.of());
        f.reported("http://a/", 3.6e12, 100, 200, true);
        f.rpcDone("http://a/");
        f.rpcDone("http://a/");
        f.rpcDone("http://b/");
        f.rpcFailed("http://b/");
        f.deferred("http://b/", 120);
        f.deferred("http://b/", 60);
        for (int i = 0; i < 6; i++) {
            f.jobMade();
        }

        // A's target on the host is all of it (say B has no application for it): B's 0 is its target.
        EmulationReport r = f.report("hand", 1, 4600, 0, 3600, 0, null, Map.of("http://a/", 1.0, "http://b/", 0.0));

        // idle = (7.2e12 - 3.6e12) / 7.2e12
        // Per project: A 2 RPCs; B 1 RPC, 1 failed attempt, and at most 120 s without contact.
        assertEquals(2, r.projects().get(0).rpcs());
        assertEquals(1, r.projects().get(1).rpcs());
        assertEquals(1, r.projects().get(1).rpcFailures());
        assertEquals(120, r.projects().get(1).longestDeferral());
        assertEquals(0.5, r.idleFraction(), 1e-12);
        // share violation = |3.6 - 0.75 x 3.6| / 3.6 + |0 - 0.25 x 3.6| / 3.6 = 0.25 + 0.25
        assertEquals(0.5, r.shareViolation(), 1e-12);
        // against the targets: |3.6 - 1 x 3.6| / 3.6 + |0 - 0 x 3.6| / 3.6 = 0
        assertEquals(0, r.targetViolation(), 1e-12);
        // B waited from 0 to 3600: integral of t^2 = 3600^3 / 3; S_B = sqrt(3600^3 / 3 / 3600) = 3600 / sqrt(3);
        // x = S_B / (2^2 x 3600) = 1 / (4 sqrt 3) = 0.144338; monotony = 1 - 1 / (1 + x) = 0.126132
        assertEquals(1 - 1 / (1 + 1 / (4 * Math.sqrt(3))), r.monotony(), 1e-9);
        // the one result was reported at 200, after its deadline 100: its 3.6e12 FLOPs are wasted
        assertEquals(0.5, r.wastedFraction(), 1e-12);
        assertEquals(1, r.projects().get(0).deadlinesMissed());
        // 3 RPCs / (2 x 6 jobs)
        assertEquals(0.25, r.rpcsPerJob(), 1e-12);
        assertEquals(3600.0 / 86400, r.computingDays(), 1e-12);
        assertEquals(1.0, r.projects().get(0).flopsShare(), 1e-12);
    }

    @Test
    void idleOverUsableProcessorsLeavesOutAGpuNoProjectCanUse() {
        // 1 CPU at 1 GFLOPS and a GPU counted at 4 GFLOPS that no project has an application for: 5e9 available,
        // 1e9 of it usable. A keeps the CPU busy for an hour: used 3.6e12.
        Project a = new Project("http://a/", "A", 100);
        FiguresOfMerit f = new FiguresOfMerit(List.of(a));
        f.addTime(3600, true, 5e9, 1e9, Set.of("http://a/"));
        f.addUse("http://a/", 3.6e12, 3600, 0);

        EmulationReport r = f.report("gpu unused", 1, 3600, 0, 3600, 0, null, Map.of("http://a/", 1.0));

        // idle over everything = (18e12 - 3.6e12) / 18e12 = 0.8; over the CPU only = (3.6e12 - 3.6e12) / 3.6e12 = 0
        assertEquals(0.8, r.idleFraction(), 1e-12);
        assertEquals(0, r.usableIdleFraction(), 1e-12);
    }

    @Test
    void figuresResumedFromTheirSumsAreThoseOfOneUnbrokenRun() {
        // 2 CPUs at 1 GFLOPS, A (75) and B (25). Hour 1: A runs one CPU; hour 2: B runs one CPU. Whether the sums are
        // saved after hour 1 and taken up again, or not, the figures are the same:
        // used 7.2e12 of 2e9 x 7200 = 1.44e13 available, so idle 0.5; A did half the work against a 75 % share and
        // B half against 25 %: violation |3.6 - 5.4| / 7.2 + |3.6 - 1.8| / 7.2 = 0.5.
        Project a = new Project("http://a/", "A", 75);
        Project b = new Project("http://b/", "B", 25);
        FiguresOfMerit unbroken = new FiguresOfMerit(List.of(a, b));
        FiguresOfMerit before = new FiguresOfMerit(List.of(a, b));
        for (FiguresOfMerit f : List.of(unbroken, before)) {
            f.addTime(3600, true, 2e9, 2e9, Set.of("http://a/"));
            f.addUse("http://a/", 3.6e12, 3600, 0);
            f.rpcDone("http://b/");
        }
        FiguresOfMerit after = new FiguresOfMerit(List.of(a, b), before.totals());
        for (FiguresOfMerit f : List.of(unbroken, after)) {
            f.addTime(3600, true, 2e9, 2e9, Set.of("http://b/"));
            f.addUse("http://b/", 3.6e12, 3600, 0);
        }

        EmulationReport whole = unbroken.report("s", 1, 7200, 1, 3600, 0, null, Map.of());
        EmulationReport resumed = after.report("s", 1, 7200, 1, 3600, 0, null, Map.of());
        assertEquals(0.5, resumed.idleFraction(), 1e-12);
        assertEquals(0.5, resumed.shareViolation(), 1e-12);
        // Monotony carries each project's time since it last ran across the break: B had waited an hour.
        assertEquals(whole.monotony(), resumed.monotony(), 1e-12);
        assertEquals(whole.projects(), resumed.projects());
        assertEquals(unbroken.totals(), after.totals());
    }

    @Test
    void workDoneBeforeTheSharesChangedStaysDueByTheSharesItWasDoneUnder() {
        // 2 CPUs at 1 GFLOPS, A (75) and B (25). Hour 1: A runs both CPUs (7.2e12). The user sets 50/50. Hour 2: A
        // and B one CPU each (3.6e12 each). A used 10.8e12, B 3.6e12, of 14.4e12.
        // Due: A 0.75 x 7.2 + 0.5 x 7.2 = 9.0e12; B 0.25 x 7.2 + 0.5 x 7.2 = 5.4e12.
        // Violation (|10.8 - 9.0| + |3.6 - 5.4|) / 14.4 = 0.25 (against 50/50 throughout it would be 0.5, against
        // 75/25 throughout 0). The targets were the shares' fractions here, so the target violation is 0.25 too.
        Project a = new Project("http://a/", "A", 75);
        Project b = new Project("http://b/", "B", 25);
        FiguresOfMerit f = new FiguresOfMerit(List.of(a, b));
        f.addTime(3600, true, 2e9, 2e9, Set.of("http://a/"));
        f.addUse("http://a/", 7.2e12, 7200, 0);
        assertFalse(f.sharesChanged());
        a.setResourceShare(50);
        b.setResourceShare(50);
        assertTrue(f.sharesChanged());
        f.takeNewShares(Map.of("http://a/", 0.75, "http://b/", 0.25));
        assertFalse(f.sharesChanged());
        FiguresOfMerit resumed = new FiguresOfMerit(List.of(a, b), f.totals());
        for (FiguresOfMerit g : List.of(f, resumed)) {
            g.addTime(3600, true, 2e9, 2e9, Set.of("http://a/", "http://b/"));
            g.addUse("http://a/", 3.6e12, 3600, 0);
            g.addUse("http://b/", 3.6e12, 3600, 0);
        }

        Map<String, Double> targetsNow = Map.of("http://a/", 0.5, "http://b/", 0.5);
        EmulationReport r = f.report("s", 1, 7200, 0, 3600, 0, null, targetsNow);
        assertEquals(0.25, r.shareViolation(), 1e-12);
        assertEquals(0.25, r.targetViolation(), 1e-12);
        assertEquals(50, r.projects().get(0).resourceShare());
        // Saved after the change and taken up again, the figures go on as one run.
        EmulationReport again = resumed.report("s", 1, 7200, 0, 3600, 0, null, targetsNow);
        assertEquals(r.shareViolation(), again.shareViolation(), 1e-12);
        assertEquals(f.totals(), resumed.totals());
    }
}

package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

class DebtAccountingTest {

    private static final double MINUTE = 60e9; // one CPU-minute at 1 GFLOPS, in FLOPs
    private static final double BOUND = 1e30;
    private static final Set<ResourceType> CPU = EnumSet.of(ResourceType.CPU);
    private static final Set<ResourceType> GPU = EnumSet.of(ResourceType.NVIDIA);
    private static final Set<ResourceType> BOTH = EnumSet.of(ResourceType.CPU, ResourceType.NVIDIA);

    private static Map<Project, Set<ResourceType>> runnable(Object... projectsAndResources) {
        Map<Project, Set<ResourceType>> m = new LinkedHashMap<>();
        for (int i = 0; i < projectsAndResources.length; i += 2) {
            @SuppressWarnings("unchecked")
            Set<ResourceType> uses = (Set<ResourceType>) projectsAndResources[i + 1];
            m.put((Project) projectsAndResources[i], uses);
        }
        return m;
    }

    @Test
    void settleSeedExampleRaisesAsDebtByFiveMinutes() {
        // Seed 001's example: shares 75/25; this period A got 25 CPU-minutes and B 15 (40 in all).
        // A: +0.75 x 40 - 25 = +5 min.  B: +0.25 x 40 - 15 = -5 min.
        Project a = new Project("http://a/", "A", 75);
        Project b = new Project("http://b/", "B", 25);
        a.addWorkDoneThisPeriod(ResourceType.CPU, 25 * MINUTE);
        b.addWorkDoneThisPeriod(ResourceType.CPU, 15 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b), runnable(a, CPU, b, CPU), BOUND);

        assertEquals(5 * MINUTE, changes.get(0).after(), 1e-3);
        assertEquals(30 * MINUTE, changes.get(0).accrued(), 1e-3);
        assertEquals(25 * MINUTE, changes.get(0).paid(), 1e-3);
        assertEquals(-5 * MINUTE, changes.get(1).after(), 1e-3);
    }

    @Test
    void settleResetsDebtOfProjectWithoutRunnableResultAndLeavesItsShareOut() {
        // C (share 100) has no runnable result: its debt of +30 min goes to 0, and only A and B share the 40 min
        // of work: A accrues 75 / (75 + 25) x 40 = 30 min (not 75 / 200 x 40 = 15), so A ends at 30 - 25 = +5 min.
        Project a = new Project("http://a/", "A", 75);
        Project b = new Project("http://b/", "B", 25);
        Project c = new Project("http://c/", "C", 100);
        c.setDebt(30 * MINUTE);
        a.addWorkDoneThisPeriod(ResourceType.CPU, 25 * MINUTE);
        b.addWorkDoneThisPeriod(ResourceType.CPU, 15 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b, c), runnable(a, CPU, b, CPU), BOUND);

        assertEquals(5 * MINUTE, changes.get(0).after(), 1e-3);
        assertEquals(0, changes.get(2).after());
        assertTrue(changes.get(2).reset());
        assertFalse(changes.get(0).reset());
    }

    @Test
    void settleResetsASuspendedProjectThatWorkedEarlierInThePeriodAndLeavesItsWorkOut() {
        // A (share 300, debt +35 min) ran 16 CPU-minutes before you suspended it; B (share 100) did 96. A has no
        // runnable result now: its debt goes to 0 and its share is left out, as seed 001 says for a project with
        // nothing to run (decision 0015's exception is for a queue that ran out, not a suspension). B alone shares
        // the work its own jobs did: +96 - 96 = 0, so B keeps its -10 min; A's 16 minutes are owed to no one.
        Project a = new Project("http://a/", "A", 300);
        Project b = new Project("http://b/", "B", 100);
        a.setDebt(35 * MINUTE);
        b.setDebt(-10 * MINUTE);
        a.addWorkDoneThisPeriod(ResourceType.CPU, 16 * MINUTE);
        b.addWorkDoneThisPeriod(ResourceType.CPU, 96 * MINUTE);
        a.setSuspendedByUser(true);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b), runnable(b, CPU), BOUND);

        assertEquals(0, changes.get(0).after());
        assertTrue(changes.get(0).reset());
        assertEquals(96 * MINUTE, changes.get(1).accrued(), 1e-3);
        assertEquals(-10 * MINUTE, changes.get(1).after(), 1e-3);
    }

    @Test
    void settleClampsDebtToBound() {
        // A does 60 min of work while its share is half: raw debt would be -50 + 0.5 x 60 - 60 = -80 min; the
        // bound is 60 min, so A ends at -60 min. B accrues 0.5 x 60 = +30 min, and takes on the -20 min the bound
        // cut from A's debt: +10 min. The sum, -50 min, stays what it was.
        Project a = new Project("http://a/", "A", 50);
        Project b = new Project("http://b/", "B", 50);
        a.setDebt(-50 * MINUTE);
        a.addWorkDoneThisPeriod(ResourceType.CPU, 60 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b), runnable(a, CPU, b, CPU), 60 * MINUTE);

        assertEquals(-60 * MINUTE, changes.get(0).after(), 1e-3);
        assertTrue(changes.get(0).clamped());
        assertEquals(10 * MINUTE, changes.get(1).after(), 1e-3);
        assertEquals(-20 * MINUTE, changes.get(1).fromBound(), 1e-3);
        assertEquals(0, changes.get(0).fromBound());
    }

    /**
     * Two projects over their share keep the difference between their debts when a third is held at its bound
     * (review): they fell to the lower bound together, their debts stayed equal there, and the smaller URL won
     * every tie. 4 CPUs, bound 300 min; A (share 90) is held at +300 min and ran 1 CPU-hour of the period's 4: it
     * accrues 0.9 x 240 = 216 min and is paid 60 min, +156 min that the bound cuts off. B and C (share 5 each, debt
     * -150 min each) accrue 12 min each; B ran 2 hours, C 1 hour: B -150 + 12 - 120 = -258 min, C -150 + 12 - 60 =
     * -198 min. Each takes on half of A's 156 min: B -180 min, C -120 min. The sum stays 0, and C, which ran less,
     * is owed the more.
     */
    @Test
    void whatTheBoundCutsGoesToTheOthersInEqualParts() {
        Project a = new Project("http://a/", "A", 90);
        Project b = new Project("http://b/", "B", 5);
        Project c = new Project("http://c/", "C", 5);
        a.setDebt(300 * MINUTE);
        b.setDebt(-150 * MINUTE);
        c.setDebt(-150 * MINUTE);
        a.addWorkDoneThisPeriod(ResourceType.CPU, 60 * MINUTE);
        b.addWorkDoneThisPeriod(ResourceType.CPU, 120 * MINUTE);
        c.addWorkDoneThisPeriod(ResourceType.CPU, 60 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b, c), runnable(a, CPU, b, CPU, c, CPU),
                300 * MINUTE);

        assertEquals(300 * MINUTE, changes.get(0).after(), 1e-3);
        assertTrue(changes.get(0).clamped());
        assertEquals(-180 * MINUTE, changes.get(1).after(), 1e-3);
        assertEquals(-120 * MINUTE, changes.get(2).after(), 1e-3);
        assertEquals(78 * MINUTE, changes.get(2).fromBound(), 1e-3);
        assertFalse(changes.get(1).clamped());
        assertEquals(0, changes.stream().mapToDouble(DebtChange::after).sum(), 1e-3);
    }

    /**
     * A debt that the others' cut takes past the bound is held there too, and its own excess goes to those still
     * free. Bound 60 min, no work in the period; debts +100, +50 and -30 min (their sum is not 0 after a reset):
     * the bound cuts 40 min off A's, B and C take 20 each, which takes B to +70, past the bound: cut 10 more, which
     * goes to C: -30 + 20 + 10 = 0. The sum, +120, stays.
     */
    @Test
    void aDebtTheCutTakesPastTheBoundIsHeldToo() {
        Project a = new Project("http://a/", "A", 100);
        Project b = new Project("http://b/", "B", 100);
        Project c = new Project("http://c/", "C", 100);
        a.setDebt(100 * MINUTE);
        b.setDebt(50 * MINUTE);
        c.setDebt(-30 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b, c), runnable(a, CPU, b, CPU, c, CPU),
                60 * MINUTE);

        assertEquals(60 * MINUTE, changes.get(0).after(), 1e-3);
        assertEquals(60 * MINUTE, changes.get(1).after(), 1e-3);
        assertEquals(0, changes.get(2).after(), 1e-3);
        assertEquals(List.of(true, true, false), changes.stream().map(DebtChange::clamped).toList());
        assertEquals(30 * MINUTE, changes.get(2).fromBound(), 1e-3);
    }

    @Test
    void aDebtThatReachesItsBoundExactlyIsHeldThere() {
        // B does 60 min of work at equal shares: A accrues 0.5 x 60 = 30 min on its +30 min, exactly the 60-min
        // bound. It is held there (the settlement that brings it says so); B ends at -30 min, inside the bound.
        Project a = new Project("http://a/", "A", 50);
        Project b = new Project("http://b/", "B", 50);
        a.setDebt(30 * MINUTE);
        b.addWorkDoneThisPeriod(ResourceType.CPU, 60 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b), runnable(a, CPU, b, CPU), 60 * MINUTE);

        assertEquals(60 * MINUTE, changes.get(0).after(), 1e-3);
        assertTrue(changes.get(0).clamped());
        assertEquals(-30 * MINUTE, changes.get(1).after(), 1e-3);
        assertFalse(changes.get(1).clamped());
    }

    @Test
    void settleWithNoWorkLeavesDebtsOfRunnableProjectsUnchanged() {
        // The host was off all period: no work, nothing accrues and nothing is paid.
        Project a = new Project("http://a/", "A", 75);
        a.setDebt(7 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a), runnable(a, CPU), BOUND);

        assertEquals(7 * MINUTE, changes.get(0).after(), 1e-3);
    }

    @Test
    void settleSplitsWorkFairlyAcrossResourcesInSeed003Example() {
        // One period of seed 003's example, GPU given to A: CPU work 60 min (B), GPU work 120 min (A; the GPU is
        // twice the CPU). A can use only the GPU, B both; equal shares. Progressive filling: {GPU} alone would
        // allow A 120, all resources allow 180 / 2 = 90 each: both targets 90 min. A: 90 - 120 = -30 min;
        // B: 90 - 60 = +30 min, so B gets the GPU next period. (Per-resource debts would leave B's +30 unseen.)
        Project a = new Project("http://a/", "A", 100);
        Project b = new Project("http://b/", "B", 100);
        a.addWorkDoneThisPeriod(ResourceType.NVIDIA, 120 * MINUTE);
        b.addWorkDoneThisPeriod(ResourceType.CPU, 60 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b), runnable(a, GPU, b, BOTH), BOUND);

        assertEquals(90 * MINUTE, changes.get(0).accrued(), 1e-3);
        assertEquals(-30 * MINUTE, changes.get(0).after(), 1e-3);
        assertEquals(30 * MINUTE, changes.get(1).after(), 1e-3);
    }

    @Test
    void settleGivesCpuOnlyProjectsTheCpuByShareWhenOneProjectAloneHasAFastGpu() {
        // G has GPU and CPU work, C1 (share 200) and C2 (share 100) only CPU work; G's share is 100. This period
        // the GPU did 10000 min of work (for G) and the CPUs 120 min (C1 60, C2 60). The CPU-only projects can
        // only share the 120 CPU minutes: {CPU} binds first at lambda = 120 / 300, so C1 gets 80 and C2 40;
        // G's target is the rest, 10000. Debts: C1 +20, C2 -20, G 0: the next CPU goes to C1, by share.
        Project g = new Project("http://g/", "G", 100);
        Project c1 = new Project("http://c1/", "C1", 200);
        Project c2 = new Project("http://c2/", "C2", 100);
        g.addWorkDoneThisPeriod(ResourceType.NVIDIA, 10000 * MINUTE);
        c1.addWorkDoneThisPeriod(ResourceType.CPU, 60 * MINUTE);
        c2.addWorkDoneThisPeriod(ResourceType.CPU, 60 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(g, c1, c2),
                runnable(g, BOTH, c1, CPU, c2, CPU), BOUND);

        assertEquals(10000 * MINUTE, changes.get(0).accrued(), 1e-3);
        assertEquals(0, changes.get(0).after(), 1e-3);
        assertEquals(20 * MINUTE, changes.get(1).after(), 1e-3);
        assertEquals(-20 * MINUTE, changes.get(2).after(), 1e-3);
    }

    @Test
    void settleGivesZeroShareProjectNoClaim() {
        // A backup project (share 0) accrues nothing; what it computes it pays: debt -10 min.
        Project a = new Project("http://a/", "A", 100);
        Project z = new Project("http://z/", "Z", 0);
        a.addWorkDoneThisPeriod(ResourceType.CPU, 50 * MINUTE);
        z.addWorkDoneThisPeriod(ResourceType.CPU, 10 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, z), runnable(a, CPU, z, CPU), BOUND);

        assertEquals(60 * MINUTE, changes.get(0).accrued(), 1e-3);
        assertEquals(-10 * MINUTE, changes.get(1).after(), 1e-3);
    }
}

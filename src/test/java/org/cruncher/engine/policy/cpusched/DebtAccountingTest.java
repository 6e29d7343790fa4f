package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Project;

class DebtAccountingTest {

    private static final double MINUTE = 60e9; // one CPU-minute at 1 GFLOPS, in FLOPs
    private static final double BOUND = 1e30;

    @Test
    void settleSeedExampleRaisesAsDebtByFiveMinutes() {
        // Seed 001's example: shares 75/25; this period A got 25 CPU-minutes and B 15 (40 in all).
        // A: +0.75 x 40 - 25 = +5 min.  B: +0.25 x 40 - 15 = -5 min.
        Project a = new Project("http://a/", "A", 75);
        Project b = new Project("http://b/", "B", 25);
        a.addWorkDoneThisPeriod(25 * MINUTE);
        b.addWorkDoneThisPeriod(15 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b), Set.of(a, b), 40 * MINUTE, BOUND);

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
        a.addWorkDoneThisPeriod(25 * MINUTE);
        b.addWorkDoneThisPeriod(15 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b, c), Set.of(a, b), 40 * MINUTE, BOUND);

        assertEquals(5 * MINUTE, changes.get(0).after(), 1e-3);
        assertEquals(0, changes.get(2).after());
        assertTrue(changes.get(2).reset());
        assertFalse(changes.get(0).reset());
    }

    @Test
    void settleClampsDebtToBound() {
        // A alone can use the GPU and does 60 min of work while its share is half: raw debt would be
        // -50 + 0.5 x 60 - 60 = -80 min; the bound is 60 min, so A ends at -60 min.
        Project a = new Project("http://a/", "A", 50);
        Project b = new Project("http://b/", "B", 50);
        a.setDebt(-50 * MINUTE);
        a.addWorkDoneThisPeriod(60 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a, b), Set.of(a, b), 60 * MINUTE, 60 * MINUTE);

        assertEquals(-60 * MINUTE, changes.get(0).after(), 1e-3);
        assertTrue(changes.get(0).clamped());
        assertEquals(30 * MINUTE, changes.get(1).after(), 1e-3);
    }

    @Test
    void settleWithNoWorkLeavesDebtsOfRunnableProjectsUnchanged() {
        // The host was off all period: total work 0, nothing accrues and nothing is paid.
        Project a = new Project("http://a/", "A", 75);
        a.setDebt(7 * MINUTE);

        List<DebtChange> changes = DebtAccounting.settle(List.of(a), Set.of(a), 0, BOUND);

        assertEquals(7 * MINUTE, changes.get(0).after(), 1e-3);
    }
}

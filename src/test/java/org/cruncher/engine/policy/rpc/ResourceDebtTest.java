package org.cruncher.engine.policy.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.testing.StateBuilder;

/** Seed 002: resource_debt = share / exp_avg_cpu, the average decaying by a factor e per week. */
class ResourceDebtTest {

    private static final double WEEK = 7 * 86400;

    @Test
    void averageDecaysByEEveryWeekAndDebtIsShareOverIt() {
        // A ran 1000 CPU-seconds at t = 0. A week later its average is 1000 / e, and its debt 100 / (1000 / e).
        // B has had no CPU time: its debt is infinite (it is owed everything).
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).project("B", 50);
        var a = b.project("A");
        ResourceDebt.accrue(b.state().projects(), Map.of(a, 1000.0), 0);

        assertEquals(1000 / Math.E, ResourceDebt.average(a.contact(), WEEK), 1e-9);
        assertEquals(100 / (1000 / Math.E), ResourceDebt.debt(a, WEEK), 1e-12);
        assertEquals(Double.POSITIVE_INFINITY, ResourceDebt.debt(b.project("B"), WEEK));

        // Another 1000 s at one week: 1000 / e + 1000.
        ResourceDebt.accrue(b.state().projects(), Map.of(a, 1000.0), WEEK);
        assertEquals(1000 / Math.E + 1000, ResourceDebt.average(a.contact(), WEEK), 1e-9);
    }

    @Test
    void someOfTheProjectsAccrueByThemselves() {
        // Only B (the second project of its state) is accrued: its 500 CPU-seconds count, A is left as it was.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).project("B", 50);
        var projB = b.project("B");
        ResourceDebt.accrue(List.of(projB), Map.of(projB, 500.0), 0);

        assertEquals(500, ResourceDebt.average(projB.contact(), 0), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, ResourceDebt.debt(b.project("A"), 0));
    }
}

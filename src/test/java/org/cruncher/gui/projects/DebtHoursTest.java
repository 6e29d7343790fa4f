package org.cruncher.gui.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** The debts the chart plots, in CPU hours. */
class DebtHoursTest {

    private static final double GFLOPS = 1e9;

    @Test
    void aDebtIsPlottedInCpuHoursToTheThousandthAndRoundingNoiseIsZero() {
        // 5,400 s of a 1-GFLOPS CPU = 5.4e12 FLOPs = 1.5 h; -1,800 s = -0.5 h.
        assertEquals(1.5, ProjectsPaneViewModel.debtHours(5.4e12, GFLOPS));
        assertEquals(-0.5, ProjectsPaneViewModel.debtHours(-1.8e12, GFLOPS));
        // The noise of debts that sum to 0 (-9e-5 FLOPs, 2.5e-17 h) is 0, not an axis of 20-digit labels.
        assertEquals(0.0, ProjectsPaneViewModel.debtHours(-9e-5, GFLOPS), 0.0);
        // 1 s (1e9 FLOPs) is 0.000278 h: under a thousandth, it shows as 0.
        assertEquals(0.0, ProjectsPaneViewModel.debtHours(1e9, GFLOPS), 0.0);
    }
}

package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Decision 0050: a share's mean part of a resource while projects that may not be asked still hold work for it. */
class HeldWorkShareTest {

    @Test
    void eachHolderTakesItsPartUntilItsQueueEnds() {
        // Share 75, nobody else to ask; holders of share 200 (queue ends at 6 h) and 100 (at 30 h); over 36 h:
        // 6 h at 75 / 375 = 0.2, 24 h at 75 / 175 = 3/7, 6 h at 1: (1.2 + 72/7 + 6) / 36 = 122.4 / 252 = 17/35.
        // Given in any order.
        double h = 3600;
        assertEquals(17.0 / 35, HeldWorkShare.meanFraction(75, 0, new double[] {100, 200},
                new double[] {30 * h, 6 * h}, 36 * h), 1e-12);
    }

    @Test
    void aQueueLongerThanTheSpanCountsThroughoutAndAnEmptyOneNot() {
        // Share 1 beside another project that may be asked (share 1) and a holder of share 2 past the span: 1/4
        // throughout; a holder whose queue has ended (0) counts for nothing.
        assertEquals(0.25, HeldWorkShare.meanFraction(1, 1, new double[] {2, 5}, new double[] {100, 0}, 50),
                1e-12);
        // No holders: the share among the projects that may be asked, 1/2.
        assertEquals(0.5, HeldWorkShare.meanFraction(1, 1, new double[0], new double[0], 50), 1e-12);
    }

    @Test
    void withoutASpanTheFractionNowIsGiven() {
        // A span of 0: the fraction at once, 1 / (1 + 1 + 2) = 1/4.
        assertEquals(0.25, HeldWorkShare.meanFraction(1, 1, new double[] {2}, new double[] {10}, 0), 1e-12);
    }
}

package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

class StepFunctionTest {

    /** 2 on [0, 10), 0 on [10, 30), 3 from 30 on. */
    private static StepFunction twoZeroThree() {
        StepFunction f = new StepFunction(2);
        f.set(10, 0);
        f.set(20, 0);
        f.set(30, 3);
        return f;
    }

    @Test
    void valueAtATimeIsTheLastOneSetAtOrBeforeIt() {
        StepFunction f = twoZeroThree();

        assertEquals(2, f.at(0));
        assertEquals(2, f.at(9.99));
        assertEquals(0, f.at(10));
        assertEquals(0, f.at(25));
        assertEquals(3, f.at(30));
        assertEquals(3, f.at(1e9));
    }

    @Test
    void integralAddsEachPieceInsideTheSpan() {
        StepFunction f = twoZeroThree();

        // [5, 40]: 2 x (10 - 5) + 0 x 20 + 3 x (40 - 30) = 10 + 0 + 30 = 40.
        assertEquals(40, f.integral(5, 40), 1e-12);
        // Inside one piece: 2 x (8 - 1) = 14.
        assertEquals(14, f.integral(1, 8), 1e-12);
        // The last piece runs on for ever: 3 x (100 - 50) = 150.
        assertEquals(150, f.integral(50, 100), 1e-12);
        assertEquals(0, f.integral(12, 12), 1e-12);
    }

    @Test
    void firstPositiveValueFromATime() {
        StepFunction f = twoZeroThree();

        assertEquals(4, f.firstPositiveFrom(4), "positive where it starts");
        assertEquals(30, f.firstPositiveFrom(12), "the next positive piece");
        assertEquals(Double.POSITIVE_INFINITY, new StepFunction(0).firstPositiveFrom(0));
    }

    @Test
    void aSecondValueAtTheSameTimeReplacesTheFirst() {
        StepFunction f = new StepFunction(1);
        f.set(5, 4);
        f.set(5, 2);

        assertEquals(2, f.at(5));
        // 1 x 5 + 2 x 5 = 15.
        assertEquals(15, f.integral(0, 10), 1e-12);
    }

    @Test
    void gapBelowALevelCountsOnlyTheGapsAboveTheTolerance() {
        StepFunction f = twoZeroThree();

        // Below 2.5 on [5, 40]: (2.5 - 2) x 5 + 2.5 x 20 + 0 (3 is above) = 2.5 + 50 = 52.5.
        assertEquals(52.5, f.gapBelow(2.5, 1e-6, 5, 40), 1e-12);
        // A gap of 0.5 is ignored under a tolerance of 1: only [10, 30) counts, 2.5 x 20 = 50.
        assertEquals(50, f.gapBelow(2.5, 1, 5, 40), 1e-12);
        // Nothing lies below 0.
        assertEquals(0, f.gapBelow(0, 1e-6, 0, 100), 1e-12);
    }

    @Test
    void gapBelowAScaledLevelFollowsBothFunctionsPieces() {
        StepFunction f = twoZeroThree();
        StepFunction scale = new StepFunction(0.5);
        scale.set(15, 1);

        // Level 4 x scale on [5, 40]: [5, 10) 2 - 2 = 0; [10, 15) 2 - 0 = 2, x 5 = 10; [15, 30) 4 - 0 = 4, x 15 = 60;
        // [30, 40) 4 - 3 = 1, x 10 = 10: 80 in all.
        assertEquals(80, f.gapBelow(4, scale, 1e-6, 5, 40), 1e-12);
        // A scale of 1 throughout is the plain level, to the last digit: 52.5 as above.
        assertEquals(f.gapBelow(2.5, 1e-6, 5, 40), f.gapBelow(2.5, new StepFunction(1), 1e-6, 5, 40), 0);
    }

    @Test
    void meanIsTheIntegralOverTheSpanAndExactlyTheValueWithinOnePiece() {
        StepFunction f = twoZeroThree();

        // [5, 40]: 40 / 35 (the integral above).
        assertEquals(40.0 / 35, f.mean(5, 40), 1e-12);
        // Inside one piece, or on an empty span, the value itself.
        assertEquals(3, f.mean(31, 1e9), 0);
        assertEquals(0, f.mean(12, 12), 0);
    }
}

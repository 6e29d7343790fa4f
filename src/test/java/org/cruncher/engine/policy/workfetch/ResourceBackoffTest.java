package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

class ResourceBackoffTest {

    @Test
    void nextIntervalDoublesFromTenMinutesToOneDay() {
        // 600, 1200, 2400, ..., 76800, then the cap 86400 (seed 003: "maximum 24 hours").
        double i = 0;
        double[] expected = {600, 1200, 2400, 4800, 9600, 19200, 38400, 76800, 86400, 86400};
        for (double e : expected) {
            i = ResourceBackoff.nextInterval(i);
            assertEquals(e, i);
        }
    }

    @Test
    void waitIsRandomBetweenHalfAndAllOfTheInterval() {
        SplittableRandom random = new SplittableRandom(7);
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int k = 0; k < 10_000; k++) {
            double w = ResourceBackoff.wait(86400, random);
            min = Math.min(min, w);
            max = Math.max(max, w);
        }
        assertTrue(min >= 43200 && min < 43300, "min " + min);
        assertTrue(max <= 86400 && max > 86300, "max " + max);
    }
}

package org.cruncher.engine.policy.rpc;

import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

class RpcBackoffTest {

    @ParameterizedTest(name = "failure {0}: wait in [{1}, {2}]")
    @CsvSource({
        // min(60 x 2^n, 14400) x U(0.5, 1): n=1 -> [60, 120], n=3 -> [240, 480], n=7 -> [3840, 7680],
        // n=8 -> 60 x 256 = 15360 capped at 14400 -> [7200, 14400], n=25 -> capped n=10 -> same.
        "1, 60, 120",
        "3, 240, 480",
        "7, 3840, 7680",
        "8, 7200, 14400",
        "25, 7200, 14400"
    })
    void delayAfterStaysInRandomisedExponentialRange(int failures, double low, double high) {
        SplittableRandom random = new SplittableRandom(failures);
        double min = Double.MAX_VALUE;
        double max = 0;
        for (int k = 0; k < 5000; k++) {
            double d = RpcBackoff.delayAfter(failures, random);
            min = Math.min(min, d);
            max = Math.max(max, d);
        }
        assertTrue(min >= low && min < low * 1.01, "min " + min);
        assertTrue(max <= high && max > high * 0.99, "max " + max);
    }
}

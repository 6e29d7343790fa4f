package org.cruncher.engine.policy.rpc;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.SchedulerContact;

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

    /**
     * A failed computation counts as a failure as a failed session does (BOINC's project_rpc_backoff serves both),
     * so the tenth failure asks for the master file whichever kind it is: nine failed sessions and a crash.
     */
    @Test
    void theTenthFailureReadsTheMasterFileAgainEvenIfItIsACrash() {
        SchedulerContact c = new SchedulerContact();
        SplittableRandom random = new SplittableRandom(1);
        for (int i = 0; i < 9; i++) {
            RpcBackoff.afterFailedSession(c, 0, random).applyTo(c);
        }
        assertFalse(c.masterFetchPending());

        RpcBackoff.Change crash = RpcBackoff.afterComputationFailure(c, 0, random);

        assertEquals(10, crash.failures());
        assertEquals(RpcDeferral.COMPUTATION_FAILURE, crash.reason());
        assertTrue(crash.masterFetchPending());
        // A pending read stays pending; the eleventh failure, with none pending, does not ask for one.
        crash.applyTo(c);
        assertTrue(RpcBackoff.afterComputationFailure(c, 0, random).masterFetchPending());
        c.setMasterFetchPending(false);
        assertFalse(RpcBackoff.afterComputationFailure(c, 0, random).masterFetchPending());
        assertFalse(RpcBackoff.afterComputationFailure(new SchedulerContact(), 0, random).masterFetchPending());
    }
}

package org.cruncher.engine.policy.rpc;

import java.util.random.RandomGenerator;

/**
 * Random exponential backoff after a project's schedulers fail (seed 002; BOINC's project_rpc_backoff,
 * boinc-engine.md §3.2):
 * <ol>
 *   <li>n = consecutive failures, counting this one, capped at {@link #RETRY_CAP};</li>
 *   <li>wait = min(60 x 2^n, 14400) x U(0.5, 1) seconds, so clients that failed together do not retry together.</li>
 * </ol>
 */
public final class RpcBackoff {

    /** SCHED_RETRY_DELAY_MIN: the base of the backoff, seconds. */
    public static final double MIN_DELAY = 60;
    /** SCHED_RETRY_DELAY_MAX: the cap of the backoff, seconds (4 hours). */
    public static final double MAX_DELAY = 14400;
    /** Failures beyond this do not lengthen the backoff. */
    public static final int RETRY_CAP = 10;

    private RpcBackoff() {
    }

    /** The wait after the {@code failures}-th consecutive failure, drawn from {@code random}. */
    public static double delayAfter(int failures, RandomGenerator random) {
        int n = Math.min(Math.max(failures, 0), RETRY_CAP);
        double cap = Math.min(MIN_DELAY * Math.pow(2, n), MAX_DELAY);
        return cap * (0.5 + 0.5 * random.nextDouble());
    }
}

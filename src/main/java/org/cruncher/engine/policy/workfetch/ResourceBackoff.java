package org.cruncher.engine.policy.workfetch;

import java.util.random.RandomGenerator;

/**
 * Per (project, resource) backoff after a request for the resource returns no job (seed 003):
 * <ol>
 *   <li>the interval starts at {@link #MIN_INTERVAL} and doubles with each empty reply, up to
 *       {@link #MAX_INTERVAL} (24 hours);</li>
 *   <li>the project is not asked for that resource for interval x U(0.5, 1), so that clients do not synchronise
 *       and the wait never exceeds the seed's 24 hours;</li>
 *   <li>a job for the resource clears it.</li>
 * </ol>
 */
public final class ResourceBackoff {

    /** WF_MIN_BACKOFF_INTERVAL, seconds. */
    public static final double MIN_INTERVAL = 600;
    /** WF_MAX_BACKOFF_INTERVAL, seconds. */
    public static final double MAX_INTERVAL = 86400;

    private ResourceBackoff() {
    }

    /** The next interval after one more empty reply, given the current one (0 if not backed off). */
    public static double nextInterval(double current) {
        return current <= 0 ? MIN_INTERVAL : Math.min(current * 2, MAX_INTERVAL);
    }

    /** The wait for {@code interval}, drawn from {@code random}. */
    public static double wait(double interval, RandomGenerator random) {
        return interval * (0.5 + 0.5 * random.nextDouble());
    }
}

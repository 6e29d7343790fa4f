package org.cruncher.engine.model;

/**
 * How much of the time the client is running and allowed to work (BOINC's time_stats), each in [0, 1].
 *
 * @param onFrac        fraction of time the client runs
 * @param activeFrac    fraction of that time computing is allowed
 * @param gpuActiveFrac fraction of that time GPU computing is allowed
 * @param connectedFrac fraction of time the network is available
 */
public record TimeStats(double onFrac, double activeFrac, double gpuActiveFrac, double connectedFrac) {

    public static final TimeStats ALWAYS = new TimeStats(1, 1, 1, 1);

    public TimeStats {
        onFrac = clampFraction(onFrac);
        activeFrac = clampFraction(activeFrac);
        gpuActiveFrac = clampFraction(gpuActiveFrac);
        connectedFrac = clampFraction(connectedFrac);
    }

    /** BOINC writes -1 for "unknown"; anything outside [0, 1] or not a number is taken as 1 (always). */
    private static double clampFraction(double f) {
        return f >= 0 && f <= 1 ? f : 1;
    }

    /**
     * The fraction of wall time a CPU job computes: on x active, clamped to [0.01, 1] (BOINC's overall_cpu_frac).
     */
    public double cpuComputingFraction() {
        return Math.max(0.01, Math.min(1, onFrac * activeFrac));
    }
}

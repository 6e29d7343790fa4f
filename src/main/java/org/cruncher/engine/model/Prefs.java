package org.cruncher.engine.model;

/**
 * The computing preferences in force (global_prefs.xml overridden by global_prefs_override.xml), with BOINC's
 * defaults. Only the preferences the engine acts on are here.
 *
 * @param cpuSchedulingPeriodMinutes the scheduling period: debts are settled and CPUs reassigned this often
 * @param workBufMinDays             "store at least": the low-water mark of the work buffer
 * @param workBufAdditionalDays      "store up to an additional": low + this is the high-water mark
 * @param maxNcpusPct                use at most this % of the CPUs (0 means all, as in BOINC)
 * @param cpuUsageLimit              use at most this % of CPU time (throttling; shown, not emulated)
 * @param diskMaxUsedGb              use no more than this many GB (0: no limit)
 * @param diskMaxUsedPct             use no more than this % of the disk (0: no limit)
 * @param diskMinFreeGb              leave at least this many GB free
 */
public record Prefs(double cpuSchedulingPeriodMinutes, double workBufMinDays, double workBufAdditionalDays,
                    double maxNcpusPct, double cpuUsageLimit, double diskMaxUsedGb, double diskMaxUsedPct,
                    double diskMinFreeGb) {

    /** BOINC never fetches later than this before running dry (WF_EST_FETCH_TIME): the low-water floor, seconds. */
    public static final double MIN_WORK_BUF_SECONDS = 180;

    public static final Prefs DEFAULTS = new Prefs(60, 0.1, 0.5, 100, 100, 0, 90, 0.1);

    public Prefs {
        requireFiniteNonNegative("cpu_scheduling_period_minutes", cpuSchedulingPeriodMinutes);
        requireFiniteNonNegative("work_buf_min_days", workBufMinDays);
        requireFiniteNonNegative("work_buf_additional_days", workBufAdditionalDays);
        requireFiniteNonNegative("max_ncpus_pct", maxNcpusPct);
        requireFiniteNonNegative("cpu_usage_limit", cpuUsageLimit);
        requireFiniteNonNegative("disk_max_used_gb", diskMaxUsedGb);
        requireFiniteNonNegative("disk_max_used_pct", diskMaxUsedPct);
        requireFiniteNonNegative("disk_min_free_gb", diskMinFreeGb);
    }

    private static void requireFiniteNonNegative(String name, double value) {
        if (!(value >= 0) || Double.isInfinite(value)) {
            throw new IllegalArgumentException(name + " must be a finite number >= 0, not " + value);
        }
    }

    /** The scheduling period in seconds; BOINC treats values below 0.0001 minutes as the default 60. */
    public double schedulingPeriodSeconds() {
        return (cpuSchedulingPeriodMinutes < 0.0001 ? 60 : cpuSchedulingPeriodMinutes) * 60;
    }

    /** The low-water mark in seconds: work_buf_min_days, never below {@link #MIN_WORK_BUF_SECONDS}. */
    public double workBufMinSeconds() {
        return Math.max(workBufMinDays * 86400, MIN_WORK_BUF_SECONDS);
    }

    /** The high-water mark in seconds: low-water mark plus work_buf_additional_days. */
    public double workBufTotalSeconds() {
        return Math.max(workBufMinSeconds() + workBufAdditionalDays * 86400, 1);
    }

    /**
     * CPUs the client may use: max(1, floor(ncpus x max_ncpus_pct / 100)), where ncpus is the host's count or
     * cc_config's {@code <ncpus>} override (boinc-engine.md §3.12).
     */
    public int usableCpus(int ncpus) {
        double pct = maxNcpusPct <= 0 || maxNcpusPct > 100 ? 100 : maxNcpusPct;
        return Math.max(1, (int) Math.floor(ncpus * pct / 100 + 1e-9));
    }

    public Prefs withCpuSchedulingPeriodMinutes(double v) {
        return new Prefs(v, workBufMinDays, workBufAdditionalDays, maxNcpusPct, cpuUsageLimit, diskMaxUsedGb,
                diskMaxUsedPct, diskMinFreeGb);
    }

    public Prefs withWorkBuf(double minDays, double additionalDays) {
        return new Prefs(cpuSchedulingPeriodMinutes, minDays, additionalDays, maxNcpusPct, cpuUsageLimit,
                diskMaxUsedGb, diskMaxUsedPct, diskMinFreeGb);
    }

    public Prefs withMaxNcpusPct(double v) {
        return new Prefs(cpuSchedulingPeriodMinutes, workBufMinDays, workBufAdditionalDays, v, cpuUsageLimit,
                diskMaxUsedGb, diskMaxUsedPct, diskMinFreeGb);
    }

    public Prefs withDisk(double maxUsedGb, double maxUsedPct, double minFreeGb) {
        return new Prefs(cpuSchedulingPeriodMinutes, workBufMinDays, workBufAdditionalDays, maxNcpusPct,
                cpuUsageLimit, maxUsedGb, maxUsedPct, minFreeGb);
    }
}

package org.cruncher.engine.api;

/**
 * The client's total disk limit, as BOINC's {@code allowed_disk_usage} works it out from the three disk preferences
 * (seed 004's Total_Limit; boinc-engine.md §2.5): the least of
 * <ol>
 *   <li>"use no more than N GB": N x 2^30, when N is not 0;</li>
 *   <li>"leave at least N GB free": the client's usage + the disk's free space - N x 2^30;</li>
 *   <li>"use no more than N % of total": the disk's size x N / 100, when N is not 0 (above 100 counts as 100);</li>
 * </ol>
 * never below 0. The two that need the disk's size do not apply when it is unknown (0). Here, not in the disk
 * policy alone, so that the Preferences dialog can show a limit as it is typed with the engine's own arithmetic.
 *
 * @param maxUsedGbLimit  limit 1, bytes (+infinity when it does not apply)
 * @param minFreeLimit    limit 2, bytes (+infinity when it does not apply)
 * @param maxUsedPctLimit limit 3, bytes (+infinity when it does not apply)
 * @param total           the least of the three, never below 0 (+infinity when none applies)
 * @param source          which of the three it is
 */
public record DiskLimit(double maxUsedGbLimit, double minFreeLimit, double maxUsedPctLimit, double total,
                        DiskLimitSource source) {

    /** BOINC's gigabyte: 2^30 bytes. */
    public static final double GB = 1L << 30;

    /**
     * @param maxUsedGb   disk_max_used_gb (0: none)
     * @param minFreeGb   disk_min_free_gb
     * @param maxUsedPct  disk_max_used_pct (0: none)
     * @param diskTotal   the disk's size, bytes (0: unknown)
     * @param clientUsage bytes of the client's files (its own and the projects')
     * @param diskFree    free space on the disk, bytes
     */
    public static DiskLimit of(double maxUsedGb, double minFreeGb, double maxUsedPct, double diskTotal,
                               double clientUsage, double diskFree) {
        boolean sizeKnown = diskTotal > 0;
        double gb = maxUsedGb > 0 ? maxUsedGb * GB : Double.POSITIVE_INFINITY;
        double minFree = sizeKnown ? clientUsage + diskFree - minFreeGb * GB : Double.POSITIVE_INFINITY;
        double pct = sizeKnown && maxUsedPct > 0 ? diskTotal * Math.min(100, maxUsedPct) / 100
                : Double.POSITIVE_INFINITY;
        DiskLimitSource source = DiskLimitSource.NO_LIMIT;
        double limit = Double.POSITIVE_INFINITY;
        if (gb < limit) {
            limit = gb;
            source = DiskLimitSource.MAX_USED_GB;
        }
        if (minFree < limit) {
            limit = minFree;
            source = DiskLimitSource.MIN_FREE_GB;
        }
        if (pct < limit) {
            limit = pct;
            source = DiskLimitSource.MAX_USED_PCT;
        }
        return new DiskLimit(gb, minFree, pct, Math.max(0, limit), source);
    }
}

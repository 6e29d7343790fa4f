package org.cruncher.engine.policy.disk;

import org.cruncher.engine.api.DiskLimitSource;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Prefs;

/**
 * The client's total disk limit (seed 004's Total_Limit), computed as BOINC's {@code allowed_disk_usage}
 * (boinc-engine.md §2.5): the least of
 * <ol>
 *   <li>"use no more than N GB": N x 2^30, when N is not 0;</li>
 *   <li>"leave at least N GB free": the client's usage + the disk's free space - N x 2^30;</li>
 *   <li>"use no more than N % of total": the disk's size x N / 100, when N is not 0 (above 100 counts as 100);</li>
 * </ol>
 * never below 0. The two that need the disk's size do not apply when it is unknown (0). Which one binds is kept.
 * all_projects_limit = total limit - core usage (the client's own files).
 *
 * @param diskTotal       the disk's size, bytes (0: unknown)
 * @param diskFree        free space on the disk, bytes
 * @param coreUsage       bytes of the client's own files
 * @param projectsUsage   bytes of all projects' files
 * @param maxUsedGbLimit  limit 1, bytes (+infinity when it does not apply)
 * @param minFreeLimit    limit 2, bytes (+infinity when it does not apply)
 * @param maxUsedPctLimit limit 3, bytes (+infinity when it does not apply)
 * @param totalLimit      the least of the three, never below 0 (+infinity when none applies)
 * @param source          which of the three it is
 */
public record DiskLimits(double diskTotal, double diskFree, double coreUsage, double projectsUsage,
                         double maxUsedGbLimit, double minFreeLimit, double maxUsedPctLimit, double totalLimit,
                         DiskLimitSource source) {

    /** BOINC's gigabyte: 2^30 bytes. */
    public static final double GB = 1L << 30;

    public static DiskLimits of(Prefs prefs, double diskTotal, double diskFree, double coreUsage,
                                double projectsUsage) {
        boolean sizeKnown = diskTotal > 0;
        double gb = prefs.diskMaxUsedGb() > 0 ? prefs.diskMaxUsedGb() * GB : Double.POSITIVE_INFINITY;
        double minFree = sizeKnown ? coreUsage + projectsUsage + diskFree - prefs.diskMinFreeGb() * GB
                : Double.POSITIVE_INFINITY;
        double pct = sizeKnown && prefs.diskMaxUsedPct() > 0
                ? diskTotal * Math.min(100, prefs.diskMaxUsedPct()) / 100 : Double.POSITIVE_INFINITY;
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
        return new DiskLimits(diskTotal, diskFree, coreUsage, projectsUsage, gb, minFree, pct, Math.max(0, limit),
                source);
    }

    /** The limits for {@code state} now. */
    public static DiskLimits of(ClientState state) {
        return of(state.prefs(), state.host().diskTotal(), state.diskFreeNow(), state.coreDiskUsage(),
                state.files().totalUsage());
    }

    /** Space the projects may use together: the total limit less the core usage (seed 004's aPl). */
    public double allProjectsLimit() {
        return Math.max(0, totalLimit - coreUsage);
    }

    /** all_projects_limit - all projects' usage: negative when they use more than they may. */
    public double free() {
        return allProjectsLimit() - projectsUsage;
    }

    /** How far the client's usage is above the total limit (0 if it is not). */
    public double excess() {
        return Math.max(0, coreUsage + projectsUsage - totalLimit);
    }
}

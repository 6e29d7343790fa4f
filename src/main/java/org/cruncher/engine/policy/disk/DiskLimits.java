package org.cruncher.engine.policy.disk;

import org.cruncher.engine.api.DiskLimit;
import org.cruncher.engine.api.DiskLimitSource;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Prefs;

/**
 * The client's total disk limit now (seed 004's Total_Limit), with the usage it is set against: {@link DiskLimit}
 * works out the least of the three disk preferences, and which one binds is kept.
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
    public static final double GB = DiskLimit.GB;

    public static DiskLimits of(Prefs prefs, double diskTotal, double diskFree, double coreUsage,
                                double projectsUsage) {
        DiskLimit l = DiskLimit.of(prefs.diskMaxUsedGb(), prefs.diskMinFreeGb(), prefs.diskMaxUsedPct(), diskTotal,
                coreUsage + projectsUsage, diskFree);
        return new DiskLimits(diskTotal, diskFree, coreUsage, projectsUsage, l.maxUsedGbLimit(), l.minFreeLimit(),
                l.maxUsedPctLimit(), l.total(), l.source());
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

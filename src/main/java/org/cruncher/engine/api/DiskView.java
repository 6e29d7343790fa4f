package org.cruncher.engine.api;

import java.util.List;
import java.util.Map;

/**
 * The disk as the outside sees it (seed 004): the total limit and which preference binds, the client's usage, each
 * project's usage against its share, the last deletions, and whether computing is suspended for disk.
 *
 * @param diskTotal        the disk's size, bytes (0: unknown)
 * @param diskFree         free space on the disk, bytes
 * @param coreUsage        the client's own files, bytes
 * @param totalLimit       the most the client may use, bytes (+infinity: no limit)
 * @param source           which preference sets it
 * @param maxUsedGbLimit   "use no more than N GB" in bytes (+infinity when off)
 * @param minFreeLimit     "leave at least N GB free" in bytes (+infinity when the disk's size is unknown)
 * @param maxUsedPctLimit  "use no more than N % of total" in bytes (+infinity when off)
 * @param allProjectsLimit what the projects may use together: total limit less core usage
 * @param projectsUsage    what they use
 * @param suspended        computing is suspended because usage is over the limit and nothing more can go
 * @param projects         per project, in the state's order
 * @param recentDeletions  the latest files deleted to make room, newest first
 * @param deletions        files deleted to make room so far, per reason
 */
public record DiskView(double diskTotal, double diskFree, double coreUsage, double totalLimit,
                       DiskLimitSource source, double maxUsedGbLimit, double minFreeLimit, double maxUsedPctLimit,
                       double allProjectsLimit, double projectsUsage, boolean suspended,
                       List<ProjectDiskView> projects, List<DeletionView> recentDeletions,
                       Map<DeletionReason, Long> deletions) {

    public DiskView {
        projects = List.copyOf(projects);
        recentDeletions = List.copyOf(recentDeletions);
        deletions = Map.copyOf(deletions);
    }

    /** How far the client's usage is above the total limit (0 if it is not). */
    public double excess() {
        return Math.max(0, coreUsage + projectsUsage - totalLimit);
    }
}

package org.cruncher.engine.policy.disk;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileInfo;

/**
 * The order in which a project's expendable files are deleted (seed 004, "Project Deletion Policy"), and which of
 * them a given priority level allows.
 * <ul>
 *   <li>Eligible at level L: priority at most L, or expired (get_more_disk_space raises L from P_LOW to P_HIGH
 *       until enough space is found).</li>
 *   <li>Files are ranked first by the level that allows them: an expired file's is the first, whatever its
 *       priority ("starting with the lowest priority/expired files"), so that the order shown is the order in which
 *       the levels delete; within a level, by priority.</li>
 *   <li>Least recently used (the default): lowest priority first; within a priority, expired files first; then least
 *       recently used.</li>
 *   <li>Priority policy: lowest priority first; within a priority, expired files first; then in the order they
 *       arrived.</li>
 *   <li>Expire policy: every expired file first, earliest expiry first; then as above.</li>
 * </ul>
 * Least recently used is always the last key, then the file name, so the order is total and stable. The seed's text
 * says "the last file to be downloaded/uploaded is deleted first" under LRU; we read it as least recently used,
 * which is what the name and the rest of the seed mean (src/docs/decisions/0018).
 */
public final class DeletionOrder {

    private DeletionOrder() {
    }

    /** The deletion order of {@code policy} at {@code now}: first in the order, first deleted. */
    public static Comparator<FileInfo> of(DeletionPolicy policy, double now) {
        Comparator<FileInfo> expiredFirst = Comparator.comparing(f -> !f.isExpired(now));
        Comparator<FileInfo> byPriority = Comparator.<FileInfo>comparingInt(f -> level(f, now))
                .thenComparingInt(FileInfo::priority);
        Comparator<FileInfo> order;
        if (policy.expire()) {
            order = expiredFirst.thenComparing(f -> f.isExpired(now) ? f.expiry() : 0.0).thenComparing(byPriority);
        } else {
            order = byPriority.thenComparing(expiredFirst);
        }
        if (policy.priority()) {
            order = order.thenComparingDouble(FileInfo::arrival);
        }
        return order.thenComparingDouble(FileInfo::lastUsed).thenComparing(FileInfo::name);
    }

    /** The first level that allows deleting {@code f}: P_LOW if it has expired, else its priority. */
    static int level(FileInfo f, double now) {
        return f.isExpired(now) ? FileInfo.P_LOW : f.priority();
    }

    /** Whether {@code level} allows deleting {@code f}: its priority is at most the level, or it has expired. */
    public static boolean eligible(FileInfo f, int level, double now) {
        return f.priority() <= level || f.isExpired(now);
    }

    /** The files of {@code files} nothing holds and {@code level} allows, in deletion order. */
    public static List<FileInfo> candidates(Collection<FileInfo> files, FileHolds holds, DeletionPolicy policy,
                                            int level, double now) {
        List<FileInfo> list = new ArrayList<>();
        for (FileInfo f : files) {
            if (!holds.isHeld(f) && eligible(f, level, now)) {
                list.add(f);
            }
        }
        list.sort(of(policy, now));
        return list;
    }
}

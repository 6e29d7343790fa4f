package org.cruncher.engine.api;

import java.util.List;

import org.cruncher.engine.model.DeletionPolicy;

/**
 * One project's disk standing (seed 004).
 *
 * @param url           master URL
 * @param name          name
 * @param usage         bytes its files take (reserved outputs included)
 * @param limit         its share of the space the projects may use, bytes
 * @param policy        its deletion policy
 * @param fileCount     how many files it has
 * @param files         its files, those that may be deleted first in deletion order, then the held ones (at most
 *                      {@link #MAX_FILES})
 * @param shortfall     the last time its server had work that did not fit the space offered, what it said (null
 *                      if not since its last job)
 * @param noRoom        no room could be made for it even by trimming offenders and its own expendable files: it
 *                      is not asked for work
 * @param roomWaits     its resources waiting for room after a reply that filled it (decision 0040), in the order
 *                      resources are served
 * @param yieldsTo      the name of the project within its share that this one, over its own, yields room to: it is
 *                      not asked for work meanwhile (decision 0043); "" if none
 */
public record ProjectDiskView(String url, String name, double usage, double limit, DeletionPolicy policy,
                              int fileCount, List<FileView> files, DiskRefusal shortfall, boolean noRoom,
                              List<RoomWait> roomWaits, String yieldsTo) {

    /** At most this many files per project go in a snapshot. */
    public static final int MAX_FILES = 1000;

    public ProjectDiskView {
        files = List.copyOf(files);
        roomWaits = List.copyOf(roomWaits);
    }

    /** Usage above the limit: positive for an offender. */
    public double excess() {
        return usage - limit;
    }

    public boolean offender() {
        return usage > limit;
    }
}

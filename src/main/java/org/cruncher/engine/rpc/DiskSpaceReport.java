package org.cruncher.engine.rpc;

import org.cruncher.engine.model.DeletionPolicy;

/**
 * The disk figures in a scheduler request (seed 004, "Scheduling Server Changes"; BOINC's names in brackets). The
 * server sends work that fits the first; if none does, the second; if none does and the project allows it
 * ({@code <delete_from_self/>}), the third. +infinity means nothing limits the client's disk.
 *
 * @param free                   free space for projects ({@code project_disk_free})
 * @param freeIfOffendersTrimmed free if the projects above their share were trimmed to it
 *                               ({@code potentially_free_offender})
 * @param freeIfSelfTrimmed      free if, besides, this project's own expendable files were deleted
 *                               ({@code potentially_free_self})
 * @param usedTotal              bytes the client uses in all ({@code d_boinc_used_total})
 * @param usedProject            bytes this project's files take ({@code d_boinc_used_project})
 * @param projectShare           this project's share limit, bytes ({@code d_project_share})
 * @param policy                 the project's deletion policy flags, echoed back
 */
public record DiskSpaceReport(double free, double freeIfOffendersTrimmed, double freeIfSelfTrimmed, double usedTotal,
                              double usedProject, double projectShare, DeletionPolicy policy) {

    /** A client that says nothing of its disk: servers send work without a disk check. */
    public static final DiskSpaceReport UNKNOWN = new DiskSpaceReport(Double.POSITIVE_INFINITY,
            Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0, 0, 0, DeletionPolicy.LRU);

    /** The space the server may fill in pass 1, 2 or 3 (pass 3 only if {@code deleteFromSelf}); -1 if no such pass. */
    public double budget(int pass, boolean deleteFromSelf) {
        switch (pass) {
            case 1:
                return free;
            case 2:
                return freeIfOffendersTrimmed;
            case 3:
                return deleteFromSelf ? freeIfSelfTrimmed : -1;
            default:
                return -1;
        }
    }
}

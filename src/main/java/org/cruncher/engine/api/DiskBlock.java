package org.cruncher.engine.api;

/** Why the disk says no (seed 004): a file that cannot be stored, a project that cannot be given work, computing that stops. */
public enum DiskBlock {
    /** There is room. */
    NONE,
    /**
     * Not enough space for the project even if offenders were trimmed to their share and its own expendable files
     * deleted: the file is refused, the job given up.
     */
    NO_ROOM,
    /**
     * The client uses more than the total limit and everything left belongs to running tasks or to results not yet
     * acknowledged: computing is suspended until there is room.
     */
    OVER_LIMIT
}

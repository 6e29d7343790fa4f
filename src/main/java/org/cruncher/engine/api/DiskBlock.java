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
     * The client uses more than the total limit and the rest is held by tasks and results (giving up the queued ones
     * not started would not bring it under the limit): computing is suspended until there is room.
     */
    OVER_LIMIT
}

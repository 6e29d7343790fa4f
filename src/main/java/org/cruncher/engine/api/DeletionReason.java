package org.cruncher.engine.api;

/** Why a file was deleted to make room (seed 004). Routine clean-up of files no job needs is not counted here. */
public enum DeletionReason {
    /** To store a new file: the file's project used more than its share of the space (get_more_disk_space). */
    OFFENDER_FOR_NEW_FILE,
    /** To store a new file of the same project: one of its own expendable files (associate_file, last resort). */
    OWN_FILE_FOR_NEW_FILE,
    /** Usage was over the total limit: trimming a project that used more than its share (data_manager_poll step 1). */
    OVER_LIMIT_OFFENDER,
    /** Usage was over the total limit: one expendable file from each project in turn (step 2). */
    OVER_LIMIT_ROUND_ROBIN,
    /** Usage was over the total limit: a queued result was given up and its files deleted (step 3). */
    OVER_LIMIT_RESULT_GIVEN_UP
}

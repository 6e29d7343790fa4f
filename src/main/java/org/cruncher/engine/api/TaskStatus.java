package org.cruncher.engine.api;

/** Where a task is, in the words of BOINC Manager's task states (manager-anchors.md §3). */
public enum TaskStatus {
    RUNNING,
    PREEMPTED,
    READY_TO_START,
    DOWNLOADING,
    UPLOADING,
    READY_TO_REPORT,
    COMPUTATION_ERROR,
    DOWNLOAD_FAILED,
    UPLOAD_FAILED,
    ABORTED,
    SUSPENDED_BY_USER,
    PROJECT_SUSPENDED,
    COMPUTING_SUSPENDED,
    SUSPENDED_FOR_DISK,
    GPU_SUSPENDED,
    GPU_MISSING,
    /** Needs more CPUs or GPUs than the client may use on this host: it cannot start. */
    TOO_LARGE_FOR_HOST;

    /**
     * Running, preempted or ready to start: a task the scheduler works with, or one that waits on the host (computing
     * suspended, or too large for the CPUs the user now allows, which only the user can change).
     */
    public boolean isActive() {
        return this == RUNNING || this == PREEMPTED || this == READY_TO_START || this == COMPUTING_SUSPENDED
                || this == GPU_SUSPENDED || this == SUSPENDED_FOR_DISK || this == TOO_LARGE_FOR_HOST;
    }
}

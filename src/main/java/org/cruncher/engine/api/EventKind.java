package org.cruncher.engine.api;

/** What happened. */
public enum EventKind {
    PERIOD_SETTLED(EventCategory.SCHEDULING),
    DEADLINE_RISK(EventCategory.SCHEDULING),
    DEBT_CHANGED(EventCategory.SCHEDULING),
    TASK_STARTED(EventCategory.TASK),
    TASK_RESUMED(EventCategory.TASK),
    TASK_PREEMPTED(EventCategory.TASK),
    TASK_COMPLETED(EventCategory.TASK),
    TASK_FAILED(EventCategory.TASK),
    TASK_SUSPENDED(EventCategory.TASK),
    TASK_DOWNLOADED(EventCategory.TASK),
    TASK_UPLOADED(EventCategory.TASK),
    WORK_REQUESTED(EventCategory.WORK_FETCH),
    JOBS_RECEIVED(EventCategory.WORK_FETCH),
    /** A job in a reply that could not be taken: no such application version, or a task of that name exists. */
    JOB_IGNORED(EventCategory.WORK_FETCH),
    RESOURCE_BACKED_OFF(EventCategory.WORK_FETCH),
    /** A resource backed off for want of disk space may be asked again: the room is there (decision 0037). */
    RESOURCE_BACKOFF_ENDED(EventCategory.WORK_FETCH),
    RPC_SENT(EventCategory.RPC),
    RPC_SUCCEEDED(EventCategory.RPC),
    RPC_FAILED(EventCategory.RPC),
    MASTER_FETCH(EventCategory.RPC),
    RPC_DEFERRED(EventCategory.RPC),
    RESULTS_REPORTED(EventCategory.RPC),
    FILE_DELETED(EventCategory.DISK),
    JOB_REFUSED_FOR_DISK(EventCategory.DISK),
    DISK_SUSPENDED(EventCategory.DISK),
    DISK_RESUMED(EventCategory.DISK),
    DISK_ERROR(EventCategory.DISK),
    PREFS_CHANGED(EventCategory.SCHEDULING),
    USER_ACTION(EventCategory.SCHEDULING),
    /** The client started again on a saved state: its first pass settles the period so far anew. */
    CLIENT_RESTARTED(EventCategory.SCHEDULING),
    /** The emulated computer was switched off (BOINC's on_frac): nothing computes or asks for work. */
    COMPUTER_OFF(EventCategory.SCHEDULING),
    /** The emulated computer is on again. */
    COMPUTER_ON(EventCategory.SCHEDULING),
    /** On, but not allowed to compute (BOINC's active_frac: in use, or outside the hours allowed). */
    COMPUTING_SUSPENDED(EventCategory.SCHEDULING),
    /** Allowed to compute again. */
    COMPUTING_ALLOWED(EventCategory.SCHEDULING),
    /** The GPUs may not compute while the CPUs may (BOINC's gpu_active_frac). */
    GPU_COMPUTING_SUSPENDED(EventCategory.SCHEDULING),
    /** The GPUs may compute again. */
    GPU_COMPUTING_ALLOWED(EventCategory.SCHEDULING);

    private final EventCategory category;

    EventKind(EventCategory category) {
        this.category = category;
    }

    public EventCategory category() {
        return category;
    }
}

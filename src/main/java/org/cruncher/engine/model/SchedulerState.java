package org.cruncher.engine.model;

/** Whether the CPU scheduler wants an active task to run (BOINC's ACTIVE_TASK::scheduler_state). */
public enum SchedulerState {
    /** Active (has a slot) but not yet scheduled, e.g. just read from a state file. */
    UNINITIALIZED,
    /** Suspended by the scheduler: waiting to run. */
    PREEMPTED,
    /** Running. */
    SCHEDULED
}

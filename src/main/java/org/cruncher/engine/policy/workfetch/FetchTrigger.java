package org.cruncher.engine.policy.workfetch;

/** Why a resource needs work (seed 000's need_to_get_work, split into its causes as the seed's XXX asks). */
public enum FetchTrigger {
    /** Enough work queued: nothing to fetch. */
    NONE,
    /** An instance has nothing queued at all. */
    IDLE_INSTANCE,
    /** The queue keeps every instance busy for less than work_buf_min (seed 003's saturated time, low water). */
    BUFFER_LOW,
    /** Packing the queue into instance bins of work_buf_min leaves an instance short (fewer jobs than instances). */
    INSTANCE_SHORT_OF_WORK,
    /** A project has fewer jobs than it needs to use its share of the instances (seed 001's min_results). */
    PROJECT_TOO_FEW_JOBS,
    /** Some project's queue is below its share of the work_buf_min buffer, so the capped total falls short. */
    PROJECT_BELOW_SHARE,
    /** A get-work session begun below the low water goes on while the work is below the high water (seed 002). */
    SESSION_BELOW_HIGH_WATER
}

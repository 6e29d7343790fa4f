package org.cruncher.engine.api;

/**
 * Why the client is, or is not, asking a project for work for a resource. Checked in this order; the first that
 * applies is the answer (backoff last, so that "backed off" means nothing else stands in the way, as in BOINC).
 */
public enum FetchBlock {
    /** This project is being asked for work for this resource. */
    FETCHING,
    /**
     * The project has no application for this resource on this host: it has no standing for the resource at all,
     * whatever the user set (a CPU-only project set to "no new tasks" is not one that may not be asked for the GPU).
     */
    NO_APPS_FOR_RESOURCE,
    /** The user suspended the project. */
    SUSPENDED_BY_USER,
    /**
     * The project is to be removed once its tasks are done (BOINC's {@code detach_when_done}): it gets no new tasks,
     * whatever "no new tasks" says.
     */
    DETACH_WHEN_DONE,
    /** The user set the project to "no new tasks". */
    NO_NEW_TASKS,
    /**
     * Each of the project's app versions for this resource needs more CPUs (or GPUs) than the client may use on
     * this host, for example after the user lowered "use at most % of the CPUs": work for it would never start.
     */
    APPS_TOO_LARGE_FOR_HOST,
    /**
     * No disk space can be made for the project, even by trimming projects over their share and deleting its own
     * expendable files (or computing is suspended for disk): new work could not be stored (seed 004).
     */
    NO_DISK_ROOM,
    /**
     * The project is over its share of the disk while another, within its own and with no work, waits for room for
     * its next job: it is not asked for work, and reports its finished tasks at once, so that the room they free goes
     * to the other (decision 0043).
     */
    YIELDS_DISK_ROOM,
    /**
     * The project is asked for work, but the disk is nearly full for it, so its request asks only for the resources
     * short of jobs for their instances; this one has jobs for its instances and is left out of it (decision 0043).
     */
    LEFT_OUT_DISK_NEARLY_FULL,
    /** Some of its queued jobs for this resource are predicted to miss their deadline: more work would add to it. */
    DEADLINE_MISSES_PREDICTED,
    /**
     * The GPU tasks' CPU shares add up to every usable CPU, for the running ones now and, as forecast, for the queued
     * ones throughout the buffer window: no CPU is left for CPU jobs, so there is no CPU work to fetch (decision
     * 0024).
     */
    CPUS_HELD_BY_GPU_TASKS,
    /** The resource has enough work queued: no project is asked for it. */
    RESOURCE_HAS_ENOUGH_WORK,
    /** The project's queue for this resource is at or above its share of the buffer. */
    PROJECT_HAS_ENOUGH_WORK,
    /** A backup project (share 0) is asked only when an instance would otherwise be idle. */
    ZERO_SHARE_NOT_IDLE,
    /** Another project is further below its share of the buffer and is asked first. */
    ANOTHER_PROJECT_FIRST,
    /** The project's scheduler is not to be contacted yet (request_delay, or backoff after failures). */
    RPC_BACKOFF,
    /** A recent request for this resource returned no job: backed off (seed 003). */
    RESOURCE_BACKOFF
}

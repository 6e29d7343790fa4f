package org.cruncher.engine.api;

/**
 * Why a task is, or is not, running: every decision of the CPU scheduler carries one of these, and so does every
 * task the scheduler could not consider. The GUI turns them into plain words.
 */
public enum TaskReason {
    /** Chosen at the start of the period: its project had the largest anticipated debt among those with a job. */
    RUNNING_HIGHEST_DEBT(true),
    /** Its project was the only one with a job for this resource. */
    RUNNING_ONLY_PROJECT(true),
    /** Started or resumed during the period on an instance that came free (seed 000's start_apps). */
    RUNNING_FREE_INSTANCE(true),
    /** Runs before the debt order: at its project's share it would miss its deadline (deadline rescue). */
    RUNNING_DEADLINE_RISK(true),
    /**
     * In deadline rescue, its deadline already passed: it cannot be in time, and runs first so that it is done and
     * reported as soon as it can be (a project may still take a late result).
     */
    RUNNING_PAST_DEADLINE(true),
    /**
     * Started in deadline rescue, and the forecast has since found it safe: no longer in rescue, it keeps its instance
     * until the period ends, when the debts decide again.
     */
    RUNNING_RESCUED_NOW_SAFE(true),
    /** Its project's share is 0 (a backup project): no project with a share had a job for this instance. */
    RUNNING_BACKUP_PROJECT(true),
    /**
     * A multi-threaded job that needs more CPUs than were free: it overcommits the CPUs by one or more, because no
     * job that fits could use the free ones (src/docs/decisions/0026).
     */
    RUNNING_OVERCOMMITTING(true),

    /** Its project's anticipated debt was below that of the last project given an instance of its resource. */
    WAITING_LOWER_DEBT(false),
    /**
     * Preempted during the period so that a task in deadline rescue could start (the verdict's rival names its
     * project); it competes again when an instance comes free or the period ends.
     */
    WAITING_DEADLINE_RESCUE(false),
    /**
     * Every instance of its resource went to tasks in deadline rescue, before the debt order (the verdict's rival
     * names the project of the last of them): it competes again when one ends or the period ends.
     */
    WAITING_BEHIND_DEADLINE_RESCUE(false),
    /**
     * Its project's share is 0 (a backup project), and a project with a share took the last instance (the verdict's
     * rival): a backup project runs only on an instance no project with a share can use.
     */
    WAITING_BACKUP_PROJECT(false),
    /** Its project runs another of its tasks first: running before preempted before new, earliest deadline first. */
    WAITING_SIBLING_PREFERRED(false),
    /** Arrived during the period while every instance was busy: considered at the next period. */
    WAITING_NO_FREE_INSTANCE(false),
    /**
     * The CPU time the GPU tasks need beside their GPUs keeps the job out: a CPU job finds every usable CPU held by
     * them; a GPU job, its GPU free, would take the GPU tasks' CPU load past the usable CPUs + 1 (decision 0039).
     */
    WAITING_CPUS_HELD_BY_GPU_TASKS(false),
    /** Not enough of its resource was left for it (for example half a GPU free for a job that needs a whole one). */
    WAITING_DOES_NOT_FIT(false),
    /**
     * A multi-threaded job: the CPUs left would take it only by overcommitting them by one or more, and jobs that fit
     * took them instead (src/docs/decisions/0026).
     */
    WAITING_WOULD_OVERCOMMIT(false),
    /**
     * A CPU job with part of a CPU free, or a GPU job with its GPU free: starting it would take the CPUs in use (GPU
     * tasks' CPU time included) past the number the user lets the client use, which BOINC never does (src/docs/decisions/0009). The verdict's limit
     * is that number.
     */
    WAITING_CPU_LIMIT(false),
    /** As many tasks of its app run as app_config.xml's max_concurrent allows (the verdict carries the limit). */
    WAITING_APP_MAX_CONCURRENT(false),
    /** As many tasks of its project run as app_config.xml's project_max_concurrent allows (the verdict's limit). */
    WAITING_PROJECT_MAX_CONCURRENT(false),

    /** The user suspended the task. */
    SUSPENDED_BY_USER(false),
    /** The user suspended the task's project. */
    PROJECT_SUSPENDED(false),
    /** Computing is suspended (the host is off or the preferences do not allow computing now). */
    COMPUTING_SUSPENDED(false),
    /** Computing is suspended because the client uses more disk than allowed and nothing more could go (seed 004). */
    SUSPENDED_FOR_DISK(false),
    /** GPU computing is suspended. */
    GPU_SUSPENDED(false),
    /** The job uses a coprocessor this host does not have (or that the configuration excludes). */
    GPU_MISSING(false),
    /**
     * The job needs more CPUs than the user lets the client use (max_ncpus_pct): it never starts until the limit is
     * raised. The verdict's limit is the usable CPUs.
     */
    NEEDS_MORE_CPUS_THAN_USABLE(false),
    /**
     * The job needs more CPUs than the host has (for a GPU job, more than the CPUs and one more), with no user
     * limit: it can never start here. The verdict's limit is the CPUs.
     */
    NEEDS_MORE_CPUS_THAN_PRESENT(false),
    /** The job needs more instances of its GPU than the host has usable; the verdict's limit is the instances. */
    NEEDS_MORE_GPUS_THAN_PRESENT(false),
    /** Its input files are still downloading. */
    WAITING_FOR_DOWNLOAD(false),
    /** Finished; its output files are uploading. */
    UPLOADING(false),
    /** Finished and uploaded; waiting to be reported to the project. */
    READY_TO_REPORT(false),
    /** The application failed. */
    COMPUTATION_ERROR(false),
    /** Its input files could not be downloaded; the error will be reported. */
    DOWNLOAD_FAILED(false),
    /** Its output files could not be uploaded; the error will be reported. */
    UPLOAD_FAILED(false),
    /** Aborted by the user or the project, or not started by its deadline. */
    ABORTED(false),
    /** Given up to bring disk usage under the limit, or refused because no room could be made for its files. */
    ABORTED_FOR_DISK(false);

    private final boolean running;

    TaskReason(boolean running) {
        this.running = running;
    }

    public boolean isRunning() {
        return running;
    }
}

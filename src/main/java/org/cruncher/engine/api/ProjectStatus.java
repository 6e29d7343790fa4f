package org.cruncher.engine.api;

/** A project's standing with the CPU scheduler. */
public enum ProjectStatus {
    /** The user suspended it. */
    SUSPENDED_BY_USER,
    /** At least one of its tasks runs. */
    RUNNING,
    /** It has tasks to run, but other projects' anticipated debts were larger. */
    WAITING_LOWER_DEBT,
    /** It has nothing to run; its debt is held at 0 until it has (seed 001). */
    NO_RUNNABLE_RESULTS,
    /** None of its applications can run on this host. */
    NO_APPS_FOR_HOST,
    /**
     * The state holds no application of it at all (a project attached that has sent no task yet): BOINC gets one with
     * its first tasks; until then it is not asked for work here (decision 0031).
     */
    NO_APPLICATION_YET;

    /** Whether it has no application it can run here, for either reason. */
    public boolean lacksApplication() {
        return this == NO_APPS_FOR_HOST || this == NO_APPLICATION_YET;
    }
}

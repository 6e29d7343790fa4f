package org.cruncher.engine.model;

/**
 * What the client keeps per (project, processing resource) for work fetch: seed 003's backoff timer, saved in the
 * state file as BOINC's rsc_backoff_time / rsc_backoff_interval.
 */
public final class ProjectResourceState {

    private double backoffUntil;
    private double backoffInterval;

    /** The time before which the client does not ask this project for work for this resource. */
    public double backoffUntil() {
        return backoffUntil;
    }

    /** The current doubling interval, seconds (0 when not backed off). */
    public double backoffInterval() {
        return backoffInterval;
    }

    public boolean isBackedOff(double now) {
        return backoffUntil > now;
    }

    public void backOff(double until, double interval) {
        this.backoffUntil = until;
        this.backoffInterval = interval;
    }

    public void clearBackoff() {
        this.backoffUntil = 0;
        this.backoffInterval = 0;
    }

    public ProjectResourceState copy() {
        ProjectResourceState c = new ProjectResourceState();
        c.backoffUntil = backoffUntil;
        c.backoffInterval = backoffInterval;
        return c;
    }
}

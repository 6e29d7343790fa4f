package org.cruncher.engine.model;

/**
 * What the client keeps per (project, processing resource) for work fetch (seed 003): the backoff timer (BOINC's
 * rsc_backoff_time / rsc_backoff_interval), the long-term debt and the accumulate-debt flag D(P, R), and the time
 * the project gave for its latest job and that job's estimated run time (src/docs/decisions/0005 and 0047).
 */
public final class ProjectResourceState {

    private double backoffUntil;
    private double backoffInterval;
    private boolean backedOffForDisk;
    private double longTermDebt;
    private boolean accumulatesDebt;
    private double lastLatency = Double.POSITIVE_INFINITY;
    private double lastRuntime;
    private String roomWaitApp = "";
    private double roomWaitBytes;

    /** Instance-seconds of this resource owed to the project (seed 003's long-term debt). */
    public double longTermDebt() {
        return longTermDebt;
    }

    public void setLongTermDebt(double debt) {
        this.longTermDebt = debt;
    }

    /**
     * Seed 003's D(P, R): true once the project supplied a job for the resource, false again after a request for
     * it returned nothing. Only while true does the project accrue long-term debt for the resource.
     */
    public boolean accumulatesDebt() {
        return accumulatesDebt;
    }

    public void setAccumulatesDebt(boolean d) {
        this.accumulatesDebt = d;
    }

    /**
     * Deadline - receipt of the latest job the project sent for this resource, seconds (infinite if none yet), so
     * that its deadlines are still known when it has no job left.
     */
    public double lastLatency() {
        return lastLatency;
    }

    public void setLastLatency(double latency) {
        this.lastLatency = latency;
    }

    /**
     * The estimated size of the latest job the project sent for this resource: its run time times the instances it
     * occupies, instance-seconds (0 if none yet; 4 h for a 4-thread job of an hour), so that the work fetch knows how
     * large its next job may be when it has none left.
     */
    public double lastRuntime() {
        return lastRuntime;
    }

    public void setLastRuntime(double seconds) {
        this.lastRuntime = seconds;
    }

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
        backOff(until, interval, false);
    }

    /**
     * Backs off until {@code until}; {@code forDisk} when the reply's tasks for the resource needed more disk space
     * than this computer could make, so that the backoff can say it was not the server's lack of work.
     */
    public void backOff(double until, double interval, boolean forDisk) {
        this.backoffUntil = until;
        this.backoffInterval = interval;
        this.backedOffForDisk = forDisk;
    }

    /** Whether the present backoff followed a reply whose tasks needed more disk space than could be made. */
    public boolean backedOffForDisk() {
        return backedOffForDisk;
    }

    /**
     * Whether the present wait is for room on disk after a reply that brought work filled it: a backoff for disk
     * with no interval, since work came (decision 0040); a refusal's backoff always has one.
     */
    public boolean waitsForRoom() {
        return backedOffForDisk && backoffInterval == 0;
    }

    /**
     * Waits until {@code until} for room on disk, with no interval, after a reply that brought work filled it: the
     * next {@code app} task needs {@code bytes} (decision 0040).
     */
    public void waitForRoom(double until, String app, double bytes) {
        backOff(until, 0, true);
        this.roomWaitApp = app;
        this.roomWaitBytes = bytes;
    }

    /**
     * The app whose next task the wait for room is for ("" when not known, as after reading a state file saved
     * before the app was saved with the wait).
     */
    public String roomWaitApp() {
        return roomWaitApp;
    }

    /** The bytes the next task needs that the wait for room is for (0 when not known). */
    public double roomWaitBytes() {
        return roomWaitBytes;
    }

    /**
     * Ends the present wait but keeps its interval, so that another request that brings nothing doubles it on: the
     * interval goes back to nothing only when a job comes (seed 003).
     */
    public void endWait() {
        this.backoffUntil = 0;
        this.backedOffForDisk = false;
    }

    public void clearBackoff() {
        this.backoffUntil = 0;
        this.backoffInterval = 0;
        this.backedOffForDisk = false;
    }

    public ProjectResourceState copy() {
        ProjectResourceState c = new ProjectResourceState();
        c.backoffUntil = backoffUntil;
        c.backoffInterval = backoffInterval;
        c.backedOffForDisk = backedOffForDisk;
        c.longTermDebt = longTermDebt;
        c.accumulatesDebt = accumulatesDebt;
        c.lastLatency = lastLatency;
        c.lastRuntime = lastRuntime;
        c.roomWaitApp = roomWaitApp;
        c.roomWaitBytes = roomWaitBytes;
        return c;
    }
}

package org.cruncher.engine.model;

import java.util.Objects;

/**
 * A result that has been started: it has a slot, has made progress, and is either running or preempted.
 * Progress is reported by whoever executes it (the emulator, or a real process).
 */
public final class ActiveTask {

    private final Result result;
    private SchedulerState schedulerState = SchedulerState.UNINITIALIZED;
    private double elapsedTime;
    private double cpuTime;
    private double fractionDone;
    private double work;
    private double workAtPeriodStart;
    private double expectedPayOff;
    private double accountedElapsed;
    private boolean exited;
    private int exitStatus;
    private boolean heldForDisk;

    public ActiveTask(Result result) {
        this.result = Objects.requireNonNull(result);
    }

    public Result result() {
        return result;
    }

    public Project project() {
        return result.project();
    }

    public AppVersion appVersion() {
        return result.appVersion();
    }

    public SchedulerState schedulerState() {
        return schedulerState;
    }

    public void setSchedulerState(SchedulerState state) {
        this.schedulerState = Objects.requireNonNull(state);
        result.project().jobsChanged();
    }

    public boolean isScheduled() {
        return schedulerState == SchedulerState.SCHEDULED;
    }

    /**
     * Whether this task was running when computing was suspended for disk space (seed 004), and is held until it
     * resumes: a task already preempted then was not running, and is not held.
     */
    public boolean heldForDisk() {
        return heldForDisk;
    }

    public void setHeldForDisk(boolean held) {
        this.heldForDisk = held;
    }

    public double elapsedTime() {
        return elapsedTime;
    }

    public double cpuTime() {
        return cpuTime;
    }

    public double fractionDone() {
        return fractionDone;
    }

    /** Work done so far in peak FLOPs: instance-seconds of each resource used, times the resource's speed. */
    public double work() {
        return work;
    }

    /** Work done since the last scheduling period began, or since the task started if later. */
    public double workThisPeriod() {
        return work - workAtPeriodStart;
    }

    /** Marks the start of a new accounting period: {@link #workThisPeriod()} restarts from zero. */
    public void markPeriodStart() {
        workAtPeriodStart = work;
    }

    /** The work the scheduler expects this task to do for its project by the end of the current period. */
    public double expectedPayOff() {
        return expectedPayOff;
    }

    public void setExpectedPayOff(double expectedPayOff) {
        this.expectedPayOff = expectedPayOff;
    }

    /** Progress reported by the executor: where the task stands in all, not what it did since the last report. */
    public void setProgress(double elapsed, double cpu, double workDone, double newFractionDone) {
        elapsedTime = elapsed;
        cpuTime = cpu;
        work = workDone;
        fractionDone = Math.max(fractionDone, Math.min(1, newFractionDone));
    }

    /** Restores progress read from a state file. */
    public void restoreProgress(double elapsed, double cpu, double fraction, double workDone) {
        this.elapsedTime = elapsed;
        this.cpuTime = cpu;
        this.fractionDone = Math.max(0, Math.min(1, fraction));
        this.work = workDone;
        this.workAtPeriodStart = workDone;
        this.accountedElapsed = elapsed;
    }

    /** The elapsed seconds the debts have counted so far (the time since is counted at the next poll). */
    public double accountedElapsed() {
        return accountedElapsed;
    }

    /**
     * Restores the elapsed seconds the debts had counted when the state was saved (between two polls, less than
     * the elapsed time), so that the time since is counted at the next poll after a restart.
     */
    public void restoreAccountedElapsed(double accounted) {
        this.accountedElapsed = Math.max(0, Math.min(elapsedTime, accounted));
    }

    /** Seconds it ran since the last call (for long-term debt accounting). */
    public double takeElapsedSinceLastAccounting() {
        double d = elapsedTime - accountedElapsed;
        accountedElapsed = elapsedTime;
        return d;
    }

    public boolean exited() {
        return exited;
    }

    public int exitStatus() {
        return exitStatus;
    }

    /** The executor reports that the task's process ended with {@code status} (0: success). */
    public void markExited(int status) {
        this.exited = true;
        this.exitStatus = status;
        result.project().jobsChanged();
    }

    /**
     * Estimated seconds of computing left: the blend BOINC uses (work_fetch.cpp ACTIVE_TASK::est_dur) of the
     * server's estimate and the rate seen so far, weighted by the fraction done.
     */
    public double estimatedRemaining() {
        double estimate = result.estimatedRuntime();
        if (fractionDone <= 0 || elapsedTime <= 0) {
            return Math.max(0, estimate - elapsedTime);
        }
        double fromProgress = elapsedTime / fractionDone;
        double duration = elapsedTime > estimate ? fromProgress
                : fractionDone * fromProgress + (1 - fractionDone) * estimate;
        return Math.max(0, duration - elapsedTime);
    }

    /** A copy of this task for {@code copyOfResult}. */
    public ActiveTask copyFor(Result copyOfResult) {
        ActiveTask c = new ActiveTask(copyOfResult);
        c.schedulerState = schedulerState;
        c.elapsedTime = elapsedTime;
        c.cpuTime = cpuTime;
        c.fractionDone = fractionDone;
        c.work = work;
        c.workAtPeriodStart = workAtPeriodStart;
        c.expectedPayOff = expectedPayOff;
        c.accountedElapsed = accountedElapsed;
        c.exited = exited;
        c.exitStatus = exitStatus;
        c.heldForDisk = heldForDisk;
        return c;
    }

    @Override
    public String toString() {
        return result.name() + "[" + schedulerState + "]";
    }
}

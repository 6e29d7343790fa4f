package org.cruncher.engine.api;

/**
 * How many tasks are in each broad state (the five add up to every task), how many of the others the user
 * suspended, one by one or with their project ({@code suspendedByUser}, counted in {@code other} too), how many of
 * them all are at risk of missing their deadline ({@link TaskView#deadlineAtRisk()}), and how many of those already
 * missed it ({@code pastDeadline}: not done computing, the deadline passed; counted in {@code atRisk} too).
 */
public record TaskCounts(int running, int preempted, int readyToStart, int readyToReport, int other, int atRisk,
                         int suspendedByUser, int pastDeadline) {

    /** Counts with no task suspended by the user, and none past its deadline. */
    public TaskCounts(int running, int preempted, int readyToStart, int readyToReport, int other, int atRisk) {
        this(running, preempted, readyToStart, readyToReport, other, atRisk, 0, 0);
    }
}

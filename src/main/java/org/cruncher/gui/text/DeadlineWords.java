package org.cruncher.gui.text;

import org.cruncher.engine.api.TaskStatus;

/**
 * In words: when a task is expected to finish against its deadline, for the Tasks pane's Deadline and Expected finish
 * cells. The expected finish is the scheduler's own forecast (seed 003's round-robin simulation), so the words say
 * what the scheduler believes, not a guess of the window's.
 */
public final class DeadlineWords {

    private DeadlineWords() {
    }

    /** "2 h 10 min after its deadline", "3 d 04 h before its deadline", "at its deadline"; "" without an end. */
    public static String margin(double expectedEnd, double deadline) {
        if (Double.isNaN(expectedEnd)) {
            return "";
        }
        double d = expectedEnd - deadline;
        if (Math.abs(d) < 60) {
            return "at its deadline";
        }
        return Format.duration(Math.abs(d)) + (d > 0 ? " after" : " before") + " its deadline";
    }

    /**
     * For a task's whole explanation: "The scheduler's forecast has it finishing Sat 3 Jan 2026 14:05, 2 h 10 min after
     * its deadline (...)".
     */
    public static String forecast(double expectedEnd, double deadline) {
        return "The scheduler's forecast has it finishing " + Format.dateTime(expectedEnd) + ", "
                + margin(expectedEnd, deadline) + " (every project at its share of the processors, each running its "
                + "tasks earliest deadline first).";
    }

    /**
     * The Finishes cell's tooltip: "Expected to finish 2 h 10 min after its deadline (...), if every project runs at
     * its share of the processors and each runs its tasks earliest deadline first." Then, for a task its project runs
     * first to meet a deadline though this one would be in time, why it is at risk all the same; and for a running
     * task the forecast has ending {@code laterThanAlone} seconds after its remaining time, why.
     */
    public static String expectedFinish(double expectedEnd, double deadline, boolean atRisk, double laterThanAlone) {
        return expectedFinish(expectedEnd, deadline, atRisk, laterThanAlone, false);
    }

    /**
     * As {@link #expectedFinish(double, double, boolean, double)}, for a task that runs first to meet its deadline
     * ({@code runsFirst}, deadline rescue): the forecast that found it late is not what will happen to it, as it
     * keeps its processor until it ends; the tip says when that is, its remaining time from now.
     */
    public static String expectedFinish(double expectedEnd, double deadline, boolean atRisk, double laterThanAlone,
                                        boolean runsFirst) {
        if (runsFirst && laterThanAlone > 0 && !Double.isNaN(expectedEnd)) {
            return expectedFinish(expectedEnd, deadline, atRisk, laterThanAlone, false) + " Running first "
                    + "(deadline rescue), it keeps its processor until it ends, about " + Format.clock(expectedEnd
                    - laterThanAlone) + ", unless a task more at risk needs it: the forecast's later end is what "
                    + "put it first.";
        }
        if (Double.isNaN(expectedEnd)) {
            return "";
        }
        StringBuilder sb = new StringBuilder("Expected to finish ").append(margin(expectedEnd, deadline))
                .append(" (").append(Format.dateTime(deadline)).append("), if every project runs at its share of the "
                        + "processors and each runs its tasks earliest deadline first.");
        if (laterThanAlone > 0) {
            sb.append(" That is ").append(Format.duration(laterThanAlone)).append(" later than its remaining time "
                    + "alone says: from now on the forecast gives its project only its share of the processors, runs "
                    + "the project's tasks with earlier deadlines first, and allows for the time the computer is off "
                    + "or not allowed to compute, as often as it has been so far.");
        }
        if (atRisk && expectedEnd <= deadline) {
            sb.append(" It is at risk all the same: it or another task of its project would finish after its "
                    + "deadline or too close to it (the scheduler keeps a safety margin), and while that lasts the "
                    + "project's earliest-deadline tasks may run first (deadline rescue).");
        }
        return sb.toString();
    }

    /**
     * The Deadline cell's tooltip for a task whose deadline passed before it was done: late whatever runs, it goes
     * first so that it is done as soon as it can be; when the forecast has it finishing, if it has an end. What is
     * promised depends on {@code status}: a task that may run goes first now; one held (suspended, downloading, its
     * GPU missing...) once that ends; one uploading has done its computing; one too large for the host never starts.
     */
    public static String passed(double expectedEnd, double deadline, TaskStatus status) {
        String when = Double.isNaN(expectedEnd) ? "" : " Expected to finish " + Format.shortDateTime(expectedEnd)
                + ", " + margin(expectedEnd, deadline) + ".";
        String rescue = "the scheduler runs its project's late and earliest-deadline tasks first (deadline rescue), "
                + "so that it is done and reported as soon as it can be";
        String next = switch (status) {
            case RUNNING, PREEMPTED, READY_TO_START -> " " + Character.toUpperCase(rescue.charAt(0))
                    + rescue.substring(1);
            case UPLOADING -> " Its computing is done: it is reported once its files are uploaded";
            case TOO_LARGE_FOR_HOST -> " It cannot start with the processors BOINC may use here (see Why)";
            default -> " It cannot run now (" + Words.status(status) + "); once it can, " + rescue;
        };
        return "Deadline passed: this task will be late." + when + next + "; a project often still takes a late "
                + "result until another computer returns the same job.";
    }

    /**
     * The Deadline cell's tooltip for a task at risk: how late the forecast has it; or, where it would finish in time,
     * that it or another task of its project would finish after its deadline or too close to it, which is why the
     * scheduler runs the project's earliest-deadline tasks first (deadline rescue picks those, not the late ones).
     * The risk is the forecast's the window shows, which may be newer than the scheduler's last decision: "from its
     * next decision if not already".
     */
    public static String atRisk(double expectedEnd, double deadline) {
        if (Double.isNaN(expectedEnd)) {
            return "At risk: estimated to finish after its deadline.";
        }
        String when = "At risk: expected to finish " + Format.shortDateTime(expectedEnd) + ", "
                + margin(expectedEnd, deadline);
        if (expectedEnd - deadline >= 60) {
            return when + ". While tasks of its project would be late, the scheduler runs the project's "
                    + "earliest-deadline tasks first (deadline rescue), from its next decision if not already.";
        }
        return when + ", but it or another task of its project would finish after its deadline or too close to it "
                + "(the scheduler keeps a safety margin), so the project's earliest-deadline tasks run first "
                + "(deadline rescue), from the scheduler's next decision if not already.";
    }
}

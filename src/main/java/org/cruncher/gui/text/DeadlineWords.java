package org.cruncher.gui.text;

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
     * The Finishes cell's tooltip: "Expected to finish 2 h 10 min after its deadline, each project running at
     * its share of the processors."
     */
    public static String expectedFinish(double expectedEnd, double deadline) {
        if (Double.isNaN(expectedEnd)) {
            return "";
        }
        return "Expected to finish " + margin(expectedEnd, deadline) + " (" + Format.dateTime(deadline) + "), if "
                + "every project runs at its share of the processors and each runs its tasks earliest deadline first.";
    }

    /**
     * The Deadline cell's tooltip for a task at risk: how late the forecast has it, or, where it finishes in time only
     * just, that it is inside the margin the scheduler keeps; either way it runs ahead of its turn until it is safe.
     */
    public static String atRisk(double expectedEnd, double deadline) {
        String rescue = " The scheduler runs it ahead of the debt order (deadline rescue) until it is safe.";
        if (Double.isNaN(expectedEnd)) {
            return "At risk: estimated to finish after its deadline." + rescue;
        }
        String when = Format.shortDateTime(expectedEnd);
        if (expectedEnd - deadline >= 60) {
            return "At risk: expected to finish " + when + ", " + margin(expectedEnd, deadline) + "." + rescue;
        }
        return "At risk: expected to finish " + when + ", " + margin(expectedEnd, deadline) + ", too close: the "
                + "scheduler counts a task as late inside a margin before its deadline." + rescue;
    }
}

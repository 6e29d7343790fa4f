package org.cruncher.engine.policy.rpc;

import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;

/**
 * When finished results must be reported even if no work is needed (seed 002: "report results before or soon
 * after their deadlines"; the seed's report-result session). A result is due:
 * <ol>
 *   <li>at once, if the user asked for immediate reporting (cc_config report_results_immediately) or set the
 *       project to "no new tasks" (no work request would ever carry the report);</li>
 *   <li>{@link #DEADLINE_CUSHION} before its deadline, or a quarter of the time the project gave for the job if
 *       that is shorter (a 6-hour job is reported 90 minutes before its deadline, not at once);</li>
 *   <li>at the latest {@link #MAX_REPORT_DELAY} after it finished.</li>
 * </ol>
 * Otherwise reports ride on the next work request to the project. The bound is a day rather than BOINC's hour:
 * seed 002 asks for as few RPCs as possible (src/docs/decisions/0003).
 */
public final class ReportPolicy {

    /** Report when the deadline is this close, seconds (BOINC's REPORT_DEADLINE_CUSHION). */
    public static final double DEADLINE_CUSHION = 86400;
    /** Report at the latest this long after completion, seconds. */
    public static final double MAX_REPORT_DELAY = 86400;

    private ReportPolicy() {
    }

    /** When {@code result} (ready to report) becomes due for a report-only RPC. */
    public static double dueTime(Result result, ClientConfig config) {
        if (config.reportResultsImmediately() || result.project().noNewTasks()) {
            return result.completedTime();
        }
        double cushion = Math.min(DEADLINE_CUSHION, (result.reportDeadline() - result.receivedTime()) / 4);
        return Math.min(result.reportDeadline() - cushion, result.completedTime() + MAX_REPORT_DELAY);
    }

    /** True if {@code project} may be contacted now only to report. */
    public static boolean mayContact(Project project, double now) {
        return earliestContact(project) <= now;
    }

    /**
     * The earliest time {@code project} may be contacted only to report: when its backoff ends, and never while the
     * user suspends it.
     */
    public static double earliestContact(Project project) {
        return project.suspendedByUser() ? Double.POSITIVE_INFINITY : project.minRpcTime();
    }
}

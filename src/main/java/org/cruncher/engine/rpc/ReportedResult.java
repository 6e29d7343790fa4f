package org.cruncher.engine.rpc;

import org.cruncher.engine.model.ResultState;

/**
 * A finished result reported to the project.
 *
 * @param name          result name
 * @param exitStatus    0 for success
 * @param cpuTime       CPU seconds used
 * @param elapsedTime   wall seconds it ran
 * @param work          peak FLOPs it used, as the scheduler counts them
 * @param deadline      its report deadline
 * @param completedTime when it finished
 * @param state         where it ended (BOINC's {@code <state>} in the request): uploaded, or an error, aborted or a
 *                      failed transfer
 */
public record ReportedResult(String name, int exitStatus, double cpuTime, double elapsedTime, double work,
                             double deadline, double completedTime, ResultState state) {

    public ReportedResult {
        state = state == null ? ResultState.FILES_UPLOADED : state;
    }

    /** A result whose output was uploaded. */
    public ReportedResult(String name, int exitStatus, double cpuTime, double elapsedTime, double work,
                          double deadline, double completedTime) {
        this(name, exitStatus, cpuTime, elapsedTime, work, deadline, completedTime, ResultState.FILES_UPLOADED);
    }

    /**
     * Whether the project counts it a success, as BOINC's server does ({@code handle_results}): its output uploaded
     * and its exit status 0. A computation error, an aborted result or a failed transfer is not.
     */
    public boolean succeeded() {
        return state == ResultState.FILES_UPLOADED && exitStatus == 0;
    }
}

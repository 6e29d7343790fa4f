package org.cruncher.engine.rpc;

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
 */
public record ReportedResult(String name, int exitStatus, double cpuTime, double elapsedTime, double work,
                             double deadline, double completedTime) {
}

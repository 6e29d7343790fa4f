package org.cruncher.engine.api;

/**
 * The emulator's figures of merit so far (boinc-engine.md §4.5).
 *
 * @param idleFraction   capacity unused while computing was allowed
 * @param usableIdleFraction the same over the processors some project has an application for
 * @param wastedFraction work reported after its deadline
 * @param shareViolation distance of the work done from the shares
 * @param targetViolation distance of the work done from the targets on the host
 * @param monotony       how long projects wait to run
 * @param rpcsPerJob     RPCs / (2 x jobs)
 */
public record FiguresView(double idleFraction, double usableIdleFraction, double wastedFraction,
                          double shareViolation, double targetViolation, double monotony, double rpcsPerJob) {
}

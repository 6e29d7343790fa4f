package org.cruncher.engine.api;

import java.util.Set;

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
 * @param measured       the master URLs of the projects the figures measure (those the emulation has a server
 *                       for: an application here and jobs to send); null where not known (every project)
 */
public record FiguresView(double idleFraction, double usableIdleFraction, double wastedFraction,
                          double shareViolation, double targetViolation, double monotony, double rpcsPerJob,
                          Set<String> measured) {

    public FiguresView {
        measured = measured == null ? null : Set.copyOf(measured);
    }

    /** Figures of every project. */
    public FiguresView(double idleFraction, double usableIdleFraction, double wastedFraction, double shareViolation,
                       double targetViolation, double monotony, double rpcsPerJob) {
        this(idleFraction, usableIdleFraction, wastedFraction, shareViolation, targetViolation, monotony, rpcsPerJob,
                null);
    }

    /** Whether the figures measure the project at {@code url}. */
    public boolean measures(String url) {
        return measured == null || measured.contains(url);
    }
}

package org.cruncher.emulator;

import java.util.List;

/**
 * The figures of merit of an emulation, as BOINC's emulator defines them (boinc-engine.md §4.5), except that
 * availability counts only time when the host is on and allowed to compute (ARCHITECTURE.md).
 *
 * @param scenario        the scenario's name
 * @param seed            the random seed
 * @param simulatedDays   emulated time, days
 * @param wallSeconds     time the emulation itself took (not loading)
 * @param computingDays   emulated time during which the host was on and allowed to compute, days
 * @param idleFraction    capacity not used while computing was allowed: max(0, available - used) / available
 * @param usableIdleFraction the same over the processors some project has an application for (a GPU no project
 *                        can use idles whatever the scheduler does, and would hide what it does with the rest)
 * @param wastedFraction  work of results reported after their deadline / available
 * @param shareViolation  sum over projects of |used_p - used x share_p| / used
 * @param targetViolation the same against each project's target on the host (its share given the processors its
 *                        applications can use), which a faithful scheduler can reach
 * @param monotony        1 - 1 / (x + 1), x = sum of the projects' RMS time since they last ran / (n^2 x period)
 * @param rpcsPerJob      scheduler RPCs done / (2 x jobs the servers made)
 * @param rpcs            scheduler RPCs done (failed attempts not counted, as in BOINC)
 * @param rpcsFailed      RPC attempts that failed (server down)
 * @param jobs            jobs the servers made
 * @param events          emulator events processed (for speed figures)
 * @param projects        per-project figures, in scenario order
 * @param disk            how the disk was used; null if nothing limited the client's disk
 */
public record EmulationReport(String scenario, long seed, double simulatedDays, double wallSeconds,
                              double computingDays, double idleFraction, double usableIdleFraction,
                              double wastedFraction, double shareViolation, double targetViolation, double monotony,
                              double rpcsPerJob, long rpcs, long rpcsFailed, long jobs, long events,
                              List<ProjectFigures> projects, DiskFigures disk) {

    public EmulationReport {
        projects = List.copyOf(projects);
    }

    /**
     * Whether the host computed at all: the idle and wasted fractions divide by the work it could have done while
     * computing, and the monotony by the time it computed, so without that they are 0 / 0, undefined (given as 0
     * for those who need a number).
     */
    public boolean computed() {
        return computingDays > 0;
    }

    /**
     * Whether any project did work: the share and target violations divide by the work done, so without any they
     * are 0 / 0, undefined (given as 0, which would read as exact shares).
     */
    public boolean workDone() {
        return projects.stream().anyMatch(p -> p.flopsUsed() > 0);
    }

    /**
     * Whether the share and target violations measure anything: some project did work and some project emulated
     * has a share. Where every share is 0 there is no share to measure the work against (given as 1, which would
     * read as the worst division possible).
     */
    public boolean sharesMeasured() {
        return workDone() && projects.stream().anyMatch(p -> p.resourceShare() > 0);
    }

    /** Whether the servers made any job: RPCs per job divides by the jobs, so without any it is undefined. */
    public boolean jobsMade() {
        return jobs > 0;
    }
}

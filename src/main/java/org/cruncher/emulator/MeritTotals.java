package org.cruncher.emulator;

import java.util.Map;

/**
 * What {@link FiguresOfMerit} has summed so far, to be saved with an emulation and taken up again when it resumes,
 * so that the window's figures (share violation, idle, wasted, monotony, RPCs per job) go on from where they were
 * rather than begin again. Time and work are in seconds and FLOPs, as the figures sum them.
 *
 * @param computingTime   seconds the host computed
 * @param available       FLOPs the host offered while computing
 * @param usableAvailable the part of them on processors some project has an application for
 * @param used            FLOPs the projects' jobs used
 * @param wasted          FLOPs spent on results reported late
 * @param rpcs            scheduler requests that got a reply
 * @param rpcsFailed      scheduler requests that failed
 * @param jobs            jobs the servers made
 * @param usedAtShareChange the FLOPs used when the user last changed the resource shares (0 if never)
 * @param projects        each project's part, by master URL
 */
public record MeritTotals(double computingTime, double available, double usableAvailable, double used, double wasted,
                          long rpcs, long rpcsFailed, long jobs, double usedAtShareChange,
                          Map<String, Project> projects) {

    /**
     * What a scenario's note about its saved figures holds ("client_state.xml <figures_so_far>: ..."): they were set
     * aside on reading.
     */
    public static final String NOTE_MARK = "<figures_so_far>: ";

    /** Nothing summed yet: an emulation from its start. */
    public static final MeritTotals NONE = new MeritTotals(0, 0, 0, 0, 0, 0, 0, 0, 0, Map.of());

    public MeritTotals {
        projects = Map.copyOf(projects);
    }

    /**
     * One project's part.
     *
     * @param used            FLOPs its jobs used
     * @param cpuSeconds      CPU instance-seconds its jobs ran
     * @param gpuSeconds      GPU instance-seconds its jobs ran
     * @param idleTime        seconds since it last ran (while the host computed)
     * @param idleSumSquares  the integral of the square of that time (for monotony)
     * @param met             results reported in time
     * @param missed          results reported late
     * @param wasted          FLOPs of its results reported late
     * @param rpcs            its scheduler requests that got a reply
     * @param rpcFailures     its scheduler requests that failed
     * @param longestDeferral the longest time the client was told to wait before contacting it, seconds
     * @param dueBefore       FLOPs it was due by its share of the work done before the shares last changed
     * @param dueByTargetBefore the same by its target on the host
     */
    public record Project(double used, double cpuSeconds, double gpuSeconds, double idleTime, double idleSumSquares,
                          int met, int missed, double wasted, long rpcs, long rpcFailures, double longestDeferral,
                          double dueBefore, double dueByTargetBefore) {
    }
}

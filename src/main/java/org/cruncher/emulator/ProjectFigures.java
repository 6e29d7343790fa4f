package org.cruncher.emulator;

/**
 * One project's figures at the end of an emulation.
 *
 * @param name            project name
 * @param url             master URL
 * @param resourceShare   its resource share
 * @param flopsUsed       work done for it, peak FLOPs
 * @param flopsShare      its part of all work done, 0..1
 * @param cpuSeconds      CPU instance-seconds used
 * @param gpuSeconds      GPU instance-seconds used
 * @param deadlinesMet    results reported by their deadline
 * @param deadlinesMissed results reported after their deadline
 * @param flopsWasted     work of the results reported late, peak FLOPs
 * @param rpcs            scheduler RPCs its servers answered
 * @param rpcFailures     RPC attempts that failed (server down, or a scheduler URL that does not answer)
 * @param longestDeferral the longest time the client was told not to contact it, seconds
 */
public record ProjectFigures(String name, String url, double resourceShare, double flopsUsed, double flopsShare,
                             double cpuSeconds, double gpuSeconds, int deadlinesMet, int deadlinesMissed,
                             double flopsWasted, long rpcs, long rpcFailures, double longestDeferral) {
}

package org.cruncher.engine.model;

/**
 * What a project's server last said of this computer's disk space (seed 004's three passes): it had work, but its
 * smallest job needed more than the request offered. Kept with the project until a reply brings a job, and saved
 * with the state, so that after a restart the Disk pane still says why a resource waits and the engine still asks
 * again once room has come (src/docs/decisions/0037).
 *
 * @param appName          the app of the smallest job the server could not send
 * @param neededBytes      that job's files
 * @param availableBytes   the most this computer offered, by the server's reckoning
 * @param offeredIfTrimmed the space the request offered once greater offenders were trimmed (the figure the
 *                         server's second pass goes by)
 * @param time             when the server said so
 */
public record ServerDiskShortfall(String appName, double neededBytes, double availableBytes, double offeredIfTrimmed,
                                  double time) {
}

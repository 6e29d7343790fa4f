package org.cruncher.engine.rpc;

/**
 * A scheduler had work but none fitted the disk space the client offered (seed 004's three passes all failed).
 *
 * @param appName        the app of the smallest job it could not send
 * @param neededBytes    that job's files
 * @param availableBytes the most the client offered (the last pass's figure)
 */
public record DiskShortfall(String appName, double neededBytes, double availableBytes) {
}

package org.cruncher.engine.api;

/**
 * A project's server had work but none fitted the disk space this computer offered (seed 004's three passes).
 *
 * @param appName        the app of the smallest job it could not send
 * @param neededBytes    that job's files
 * @param availableBytes the most this computer offered
 * @param time           when the server said so (the reply to the project's last request)
 */
public record DiskRefusal(String appName, double neededBytes, double availableBytes, double time) {
}

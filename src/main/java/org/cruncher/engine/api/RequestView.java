package org.cruncher.engine.api;

/**
 * What a scheduler request asked for one resource.
 *
 * @param seconds   instance-seconds of work
 * @param instances idle instances to fill
 */
public record RequestView(double seconds, double instances) {
}

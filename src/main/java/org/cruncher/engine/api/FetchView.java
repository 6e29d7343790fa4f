package org.cruncher.engine.api;

import org.cruncher.engine.model.ResourceType;

/**
 * A project's standing in work fetch for one resource.
 *
 * @param resource      the resource
 * @param block         whether it is asked for work, and if not, why
 * @param blockedUntil  for backoffs, when they end (NaN otherwise)
 * @param queuedSeconds its queued work for the resource, instance-seconds
 * @param lowWater      below this much queued work it asks for more
 * @param highWater     a request fills it up to this
 */
public record FetchView(ResourceType resource, FetchBlock block, double blockedUntil, double queuedSeconds,
                        double lowWater, double highWater) {
}

package org.cruncher.engine.policy.workfetch;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

/**
 * One project's standing for one resource in a work-fetch decision.
 *
 * @param project       the project
 * @param type          the resource
 * @param queuedSeconds its queued work for the resource, instance-seconds
 * @param lowWater      its share of the low-water buffer (the seed's cap), instance-seconds
 * @param highWater     its share of the high-water buffer, instance-seconds
 * @param block         whether it is asked, and if not, why
 * @param blockedUntil  for backoffs: when the block ends (NaN otherwise)
 */
public record ProjectFetchState(Project project, ResourceType type, double queuedSeconds, double lowWater,
                                double highWater, FetchBlock block, double blockedUntil) {
}

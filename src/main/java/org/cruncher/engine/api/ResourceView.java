package org.cruncher.engine.api;

import org.cruncher.engine.model.ResourceType;

/**
 * A processing resource now.
 *
 * @param type             CPU or a GPU type
 * @param instances        usable instances
 * @param inUse            instances the running tasks use
 * @param flopsPerInstance work of one instance per second, FLOPs
 * @param emulated         a GPU the demo made up
 */
public record ResourceView(ResourceType type, int instances, double inUse, double flopsPerInstance,
                           boolean emulated) {
}

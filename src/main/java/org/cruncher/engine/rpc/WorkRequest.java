package org.cruncher.engine.rpc;

import java.util.Collections;
import java.util.EnumMap;
import java.util.Map;

import org.cruncher.engine.model.ResourceType;

/** The work part of a scheduler request: one {@link ResourceRequest} per resource. */
public record WorkRequest(Map<ResourceType, ResourceRequest> perResource) {

    public static final WorkRequest NONE = new WorkRequest(Map.of());

    public WorkRequest {
        EnumMap<ResourceType, ResourceRequest> copy = new EnumMap<>(ResourceType.class);
        perResource.forEach((k, v) -> {
            if (v.asksForWork()) {
                copy.put(k, v);
            }
        });
        perResource = Collections.unmodifiableMap(copy);
    }

    public ResourceRequest get(ResourceType type) {
        return perResource.getOrDefault(type, ResourceRequest.NONE);
    }

    public boolean asksForWork() {
        return !perResource.isEmpty();
    }

    /** The old scalar field kept for old servers: the largest of the per-resource seconds (seed 003). */
    public double workReqSeconds() {
        double max = 0;
        for (ResourceRequest r : perResource.values()) {
            max = Math.max(max, r.seconds());
        }
        return max;
    }
}

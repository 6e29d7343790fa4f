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

    /**
     * This request's parts for the resources short of jobs for their instances (those it asks instances of: the
     * project's jobs for the resource fill fewer instances than its share of them, or some have nothing to run), if
     * it has any, else this request. With the disk nearly full, the server gives what room there is to the resource
     * it serves first, often a GPU with work queued, while CPUs about to run dry got none (decision 0043).
     */
    public WorkRequest shortOfJobsOnly() {
        Map<ResourceType, ResourceRequest> kept = new EnumMap<>(ResourceType.class);
        perResource.forEach((type, r) -> {
            if (r.instances() > 0) {
                kept.put(type, r);
            }
        });
        return kept.isEmpty() ? this : new WorkRequest(kept);
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

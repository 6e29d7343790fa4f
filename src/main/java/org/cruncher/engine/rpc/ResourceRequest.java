package org.cruncher.engine.rpc;

/**
 * What a scheduler request asks for one resource (seed 003's req_seconds and req_ninstances).
 *
 * @param seconds        instance-seconds of work wanted
 * @param instances      send enough jobs to occupy this many idle instances
 * @param estimatedDelay seconds until a new job for this resource would start, as the client estimates it
 */
public record ResourceRequest(double seconds, double instances, double estimatedDelay) {

    public static final ResourceRequest NONE = new ResourceRequest(0, 0, 0);

    public ResourceRequest {
        seconds = Math.max(0, seconds);
        instances = Math.max(0, instances);
        estimatedDelay = Math.max(0, estimatedDelay);
    }

    public boolean asksForWork() {
        return seconds > 0 || instances > 0;
    }
}

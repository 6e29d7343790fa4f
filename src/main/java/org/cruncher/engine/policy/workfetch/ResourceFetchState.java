package org.cruncher.engine.policy.workfetch;

import org.cruncher.engine.model.ResourceType;

/**
 * The work-buffer figures of one resource.
 *
 * @param type          the resource
 * @param instances     its usable instances
 * @param queuedSeconds instance-seconds of work queued (estimated), all projects
 * @param cappedSeconds the same with each project's contribution capped at its share of the low-water buffer
 * @param lowWater      work_buf_min x instances: the capped total must reach this
 * @param busyInstances instances whose bin of queued work reaches work_buf_min
 * @param idleInstances instances with no job at all queued for them now
 * @param trigger       why the resource needs work (NONE if it does not)
 */
public record ResourceFetchState(ResourceType type, int instances, double queuedSeconds, double cappedSeconds,
                                 double lowWater, int busyInstances, double idleInstances, FetchTrigger trigger) {

    public boolean needsWork() {
        return trigger != FetchTrigger.NONE;
    }
}

package org.cruncher.engine.policy.workfetch;

import org.cruncher.engine.model.ResourceType;

/**
 * The work-buffer figures of one resource.
 *
 * @param type          the resource
 * @param instances     its usable instances
 * @param idleInstances instances with nothing to run now
 * @param shortfall     idle instance-seconds the round-robin simulation expects in the buffer window
 * @param saturated     seconds until an instance first idles (infinite if never, in the simulation)
 * @param window        the buffer window (work_buf_min + work_buf_additional), seconds
 * @param queuedSeconds instance-seconds of work queued (estimated, wall time), all projects
 * @param lowWater      the low-water mark the policy compares with (seconds of saturation, or capped work)
 * @param busyInstances instances whose bin of queued work reaches work_buf_min (seed 000's bins; -1 if unused)
 * @param cappedSeconds queued work with each project capped at its share of the low water (seed 000; NaN if unused)
 * @param trigger       why the resource needs work (NONE if it does not)
 */
public record ResourceFetchState(ResourceType type, int instances, double idleInstances, double shortfall,
                                 double saturated, double window, double queuedSeconds, double lowWater,
                                 int busyInstances, double cappedSeconds, FetchTrigger trigger) {

    public boolean needsWork() {
        return trigger != FetchTrigger.NONE;
    }
}

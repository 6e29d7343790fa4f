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
 * @param idleNow          instances with nothing to run now (round-robin forecast)
 * @param shortfall        idle instance-seconds expected in the buffer window
 * @param saturated        seconds until an instance first idles (infinite if never)
 * @param window           the buffer window (work_buf_min + work_buf_additional), seconds
 * @param lowWater         work_buf_min, seconds: below this saturated time the resource needs work
 * @param wantsWork        the work-fetch policy wants work for it now (an idle instance, a queue below the low
 *                         water, or a project short of its share)
 * @param heldByGpuTasks   for the CPU: GPU tasks hold every usable CPU now and through the buffer window, so no CPU
 *                         work is fetched (decision 0024)
 * @param forecastAt       when the forecast behind idleNow, shortfall and saturated was made, and the work-fetch
 *                         decision with it: the engine's last check, which may be before the snapshot's time (the
 *                         engine looks again when something happens); NaN if none was made
 */
public record ResourceView(ResourceType type, int instances, double inUse, double flopsPerInstance,
                           boolean emulated, double idleNow, double shortfall, double saturated, double window,
                           double lowWater, boolean wantsWork, boolean heldByGpuTasks, double forecastAt) {
}

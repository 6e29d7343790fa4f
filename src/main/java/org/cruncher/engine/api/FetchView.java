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
 * @param shareInstances instances its share of the resource is worth, among the projects that may be asked: of
 *                       the instances left to the resource's jobs (for the CPU, those the GPU jobs leave), on
 *                       average over the window (decision 0024)
 * @param shortfall      instance-seconds its share would idle in the buffer window
 * @param longTermDebt   instance-seconds of the resource owed to it (seed 003)
 * @param accumulatesDebt seed 003's D flag: it supplied jobs for the resource and accrues debt for it
 * @param backoffUntil   no request for the resource before this time (0: not backed off)
 * @param backoffInterval the current backoff interval, seconds (0: none)
 * @param backoffForDisk  the backoff followed a reply whose tasks for the resource needed more disk space than this
 *                        computer could make (the server had work; decision 0018)
 * @param deadlineInstances where its low water is what these instances finish well before its tasks' deadlines,
 *                        below its part of "Store at least" (decisions 0005, 0048 and 0050), those instances; NaN
 *                        otherwise
 * @param besideHeldWork  those instances are what its share leaves it beside the tasks of projects that cannot be
 *                        asked now (decision 0050), fewer than its share and its fair part would give
 */
public record FetchView(ResourceType resource, FetchBlock block, double blockedUntil, double queuedSeconds,
                        double lowWater, double highWater, double shareInstances, double shortfall,
                        double longTermDebt, boolean accumulatesDebt, double backoffUntil,
                        double backoffInterval, boolean backoffForDisk, double deadlineInstances,
                        boolean besideHeldWork) {

    /** A standing whose queue is held lower by its share or its fair part (decisions 0005 and 0048), or not at all. */
    public FetchView(ResourceType resource, FetchBlock block, double blockedUntil, double queuedSeconds,
                     double lowWater, double highWater, double shareInstances, double shortfall,
                     double longTermDebt, boolean accumulatesDebt, double backoffUntil,
                     double backoffInterval, boolean backoffForDisk, double deadlineInstances) {
        this(resource, block, blockedUntil, queuedSeconds, lowWater, highWater, shareInstances, shortfall,
                longTermDebt, accumulatesDebt, backoffUntil, backoffInterval, backoffForDisk, deadlineInstances, false);
    }

    /** A standing whose marks are its share's (no deadline holds its queue lower). */
    public FetchView(ResourceType resource, FetchBlock block, double blockedUntil, double queuedSeconds,
                     double lowWater, double highWater, double shareInstances, double shortfall,
                     double longTermDebt, boolean accumulatesDebt, double backoffUntil,
                     double backoffInterval, boolean backoffForDisk) {
        this(resource, block, blockedUntil, queuedSeconds, lowWater, highWater, shareInstances, shortfall,
                longTermDebt, accumulatesDebt, backoffUntil, backoffInterval, backoffForDisk, Double.NaN, false);
    }
}

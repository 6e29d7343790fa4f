package org.cruncher.engine.policy.workfetch;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

/**
 * One project's standing for one resource in a work-fetch decision.
 *
 * @param project        the project
 * @param type           the resource
 * @param queuedSeconds  its queued work for the resource, instance-seconds
 * @param lowWater       below this much queued work it asks for more
 * @param highWater      a request fills it up to this
 * @param shareInstances instances its share of the resource is worth, among the projects that may be asked: of
 *                       the instances left to the resource's jobs (for the CPU, those the GPU jobs leave), on
 *                       average over the window (decision 0024)
 * @param shortfall      instance-seconds its share would idle in the buffer window
 * @param block          whether it is asked, and if not, why
 * @param blockedUntil   for backoffs: when the block ends (NaN otherwise)
 * @param deadlineInstances where its low water is what these instances of the resource finish well before its
 *                       tasks' deadlines, below its part of "Store at least" (decision 0005's cap, at its share or,
 *                       if less, at its fair part of the host's work, decision 0048, or at what its share leaves it
 *                       beside the tasks of projects that cannot be asked, decision 0050), those instances; NaN
 *                       otherwise
 * @param besideHeldWork whether those instances are decision 0050's, fewer than its share and its fair part give
 */
public record ProjectFetchState(Project project, ResourceType type, double queuedSeconds, double lowWater,
                                double highWater, double shareInstances, double shortfall, FetchBlock block,
                                double blockedUntil, double deadlineInstances, boolean besideHeldWork) {

    /** A standing whose queue is held lower by its share or its fair part (decisions 0005 and 0048), or not at all. */
    public ProjectFetchState(Project project, ResourceType type, double queuedSeconds, double lowWater,
                             double highWater, double shareInstances, double shortfall, FetchBlock block,
                             double blockedUntil, double deadlineInstances) {
        this(project, type, queuedSeconds, lowWater, highWater, shareInstances, shortfall, block, blockedUntil,
                deadlineInstances, false);
    }

    /** A standing whose marks are its share's, as in the policies without decision 0005's cap. */
    public ProjectFetchState(Project project, ResourceType type, double queuedSeconds, double lowWater,
                             double highWater, double shareInstances, double shortfall, FetchBlock block,
                             double blockedUntil) {
        this(project, type, queuedSeconds, lowWater, highWater, shareInstances, shortfall, block, blockedUntil,
                Double.NaN, false);
    }
}

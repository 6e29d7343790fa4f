package org.cruncher.engine.api;

import org.cruncher.engine.model.ResourceType;

/**
 * The scheduler's decision about one task, with the figures behind it.
 *
 * @param reason        what was decided and why
 * @param resource      the resource the task runs on (CPU or its GPU type)
 * @param ownPriority   its project's anticipated (or expected future) debt when the decision was made, FLOPs
 * @param rival         for a waiting task: the last project given an instance of its resource (null otherwise)
 * @param rivalPriority that project's anticipated debt when it won the instance, FLOPs (NaN without a rival)
 * @param limit         for a task held back by a max_concurrent limit: that limit (0 otherwise)
 */
public record TaskVerdict(TaskReason reason, ResourceType resource, double ownPriority, String rival,
                          double rivalPriority, int limit) {

    /** A verdict without a concurrency limit. */
    public TaskVerdict(TaskReason reason, ResourceType resource, double ownPriority, String rival,
                       double rivalPriority) {
        this(reason, resource, ownPriority, rival, rivalPriority, 0);
    }

    public static TaskVerdict of(TaskReason reason, ResourceType resource) {
        return new TaskVerdict(reason, resource, Double.NaN, null, Double.NaN);
    }

    /** A task held back by a max_concurrent limit of {@code limit} tasks. */
    public static TaskVerdict limited(TaskReason reason, ResourceType resource, int limit) {
        return new TaskVerdict(reason, resource, Double.NaN, null, Double.NaN, limit);
    }

    public boolean isRunning() {
        return reason.isRunning();
    }
}

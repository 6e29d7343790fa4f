package org.cruncher.engine.api;

import org.cruncher.engine.model.ResourceType;

/**
 * The scheduler's decision about one task, with the figures behind it.
 *
 * @param reason        what was decided and why
 * @param resource      the resource the task runs on (CPU or its GPU type)
 * @param ownPriority   its project's anticipated (or expected future) debt when the decision was made, FLOPs
 * @param rival         for a waiting task: the last project given an instance of its resource; for one waiting for
 *                      its siblings, the last other project that took one with a larger debt (null otherwise)
 * @param rivalPriority that project's anticipated debt when it won the instance, FLOPs (NaN without a rival)
 * @param limit         for a task held back by a max_concurrent limit: that limit; by the user's CPU limit (or too
 *                      large for the host): the CPUs (or GPUs) it gives (0 otherwise)
 * @param decidedAt     when the pass that gave it ran, seconds since the epoch (NaN until the engine stamps it): the
 *                      debts above are that moment's, and the Projects pane's columns move on from them
 */
public record TaskVerdict(TaskReason reason, ResourceType resource, double ownPriority, String rival,
                          double rivalPriority, int limit, double decidedAt) {

    /** A verdict not yet stamped with its time. */
    public TaskVerdict(TaskReason reason, ResourceType resource, double ownPriority, String rival,
                       double rivalPriority, int limit) {
        this(reason, resource, ownPriority, rival, rivalPriority, limit, Double.NaN);
    }

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

    /** This verdict as given by a pass at {@code time}. */
    public TaskVerdict at(double time) {
        return new TaskVerdict(reason, resource, ownPriority, rival, rivalPriority, limit, time);
    }

    public boolean isRunning() {
        return reason.isRunning();
    }
}

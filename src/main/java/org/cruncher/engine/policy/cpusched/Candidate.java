package org.cruncher.engine.policy.cpusched;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.Result;

/**
 * A job the scheduler may give an instance to.
 *
 * @param result the result
 * @param task   its active task, or null for a result never started
 * @param kind   running, preempted or new: the seeds prefer them in that order
 */
public record Candidate(Result result, ActiveTask task, Kind kind) {

    /** In order of preference within a project (seeds 000 and 001). */
    public enum Kind {
        RUNNING, PREEMPTED, NEW
    }
}

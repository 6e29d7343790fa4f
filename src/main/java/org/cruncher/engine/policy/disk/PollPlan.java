package org.cruncher.engine.policy.disk;

import java.util.List;

import org.cruncher.engine.model.Result;

/**
 * What data_manager_poll decided (seed 004, "Violating User Disk Usage Preferences").
 *
 * @param excessBefore bytes the client used above its total limit before
 * @param givenUp      queued results to give up (step 3), before their files are deleted
 * @param deletions    files to delete, in order
 * @param excessAfter  bytes above the limit after the deletions (0 if the plan brings usage under it)
 * @param suspend      nothing more can be deleted and usage is still over: computing is to be suspended
 */
public record PollPlan(double excessBefore, List<Result> givenUp, List<Deletion> deletions, double excessAfter,
                       boolean suspend) {

    public static final PollPlan NOTHING = new PollPlan(0, List.of(), List.of(), 0, false);

    public PollPlan {
        givenUp = List.copyOf(givenUp);
        deletions = List.copyOf(deletions);
    }
}

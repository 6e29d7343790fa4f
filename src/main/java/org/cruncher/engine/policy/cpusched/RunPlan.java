package org.cruncher.engine.policy.cpusched;

import java.util.List;
import java.util.Map;

import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;

/**
 * A scheduling decision, for the mechanism to apply.
 *
 * @param atPeriodStart true for the full pass at a period boundary (tasks not listed are preempted); false for a
 *                      mid-period pass that only fills free instances
 * @param toRun         the jobs to run, in the order they were chosen
 * @param verdicts      why each runnable task considered runs or waits
 * @param priorities    each project's anticipated (or expected future) debt after the choices, FLOPs
 * @param debtChanges   how the debts were settled (period passes only; empty otherwise)
 */
public record RunPlan(boolean atPeriodStart, List<Start> toRun, Map<Result, TaskVerdict> verdicts,
                      Map<Project, Double> priorities, List<DebtChange> debtChanges) {

    /**
     * One job to run.
     *
     * @param result         the result
     * @param task           its active task, or null if it must be started for the first time
     * @param kind           whether it was running, preempted or new
     * @param expectedPayOff work it is expected to do for its project by the end of the period, FLOPs
     */
    public record Start(Result result, ActiveTask task, Candidate.Kind kind, double expectedPayOff) {
    }
}

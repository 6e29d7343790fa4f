package org.cruncher.engine.policy.cpusched;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.Result;

/**
 * Filling instances that come free during a period (a task finished, new work arrived). Seed 000 (start_apps):
 * <ol>
 *   <li>expected future debt = debt - work done this period by tasks that ended, for every project;</li>
 *   <li>minus the expected pay-off of each of the project's running tasks;</li>
 *   <li>while an instance is free: give it to the project with the largest expected future debt among those with a
 *       preempted task or a new result for it, preferring a preempted task, then the new result with the earliest
 *       deadline, within app_config.xml's max_concurrent (running tasks count);</li>
 *   <li>charge that project fraction_of_period_left x the job's expected pay-off.</li>
 * </ol>
 */
public final class MidPeriodScheduler {

    private MidPeriodScheduler() {
    }

    /**
     * @param fractionLeft     the part of the period still to run, in [0, 1]
     * @param previousVerdicts verdicts given earlier this period (kept for tasks still waiting, unless {@link
     *                         Candidates#forFreeInstances} has them judged again)
     */
    public static RunPlan plan(ClientState state, ResourceSet resources, double periodSeconds, double fractionLeft,
                               Map<Result, TaskVerdict> previousVerdicts) {
        return plan(state, resources, periodSeconds, fractionLeft, previousVerdicts, new CandidateDigests());
    }

    /**
     * As {@link #plan(ClientState, ResourceSet, double, double, Map)}, looking again only at the projects whose jobs
     * changed since the passes that wrote {@code digests} and {@code previousVerdicts}.
     */
    public static RunPlan plan(ClientState state, ResourceSet resources, double periodSeconds, double fractionLeft,
                               Map<Result, TaskVerdict> previousVerdicts, CandidateDigests digests) {
        MidPeriodStart start = MidPeriodStart.of(state, resources);
        Map<Project, Double> priority = start.priorities();
        CapacityLedger ledger = start.ledger();
        ConcurrencyLimits limits = start.limits();
        Candidates candidates = Candidates.forFreeInstances(state, resources, previousVerdicts, digests);
        Map<Project, Double> before = new LinkedHashMap<>(priority);
        double share = Math.max(0, Math.min(1, fractionLeft)) * periodSeconds;
        InstanceAllocator.Outcome outcome = InstanceAllocator.allocate(resources, ledger, limits, candidates,
                priority, v -> resources.peakFlops(v) * share);

        List<RunPlan.Start> toRun = new ArrayList<>();
        for (InstanceAllocator.Pick pick : outcome.picks()) {
            Candidate c = pick.candidate();
            toRun.add(new RunPlan.Start(c.result(), c.task(), c.kind(),
                    resources.peakFlops(c.result().appVersion()) * share));
        }
        return new RunPlan(false, toRun,
                Verdicts.of(candidates, outcome, before, ledger, limits, TaskReason.RUNNING_FREE_INSTANCE,
                        previousVerdicts),
                priority, List.of());
    }
}

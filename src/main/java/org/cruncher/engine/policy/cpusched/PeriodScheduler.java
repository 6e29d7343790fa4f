package org.cruncher.engine.policy.cpusched;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;

/**
 * The scheduling pass at each period boundary. Seed 001 (schedule_cpus), after seed 000 (preempt_apps):
 * <ol>
 *   <li>(the mechanism has already added the running tasks' work to their projects' work done this period);</li>
 *   <li>settle the debts: see {@link DebtAccounting};</li>
 *   <li>anticipated debt = debt, for every project;</li>
 *   <li>give each instance of each resource (GPUs first, then CPUs) to the project with the largest anticipated debt
 *       among those with a job for it, preferring its running task, then a preempted one, then a new result with
 *       the earliest deadline, never more tasks of an app or project at once than app_config.xml's
 *       max_concurrent allows (held-back tasks say so); lower that project's anticipated debt by the job's expected
 *       pay-off;</li>
 *   <li>(the mechanism then preempts running tasks not chosen and starts or resumes the chosen ones).</li>
 * </ol>
 * The expected pay-off of a job is the work it would do in a whole period: its peak FLOPS times the period. When
 * every CPU was busy this equals the seed's total work / number of CPUs; see src/docs/decisions/0002.
 */
public final class PeriodScheduler {

    private PeriodScheduler() {
    }

    /**
     * A pass at one period boundary: the runnable jobs are collected once, for both steps (nothing the mechanism does
     * between them changes which jobs may run).
     */
    public static final class Pass {
        private final ClientState state;
        private final ResourceSet resources;
        private final Candidates candidates;

        private Pass(ClientState state, ResourceSet resources) {
            this.state = state;
            this.resources = resources;
            this.candidates = Candidates.collect(state, resources);
        }

        /**
         * Step 2: how the debts settle for the period that ends now (not applied: the mechanism applies them).
         *
         * @param debtBound the largest debt magnitude, FLOPs
         */
        public List<DebtChange> settle(double debtBound) {
            return DebtAccounting.settle(state.projects(), candidates.resourcesByProject(), debtBound);
        }

        /**
         * Steps 3 and 4: anticipated debt = debt (already settled), then every instance to the largest anticipated
         * debt. Call once: it takes the jobs it gives out.
         *
         * @param periodSeconds the scheduling period
         */
        public RunPlan allocate(double periodSeconds) {
            Map<Project, Double> priority = new LinkedHashMap<>();
            for (Project p : state.projects()) {
                priority.put(p, p.debt());
            }
            Map<Project, Double> before = new LinkedHashMap<>(priority);
            CapacityLedger ledger = new CapacityLedger(resources);
            ConcurrencyLimits limits = new ConcurrencyLimits();
            InstanceAllocator.Outcome outcome = InstanceAllocator.allocate(resources, ledger, limits, candidates,
                    priority, v -> resources.peakFlops(v) * periodSeconds);

            List<RunPlan.Start> toRun = new ArrayList<>();
            for (InstanceAllocator.Pick pick : outcome.picks()) {
                Candidate c = pick.candidate();
                toRun.add(new RunPlan.Start(c.result(), c.task(), c.kind(),
                        resources.peakFlops(c.result().appVersion()) * periodSeconds));
            }
            return new RunPlan(true, toRun,
                    Verdicts.of(candidates, outcome, before, ledger, limits, TaskReason.RUNNING_HIGHEST_DEBT, null),
                    priority, List.of());
        }
    }

    /** Begins the pass at a period boundary. */
    public static Pass begin(ClientState state, ResourceSet resources) {
        return new Pass(state, resources);
    }

    /** Both steps on a copy of the debts, for callers that do not apply them in between (tests, what-if). */
    public static RunPlan plan(ClientState state, ResourceSet resources, double periodSeconds, double debtBound) {
        Pass pass = begin(state, resources);
        List<DebtChange> debts = pass.settle(debtBound);
        Map<Project, Double> saved = new LinkedHashMap<>();
        for (DebtChange d : debts) {
            saved.put(d.project(), d.project().debt());
            d.project().setDebt(d.after());
        }
        try {
            RunPlan plan = pass.allocate(periodSeconds);
            return new RunPlan(true, plan.toRun(), plan.verdicts(), plan.priorities(), debts);
        } finally {
            saved.forEach(Project::setDebt);
        }
    }
}

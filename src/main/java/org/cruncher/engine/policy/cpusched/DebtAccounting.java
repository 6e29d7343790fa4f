package org.cruncher.engine.policy.cpusched;

import java.util.ArrayList;
import java.util.Collection;
import java.util.List;
import java.util.Set;

import org.cruncher.engine.model.Project;

/**
 * Settles the debts at a period boundary. Seeds 000 ("Debt computation") and 001 (schedule_cpus):
 * <ol>
 *   <li>adjusted total share = the sum of the shares of projects with a runnable result;</li>
 *   <li>a project without a runnable result gets debt 0 (it must not build up debt while it has no work);</li>
 *   <li>any other project: debt += share / adjusted total share x total work done - work done for it;</li>
 *   <li>the debt is clamped to +-{@code bound} so that a project that alone can use some resource cannot build
 *       unbounded debt (BOINC clamped its short-term debt to +-1 day).</li>
 * </ol>
 * Work is in FLOPs as the scheduler counts it (instance-seconds times the resource's speed), so that debt spans CPUs
 * and GPUs (seed 003).
 */
public final class DebtAccounting {

    private DebtAccounting() {
    }

    /**
     * @param projects       all projects
     * @param withRunnable   the projects that have a runnable result
     * @param totalWork      work done for all projects this period, FLOPs
     * @param bound          the largest debt magnitude allowed, FLOPs
     * @return the change for every project, in the order given
     */
    public static List<DebtChange> settle(Collection<Project> projects, Set<Project> withRunnable, double totalWork,
                                          double bound) {
        double adjustedShare = 0;
        for (Project p : projects) {
            if (withRunnable.contains(p)) {
                adjustedShare += p.resourceShare();
            }
        }
        List<DebtChange> changes = new ArrayList<>(projects.size());
        for (Project p : projects) {
            double before = p.debt();
            double paid = p.workDoneThisPeriod();
            if (!withRunnable.contains(p)) {
                changes.add(new DebtChange(p, before, 0, paid, 0, true, false));
                continue;
            }
            double accrued = adjustedShare > 0 ? p.resourceShare() / adjustedShare * totalWork : 0;
            double raw = before + accrued - paid;
            double after = Math.max(-bound, Math.min(bound, raw));
            changes.add(new DebtChange(p, before, accrued, paid, after, false, after != raw));
        }
        return changes;
    }
}

package org.cruncher.engine.policy.cpusched;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

/**
 * Settles the debts at a period boundary. Seeds 000 ("Debt computation") and 001 (schedule_cpus):
 * <ol>
 *   <li>a project that had no work in the period (no runnable result now, and no work done by its jobs in the
 *       period), or that you have suspended, gets debt 0 (it must not build up debt while it has no work); what a
 *       suspended project's jobs did before it was suspended is left out of the work shared out, so that the
 *       others are not owed it;</li>
 *   <li>any other project: debt += its fair part of the work done - the work done for it. Its fair part is seed
 *       001's share / (total share of projects with a runnable result) x total work when every project can use
 *       every resource, and in general its weighted max-min fair part ({@link FairShareTargets}) over the
 *       resources it has work for;</li>
 *   <li>the debt is clamped to +-{@code bound}, so that a project kept from its share by something scheduling
 *       cannot change (max_concurrent, a resource only it can use) does not build debt without end, and take the
 *       host for as long once free (BOINC clamped its short-term debt to +-1 day; the seeds have no clamp:
 *       src/docs/decisions/0038);</li>
 *   <li>what the clamp cut off goes to the other projects' debts in equal parts, so that the debts keep their
 *       sum and the others their differences.</li>
 * </ol>
 * Work is in FLOPs as the scheduler counts it (instance-seconds times the resource's speed), so that debt spans CPUs
 * and GPUs (seed 003).
 */
public final class DebtAccounting {

    private DebtAccounting() {
    }

    /**
     * The projects that had work in the period, with the resources they had it for: those with a runnable result
     * now, and those whose jobs did work in the period (a project whose last job ended at the boundary had work all
     * period; src/docs/decisions/0015). Not a project suspended by the user: it has nothing to run, as the seed
     * says, though its jobs worked before the suspension.
     */
    private static Map<Project, Set<ResourceType>> hadWork(Collection<Project> projects,
                                                           Map<Project, Set<ResourceType>> runnableOn) {
        Map<Project, Set<ResourceType>> m = new LinkedHashMap<>();
        for (Project p : projects) {
            if (p.suspendedByUser()) {
                continue;
            }
            Set<ResourceType> uses = EnumSet.noneOf(ResourceType.class);
            uses.addAll(runnableOn.getOrDefault(p, Set.of()));
            for (ResourceType t : ResourceType.values()) {
                if (p.workDoneThisPeriod(t) > 0) {
                    uses.add(t);
                }
            }
            if (!uses.isEmpty() || runnableOn.containsKey(p)) {
                m.put(p, uses);
            }
        }
        return m;
    }

    /**
     * Holds each debt within +-{@code bound}, in place, marking those held in {@code held}. What the bound cuts off a
     * debt goes to the debts not held, in equal parts (and again, should that take one past the bound), so that the
     * debts keep their sum, as BOINC's normalisation to mean 0 kept it. Without that, two projects over their share
     * both fell to the lower bound, where their debts stayed equal for good and the smaller URL won every tie
     * (review; src/docs/decisions/0038).
     *
     * A backup project's debt ({@code backup}: share 0) neither takes on nor gives any of it: its debt decides
     * nothing against the others' (decision 0023); it was pushed towards a day of debt by another project's
     * overflow, and its own held the others' at 0 (review).
     *
     * @return for each debt, what it took on of the others' cuts, FLOPs
     */
    private static double[] holdWithinBound(double[] debts, boolean[] held, boolean[] backup, double bound) {
        double[] cutElsewhere = new double[debts.length];
        for (int round = 0; round < debts.length; round++) {
            double cut = 0;
            int free = 0;
            for (int i = 0; i < debts.length; i++) {
                if (!held[i] && Math.abs(debts[i]) >= bound) {
                    double kept = Math.max(-bound, Math.min(bound, debts[i]));
                    if (!backup[i]) {
                        cut += debts[i] - kept;
                    }
                    debts[i] = kept;
                    held[i] = true;
                } else if (!held[i] && !backup[i]) {
                    free++;
                }
            }
            if (cut == 0 || free == 0) {
                break;
            }
            for (int i = 0; i < debts.length; i++) {
                if (!held[i] && !backup[i]) {
                    debts[i] += cut / free;
                    cutElsewhere[i] += cut / free;
                }
            }
        }
        return cutElsewhere;
    }

    /**
     * @param projects   all projects
     * @param runnableOn for each project with a runnable result, the resources it has runnable results for
     * @param bound      the largest debt magnitude allowed, FLOPs
     * @return the change for every project, in the order given
     */
    public static List<DebtChange> settle(Collection<Project> projects, Map<Project, Set<ResourceType>> runnableOn,
                                          double bound) {
        Map<Project, Set<ResourceType>> hadWork = hadWork(projects, runnableOn);
        Map<ResourceType, Double> work = new EnumMap<>(ResourceType.class);
        for (Project p : hadWork.keySet()) {
            for (ResourceType t : ResourceType.values()) {
                double w = p.workDoneThisPeriod(t);
                if (w > 0) {
                    work.merge(t, w, Double::sum);
                }
            }
        }
        for (Set<ResourceType> uses : hadWork.values()) {
            for (ResourceType t : uses) {
                work.putIfAbsent(t, 0.0);
            }
        }
        Map<Project, Double> targets = FairShareTargets.compute(hadWork, work);
        List<Project> settled = new ArrayList<>(hadWork.keySet());
        double[] debts = new double[settled.size()];
        for (int i = 0; i < debts.length; i++) {
            Project p = settled.get(i);
            debts[i] = p.debt() + targets.get(p) - p.workDoneThisPeriod();
        }
        boolean[] held = new boolean[debts.length];
        boolean[] backup = new boolean[debts.length];
        for (int i = 0; i < debts.length; i++) {
            backup[i] = settled.get(i).resourceShare() <= 0;
        }
        double[] cutElsewhere = holdWithinBound(debts, held, backup, bound);
        List<DebtChange> changes = new ArrayList<>(projects.size());
        int i = 0;
        for (Project p : projects) {
            // The projects settled are a part of projects, in the same order.
            if (i < debts.length && settled.get(i) == p) {
                changes.add(new DebtChange(p, p.debt(), targets.get(p), p.workDoneThisPeriod(), debts[i],
                        cutElsewhere[i], false, held[i]));
                i++;
            } else {
                changes.add(new DebtChange(p, p.debt(), 0, p.workDoneThisPeriod(), 0, 0, true, false));
            }
        }
        return changes;
    }
}

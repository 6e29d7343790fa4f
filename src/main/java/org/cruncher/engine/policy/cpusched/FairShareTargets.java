package org.cruncher.engine.policy.cpusched;

import java.util.ArrayList;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

/**
 * Each project's fair part of the work done in a period when projects can use different resources: weighted
 * max-min fairness by resource share (progressive filling), over the resources each project had work for.
 * <ol>
 *   <li>every project's target grows as share x lambda, lambda rising for all projects together;</li>
 *   <li>a set S of resources limits the projects that can use nothing but S: their targets together cannot exceed
 *       the work done on S; the first such limit reached freezes those projects' targets;</li>
 *   <li>lambda keeps rising for the others until every project is frozen.</li>
 * </ol>
 * When every project can use every resource this is exactly seed 001's accrual, share / total share x total work.
 * With seed 003's example (A: GPU only; B: CPU and GPU; GPU twice the CPU; equal shares) both targets are half the
 * work, so A's debt is paid only by GPU time and the GPU goes 75/25. A project alone on a fast GPU gets that GPU's
 * work as its target, so the CPU-only projects share the CPUs by their shares (src/docs/decisions/0010).
 */
public final class FairShareTargets {

    private FairShareTargets() {
    }

    /**
     * Each project's target, and the set of resources whose work limited it.
     *
     * @param targets each project's target, FLOPs
     * @param limits  for each project frozen by a set S of resources, S: the work done on S went wholly to the
     *                projects that can use nothing outside S, this one among them (empty for a zero share)
     */
    public record Fill(Map<Project, Double> targets, Map<Project, Set<ResourceType>> limits) {
    }

    /**
     * @param eligible for each project with runnable work, the resources it has work for
     * @param work     work done on each resource this period, FLOPs
     * @return each project's target, FLOPs; they add up to the work done on resources someone was eligible for
     */
    public static Map<Project, Double> compute(Map<Project, Set<ResourceType>> eligible, Map<ResourceType, Double> work) {
        return fill(eligible, work).targets();
    }

    /** As {@link #compute}, with the resources that limited each project. */
    public static Fill fill(Map<Project, Set<ResourceType>> eligible, Map<ResourceType, Double> work) {
        return fill(eligible, work, Map.of());
    }

    /**
     * As {@link #fill(Map, Map)}, a project's target also stopping at {@code caps}' figure for it, the most it can
     * use (its max_concurrent limits): it freezes there, and the others share what it leaves. A project without a
     * figure has no such cap.
     */
    public static Fill fill(Map<Project, Set<ResourceType>> eligible, Map<ResourceType, Double> work,
                            Map<Project, Double> caps) {
        Project[] projects = eligible.keySet().toArray(new Project[0]);
        double[] cap = new double[projects.length];
        for (int k = 0; k < projects.length; k++) {
            Double c = caps.get(projects[k]);
            cap[k] = c == null ? Double.NaN : c;
        }
        Map<Project, Set<ResourceType>> limits = new LinkedHashMap<>();
        double[] target = solve(projects, new ArrayList<>(eligible.values()), work, cap, limits);
        Map<Project, Double> ordered = new LinkedHashMap<>();
        for (int k = 0; k < projects.length; k++) {
            ordered.put(projects[k], target[k]);
        }
        return new Fill(ordered, limits);
    }

    /**
     * As {@link #fill(Map, Map, Map)}'s targets, over arrays (decision 0048 fills once per work-fetch decision and
     * project that may not be asked, and the maps cost more than the fill).
     *
     * @param projects the projects with runnable work
     * @param uses     for each of {@code projects}, the resources it has work for
     * @param work     work done on each resource this period, FLOPs
     * @param caps     for each of {@code projects}, the most it can use, or NaN if it has no such cap
     * @return for each of {@code projects}, its target, FLOPs
     */
    public static double[] targets(Project[] projects, List<Set<ResourceType>> uses, Map<ResourceType, Double> work,
                                   double[] caps) {
        return solve(projects, uses, work, caps, null);
    }

    /** The fill; each frozen project's limiting set put in {@code limits} (if not null) in the order they froze. */
    private static double[] solve(Project[] projects, List<Set<ResourceType>> uses, Map<ResourceType, Double> work,
                                  double[] cap, Map<Project, Set<ResourceType>> limits) {
        List<ResourceType> types = new ArrayList<>(work.keySet());
        int n = projects.length;
        // Per project, in the given order: the sets of resources it fits within, its share.
        int masks = 1 << types.size();
        boolean[][] fits = new boolean[n][];
        double[] share = new double[n];
        double[] target = new double[n];
        boolean[] unfrozen = new boolean[n];
        int left = 0;
        for (int k = 0; k < n; k++) {
            fits[k] = new boolean[masks];
            int own = maskOf(uses.get(k), types);
            for (int mask = 1; mask < masks; mask++) {
                fits[k][mask] = own >= 0 && (own & ~mask) == 0;
            }
            share[k] = projects[k].resourceShare();
            unfrozen[k] = share[k] > 0;
            left += unfrozen[k] ? 1 : 0;
        }
        double[] capacityOf = new double[masks];
        for (int mask = 1; mask < masks; mask++) {
            double capacity = 0;
            for (int i = 0; i < types.size(); i++) {
                if ((mask & 1 << i) != 0) {
                    capacity += work.get(types.get(i));
                }
            }
            capacityOf[mask] = capacity;
        }
        while (left > 0) {
            double bestLambda = Double.POSITIVE_INFINITY;
            int tightMask = 0;
            for (int mask = 1; mask < masks; mask++) {
                double capacity = capacityOf[mask];
                double shares = 0;
                boolean members = false;
                for (int k = 0; k < n; k++) {
                    if (!fits[k][mask]) {
                        continue;
                    }
                    if (unfrozen[k]) {
                        shares += share[k];
                        members = true;
                    } else {
                        capacity -= target[k];
                    }
                }
                if (!members) {
                    continue;
                }
                double lambda = Math.max(0, capacity) / shares;
                if (lambda < bestLambda) {
                    bestLambda = lambda;
                    tightMask = mask;
                }
            }
            int capped = -1;
            for (int k = 0; k < n; k++) {
                if (unfrozen[k] && !Double.isNaN(cap[k]) && cap[k] / share[k] < bestLambda) {
                    bestLambda = cap[k] / share[k];
                    capped = k;
                }
            }
            if (capped >= 0) {
                target[capped] = cap[capped];
                if (limits != null) {
                    limits.put(projects[capped], EnumSet.copyOf(uses.get(capped)));
                }
                unfrozen[capped] = false;
                left--;
                continue;
            }
            if (tightMask == 0) {
                break;
            }
            Set<ResourceType> limit = EnumSet.noneOf(ResourceType.class);
            for (int i = 0; i < types.size(); i++) {
                if ((tightMask & 1 << i) != 0) {
                    limit.add(types.get(i));
                }
            }
            for (int k = 0; k < n; k++) {
                if (unfrozen[k] && fits[k][tightMask]) {
                    target[k] = share[k] * bestLambda;
                    if (limits != null) {
                        limits.put(projects[k], limit);
                    }
                    unfrozen[k] = false;
                    left--;
                }
            }
        }
        return target;
    }

    /** The set of {@code types}' indices of the resources in {@code uses}; -1 if one of them is not in types. */
    private static int maskOf(Set<ResourceType> uses, List<ResourceType> types) {
        int mask = 0;
        for (ResourceType t : uses) {
            int i = types.indexOf(t);
            if (i < 0) {
                return -1;
            }
            mask |= 1 << i;
        }
        return mask;
    }
}

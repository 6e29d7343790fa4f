package org.cruncher.engine.policy.workfetch;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.policy.cpusched.FairShareTargets;

/**
 * The most of each resource a project can use while every other project still gets its fair part of the host's
 * work (decision 0048, on seed 003's example: the scheduler runs the GPU 75 % for A, which can use nothing else, and
 * 25 % for B, though their shares of the GPU are equal).
 * <ol>
 *   <li>each project's fair part T_p is decision 0010's fill ({@link FairShareTargets}) over the resources it may be
 *       asked for, each resource's capacity its instances times their speed, and no more than its max_concurrent
 *       limits let it use;</li>
 *   <li>the others can take at most F_r = the most of their fair parts that the resources other than r can carry:
 *       a transport problem whose value, by max-flow min-cut, is the least over sets S of those resources of
 *       cap(S) + the parts of the projects that use some resource outside S (r left out);</li>
 *   <li>the rest of their parts, sum of T_q - F_r, must come from r, and project p can have at most
 *       min(T_p, cap(r) - that) of it: as a fraction of r, its fair part of the resource.</li>
 * </ol>
 * On a host with one resource this is share / total share. With at most five resource types, a resource's sets
 * number at most sixteen, so the whole costs a few passes over the projects.
 */
final class FairResourceParts {

    private FairResourceParts() {
    }

    /**
     * @param eligible each project with a share, and the resources it may be asked for
     * @param capacity each resource's instances times their speed (a CPU's = 1)
     * @return per project, per resource of its own, the largest fraction of that resource it can take
     */
    static Map<Project, Map<ResourceType, Double>> of(Map<Project, Set<ResourceType>> eligible,
                                                      Map<ResourceType, Double> capacity) {
        return of(eligible, capacity, Map.of());
    }

    /**
     * As {@link #of(Map, Map)}, a project's fair part stopping at {@code caps}' figure for it: the most its
     * max_concurrent limits let it use, in the capacity's units (a review: a project held to one CPU of four took
     * three-quarters of the host as its part, and left another a quarter of a CPU).
     */
    static Map<Project, Map<ResourceType, Double>> of(Map<Project, Set<ResourceType>> eligible,
                                                      Map<ResourceType, Double> capacity, Map<Project, Double> caps) {
        return parts(eligible, capacity, caps, null);
    }

    /**
     * {@code one}'s parts alone, as {@link #of(Map, Map, Map)} gives them (empty if it is not eligible): the fill is
     * over every project, but only {@code one}'s parts of each resource are worked out from it.
     */
    static Map<ResourceType, Double> partsOf(Map<Project, Set<ResourceType>> eligible,
                                             Map<ResourceType, Double> capacity, Map<Project, Double> caps,
                                             Project one) {
        return parts(eligible, capacity, caps, one).getOrDefault(one, Map.of());
    }

    /** The parts of every eligible project, or of {@code only} alone if it is not null. */
    private static Map<Project, Map<ResourceType, Double>> parts(Map<Project, Set<ResourceType>> eligible,
                                                                 Map<ResourceType, Double> capacity,
                                                                 Map<Project, Double> caps, Project only) {
        List<ResourceType> types = new ArrayList<>(capacity.keySet());
        int n = eligible.size();
        Project[] projects = eligible.keySet().toArray(new Project[0]);
        List<Set<ResourceType>> uses = new ArrayList<>(eligible.values());
        double[] limit = new double[n];
        List<Map<ResourceType, Double>> own = new ArrayList<>(n);
        Map<Project, Map<ResourceType, Double>> parts = new LinkedHashMap<>();
        for (int q = 0; q < n; q++) {
            Double c = caps.get(projects[q]);
            limit[q] = c == null ? Double.NaN : c;
            boolean wanted = only == null || projects[q] == only;
            own.add(wanted ? new EnumMap<>(ResourceType.class) : null);
            if (wanted) {
                parts.put(projects[q], own.get(q));
            }
        }
        double[] target = FairShareTargets.targets(projects, uses, capacity, limit);
        double total = 0;
        for (double t : target) {
            total += t;
        }
        for (ResourceType r : types) {
            double cap = capacity.get(r);
            if (cap <= 0) {
                continue;
            }
            List<ResourceType> others = new ArrayList<>(types);
            others.remove(r);
            int sets = 1 << others.size();
            // Per project, the resources of others it uses, as a set of their indices.
            int[] usesOthers = new int[n];
            for (int q = 0; q < n; q++) {
                for (int i = 0; i < others.size(); i++) {
                    usesOthers[q] |= uses.get(q).contains(others.get(i)) ? 1 << i : 0;
                }
            }
            // cut[S] = cap(S) + the parts of the projects that use a resource other than r outside S.
            double[] cut = new double[sets];
            for (int s = 0; s < sets; s++) {
                cut[s] = capacityOf(others, s, capacity) + partsOutside(usesOthers, target, s);
            }
            for (int q = 0; q < n; q++) {
                if (own.get(q) == null || !uses.get(q).contains(r)) {
                    continue;
                }
                double othersCarried = Double.POSITIVE_INFINITY;
                for (int s = 0; s < sets; s++) {
                    boolean pCounted = (usesOthers[q] & ~s) != 0;
                    othersCarried = Math.min(othersCarried, cut[s] - (pCounted ? target[q] : 0));
                }
                double othersOnR = Math.max(0, total - target[q] - othersCarried);
                double most = Math.max(0, Math.min(target[q], cap - othersOnR));
                own.get(q).put(r, most / cap);
            }
        }
        return parts;
    }

    /** The capacity of the resources of {@code others} in the set {@code mask}. */
    private static double capacityOf(List<ResourceType> others, int mask, Map<ResourceType, Double> capacity) {
        double sum = 0;
        for (int i = 0; i < others.size(); i++) {
            if ((mask & 1 << i) != 0) {
                sum += capacity.get(others.get(i));
            }
        }
        return sum;
    }

    /**
     * The fair parts of the projects using a resource of {@code others} outside the set {@code mask}, each project's
     * resources of {@code others} given as a set of their indices.
     */
    private static double partsOutside(int[] usesOthers, double[] target, int mask) {
        double sum = 0;
        for (int q = 0; q < usesOthers.length; q++) {
            if ((usesOthers[q] & ~mask) != 0) {
                sum += target[q];
            }
        }
        return sum;
    }
}

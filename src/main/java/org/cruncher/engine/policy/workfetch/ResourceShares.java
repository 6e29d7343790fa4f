package org.cruncher.engine.policy.workfetch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;

/**
 * Each project's share of a resource, in instances, among the projects that may be asked for it (seed 003: "P's
 * share among projects not backed off for this PRSC"), as the round-robin forecast counts it:
 * <ol>
 *   <li>without max_concurrent limits: the instances times the project's resource share over the members' total;</li>
 *   <li>with limits: weighted max-min fair on resource share, a project never credited with more instances than its
 *       limits let it use ({@link ConcurrencyCap}), the rest going to the others, the most constrained first (ties
 *       in URL order). A project at its limit thus has no shortfall beyond what its limited instances can use
 *       (BOINC/boinc#4322, #5749).</li>
 * </ol>
 * The shares change the forecast's shortfalls, not its course, so a forecast is re-shared when the members change
 * (src/docs/decisions/0021).
 */
final class ResourceShares {

    private ResourceShares() {
    }

    /** The members' shares of {@code resource}, in instances (a member whose share is zero maps to 0). */
    static Map<Project, Double> of(ProcessingResource resource, Set<Project> members) {
        return of(resource, members, resource.instances());
    }

    /** Whether a member has max_concurrent limits, so that its shares are not proportional to the capacity. */
    static boolean capped(Set<Project> members) {
        for (Project m : members) {
            if (m.hasConcurrencyLimits()) {
                return true;
            }
        }
        return false;
    }

    /**
     * The members' shares of {@code capacity} instances of {@code resource} (for the CPU, those the GPU jobs leave:
     * decision 0024), a member never credited with more than its limits let it use.
     */
    static Map<Project, Double> of(ProcessingResource resource, Set<Project> members, double capacity) {
        Map<Project, Double> shares = new IdentityHashMap<>();
        if (capped(members)) {
            return cappedShares(resource, members, capacity);
        }
        double total = 0;
        for (Project m : members) {
            total += m.resourceShare();
        }
        for (Project m : members) {
            shares.put(m, total > 0 ? capacity * m.resourceShare() / total : 0.0);
        }
        return shares;
    }

    private static Map<Project, Double> cappedShares(ProcessingResource resource, Set<Project> members,
                                                     double capacity) {
        Map<Project, Double> cap = new IdentityHashMap<>();
        for (Project m : members) {
            cap.put(m, ConcurrencyCap.instances(m, resource.type()));
        }
        List<Project> order = new ArrayList<>(members);
        order.sort(Comparator.comparingDouble((Project p) -> p.resourceShare() > 0
                ? cap.get(p) / p.resourceShare() : Double.POSITIVE_INFINITY).thenComparing(Project::url));
        double left = capacity;
        double shares = 0;
        for (Project p : order) {
            shares += p.resourceShare();
        }
        Map<Project, Double> result = new IdentityHashMap<>();
        for (Project p : order) {
            double fair = shares > 0 ? left * p.resourceShare() / shares : 0;
            double s = Math.min(cap.get(p), fair);
            result.put(p, s);
            left -= s;
            shares -= p.resourceShare();
        }
        return result;
    }
}

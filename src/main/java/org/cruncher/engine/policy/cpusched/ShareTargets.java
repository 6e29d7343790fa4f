package org.cruncher.engine.policy.cpusched;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.ShareTarget.Reach;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;

/**
 * Each project's share as it comes out on this host (decision 0010, seed 003's example): the part of the host's work
 * that the debt accounting ({@link FairShareTargets}) would give it if every project had work for every resource it
 * has applications for.
 * <ol>
 *   <li>a resource's capacity is its instances times its speed, as the debt counts work;</li>
 *   <li>the projects counted are those not suspended, with a share above 0 and an application for some resource of
 *       this host; the fair part is {@link FairShareTargets} over their resources, divided by the work of the
 *       resources they can use (a GPU no project has an application for does no work to share);</li>
 *   <li>the same once more with the suspended projects counted too, to tell whether a part above the share comes
 *       from other projects' resources or from their suspension;</li>
 *   <li>the reach: below share / total share (by more than {@link #TOLERANCE}) the project is confined to its
 *       resources; above it, others are suspended (if it would not be above without the suspensions), or cannot use
 *       some resource it can, or have no application at all.</li>
 * </ol>
 */
public final class ShareTargets {

    /** Fair parts within this of the share (0.05 percentage points) are the share: the pane shows one decimal. */
    static final double TOLERANCE = 0.0005;

    private ShareTargets() {
    }

    /**
     * @param projects   the client's projects
     * @param resources  the host's resources
     * @return each project's target, in the order given
     */
    public static Map<Project, ShareTarget> of(Collection<Project> projects, ResourceSet resources) {
        Map<ResourceType, Double> capacity = new EnumMap<>(ResourceType.class);
        for (ProcessingResource r : resources.inServiceOrder()) {
            capacity.put(r.type(), r.capacityFlops());
        }
        double totalShare = 0;
        for (Project p : projects) {
            totalShare += p.resourceShare();
        }
        Map<Project, Set<ResourceType>> all = new LinkedHashMap<>();
        Map<Project, Set<ResourceType>> active = new LinkedHashMap<>();
        for (Project p : projects) {
            Set<ResourceType> uses = usable(p, resources);
            if (p.resourceShare() > 0 && !uses.isEmpty()) {
                all.put(p, uses);
                if (!p.suspendedByUser()) {
                    active.put(p, uses);
                }
            }
        }
        Set<ResourceType> used = EnumSet.noneOf(ResourceType.class);
        active.values().forEach(used::addAll);
        double total = 0;
        for (ResourceType t : used) {
            total += capacity.get(t);
        }
        Set<ResourceType> usedByAll = EnumSet.noneOf(ResourceType.class);
        all.values().forEach(usedByAll::addAll);
        double totalWithSuspended = 0;
        for (ResourceType t : usedByAll) {
            totalWithSuspended += capacity.get(t);
        }
        Map<Project, Double> withSuspended = FairShareTargets.compute(all, capacity);
        Map<Project, Double> fair = FairShareTargets.compute(active, capacity);
        Map<Project, ShareTarget> targets = new LinkedHashMap<>();
        for (Project p : projects) {
            Set<ResourceType> uses = usable(p, resources);
            double usableFraction = 0;
            for (ResourceType t : uses) {
                usableFraction += total > 0 && used.contains(t) ? capacity.get(t) / total : 0;
            }
            double share = totalShare > 0 ? p.resourceShare() / totalShare : 0;
            double fraction = total > 0 ? fair.getOrDefault(p, 0.0) / total : 0;
            Set<ResourceType> othersLack = EnumSet.noneOf(ResourceType.class);
            for (Map.Entry<Project, Set<ResourceType>> other : active.entrySet()) {
                if (other.getKey() != p) {
                    for (ResourceType t : uses) {
                        if (!other.getValue().contains(t)) {
                            othersLack.add(t);
                        }
                    }
                }
            }
            Reach reach;
            if (uses.isEmpty()) {
                reach = Reach.NO_APPLICATION;
            } else if (p.resourceShare() <= 0) {
                reach = Reach.BACKUP;
            } else if (p.suspendedByUser()) {
                reach = Reach.SUSPENDED;
            } else if (fraction < share - TOLERANCE) {
                reach = Reach.CONFINED;
            } else if (fraction > share + TOLERANCE) {
                double unsuspended = totalWithSuspended > 0
                        ? withSuspended.getOrDefault(p, 0.0) / totalWithSuspended : 0;
                if (unsuspended <= share + TOLERANCE) {
                    reach = Reach.OTHERS_SUSPENDED;
                } else {
                    reach = othersLack.isEmpty() ? Reach.OTHERS_WITHOUT_APPLICATION : Reach.OTHERS_CONFINED;
                }
            } else {
                reach = Reach.SHARE;
            }
            targets.put(p, new ShareTarget(fraction, inServiceOrder(uses), usableFraction, inServiceOrder(othersLack),
                    reach));
        }
        return targets;
    }

    /** The resources of this host that some application version of {@code p} runs on. */
    private static Set<ResourceType> usable(Project p, ResourceSet resources) {
        Set<ResourceType> uses = EnumSet.noneOf(ResourceType.class);
        for (ProcessingResource r : resources.inServiceOrder()) {
            if (r.instances() > 0 && p.hasAppVersionFor(r.type())) {
                uses.add(r.type());
            }
        }
        return uses;
    }

    private static List<ResourceType> inServiceOrder(Set<ResourceType> uses) {
        List<ResourceType> ordered = new ArrayList<>();
        for (ResourceType t : ResourceType.SERVICE_ORDER) {
            if (uses.contains(t)) {
                ordered.add(t);
            }
        }
        return ordered;
    }
}

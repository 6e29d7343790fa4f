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
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;

/**
 * Each project's share as it comes out on this host (decision 0010, seed 003's example): the part of the host's work
 * that the debt accounting ({@link FairShareTargets}) would give it if every project had work for every resource it
 * has applications for.
 * <ol>
 *   <li>a resource's capacity is its instances times its speed, as the debt counts work; a GPU's tasks also take
 *       CPU time (their avg_ncpus), which counts with the GPU's work and is taken from the CPUs' (the engine's
 *       forecast gives the CPUs out the same way);</li>
 *   <li>the projects counted are those not suspended, with a share above 0 and an application for some resource of
 *       this host; the fair part is {@link FairShareTargets} over their resources, divided by the work of the
 *       resources they can use (a GPU no project has an application for does no work to share);</li>
 *   <li>the reach compares the fair part with share / total share as the window shows both (to a tenth of a
 *       percent): below it the project is confined, and the resources that limited it are named; above it, the
 *       causes are named: projects below their share that lack a resource it can use, suspended projects, and
 *       projects with no application here.</li>
 * </ol>
 */
public final class ShareTargets {

    private ShareTargets() {
    }

    /**
     * @param projects   the client's projects
     * @param resources  the host's resources
     * @return each project's target, in the order given
     */
    public static Map<Project, ShareTarget> of(Collection<Project> projects, ResourceSet resources) {
        double totalShare = 0;
        for (Project p : projects) {
            totalShare += p.resourceShare();
        }
        Map<Project, Set<ResourceType>> uses = new LinkedHashMap<>();
        Map<Project, Set<ResourceType>> active = new LinkedHashMap<>();
        Set<ResourceType> used = EnumSet.noneOf(ResourceType.class);
        for (Project p : projects) {
            Set<ResourceType> u = usable(p, resources);
            uses.put(p, u);
            if (p.resourceShare() > 0 && !u.isEmpty() && !p.suspendedByUser()) {
                active.put(p, u);
                used.addAll(u);
            }
        }
        Map<ResourceType, Double> capacity = new EnumMap<>(ResourceType.class);
        Map<ResourceType, Double> cpuForGpuTasks = capacities(resources, active, capacity);
        double total = 0;
        for (ResourceType t : used) {
            total += capacity.get(t);
        }
        FairShareTargets.Fill fill = FairShareTargets.fill(active, capacity);
        Map<Project, Double> fraction = new LinkedHashMap<>();
        Map<Project, Double> share = new LinkedHashMap<>();
        for (Project p : projects) {
            fraction.put(p, total > 0 ? fill.targets().getOrDefault(p, 0.0) / total : 0);
            share.put(p, totalShare > 0 ? p.resourceShare() / totalShare : 0);
        }
        Map<Project, ShareTarget> targets = new LinkedHashMap<>();
        for (Project p : projects) {
            Set<ResourceType> u = uses.get(p);
            double usableFraction = fractionOf(u, used, capacity, total);
            double f = fraction.get(p);
            double s = share.get(p);
            if (u.isEmpty()) {
                targets.put(p, ShareTarget.of(0, List.of(), 0,
                        hasAppForPresentProcessor(p, resources) ? Reach.APPS_TOO_LARGE : Reach.NO_APPLICATION));
            } else if (p.resourceShare() <= 0) {
                targets.put(p, ShareTarget.of(0, inServiceOrder(u), usableFraction, Reach.BACKUP));
            } else if (p.suspendedByUser()) {
                targets.put(p, ShareTarget.of(0, inServiceOrder(u), usableFraction, Reach.SUSPENDED));
            } else if (ShareTarget.sameTenthOfAPercent(f, s)) {
                targets.put(p, ShareTarget.of(f, inServiceOrder(u), usableFraction, Reach.SHARE));
            } else if (f < s) {
                Set<ResourceType> limit = fill.limits().getOrDefault(p, u);
                targets.put(p, new ShareTarget(f, inServiceOrder(u), usableFraction, inServiceOrder(limit),
                        fractionOf(limit, used, capacity, total), Reach.CONFINED, List.of(), false, false,
                        limit.contains(ResourceType.CPU) ? cpuOutside(limit, cpuForGpuTasks, total) : 0));
            } else {
                targets.put(p, above(p, f, u, usableFraction, projects, uses, active, fraction, share));
            }
        }
        return targets;
    }

    /** A project above its share, with the causes: others below theirs that lack its resources, suspended, idle. */
    private static ShareTarget above(Project p, double f, Set<ResourceType> u, double usableFraction,
                                     Collection<Project> projects, Map<Project, Set<ResourceType>> uses,
                                     Map<Project, Set<ResourceType>> active, Map<Project, Double> fraction,
                                     Map<Project, Double> share) {
        Set<ResourceType> othersLack = EnumSet.noneOf(ResourceType.class);
        boolean suspended = false;
        boolean withoutApplication = false;
        for (Project o : projects) {
            if (o == p || o.resourceShare() <= 0) {
                continue;
            }
            if (o.suspendedByUser()) {
                suspended = true;
            } else if (uses.get(o).isEmpty()) {
                withoutApplication = true;
            } else if (active.containsKey(o) && fraction.get(o) < share.get(o) * (1 - 1e-9)) {
                for (ResourceType t : u) {
                    if (!uses.get(o).contains(t)) {
                        othersLack.add(t);
                    }
                }
            }
        }
        return new ShareTarget(f, inServiceOrder(u), usableFraction, List.of(), 0, Reach.MORE,
                inServiceOrder(othersLack), suspended, withoutApplication, 0);
    }

    /** The part of the work of the {@code used} resources that {@code types} do. */
    private static double fractionOf(Set<ResourceType> types, Set<ResourceType> used,
                                     Map<ResourceType, Double> capacity, double total) {
        double sum = 0;
        for (ResourceType t : types) {
            sum += total > 0 && used.contains(t) ? capacity.get(t) / total : 0;
        }
        return sum;
    }

    /**
     * Fills {@code capacity} with the work each resource does for the projects that can use it, as the engine's
     * forecast gives the CPUs out (GPUs first, then the CPUs their tasks leave): a GPU's tasks each take CPU time
     * (avg_ncpus per GPU used, averaged over the active projects' versions for that GPU), which is counted with the
     * GPU's work and taken from the CPUs'. Returns the CPU work so taken, by GPU type.
     */
    private static Map<ResourceType, Double> capacities(ResourceSet resources, Map<Project, Set<ResourceType>> active,
                                                        Map<ResourceType, Double> capacity) {
        ProcessingResource cpu = resources.cpu();
        Map<ResourceType, Double> taken = new EnumMap<>(ResourceType.class);
        double cpusLeft = cpu.instances();
        for (ProcessingResource r : resources.inServiceOrder()) {
            if (r.type() == ResourceType.CPU) {
                continue;
            }
            double cpus = Math.min(cpusLeft, r.instances() * cpusPerGpu(r.type(), active));
            cpusLeft -= cpus;
            taken.put(r.type(), cpus * cpu.flopsPerInstance());
            capacity.put(r.type(), r.capacityFlops() + cpus * cpu.flopsPerInstance());
        }
        capacity.put(ResourceType.CPU, cpusLeft * cpu.flopsPerInstance());
        return taken;
    }

    /** The part of the host's work the CPUs do for the tasks of GPUs outside {@code limit}. */
    private static double cpuOutside(Set<ResourceType> limit, Map<ResourceType, Double> cpuForGpuTasks,
                                     double total) {
        double sum = 0;
        for (Map.Entry<ResourceType, Double> e : cpuForGpuTasks.entrySet()) {
            sum += limit.contains(e.getKey()) ? 0 : e.getValue();
        }
        return total > 0 ? sum / total : 0;
    }

    /** CPUs a task of {@code gpu} takes per GPU it uses, averaged over the active projects' versions for it. */
    private static double cpusPerGpu(ResourceType gpu, Map<Project, Set<ResourceType>> active) {
        double sum = 0;
        int n = 0;
        for (Project p : active.keySet()) {
            for (AppVersion v : p.appVersions()) {
                if (v.primaryResource() == gpu && v.usage(gpu) > 0) {
                    sum += v.usage(ResourceType.CPU) / v.usage(gpu);
                    n++;
                }
            }
        }
        return n > 0 ? sum / n : 0;
    }

    /** The resources of this host that some application version of {@code p} runs on ({@link ResourceSet#admits}). */
    private static Set<ResourceType> usable(Project p, ResourceSet resources) {
        Set<ResourceType> u = EnumSet.noneOf(ResourceType.class);
        for (ProcessingResource r : resources.inServiceOrder()) {
            if (r.instances() > 0 && resources.admitsSomeVersion(p, r.type())) {
                u.add(r.type());
            }
        }
        return u;
    }

    /** Whether {@code p} has an app version for a processor this host has (whether or not the host admits it). */
    private static boolean hasAppForPresentProcessor(Project p, ResourceSet resources) {
        for (ProcessingResource r : resources.inServiceOrder()) {
            if (r.instances() > 0 && p.hasAppVersionFor(r.type())) {
                return true;
            }
        }
        return false;
    }

    private static List<ResourceType> inServiceOrder(Set<ResourceType> types) {
        List<ResourceType> ordered = new ArrayList<>();
        for (ResourceType t : ResourceType.SERVICE_ORDER) {
            if (types.contains(t)) {
                ordered.add(t);
            }
        }
        return ordered;
    }
}

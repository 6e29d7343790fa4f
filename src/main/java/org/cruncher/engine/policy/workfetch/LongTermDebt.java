package org.cruncher.engine.policy.workfetch;

import java.util.Collection;
import java.util.Map;

import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ProjectResourceState;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;

/**
 * Seed 003's long-term debt, per (project, resource), in instance-seconds ("debt accounting"):
 * <ol>
 *   <li>over an interval, take the instance-seconds of the resource the running jobs used, in all and per project;</li>
 *   <li>the projects that accrue are those with D(P, R) set (they have supplied jobs for R), not backed off for R
 *       (backed off for room on disk is not backed off here) and with a positive share; they divide the used total
 *       by share;</li>
 *   <li>every project pays what its own jobs used, but for a resource it has no application for (a GPU-only
 *       project's GPU jobs take some CPU): that use is left out of the resource's debt, paid by nobody and owed to
 *       nobody;</li>
 *   <li>where no project accrues (the only project with jobs for R backed off, say), no debt moves: there is no
 *       one to owe the work to;</li>
 *   <li>a project whose requests for R wait for room on disk accrues only up to {@link #diskWaitCap}; the rest of
 *       its part goes to the other projects that accrue, by share.</li>
 * </ol>
 * Accruing what was used, rather than the resource's whole capacity, keeps the debts of all projects together
 * summing to zero: an idle resource moves no debt, and a project that stops supplying jobs loses its D flag and
 * stops accruing (src/docs/decisions/0013). The overall debt of a project is the
 * sum of its resource debts weighted by each resource's speed relative to a CPU.
 */
public final class LongTermDebt {

    private LongTermDebt() {
    }

    /**
     * @param used instance-seconds of each resource used by each project's jobs in the interval
     * @param now  the time, for backoffs
     */
    public static void accrue(Collection<Project> projects, ResourceSet resources,
                              Map<Project, Map<ResourceType, Double>> used, double now) {
        Project[] ps = projects.toArray(new Project[0]);
        double[][] byPosition = new double[ps.length][ResourceType.values().length];
        for (int i = 0; i < ps.length; i++) {
            Map<ResourceType, Double> m = used.get(ps[i]);
            if (m != null) {
                for (Map.Entry<ResourceType, Double> e : m.entrySet()) {
                    byPosition[i][e.getKey().ordinal()] = e.getValue();
                }
            }
        }
        accrue(ps, resources, byPosition, now);
    }

    /**
     * As {@link #accrue(Collection, ResourceSet, Map, double)}, with what each project used held by its
     * {@link Project#slot} and the resource's {@link ResourceType#ordinal} (the engine accrues at every poll).
     */
    public static void accrue(Collection<Project> projects, ResourceSet resources, double[][] used, double now) {
        Project[] ps = projects.toArray(new Project[0]);
        double[][] byPosition = new double[ps.length][];
        for (int i = 0; i < ps.length; i++) {
            int slot = ps[i].slot();
            byPosition[i] = slot >= 0 && slot < used.length ? used[slot] : new double[ResourceType.values().length];
        }
        accrue(ps, resources, byPosition, now);
    }

    /** The accrual itself, what project {@code ps[i]} used being {@code used[i]} (by resource ordinal). */
    private static void accrue(Project[] ps, ResourceSet resources, double[][] used, double now) {
        double[] own = new double[ps.length];
        boolean[] accrues = new boolean[ps.length];
        for (ProcessingResource r : resources.inServiceOrder()) {
            ResourceType type = r.type();
            double total = 0;
            double shares = 0;
            for (int i = 0; i < ps.length; i++) {
                // The CPUs a GPU-only project's GPU jobs take are its GPU jobs' cost: it can never be asked for CPU
                // work, so a CPU debt would only fall (review: -57,600 s a day for a GPU app using a whole CPU,
                // weighing more in its overall debt than its GPU debt).
                own[i] = ps[i].hasAppVersionFor(type) ? used[i][type.ordinal()] : 0;
                total += own[i];
                accrues[i] = accrues(ps[i], type, resources, now);
                if (accrues[i]) {
                    shares += ps[i].resourceShare();
                }
            }
            if (total <= 0 || shares <= 0) {
                continue;
            }
            double[] accrued = new double[ps.length];
            double cut = 0;
            double uncappedShares = 0;
            for (int i = 0; i < ps.length; i++) {
                if (!accrues[i]) {
                    continue;
                }
                accrued[i] = total * ps[i].resourceShare() / shares;
                ProjectResourceState st = ps[i].resourceState(type);
                if (st.isBackedOff(now) && st.backedOffForDisk()) {
                    double room = Math.max(0, diskWaitCap(r, ps[i].resourceShare() / shares) - st.longTermDebt());
                    cut += Math.max(0, accrued[i] - room);
                    accrued[i] = Math.min(accrued[i], room);
                } else {
                    uncappedShares += ps[i].resourceShare();
                }
            }
            for (int i = 0; i < ps.length; i++) {
                ProjectResourceState st = ps[i].resourceState(type);
                if (cut > 0 && uncappedShares > 0 && accrues[i] && !(st.isBackedOff(now) && st.backedOffForDisk())) {
                    accrued[i] += cut * ps[i].resourceShare() / uncappedShares;
                }
                if (own[i] > 0 || accrued[i] > 0) {
                    st.setLongTermDebt(st.longTermDebt() + accrued[i] - own[i]);
                }
            }
        }
    }

    /**
     * The most a project whose requests for {@code r} wait for room on disk may be owed on it: what its part of the
     * instances ({@code fraction}, among the projects that accrue) does in the longest such wait, 24 hours. The disk,
     * not its server, holds its jobs back, so it accrues (decisions 0037, 0040), but not without bound (seed 003: "We
     * need to avoid situations where LTD increases without bound"): QA found a project refused for disk all year owed
     * 886 days. What the cap cuts goes to the other projects that accrue, so that the debts still sum to zero; when
     * every project that accrues is at such a cap, what is cut is owed to nobody, and the debts' sum falls by it.
     */
    static double diskWaitCap(ProcessingResource r, double fraction) {
        return r.instances() * fraction * ResourceBackoff.MAX_INTERVAL;
    }

    /**
     * D(P, R) set, not backed off for R (a wait for room on disk, or a backoff until its server's tasks fit, is no
     * backoff here: the project supplies jobs, the disk holds them back, decisions 0037 and 0040), positive share,
     * and able to run jobs of R (an app the host admits).
     */
    static boolean accrues(Project p, ResourceType type, ResourceSet resources, double now) {
        ProjectResourceState st = p.resourceState(type);
        return st.accumulatesDebt() && (!st.isBackedOff(now) || st.backedOffForDisk()) && p.resourceShare() > 0
                && !p.suspendedByUser() && !p.noNewTasks() && resources.admitsSomeVersion(p, type);
    }

    /** The project's overall debt: resource debts weighted by resource speed, as seconds of one CPU. */
    public static double overall(Project p, ResourceSet resources) {
        double cpu = resources.cpu().flopsPerInstance();
        double sum = 0;
        for (ProcessingResource r : resources.inServiceOrder()) {
            sum += p.resourceState(r.type()).longTermDebt() * r.flopsPerInstance() / cpu;
        }
        return sum;
    }
}

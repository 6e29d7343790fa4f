package org.cruncher.engine.policy.rpc;

import java.util.Collection;
import java.util.Map;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.SchedulerContact;

/**
 * Seed 002's resource debt: resource_debt = resource_share / exp_avg_cpu, where exp_avg_cpu is an exponentially
 * averaged sum of the CPU time the client has devoted to the project, decaying by a factor of e every week
 * (EXP_DECAY_RATE). The project with the greatest resource debt is the one work should be requested from (the
 * {@code seed002} fetch policy); it is shown beside the other debts.
 * <ol>
 *   <li>at each accounting, every project's average decays by exp(-dt / 1 week) since its last update, and the CPU
 *       seconds its tasks used in the interval are added;</li>
 *   <li>its debt is its share over its average decayed to now (infinite if it has had no CPU time).</li>
 * </ol>
 */
public final class ResourceDebt {

    /** One week: the time constant of the decay (a factor of e per week). */
    public static final double DECAY_SECONDS = 7 * 86400;

    private ResourceDebt() {
    }

    /** Decays every project's average to {@code now} and adds the CPU seconds each one used. */
    public static void accrue(Collection<Project> projects, Map<Project, Double> cpuSeconds, double now) {
        for (Project p : projects) {
            SchedulerContact c = p.contact();
            c.setExpAvgCpu(average(c, now) + cpuSeconds.getOrDefault(p, 0.0), now);
        }
    }

    /** As {@link #accrue(Collection, Map, double)}, with each project's CPU seconds held by its {@link Project#slot}. */
    public static void accrue(Collection<Project> projects, double[] cpuSeconds, double now) {
        for (Project p : projects) {
            SchedulerContact c = p.contact();
            int slot = p.slot();
            c.setExpAvgCpu(average(c, now) + (slot >= 0 && slot < cpuSeconds.length ? cpuSeconds[slot] : 0), now);
        }
    }

    /** The project's exponentially averaged CPU seconds, decayed to {@code now}. */
    public static double average(SchedulerContact c, double now) {
        if (Double.isNaN(c.expAvgTime())) {
            return c.expAvgCpu();
        }
        return c.expAvgCpu() * Math.exp(-Math.max(0, now - c.expAvgTime()) / DECAY_SECONDS);
    }

    /** resource_share / exp_avg_cpu (infinite while the project has had no CPU time; 0 for a zero share). */
    public static double debt(Project p, double now) {
        if (p.resourceShare() <= 0) {
            return 0;
        }
        double avg = average(p.contact(), now);
        return avg > 0 ? p.resourceShare() / avg : Double.POSITIVE_INFINITY;
    }
}

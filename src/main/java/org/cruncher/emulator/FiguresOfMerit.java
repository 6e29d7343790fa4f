package org.cruncher.emulator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.model.Project;

/**
 * Accumulates the figures of merit over an event-driven emulation. BOINC's emulator samples every 60 s step; here
 * each quantity is integrated exactly over the intervals between events, which is that definition's limit as the
 * step goes to zero:
 * <ul>
 *   <li>available work: (usable CPUs x p_fpops + GPU instances x 0.2 x peak, the latter only while GPUs may
 *       compute) x time, counted only while the host computes; beside it, the same over only the processors some
 *       project has an application for, whose idle part is what the scheduler could have used;</li>
 *   <li>used work: each executing job's peak FLOPS x time, per project;</li>
 *   <li>monotony: each project's time since it last ran grows while the host computes and it runs nothing; the
 *       integral of its square gives the RMS.</li>
 * </ul>
 * The share violation measures each project's work against what it was due: its fraction of the shares times the
 * work done. When the user changes the shares, the work done until then stays due by the shares it was done under
 * (and by the targets those shares gave), and only the work after it by the new ones.
 */
public final class FiguresOfMerit {

    /** Per-project accumulators. */
    private static final class Acc {
        final Project project;
        final String name;
        final String url;
        double share;
        /** Work it was due, by its share, before the shares last changed. */
        double dueBefore;
        /** Work it was due, by its target, before the shares last changed. */
        double dueByTargetBefore;
        double used;
        double cpuSeconds;
        double gpuSeconds;
        double idleTime;
        double idleSumSquares;
        int met;
        int missed;
        double wasted;
        long rpcs;
        long rpcFailures;
        double longestDeferral;

        Acc(Project p) {
            this.project = p;
            this.name = p.name();
            this.url = p.url();
            this.share = p.resourceShare();
        }
    }

    private final Map<String, Acc> projects = new LinkedHashMap<>();
    private double computingTime;
    private double available;
    private double usableAvailable;
    private double used;
    private double wasted;
    private long rpcs;
    private long rpcsFailed;
    private long jobs;
    /** The work done when the shares last changed (0 while they never have): the rest is due by the shares now. */
    private double usedAtShareChange;

    FiguresOfMerit(List<Project> emulated) {
        this(emulated, MeritTotals.NONE);
    }

    /** Goes on from {@code past}, a saved emulation's sums (those of projects no longer emulated are left out). */
    FiguresOfMerit(List<Project> emulated, MeritTotals past) {
        for (Project p : emulated) {
            Acc a = new Acc(p);
            MeritTotals.Project t = past.projects().get(p.url());
            if (t != null) {
                a.used = t.used();
                a.cpuSeconds = t.cpuSeconds();
                a.gpuSeconds = t.gpuSeconds();
                a.idleTime = t.idleTime();
                a.idleSumSquares = t.idleSumSquares();
                a.met = t.met();
                a.missed = t.missed();
                a.wasted = t.wasted();
                a.rpcs = t.rpcs();
                a.rpcFailures = t.rpcFailures();
                a.longestDeferral = t.longestDeferral();
                a.dueBefore = t.dueBefore();
                a.dueByTargetBefore = t.dueByTargetBefore();
            }
            projects.put(p.url(), a);
        }
        usedAtShareChange = past.usedAtShareChange();
        computingTime = past.computingTime();
        available = past.available();
        usableAvailable = past.usableAvailable();
        used = past.used();
        wasted = past.wasted();
        rpcs = past.rpcs();
        rpcsFailed = past.rpcsFailed();
        jobs = past.jobs();
    }

    /** The sums so far, to be saved. */
    MeritTotals totals() {
        Map<String, MeritTotals.Project> byUrl = new LinkedHashMap<>();
        for (Acc a : projects.values()) {
            byUrl.put(a.url, new MeritTotals.Project(a.used, a.cpuSeconds, a.gpuSeconds, a.idleTime,
                    a.idleSumSquares, a.met, a.missed, a.wasted, a.rpcs, a.rpcFailures, a.longestDeferral,
                    a.dueBefore, a.dueByTargetBefore));
        }
        return new MeritTotals(computingTime, available, usableAvailable, used, wasted, rpcs, rpcsFailed, jobs,
                usedAtShareChange, byUrl);
    }

    /** Whether some project's resource share is no longer the one its work is being measured against. */
    boolean sharesChanged() {
        for (Acc a : projects.values()) {
            if (a.project.resourceShare() != a.share) {
                return true;
            }
        }
        return false;
    }

    /**
     * The shares changed: the work done so far stays due by the shares it was done under and by {@code
     * targetsBefore}, the targets they gave (by URL); the work from now on is measured against the new ones.
     */
    void takeNewShares(Map<String, Double> targetsBefore) {
        double totalShare = totalShare();
        double since = used - usedAtShareChange;
        for (Acc a : projects.values()) {
            a.dueBefore += totalShare > 0 ? since * (a.share / totalShare) : 0;
            a.dueByTargetBefore += since * targetsBefore.getOrDefault(a.url, 0.0);
        }
        for (Acc a : projects.values()) {
            a.share = a.project.resourceShare();
        }
        usedAtShareChange = used;
    }

    private double totalShare() {
        double total = 0;
        for (Acc a : projects.values()) {
            total += a.share;
        }
        return total;
    }

    /**
     * Time passes: {@code dt} seconds with {@code capacity} FLOPS available, {@code usableCapacity} of them on
     * processors some project has an application for, and these projects running.
     */
    void addTime(double dt, boolean computing, double capacity, double usableCapacity, Set<String> runningProjects) {
        if (!computing || dt <= 0) {
            return;
        }
        computingTime += dt;
        available += capacity * dt;
        usableAvailable += usableCapacity * dt;
        for (Acc a : projects.values()) {
            if (runningProjects.contains(a.url)) {
                a.idleTime = 0;
            } else {
                double i0 = a.idleTime;
                double i1 = i0 + dt;
                a.idleSumSquares += (i1 * i1 * i1 - i0 * i0 * i0) / 3;
                a.idleTime = i1;
            }
        }
    }

    /** Work done for a project: {@code flops} peak FLOPs, {@code cpuSeconds} and {@code gpuSeconds} of instances. */
    void addUse(String projectUrl, double flops, double cpuSeconds, double gpuSeconds) {
        used += flops;
        Acc a = projects.get(projectUrl);
        if (a != null) {
            a.used += flops;
            a.cpuSeconds += cpuSeconds;
            a.gpuSeconds += gpuSeconds;
        }
    }

    /**
     * A result reported at {@code time}: met its deadline or not; a late one's work counts as wasted. A result that
     * did not succeed (a computation error, aborted, a failed transfer) in time met no deadline, nor missed one.
     */
    void reported(String projectUrl, double work, double deadline, double time, boolean succeeded) {
        Acc a = projects.get(projectUrl);
        boolean late = time > deadline;
        if (late) {
            wasted += work;
        }
        if (a != null) {
            if (late) {
                a.missed++;
                a.wasted += work;
            } else if (succeeded) {
                a.met++;
            }
        }
    }

    void rpcDone(String projectUrl) {
        rpcs++;
        Acc a = projects.get(projectUrl);
        if (a != null) {
            a.rpcs++;
        }
    }

    void rpcFailed(String projectUrl) {
        rpcsFailed++;
        Acc a = projects.get(projectUrl);
        if (a != null) {
            a.rpcFailures++;
        }
    }

    /** The client may not contact the project for {@code seconds} from now. */
    void deferred(String projectUrl, double seconds) {
        Acc a = projects.get(projectUrl);
        if (a != null && seconds > a.longestDeferral) {
            a.longestDeferral = seconds;
        }
    }

    void jobMade() {
        jobs++;
    }

    long rpcs() {
        return rpcs;
    }

    long jobs() {
        return jobs;
    }

    /**
     * The figures so far; {@code targets} is each project's target on the host by URL (its share of the work given
     * the processors its applications can use), against which the work done is measured as the share violation
     * is against the shares.
     */
    EmulationReport report(String scenario, long seed, double simulatedSeconds, double wallSeconds,
                           double periodSeconds, long events, DiskFigures disk, Map<String, Double> targets) {
        double totalShare = totalShare();
        double since = used - usedAtShareChange;
        double violation = 0;
        double targetViolation = 0;
        double rmsSum = 0;
        List<ProjectFigures> figures = new ArrayList<>();
        for (Acc a : projects.values()) {
            double target = totalShare > 0 ? a.share / totalShare : 0;
            if (used > 0) {
                violation += Math.abs(a.used - (a.dueBefore + since * target)) / used;
                targetViolation += Math.abs(a.used - (a.dueByTargetBefore + since * targets.getOrDefault(a.url, 0.0)))
                        / used;
            }
            rmsSum += computingTime > 0 ? Math.sqrt(a.idleSumSquares / computingTime) : 0;
            figures.add(new ProjectFigures(a.name, a.url, a.share, a.used, used > 0 ? a.used / used : 0,
                    a.cpuSeconds, a.gpuSeconds, a.met, a.missed, a.wasted, a.rpcs, a.rpcFailures,
                    a.longestDeferral));
        }
        int n = projects.size();
        double x = n > 0 ? rmsSum / ((double) n * n * periodSeconds) : 0;
        double monotony = 1 - 1 / (x + 1);
        double idle = available > 0 ? Math.max(0, available - used) / available : 0;
        double usableIdle = usableAvailable > 0 ? Math.max(0, usableAvailable - used) / usableAvailable : 0;
        double wastedFraction = available > 0 ? wasted / available : 0;
        double rpcsPerJob = jobs > 0 ? rpcs / (2.0 * jobs) : 0;
        return new EmulationReport(scenario, seed, simulatedSeconds / 86400, wallSeconds, computingTime / 86400,
                idle, usableIdle, wastedFraction,
                violation, targetViolation, monotony, rpcsPerJob, rpcs, rpcsFailed, jobs, events, figures, disk);
    }
}

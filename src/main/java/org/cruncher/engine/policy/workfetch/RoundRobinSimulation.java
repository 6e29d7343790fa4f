package org.cruncher.engine.policy.workfetch;

import java.util.ArrayList;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;

/**
 * Seed 003's round-robin simulation (rr_simulation; boinc-engine.md §3.8): the current queue is run forward in
 * time, every processing resource shared among the projects with queued jobs for it in proportion to their
 * resource shares, to see when instances would idle and which jobs would finish late.
 * <ol>
 *   <li>each queued job needs its estimated remaining time, stretched by the fraction of time the host computes
 *       (on x active; also x GPU-active for GPU jobs);</li>
 *   <li>at each step, GPUs are given out first, then the CPUs that GPU jobs leave; each resource is shared by
 *       weighted water-filling on resource share (a project never gets more than its jobs can use; zero-share
 *       projects only get what is left), and each project's part goes to its jobs earliest deadline first;</li>
 *   <li>time jumps to the next job end; on the way, per resource, idle instance-seconds inside the buffer window
 *       add to the shortfall, and the time until the first instance idles is the saturated time; per project,
 *       the instances its share of the resource would have and does not use add to its own shortfall;</li>
 *   <li>a job that would end later than its deadline less a cushion is a predicted miss.</li>
 * </ol>
 * Projects with no queued job still have a share (their whole share is shortfall), so a project that has run dry
 * shows up at once. Shares are among the projects that may be asked for the resource ({@code sharing}). Jobs in
 * deadline rescue are simulated at their share like the others, so a rescue lasts until the job is safe without
 * it, and a project in trouble is seen as such by work fetch (src/docs/decisions/0011).
 */
public final class RoundRobinSimulation {

    private static final double EPSILON = 1e-9;

    /** A queued job in the simulation. */
    private static final class Job {
        final Result result;
        final Project project;
        final ResourceType type;
        final double usage;
        final double cpuUsage;
        final double deadline;
        double remaining;
        double rate;
        double finish = Double.NaN;

        Job(Result result, ResourceType type, double usage, double cpuUsage, double remaining) {
            this.result = result;
            this.project = result.project();
            this.type = type;
            this.usage = usage;
            this.cpuUsage = cpuUsage;
            this.deadline = result.reportDeadline();
            this.remaining = remaining;
        }
    }

    /** One resource's forecast. */
    public record ResourceForecast(ResourceType type, int instances, double idleNow, double shortfall,
                                   double saturated, double window) {
    }

    /**
     * One project's forecast for one resource.
     *
     * @param shareInstances instances its share of the resource is worth (among the projects that may be asked)
     * @param usedNow        instances its jobs would use now
     * @param shortfall      instance-seconds its share would idle in the window
     * @param queued         its queued work for the resource, instance-seconds (wall time)
     * @param jobs           instances its queued jobs use together
     * @param queueEnd       seconds from now until its last queued job for the resource ends
     * @param misses         its jobs predicted to miss their deadline
     */
    public record ProjectForecast(Project project, ResourceType type, double shareInstances, double usedNow,
                                  double shortfall, double queued, double jobs, double queueEnd, int misses) {
    }

    /**
     * The whole forecast.
     *
     * @param predictedMisses the queued results that would end later than their deadline less the cushion
     */
    public record Forecast(double now, Map<ResourceType, ResourceForecast> resources,
                           Map<Project, Map<ResourceType, ProjectForecast>> projects, Set<Result> predictedMisses) {

        public ResourceForecast resource(ResourceType type) {
            return resources.get(type);
        }

        public ProjectForecast project(Project p, ResourceType type) {
            Map<ResourceType, ProjectForecast> m = projects.get(p);
            return m == null ? null : m.get(type);
        }
    }

    private RoundRobinSimulation() {
    }

    /**
     * Runs the simulation.
     *
     * @param sharing for each resource, the projects whose shares count (those that may be asked for it); each
     *                must have an app version for the resource
     * @param window  the buffer window, seconds (work_buf_min + work_buf_additional)
     * @param cushion a job is a predicted miss if it would end later than deadline - cushion(job)
     */
    public static Forecast run(ClientState state, ResourceSet resources, double now,
                               Map<ResourceType, Set<Project>> sharing, double window,
                               ToDoubleFunction<Result> cushion) {
        double cpuFraction = state.timeStats().cpuComputingFraction();
        double gpuFraction = Math.max(0.01, cpuFraction * Math.max(0.01, state.timeStats().gpuActiveFrac()));
        Map<ResourceType, List<Job>> jobs = new EnumMap<>(ResourceType.class);
        for (ProcessingResource r : resources.inServiceOrder()) {
            jobs.put(r.type(), new ArrayList<>());
        }
        for (Result r : state.results()) {
            if (!queued(r, resources)) {
                continue;
            }
            ResourceType type = r.resource();
            List<Job> list = jobs.get(type);
            if (list == null) {
                continue;
            }
            ActiveTask t = state.activeTask(r).orElse(null);
            double remaining = t == null ? r.estimatedRuntime() : t.estimatedRemaining();
            double fraction = type == ResourceType.CPU ? cpuFraction : gpuFraction;
            list.add(new Job(r, type, Math.max(r.appVersion().usage(type), EPSILON),
                    type == ResourceType.CPU ? 0 : r.appVersion().avgNcpus(), remaining / fraction));
        }
        Comparator<Job> edf = Comparator.comparingDouble((Job j) -> j.deadline).thenComparing(j -> j.result.name());
        for (List<Job> list : jobs.values()) {
            list.sort(edf);
        }
        return new Simulator(resources, now, sharing, window, jobs, cushion).simulate();
    }

    /** Queued: downloaded or downloading, not finished, not suspended, its resource usable. */
    static boolean queued(Result r, ResourceSet resources) {
        boolean inQueue = r.isComputable() || r.state() == ResultState.NEW
                || r.state() == ResultState.FILES_DOWNLOADING;
        return inQueue && !r.readyToReport() && !r.suspendedByUser() && !r.project().suspendedByUser()
                && resources.canRun(r.appVersion());
    }

    /** The event loop. */
    private static final class Simulator {
        private static final int SHORTFALL = 0;
        private static final int QUEUED = 1;
        private static final int QUEUE_END = 2;
        private static final int MISSES = 3;
        private static final int JOBS = 4;

        private final ResourceSet resources;
        private final double now;
        private final double window;
        private final ToDoubleFunction<Result> cushion;
        /** Per resource: each project's pending jobs, earliest deadline first. */
        private final Map<ResourceType, Map<Project, List<Job>>> queues = new EnumMap<>(ResourceType.class);
        /** Per resource: each project's pending instance demand. */
        private final Map<ResourceType, Map<Project, Double>> demand = new EnumMap<>(ResourceType.class);
        private final Map<ResourceType, Map<Project, Double>> shareInstances = new EnumMap<>(ResourceType.class);
        private final Map<ResourceType, Map<Project, double[]>> projectAcc = new EnumMap<>(ResourceType.class);
        private final Map<ResourceType, Map<Project, Double>> usedNow = new EnumMap<>(ResourceType.class);
        private final Map<ResourceType, double[]> resourceAcc = new EnumMap<>(ResourceType.class);
        private final Set<Result> misses = new HashSet<>();

        Simulator(ResourceSet resources, double now, Map<ResourceType, Set<Project>> sharing, double window,
                  Map<ResourceType, List<Job>> jobs, ToDoubleFunction<Result> cushion) {
            this.resources = resources;
            this.now = now;
            this.window = window;
            this.cushion = cushion;
            for (ProcessingResource r : resources.inServiceOrder()) {
                ResourceType type = r.type();
                Set<Project> members = sharing.getOrDefault(type, Set.of());
                double total = 0;
                for (Project p : members) {
                    total += p.resourceShare();
                }
                Map<Project, Double> shares = new LinkedHashMap<>();
                Map<Project, double[]> acc = new LinkedHashMap<>();
                for (Project p : members) {
                    shares.put(p, total > 0 ? r.instances() * p.resourceShare() / total : 0);
                    acc.put(p, new double[5]);
                }
                Map<Project, List<Job>> perProject = new LinkedHashMap<>();
                Map<Project, Double> need = new LinkedHashMap<>();
                for (Job j : jobs.get(type)) {
                    double[] a = acc.computeIfAbsent(j.project, p -> new double[5]);
                    a[QUEUED] += j.remaining * j.usage;
                    a[JOBS] += j.usage;
                    perProject.computeIfAbsent(j.project, p -> new ArrayList<>()).add(j);
                    need.merge(j.project, j.usage, Double::sum);
                }
                shareInstances.put(type, shares);
                projectAcc.put(type, acc);
                queues.put(type, perProject);
                demand.put(type, need);
                // [0] shortfall, [1] saturated (NaN until the first idle), [2] idle now
                resourceAcc.put(type, new double[] {0, Double.NaN, 0});
            }
        }

        Forecast simulate() {
            double t = 0;
            boolean first = true;
            Map<ResourceType, List<Job>> active = new EnumMap<>(ResourceType.class);
            while (true) {
                Map<ResourceType, Double> used = allocate(active);
                if (first) {
                    recordNow(active, used);
                    first = false;
                }
                double dt = Double.POSITIVE_INFINITY;
                for (List<Job> list : active.values()) {
                    for (Job j : list) {
                        dt = Math.min(dt, j.remaining / j.rate);
                    }
                }
                if (Double.isInfinite(dt)) {
                    accumulate(t, Double.POSITIVE_INFINITY, used, active);
                    break;
                }
                accumulate(t, dt, used, active);
                t += dt;
                for (List<Job> list : active.values()) {
                    for (Job j : list) {
                        j.remaining -= j.rate * dt;
                        if (j.remaining <= j.rate * 1e-6 + EPSILON) {
                            finish(j, t);
                        }
                    }
                }
            }
            return forecast();
        }

        private void finish(Job j, double t) {
            j.remaining = 0;
            j.finish = t;
            queues.get(j.type).get(j.project).remove(j);
            demand.get(j.type).merge(j.project, -j.usage, Double::sum);
            double[] a = projectAcc.get(j.type).get(j.project);
            a[QUEUE_END] = Math.max(a[QUEUE_END], t);
            if (now + t > j.deadline - cushion.applyAsDouble(j.result)) {
                misses.add(j.result);
                a[MISSES]++;
            }
        }

        /** Gives out every resource for the next step; returns instances used per resource. */
        private Map<ResourceType, Double> allocate(Map<ResourceType, List<Job>> active) {
            Map<ResourceType, Double> used = new EnumMap<>(ResourceType.class);
            double gpuCpu = 0;
            for (ProcessingResource r : resources.inServiceOrder()) {
                ResourceType type = r.type();
                double capacity = type == ResourceType.CPU ? Math.max(0, r.instances() - gpuCpu) : r.instances();
                List<Job> running = allocate(type, capacity);
                active.put(type, running);
                double u = 0;
                for (Job j : running) {
                    u += j.rate * j.usage;
                    gpuCpu += type == ResourceType.CPU ? 0 : j.rate * j.cpuUsage;
                }
                used.put(type, type == ResourceType.CPU ? u + gpuCpu : u);
            }
            return used;
        }

        /** Weighted water-filling by share; within a project, earliest deadline first. */
        private List<Job> allocate(ResourceType type, double capacity) {
            List<Job> running = new ArrayList<>();
            Map<Project, Double> grant = waterFill(demand.get(type), capacity);
            for (Map.Entry<Project, List<Job>> e : queues.get(type).entrySet()) {
                double g = grant.getOrDefault(e.getKey(), 0.0);
                for (Job j : e.getValue()) {
                    if (g <= EPSILON) {
                        j.rate = 0;
                        continue;
                    }
                    double give = Math.min(j.usage, g);
                    j.rate = give / j.usage;
                    g -= give;
                    running.add(j);
                }
            }
            return running;
        }

        private void recordNow(Map<ResourceType, List<Job>> active, Map<ResourceType, Double> used) {
            for (ProcessingResource r : resources.inServiceOrder()) {
                resourceAcc.get(r.type())[2] = Math.max(0, r.instances() - used.get(r.type()));
                usedNow.put(r.type(), usedBy(active.get(r.type())));
            }
        }

        private static Map<Project, Double> usedBy(List<Job> running) {
            Map<Project, Double> perProject = new LinkedHashMap<>();
            for (Job j : running) {
                perProject.merge(j.project, j.rate * j.usage, Double::sum);
            }
            return perProject;
        }

        /** Adds the step [t, t + dt] to the shortfalls and the saturated times. */
        private void accumulate(double t, double dt, Map<ResourceType, Double> used,
                                Map<ResourceType, List<Job>> active) {
            double inWindow = Math.max(0, Math.min(t + dt, window) - t);
            for (ProcessingResource r : resources.inServiceOrder()) {
                double[] acc = resourceAcc.get(r.type());
                double idle = r.instances() - used.get(r.type());
                if (idle > 1e-6) {
                    acc[0] += idle * inWindow;
                    if (Double.isNaN(acc[1])) {
                        acc[1] = t;
                    }
                }
                if (inWindow <= 0) {
                    continue;
                }
                Map<Project, Double> perProject = usedBy(active.get(r.type()));
                for (Map.Entry<Project, Double> e : shareInstances.get(r.type()).entrySet()) {
                    double gap = e.getValue() - perProject.getOrDefault(e.getKey(), 0.0);
                    if (gap > 1e-6) {
                        projectAcc.get(r.type()).get(e.getKey())[SHORTFALL] += gap * inWindow;
                    }
                }
            }
        }

        private Forecast forecast() {
            Map<ResourceType, ResourceForecast> res = new EnumMap<>(ResourceType.class);
            Map<Project, Map<ResourceType, ProjectForecast>> proj = new LinkedHashMap<>();
            for (ProcessingResource r : resources.inServiceOrder()) {
                double[] acc = resourceAcc.get(r.type());
                res.put(r.type(), new ResourceForecast(r.type(), r.instances(), acc[2], acc[0],
                        Double.isNaN(acc[1]) ? Double.POSITIVE_INFINITY : acc[1], window));
                Map<Project, Double> shares = shareInstances.get(r.type());
                for (Map.Entry<Project, double[]> e : projectAcc.get(r.type()).entrySet()) {
                    Project p = e.getKey();
                    double[] a = e.getValue();
                    proj.computeIfAbsent(p, x -> new EnumMap<>(ResourceType.class)).put(r.type(),
                            new ProjectForecast(p, r.type(), shares.getOrDefault(p, 0.0),
                                    usedNow.get(r.type()).getOrDefault(p, 0.0), a[SHORTFALL], a[QUEUED], a[JOBS],
                                    a[QUEUE_END], (int) a[MISSES]));
                }
            }
            return new Forecast(now, res, proj, Collections.unmodifiableSet(misses));
        }
    }

    /** Splits {@code capacity} by share, each project capped at its demand; zero shares get what is left. */
    static Map<Project, Double> waterFill(Map<Project, Double> demand, double capacity) {
        Map<Project, Double> grant = new LinkedHashMap<>();
        List<Project> positive = new ArrayList<>();
        List<Project> zero = new ArrayList<>();
        for (Map.Entry<Project, Double> e : demand.entrySet()) {
            if (e.getValue() > EPSILON) {
                (e.getKey().resourceShare() > 0 ? positive : zero).add(e.getKey());
            }
        }
        positive.sort(Comparator.comparingDouble((Project p) -> demand.get(p) / p.resourceShare())
                .thenComparing(Project::url));
        double left = capacity;
        double shares = 0;
        for (Project p : positive) {
            shares += p.resourceShare();
        }
        for (Project p : positive) {
            double fair = shares > 0 ? left * p.resourceShare() / shares : 0;
            double g = Math.min(demand.get(p), fair);
            grant.put(p, g);
            left -= g;
            shares -= p.resourceShare();
        }
        zero.sort(Comparator.comparingDouble((Project p) -> demand.get(p)).thenComparing(Project::url));
        int n = zero.size();
        for (Project p : zero) {
            double g = Math.min(demand.get(p), left / n);
            grant.put(p, g);
            left -= g;
            n--;
        }
        return grant;
    }
}

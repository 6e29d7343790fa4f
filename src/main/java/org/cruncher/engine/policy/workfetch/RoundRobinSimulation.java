package org.cruncher.engine.policy.workfetch;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
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
 *       projects only get what is left), and each project's part goes to its jobs in the CPU scheduler's order:
 *       its running tasks, then its preempted ones, then its new ones, each earliest deadline first (a running task
 *       due later was put after the queued ones, so its forecast end came hours after the scheduler, which keeps
 *       it, ends it: decision 0035);</li>
 *   <li>time jumps to the next job end; on the way, per resource, idle instance-seconds inside the buffer window
 *       add to the shortfall, and the time until the first instance idles is the saturated time; per project,
 *       the instances its share of the resource would have and does not use add to its own shortfall. A share of
 *       the CPU is a share of the CPUs the GPU jobs leave at that step, so a CPU-only project is not short of the
 *       CPUs a GPU job holds (src/docs/decisions/0024);</li>
 *   <li>a job that would end later than its deadline less a cushion is a predicted miss;</li>
 *   <li>max_concurrent (BOINC/boinc#4322, #5749; PR #4592, #5755): a project's jobs beyond its app and project
 *       limits do not run until a running one ends, and its share of a resource is at most the instances its
 *       limits let it use ({@link ConcurrencyCap}), the rest going to the other projects; so a project at its
 *       limit sees a shortfall only for what its limited instances could do, and its work fetch stays bounded.
 *       Without limits nothing changes.</li>
 * </ol>
 * Projects with no queued job still have a share (their whole share is shortfall), so a project that has run dry
 * shows up at once. Shares are among the projects that may be asked for the resource ({@code sharing}). Jobs in
 * deadline rescue are simulated at their share like the others, so a rescue lasts until the job is safe without
 * it, and a project in trouble is seen as such by work fetch (src/docs/decisions/0011).
 */
public final class RoundRobinSimulation {

    private static final double EPSILON = 1e-9;

    /**
     * One resource's forecast.
     *
     * @param usable the fraction of its instances left to its own jobs over the window, on average: for the CPU,
     *               what the GPU jobs' CPUs leave (1 without them); for a GPU, 1
     */
    public record ResourceForecast(ResourceType type, int instances, double idleNow, double shortfall,
                                   double saturated, double window, double usable) {
    }

    /**
     * One project's forecast for one resource.
     *
     * @param shareInstances instances its share of the resource is worth (among the projects that may be asked)
     * @param usableShare    the same of the instances left to the resource's jobs (for the CPU, those the GPU jobs
     *                       leave: decision 0024), on average over the window: what its share can use
     * @param usedNow        instances its jobs would use now
     * @param shortfall      instance-seconds its share would idle in the window
     * @param queued         its queued work for the resource, instance-seconds (wall time)
     * @param jobs           instances its queued jobs use together
     * @param queueEnd       seconds from now until its last queued job for the resource ends
     * @param misses         its jobs predicted to miss their deadline
     */
    public record ProjectForecast(Project project, ResourceType type, double shareInstances, double usableShare,
                                  double usedNow, double shortfall, double queued, double jobs, double queueEnd,
                                  int misses) {
    }

    /**
     * The whole forecast: per resource, and per project and resource (held by {@link Project#slot}, since a
     * decision looks each project up on each resource many times).
     */
    public static final class Forecast {
        private final double now;
        private final Map<ResourceType, ResourceForecast> resources;
        /** The same, by {@link ResourceType#ordinal}: looked up at every step of a poll. */
        private final ResourceForecast[] byType = new ResourceForecast[ResourceType.values().length];
        private final List<Project> order;
        private final ProjectForecast[][] bySlot;
        private final Set<Result> predictedMisses;
        private final ForecastCourse course;

        /**
         * @param order           every project, in the state's order
         * @param bySlot          per project ({@link Project#slot}) and resource ({@link ResourceType#ordinal}), its
         *                        forecast, or null where it has none
         * @param predictedMisses the queued results that would end later than their deadline less the cushion
         * @param course          the course it foresaw, from which it can be read again later
         */
        Forecast(double now, Map<ResourceType, ResourceForecast> resources, List<Project> order,
                 ProjectForecast[][] bySlot, Set<Result> predictedMisses, ForecastCourse course) {
            this.now = now;
            this.resources = resources;
            resources.forEach((type, f) -> byType[type.ordinal()] = f);
            this.order = order;
            this.bySlot = bySlot;
            this.predictedMisses = predictedMisses;
            this.course = course;
        }

        /** When this forecast stands: when it was made, or how far along its course it was read. */
        public double now() {
            return now;
        }

        public Map<ResourceType, ResourceForecast> resources() {
            return resources;
        }

        /** Per project with a forecast, in the state's order, its forecast per resource (a new map each call). */
        public Map<Project, Map<ResourceType, ProjectForecast>> projects() {
            Map<Project, Map<ResourceType, ProjectForecast>> m = new LinkedHashMap<>();
            for (Project p : order) {
                ProjectForecast[] row = p.slot() >= 0 && p.slot() < bySlot.length ? bySlot[p.slot()] : null;
                if (row == null) {
                    continue;
                }
                Map<ResourceType, ProjectForecast> mine = new EnumMap<>(ResourceType.class);
                for (ProjectForecast f : row) {
                    if (f != null) {
                        mine.put(f.type(), f);
                    }
                }
                if (!mine.isEmpty()) {
                    m.put(p, Collections.unmodifiableMap(mine));
                }
            }
            return Collections.unmodifiableMap(m);
        }

        public Set<Result> predictedMisses() {
            return predictedMisses;
        }

        public ForecastCourse course() {
            return course;
        }

        /**
         * When the forecast expects {@code r} to end, seconds on the engine's clock: as foreseen when it was made,
         * however far along its course it has been read. NaN if {@code r} was not queued then or never ends in it.
         */
        public double expectedEnd(Result r) {
            return course.expectedEnds().of(r);
        }

        /**
         * This forecast as it stands at {@code time}, along its own course, with each project's queue as it is in
         * {@code state} (src/docs/decisions/0020); {@code time} must lie within {@link ForecastCourse#covers its
         * course}.
         */
        public Forecast at(double time, ClientState state) {
            requireCovered(time);
            return course.at(time, new QueuedJobs().now(state));
        }

        /**
         * This forecast as it stands at {@code time} along its own course, with shares among {@code sharing} (the
         * projects that may be asked now): the shares change the shortfalls, not the course
         * (src/docs/decisions/0021).
         */
        public Forecast at(double time, ClientState state, Map<ResourceType, Set<Project>> sharing) {
            return at(time, state, sharing, new QueuedJobs());
        }

        /**
         * As {@link #at(double, ClientState, Map)}, with the queue read through {@code queued}, which keeps each
         * project's queued jobs until they change.
         */
        public Forecast at(double time, ClientState state, Map<ResourceType, Set<Project>> sharing,
                           QueuedJobs queued) {
            requireCovered(time);
            return course.at(time, queued.now(state), sharing);
        }

        private void requireCovered(double time) {
            if (!course.covers(time)) {
                throw new IllegalArgumentException("the forecast made at " + course.origin() + " does not reach "
                        + time);
            }
        }

        public ResourceForecast resource(ResourceType type) {
            return byType[type.ordinal()];
        }

        /** {@code p}'s forecast for {@code type}, or null if it has none (or is not a project of this state). */
        public ProjectForecast project(Project p, ResourceType type) {
            int slot = p.slot();
            if (slot < 0 || slot >= bySlot.length || bySlot[slot] == null) {
                return null;
            }
            ProjectForecast f = bySlot[slot][type.ordinal()];
            return f != null && f.project() == p ? f : null;
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
        RoundRobinSimulator sim = new RoundRobinSimulator(state.projects(), resources, now, sharing, window,
                cushion);
        eachQueued(state, resources, sim::add);
        return sim.simulate();
    }

    /**
     * As {@link #run(ClientState, ResourceSet, double, Map, double, ToDoubleFunction)} on the host's own resources,
     * with the queue read through {@code queued}, which keeps each project's queued jobs until they change.
     */
    public static Forecast run(ClientState state, double now, Map<ResourceType, Set<Project>> sharing,
                               double window, ToDoubleFunction<Result> cushion, QueuedJobs queued) {
        RoundRobinSimulator sim = new RoundRobinSimulator(state.projects(), state.resources(), now, sharing, window,
                cushion);
        queued.each(state, sim::add);
        return sim.simulate();
    }

    /**
     * A queued job as the forecast takes it: instances of its resource, CPUs beside a GPU, wall seconds left, and its
     * task (null if it has not started), which places it in its project's order as the CPU scheduler places it.
     */
    interface QueuedJob {
        void accept(Result r, double usage, double cpuUsage, double remaining, ActiveTask task);
    }

    /** Each project's queued jobs in turn, each project's in the order they arrived. */
    private static void eachQueued(ClientState state, ResourceSet resources, QueuedJob sink) {
        for (Project p : state.projects()) {
            eachQueued(state, resources, p, sink);
        }
    }

    private static void eachQueued(ClientState state, ResourceSet resources, Project p, QueuedJob sink) {
        double cpuFraction = state.timeStats().cpuComputingFraction();
        double gpuFraction = Math.max(0.01, cpuFraction * Math.max(0.01, state.timeStats().gpuActiveFrac()));
        for (Result r : state.resultsOfView(p)) {
            if (!queued(r, resources) || !resources.has(r.resource())) {
                continue;
            }
            ResourceType type = r.resource();
            ActiveTask t = state.taskOf(r);
            double remaining = t == null ? r.estimatedRuntime() : t.estimatedRemaining();
            double fraction = type == ResourceType.CPU ? cpuFraction : gpuFraction;
            sink.accept(r, Math.max(r.appVersion().usage(type), EPSILON),
                    type == ResourceType.CPU ? 0 : r.appVersion().avgNcpus(), remaining / fraction, t);
        }
    }

    /**
     * Queued: downloaded or downloading, not finished, not suspended, its resource usable and the job one the host
     * admits (a job needing more CPUs than the user allows never runs, so it holds no CPU in the forecast).
     */
    public static boolean queued(Result r, ResourceSet resources) {
        boolean inQueue = r.isComputable() || r.state() == ResultState.NEW
                || r.state() == ResultState.FILES_DOWNLOADING;
        return inQueue && !r.readyToReport() && !r.suspendedByUser() && !r.project().suspendedByUser()
                && resources.admits(r.appVersion());
    }
}

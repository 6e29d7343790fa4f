package org.cruncher.engine.policy.workfetch;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.WorkRequest;

/**
 * Seed 000's work fetch (need_to_get_work, "with CPU bins and per-project caps"), applied to each processing
 * resource, with seed 003's order of service and per-resource backoff:
 * <ol>
 *   <li>for each resource, estimate every queued job's remaining instance-seconds (wall time: divided by the
 *       fraction of time the host computes; decision 0032);</li>
 *   <li>pack the jobs, longest first, into instance bins of work_buf_min; a bin that reaches work_buf_min is a busy
 *       instance;</li>
 *   <li>add up each project's queued work, capped at its share of work_buf_min x instances (its share among the
 *       projects that may be asked, with an app for the resource that the host admits);</li>
 *   <li>the resource needs work if an instance has nothing queued, if fewer bins than instances are busy, if a
 *       project holds fewer jobs than its share of the instances (seed 001's min_results; decision 0032), or if the
 *       capped total is below work_buf_min x instances (a project has too little work); the CPU needs none while GPU
 *       tasks hold every CPU through the window (decision 0024);</li>
 *   <li>serve needs in seed 003's order (idle GPU, idle CPU, GPU shortfall, CPU shortfall): ask the project that is
 *       furthest below its cap among those that may be asked now (not suspended, not "no new tasks", not backed
 *       off); a project with share 0 only when an instance is idle;</li>
 *   <li>ask it, for each resource it needs, for enough work to reach its share of the high-water buffer
 *       (work_buf_min + work_buf_additional), and for the idle instances.</li>
 * </ol>
 * Asking each project for its own share of the buffer, rather than asking one project for everything, is what lets
 * every project run from the start (boinc-engine.md §8 item 9: BOINC's first project fills the whole buffer).
 */
public final class BufferShareFetch implements WorkFetchPolicy {

    @Override
    public String name() {
        return "seed000";
    }

    @Override
    public FetchDecision decide(FetchContext c) {
        double now = c.now();
        Analysis a = new Analysis(c);
        Project chosen = null;
        ResourceType served = null;
        for (ResourceType type : serviceOrder(a)) {
            Project p = a.choose(type, now);
            if (p != null) {
                chosen = p;
                served = type;
                break;
            }
        }
        List<ProjectFetchState> standings = a.standings(chosen);
        WorkRequest request = chosen == null ? WorkRequest.NONE : a.requestFor(chosen, true);
        return new FetchDecision(chosen, served, request, a.resourceStates(), standings, a.recheckAt(now));
    }

    @Override
    public WorkRequest piggyback(FetchContext c, Project project) {
        if (project.suspendedByUser() || project.noNewTasks()) {
            return WorkRequest.NONE;
        }
        return new Analysis(c).requestFor(project, false);
    }

    /** Seed 003's order: idle GPUs, idle CPU, GPUs short of work, CPU short of work. */
    private static List<ResourceType> serviceOrder(Analysis a) {
        List<ResourceType> order = new ArrayList<>();
        for (boolean idlePass : new boolean[] {true, false}) {
            for (ResourceType type : ResourceType.SERVICE_ORDER) {
                ResourceAnalysis r = a.byType.get(type);
                if (r == null || !r.state.needsWork() || order.contains(type)) {
                    continue;
                }
                if (!idlePass || r.state.idleInstances() > 0) {
                    order.add(type);
                }
            }
        }
        return order;
    }

    /** One project's queue for one resource. */
    private static final class Standing {
        double shareFraction;
        double queued;
        double jobs;
        double runningUsage;
        double latency = Double.POSITIVE_INFINITY;
    }

    /** The buffer figures of one resource. */
    private static final class ResourceAnalysis {
        final ProcessingResource resource;
        final Map<Project, Standing> projects = new LinkedHashMap<>();
        ResourceFetchState state;

        ResourceAnalysis(ProcessingResource resource) {
            this.resource = resource;
        }

        boolean has(Project p) {
            return projects.containsKey(p);
        }

        Standing of(Project p) {
            return projects.get(p);
        }
    }

    /** Everything the decision needs, computed once per call. */
    private static final class Analysis {
        private final ClientState state;
        private final double lowBuf;
        private final double highBuf;
        private final double computing;
        private final Map<ResourceType, ResourceAnalysis> byType = new EnumMap<>(ResourceType.class);
        private final FetchContext context;
        private final RoundRobinSimulation.Forecast forecast;

        Analysis(FetchContext context) {
            this.context = context;
            this.state = context.state();
            this.forecast = context.forecast();
            ResourceSet resources = context.resources();
            double now = context.now();
            this.lowBuf = state.prefs().workBufMinSeconds();
            this.highBuf = state.prefs().workBufTotalSeconds();
            this.computing = state.timeStats().cpuComputingFraction();
            Map<ResourceType, List<Double>> jobs = new EnumMap<>(ResourceType.class);
            Map<ResourceType, Double> usageQueued = new EnumMap<>(ResourceType.class);
            for (ProcessingResource r : resources.inServiceOrder()) {
                ResourceAnalysis ra = new ResourceAnalysis(r);
                double shareBase = 0;
                for (Project p : state.projects()) {
                    if (p.hasAppVersionFor(r.type())) {
                        Standing st = new Standing();
                        st.latency = p.resourceState(r.type()).lastLatency();
                        ra.projects.put(p, st);
                        if (mayAsk(p, r.type(), resources)) {
                            shareBase += p.resourceShare();
                        }
                    }
                }
                for (Map.Entry<Project, Standing> e : ra.projects.entrySet()) {
                    Project p = e.getKey();
                    e.getValue().shareFraction = shareBase > 0 && mayAsk(p, r.type(), resources)
                            ? p.resourceShare() / shareBase : 0;
                }
                byType.put(r.type(), ra);
                jobs.put(r.type(), new ArrayList<>());
                usageQueued.put(r.type(), 0.0);
            }
            for (Result result : state.results()) {
                if (!RoundRobinSimulation.queued(result, resources)) {
                    continue;
                }
                ResourceType type = result.resource();
                ResourceAnalysis ra = byType.get(type);
                if (ra == null || !ra.has(result.project())) {
                    continue;
                }
                Standing st = ra.of(result.project());
                ActiveTask task = state.activeTask(result).orElse(null);
                double remaining = task == null ? result.estimatedRuntime() : task.estimatedRemaining();
                double usage = result.appVersion().usage(type);
                double instanceSeconds = remaining * usage / computing;
                st.queued += instanceSeconds;
                st.jobs += usage;
                st.latency = Math.min(st.latency, result.reportDeadline() - result.receivedTime());
                jobs.get(type).add(instanceSeconds);
                usageQueued.merge(type, usage, Double::sum);
                if (task != null && task.isScheduled()) {
                    st.runningUsage += usage;
                }
            }
            for (ResourceAnalysis ra : byType.values()) {
                ra.state = resourceState(ra, jobs.get(ra.resource.type()), usageQueued.get(ra.resource.type()));
            }
        }

        /** Not suspended, not "no new tasks", and an app for {@code type} that the host admits. */
        private static boolean mayAsk(Project p, ResourceType type, ResourceSet resources) {
            return !p.suspendedByUser() && !p.noNewTasks() && resources.admitsSomeVersion(p, type);
        }

        private ResourceFetchState resourceState(ResourceAnalysis ra, List<Double> jobs, double usageQueued) {
            int n = ra.resource.instances();
            jobs.sort((x, y) -> Double.compare(y, x));
            int busy = 0;
            double bin = 0;
            double total = 0;
            for (double secs : jobs) {
                total += secs;
                bin += secs;
                if (bin >= lowBuf) {
                    bin = 0;
                    busy++;
                }
            }
            double capped = 0;
            double threshold = 0;
            boolean tooFewJobs = false;
            for (Map.Entry<Project, Standing> e : ra.projects.entrySet()) {
                double low = lowWater(ra, e.getKey());
                capped += Math.min(e.getValue().queued, low);
                threshold += low;
                tooFewJobs |= e.getValue().jobs < minJobs(ra, e.getKey()) - 1e-9;
            }
            boolean held = ra.resource.type() == ResourceType.CPU && context.cpusHeldByGpuTasks();
            double idle = held ? 0 : Math.max(0, n - usageQueued);
            FetchTrigger trigger = held ? FetchTrigger.NONE
                    : idle > 1e-9 ? FetchTrigger.IDLE_INSTANCE
                    : busy < n ? FetchTrigger.INSTANCE_SHORT_OF_WORK
                    : tooFewJobs ? FetchTrigger.PROJECT_TOO_FEW_JOBS
                    : capped < threshold - 1e-6 ? FetchTrigger.PROJECT_BELOW_SHARE
                    : FetchTrigger.NONE;
            RoundRobinSimulation.ResourceForecast f = forecast.resource(ra.resource.type());
            return new ResourceFetchState(ra.resource.type(), n, idle, f == null ? Double.NaN : f.shortfall(),
                    f == null ? Double.NaN : f.saturated(), highBuf, total, threshold, busy, capped, trigger);
        }

        /** Decision 0005's cap on {@code p}'s work for the resource. */
        private double deadlineCap(ResourceAnalysis ra, Project p) {
            Standing st = ra.of(p);
            return DeadlineCap.of(st.latency, st.shareFraction * ra.resource.instances(), lowBuf);
        }

        /**
         * Seed 000's cap: {@code p}'s share of work_buf_min x instances, and at most a quarter of its deadline cap
         * (so that a refill brings several jobs). For a project
         * whose scheduler has been unreachable before, the buffer is stretched by its typical outage (at most
         * halfway to the high-water mark), so that its work lasts through the next one (src/docs/decisions/0004).
         */
        double lowWater(ResourceAnalysis ra, Project p) {
            double seconds = OutageBuffer.lowWaterSeconds(lowBuf, highBuf, p.typicalOutage());
            double share = ra.of(p).shareFraction * seconds * ra.resource.instances();
            return Math.min(share, deadlineCap(ra, p) / 4);
        }

        /**
         * Whether decision 0005's cap, at {@code p}'s share, sets its low water below its share of "Store at least"
         * (its standing then names the share as the instances whose work by the deadlines holds its queue).
         */
        private boolean heldByDeadlines(ResourceAnalysis ra, Project p) {
            double seconds = OutageBuffer.lowWaterSeconds(lowBuf, highBuf, p.typicalOutage());
            return lowWater(ra, p) < ra.of(p).shareFraction * ra.resource.instances() * seconds;
        }

        /** What a fetch fills {@code p}'s queue to: its share of the high-water buffer, within its deadline cap. */
        double highWater(ResourceAnalysis ra, Project p) {
            double share = ra.of(p).shareFraction * highBuf * ra.resource.instances();
            return Math.min(share, deadlineCap(ra, p));
        }

        /** Seed 001's min_results: the jobs {@code p} needs so as not to starve, ceil(instances x share). */
        static double minJobs(ResourceAnalysis ra, Project p) {
            double share = ra.of(p).shareFraction;
            return share > 0 ? Math.ceil(share * ra.resource.instances() - 1e-9) : 0;
        }

        /** The first block that applies to asking {@code p} for the resource, or null if none does. */
        private FetchBlock blockOf(Project p, ResourceAnalysis ra) {
            FetchBlock common = context.projectBlock(p, ra.resource.type());
            if (common != null) {
                return common;
            }
            if (p.resourceShare() <= 0 && ra.state.idleInstances() <= 0) {
                return FetchBlock.ZERO_SHARE_NOT_IDLE;
            }
            if (!ra.state.needsWork()) {
                return FetchBlock.RESOURCE_HAS_ENOUGH_WORK;
            }
            return context.backoffBlock(p, ra.resource.type(), true);
        }

        /** How much {@code p} wants work for the resource: it is short of jobs, or below its low-water share. */
        private boolean wants(ResourceAnalysis ra, Project p, boolean instanceShort) {
            Standing st = ra.of(p);
            return st.jobs < minJobs(ra, p) - 1e-9 || st.queued < lowWater(ra, p) - 1e-6
                    || (instanceShort && st.queued < highWater(ra, p));
        }

        /**
         * The project to ask for {@code type}: among positive-share projects that want work and may be asked, one
         * short of jobs first, then the one furthest below its low-water share (ties to the smaller URL); a
         * zero-share project only if an instance is idle and nobody else can be asked.
         */
        Project choose(ResourceType type, double now) {
            ResourceAnalysis ra = byType.get(type);
            if (ra == null || !ra.state.needsWork()) {
                return null;
            }
            boolean instanceShort = ra.state.trigger() == FetchTrigger.IDLE_INSTANCE
                    || ra.state.trigger() == FetchTrigger.INSTANCE_SHORT_OF_WORK;
            Project best = null;
            boolean bestShort = false;
            double bestDeficit = Double.NEGATIVE_INFINITY;
            Project backup = null;
            for (Project p : sortedByUrl(ra.projects.keySet())) {
                if (blockOf(p, ra) != null) {
                    continue;
                }
                if (p.resourceShare() <= 0) {
                    if (backup == null || BackupProjects.before(p, backup, now)) {
                        backup = p;
                    }
                    continue;
                }
                if (!wants(ra, p, instanceShort)) {
                    continue;
                }
                boolean isShort = ra.of(p).jobs < minJobs(ra, p) - 1e-9;
                double deficit = lowWater(ra, p) - ra.of(p).queued;
                if (best == null || (isShort && !bestShort) || (isShort == bestShort && deficit > bestDeficit)) {
                    best = p;
                    bestShort = isShort;
                    bestDeficit = deficit;
                }
            }
            return best != null ? best : backup;
        }

        /**
         * What to ask {@code p} for: up to its share of the high-water buffer (and at least the jobs it is short
         * of), on each resource where it may be asked now ({@code onlyWhereNeeded}) or, when the RPC is made anyway,
         * on every resource it has apps for.
         */
        WorkRequest requestFor(Project p, boolean onlyWhereNeeded) {
            Map<ResourceType, ResourceRequest> perResource = new EnumMap<>(ResourceType.class);
            for (ResourceAnalysis ra : byType.values()) {
                if (!ra.has(p) || context.predictsMisses(p, ra.resource.type())
                        || (ra.resource.type() == ResourceType.CPU && context.cpusHeldByGpuTasks())
                        || (onlyWhereNeeded && blockOf(p, ra) != null)) {
                    continue;
                }
                Standing st = ra.of(p);
                double seconds;
                double instances;
                if (p.resourceShare() <= 0) {
                    instances = Math.ceil(ra.state.idleInstances() - 1e-9);
                    seconds = instances > 0 ? 1 : 0;
                } else {
                    seconds = Math.max(0, highWater(ra, p) - st.queued);
                    instances = Math.max(ra.state.idleInstances(), minJobs(ra, p) - st.jobs);
                    instances = Math.max(0, Math.ceil(instances - 1e-9));
                    if (instances > 0 && seconds <= 0) {
                        seconds = 1;
                    }
                }
                double delay = st.shareFraction > 0
                        ? st.queued / (st.shareFraction * ra.resource.instances())
                        : ra.state.queuedSeconds() / ra.resource.instances();
                perResource.put(ra.resource.type(), new ResourceRequest(seconds, instances, delay));
            }
            return new WorkRequest(perResource);
        }

        List<ResourceFetchState> resourceStates() {
            List<ResourceFetchState> list = new ArrayList<>();
            for (ResourceAnalysis ra : byType.values()) {
                list.add(ra.state);
            }
            return list;
        }

        List<ProjectFetchState> standings(Project chosen) {
            List<ProjectFetchState> list = new ArrayList<>();
            for (Project p : state.projects()) {
                for (ResourceAnalysis ra : byType.values()) {
                    FetchBlock block = blockOf(p, ra);
                    if (block == FetchBlock.NO_APPS_FOR_RESOURCE) {
                        continue;
                    }
                    double until = FetchContext.blockEnds(p, ra.resource.type(), block);
                    if (block == null) {
                        boolean instanceShort = ra.state.trigger() == FetchTrigger.IDLE_INSTANCE
                                || ra.state.trigger() == FetchTrigger.INSTANCE_SHORT_OF_WORK;
                        block = p == chosen ? FetchBlock.FETCHING
                                : p.resourceShare() > 0 && !wants(ra, p, instanceShort)
                                ? FetchBlock.PROJECT_HAS_ENOUGH_WORK : FetchBlock.ANOTHER_PROJECT_FIRST;
                    }
                    RoundRobinSimulation.ProjectForecast pf = forecast.project(p, ra.resource.type());
                    double share = pf == null ? 0 : pf.usableShare();
                    list.add(new ProjectFetchState(p, ra.resource.type(), ra.of(p).queued, lowWater(ra, p),
                            highWater(ra, p), share, pf == null ? 0 : pf.shortfall(), block, until,
                            heldByDeadlines(ra, p) ? share : Double.NaN));
                }
            }
            return list;
        }

        /**
         * When the answer could next change with nothing else happening: when a project's queue, consumed by its
         * running tasks, falls to its low-water share, or the resource's queue to the mark; when a backoff that
         * stands in the way of a needed fetch ends.
         */
        double recheckAt(double now) {
            double next = Double.POSITIVE_INFINITY;
            for (ResourceAnalysis ra : byType.values()) {
                double totalRate = 0;
                for (Map.Entry<Project, Standing> e : ra.projects.entrySet()) {
                    Project p = e.getKey();
                    Standing st = e.getValue();
                    totalRate += st.runningUsage;
                    double above = st.queued - lowWater(ra, p);
                    // Also at the instant it reaches its low water: it must fall below (starved), so look again.
                    if (st.runningUsage > 0 && above >= -1e-6 && p.resourceShare() > 0) {
                        next = Math.min(next, now + Math.max(0, above) / st.runningUsage);
                    }
                    if (ra.state.needsWork()) {
                        if (p.minRpcTime() > now) {
                            next = Math.min(next, p.minRpcTime());
                        }
                        double until = p.resourceState(ra.resource.type()).backoffUntil();
                        if (until > now) {
                            next = Math.min(next, until);
                        }
                    }
                }
                double above = ra.state.queuedSeconds() - ra.state.lowWater();
                if (totalRate > 0 && above > 0) {
                    next = Math.min(next, now + above / totalRate);
                }
            }
            return Double.isInfinite(next) ? next : Math.max(next, now + WORK_FETCH_PERIOD);
        }

        private static List<Project> sortedByUrl(Collection<Project> projects) {
            List<Project> list = new ArrayList<>(projects);
            list.sort((a, b) -> a.url().compareTo(b.url()));
            return list;
        }
    }
}

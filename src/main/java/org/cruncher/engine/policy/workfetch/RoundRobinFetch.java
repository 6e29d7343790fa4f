package org.cruncher.engine.policy.workfetch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ProjectResourceState;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.WorkRequest;

/**
 * The default work fetch: seed 003 (work fetch with GPUs) on the round-robin forecast, with seed 001's minimum
 * variety.
 * <ol>
 *   <li>a resource needs work if an instance is idle now, or if the queue keeps every instance busy for less
 *       than work_buf_min (the saturated time is below the low-water mark);</li>
 *   <li>a project is starved on a resource, even when the resource is busy, if it holds fewer jobs than its share
 *       of the instances or less work than its share of the low water (seed 001's min_results; seed 000's cap),
 *       so that one project's month-long job cannot starve another;</li>
 *   <li>needs are served in seed 003's order: idle GPUs, idle CPU, GPUs below the low water, CPU below the low
 *       water, then starved projects (GPUs first);</li>
 *   <li>for a resource, the project asked is the one with the largest overall long-term debt (its resource debts
 *       weighted by speed) plus its own shortfall among those that may be asked (an app for it, not suspended or
 *       "no new tasks", scheduler reachable, not backed off for it, no job of it predicted to miss its deadline)
 *       and that have something to ask for; a zero-share project only for an idle instance when no one else can
 *       be asked;</li>
 *   <li>it is asked, on each resource it may be asked for that needs work (or where it is starved), for its
 *       shortfall in the window (its share of the instances among the projects that may be asked, for the CPU of
 *       those the GPU jobs leave (decision 0024), not yet covered by its queue), never more than its share can
 *       finish before its shortest deadline, and for the instances its jobs cannot yet fill;</li>
 *   <li>max_concurrent (BOINC/boinc#4322, #5749): a project's share of a resource never exceeds the instances its
 *       limits let it use ({@link ConcurrencyCap}, as in the forecast), so a project at its limit is asked only for
 *       what those instances can do by the high water, and for jobs until its limited instances are filled (four
 *       2-CPU jobs under a limit of 4), even while the CPUs its limit leaves idle keep the resource short.</li>
 * </ol>
 * Re-checks are scheduled for when the forecast crosses the low water, not every minute.
 */
public final class RoundRobinFetch implements WorkFetchPolicy {

    /** How far below its low water a project's queue must be to count as below it, instance-seconds. */
    private static final double LOW_WATER_TOLERANCE = 1e-6;

    private final DeadlineCap.Memo latencies = new DeadlineCap.Memo();
    /** The last decision's fair parts, kept while who may be asked, the shares and the capacities stay the same. */
    private final FairPartsMemo fairPartsMemo = new FairPartsMemo();

    /**
     * {@link FairResourceParts}' last inputs and result, for the projects that may be asked and for each project
     * counted as askable everywhere: who may be asked for what changes at contacts and backoffs, not at every decision
     * (worked out anew each time, the flaky bench case took 1.5 s longer in 10 days).
     */
    private static final class FairPartsMemo {
        private final Memo askable = new Memo();
        /** Per project, its parts counted as askable for {@link AsIf#types}, worked out at the askable version. */
        private final Map<Project, AsIf> asIfAskable = new HashMap<>();

        /**
         * One project's parts as if askable for {@code types} with its {@code share}, and the {@link Memo#version}
         * they were made at.
         */
        private record AsIf(int version, Set<ResourceType> types, double share, Map<ResourceType, Double> parts) {
        }

        /** One set of inputs and its result. */
        private static final class Memo {
            private FairPartsInputs inputs;
            private Map<Project, Map<ResourceType, Double>> parts;
            /** Counts the times {@link #parts} were worked out anew. */
            private int version;

            Map<Project, Map<ResourceType, Double>> of(FairPartsInputs in) {
                if (!in.sameAs(inputs)) {
                    inputs = in;
                    parts = FairResourceParts.of(in.eligible(), in.capacities(), in.caps());
                    version++;
                }
                return parts;
            }
        }
    }

    @Override
    public String name() {
        return "seed003";
    }

    @Override
    public FetchDecision decide(FetchContext c) {
        Analysis a = new Analysis(c, latencies, fairPartsMemo);
        Choice choice = firstAskable(a);
        if (choice == null) {
            return new FetchDecision(null, null, WorkRequest.NONE, a.resourceStates(),
                    a.standings(null, WorkRequest.NONE), a.recheckAt());
        }
        return new FetchDecision(choice.project(), choice.served(), choice.request(), a.resourceStates(),
                a.standings(choice.project(), choice.request()), a.recheckAt());
    }

    @Override
    public WorkRequest piggyback(FetchContext c, Project project) {
        if (project.suspendedByUser() || project.noNewTasks()) {
            return WorkRequest.NONE;
        }
        return new Analysis(c, latencies, fairPartsMemo).requestFor(project, false);
    }

    /**
     * The first project, in order of need and rank, that has something to ask for the need's resource (seed 003:
     * "if a GPU is idle, we should get work from a project that potentially has jobs for it"; a project whose
     * request asks only for CPU work does not serve an idle GPU, however large its debt).
     */
    private static Choice firstAskable(Analysis a) {
        for (Need need : a.needsInServiceOrder()) {
            for (Project p : a.ranked(need)) {
                WorkRequest r = a.requestFor(p, true);
                if (r.get(need.type).asksForWork()) {
                    return new Choice(p, need.type, r);
                }
            }
        }
        return null;
    }

    /** Whom to ask, for which need, for what. */
    private record Choice(Project project, ResourceType served, WorkRequest request) {
    }

    /** A need: a resource short of work, or a project starved on it. */
    private record Need(ResourceType type, boolean idle, boolean resourceWide) {
    }

    /** Everything the decision needs, computed once per call. */
    private static final class Analysis {
        private final FetchContext c;
        private final DeadlineCap.Memo heldLatencies;
        private final ClientState state;
        private final double now;
        private final double lowBuf;
        private final double highBuf;
        private final Map<ResourceType, ResourceFetchState> resources = new EnumMap<>(ResourceType.class);
        /** Per project ({@link Project#slot}): its overall long-term debt, NaN until first asked for. */
        private final double[] overallDebt;
        /** Per resource: the total share of the projects that may be asked for it. */
        private final Map<ResourceType, Double> askableShare = new EnumMap<>(ResourceType.class);
        /** Per resource, once worked out: the projects that may not be asked for it but hold work for it. */
        private final Map<ResourceType, List<Project>> heldWork = new EnumMap<>(ResourceType.class);
        /**
         * Per project and resource, the figures asked for again and again while deciding (a decision looks at every
         * project on every resource several times), worked out once.
         */
        private final Figures[][] figures;
        /** Per project ({@link Project#slot}): what it would be asked for where work is needed, once worked out. */
        private final WorkRequest[] neededRequests;
        /** Per resource ({@link ResourceType#ordinal}): its instances, and an instance's speed over a CPU's. */
        private final int[] instances = new int[ResourceType.values().length];
        private final double[] speed = new double[ResourceType.values().length];
        private final FairPartsMemo fairPartsMemo;
        /** {@link FairResourceParts} of the projects that may be asked; null until first asked for. */
        private Map<Project, Map<ResourceType, Double>> fairParts;
        /** A host with one resource in service: a project's part is its share there. */
        private boolean oneResource;

        /** One project's figures for one resource; NaN (or null) until first asked for. */
        private static final class Figures {
            RoundRobinSimulation.ProjectForecast forecast;
            boolean forecastKnown;
            double shareInstances = Double.NaN;
            double capInstances = Double.NaN;
            double lowWater = Double.NaN;
            double highWater = Double.NaN;
            double deadlineCap = Double.NaN;
            double fairPartInstances = Double.NaN;
            Boolean starved;
        }

        private Figures figures(Project p, ResourceType type) {
            int slot = p.slot();
            if (slot < 0 || slot >= figures.length) {
                return new Figures();
            }
            Figures[] perType = figures[slot];
            if (perType == null) {
                perType = new Figures[ResourceType.values().length];
                figures[slot] = perType;
            }
            Figures f = perType[type.ordinal()];
            if (f == null) {
                f = new Figures();
                perType[type.ordinal()] = f;
            }
            return f;
        }

        Analysis(FetchContext c, DeadlineCap.Memo heldLatencies, FairPartsMemo fairPartsMemo) {
            this.fairPartsMemo = fairPartsMemo;
            this.c = c;
            this.heldLatencies = heldLatencies;
            this.state = c.state();
            this.now = c.now();
            this.lowBuf = state.prefs().workBufMinSeconds();
            this.highBuf = state.prefs().workBufTotalSeconds();
            int slots = Project.slotsOf(state.projects());
            this.figures = new Figures[slots][];
            this.neededRequests = new WorkRequest[slots];
            for (ProcessingResource r : c.resources().inServiceOrder()) {
                instances[r.type().ordinal()] = r.instances();
                speed[r.type().ordinal()] = r.flopsPerInstance() / c.resources().cpu().flopsPerInstance();
            }
            this.overallDebt = new double[slots];
            Arrays.fill(overallDebt, Double.NaN);
            for (ProcessingResource r : c.resources().inServiceOrder()) {
                double total = 0;
                for (Project p : state.projects()) {
                    RoundRobinSimulation.ProjectForecast pf = c.forecast().project(p, r.type());
                    total += pf != null && pf.shareInstances() > 0 ? p.resourceShare() : 0;
                }
                askableShare.put(r.type(), total);
            }
            for (ProcessingResource r : c.resources().inServiceOrder()) {
                RoundRobinSimulation.ResourceForecast f = c.forecast().resource(r.type());
                double queued = 0;
                for (Project p : state.projects()) {
                    RoundRobinSimulation.ProjectForecast pf = c.forecast().project(p, r.type());
                    queued += pf == null ? 0 : pf.queued();
                }
                FetchTrigger trigger = f.idleNow() > 1e-9 ? FetchTrigger.IDLE_INSTANCE
                        : f.saturated() < lowBuf ? FetchTrigger.BUFFER_LOW : FetchTrigger.NONE;
                if (trigger == FetchTrigger.NONE) {
                    trigger = starvedTrigger(r.type());
                }
                resources.put(r.type(), new ResourceFetchState(r.type(), r.instances(), f.idleNow(), f.shortfall(),
                        f.saturated(), highBuf, queued, lowBuf, -1, Double.NaN, trigger));
            }
        }

        private RoundRobinSimulation.ProjectForecast forecast(Project p, ResourceType type) {
            Figures f = figures(p, type);
            if (!f.forecastKnown) {
                f.forecast = c.forecast().project(p, type);
                f.forecastKnown = true;
            }
            return f.forecast;
        }

        /**
         * Instances the project's share is worth on {@code type}, among the projects that may be asked; for a
         * project that may not be asked now (backed off), the share it would have among them (decision 0012: a
         * piggybacked request still asks for it). A share of the CPU is of the CPUs the GPU jobs leave, on average
         * over the window (decision 0024), so its water marks are what its share can use.
         */
        private double shareInstances(Project p, ResourceType type) {
            Figures f = figures(p, type);
            if (Double.isNaN(f.shareInstances)) {
                f.shareInstances = computeShareInstances(p, type);
            }
            return f.shareInstances;
        }

        private double computeShareInstances(Project p, ResourceType type) {
            if (isAskable(p, type)) {
                return forecast(p, type).usableShare();
            }
            if (p.resourceShare() <= 0 || !c.resources().admitsSomeVersion(p, type)) {
                return 0;
            }
            double usable = instances(type) * c.forecast().resource(type).usable();
            return Math.min(ConcurrencyCap.instances(p, type),
                    usable * p.resourceShare() / (askableShare.getOrDefault(type, 0.0) + p.resourceShare()));
        }

        /** Whether {@code p} is among the projects the forecast shares {@code type} among. */
        private boolean isAskable(Project p, ResourceType type) {
            RoundRobinSimulation.ProjectForecast f = forecast(p, type);
            return f != null && f.shareInstances() > 0;
        }

        private double queued(Project p, ResourceType type) {
            RoundRobinSimulation.ProjectForecast f = forecast(p, type);
            return f == null ? 0 : f.queued();
        }

        private double jobs(Project p, ResourceType type) {
            RoundRobinSimulation.ProjectForecast f = forecast(p, type);
            return f == null ? 0 : f.jobs();
        }

        private double shortfall(Project p, ResourceType type) {
            RoundRobinSimulation.ProjectForecast f = forecast(p, type);
            return f == null ? 0 : f.shortfall();
        }

        /**
         * Decision 0005's cap on {@code p}'s work for {@code type}, at the instances its share is worth there or, if
         * fewer, those its fair part of the host's work leaves it (decision 0048) or those its share leaves it beside
         * the work of projects that may not be asked (decision 0050).
         */
        private double deadlineCap(Project p, ResourceType type) {
            Figures f = figures(p, type);
            if (Double.isNaN(f.deadlineCap)) {
                f.deadlineCap = DeadlineCap.of(heldLatencies.shortestLatency(state, p, type), capInstances(p, type),
                        lowBuf);
            }
            return f.deadlineCap;
        }

        /** The instances decision 0005's cap counts for {@code p} on {@code type} (see {@link #deadlineCap}). */
        private double capInstances(Project p, ResourceType type) {
            Figures f = figures(p, type);
            if (Double.isNaN(f.capInstances)) {
                double latency = heldLatencies.shortestLatency(state, p, type);
                double part = Math.min(shareInstances(p, type), fairPartInstances(p, type));
                f.capInstances = Math.min(part, besideHeldWork(p, type, DeadlineCap.span(latency, lowBuf)));
            }
            return f.capInstances;
        }

        /**
         * The instances of {@code type} {@code p}'s share is worth, on average over the next {@code span} seconds,
         * among the projects that may be asked and those that may not but hold work for it, each of these counted
         * until its queue ends in the forecast ({@link HeldWorkShare}, decision 0050); unbounded when no project that
         * may not be asked holds work for it.
         */
        private double besideHeldWork(Project p, ResourceType type, double span) {
            List<Project> holders = holders(type).stream().filter(q -> q != p).toList();
            if (p.resourceShare() <= 0 || holders.isEmpty()) {
                return Double.POSITIVE_INFINITY;
            }
            double[] shares = new double[holders.size()];
            double[] until = new double[holders.size()];
            for (int i = 0; i < shares.length; i++) {
                shares[i] = holders.get(i).resourceShare();
                until[i] = forecast(holders.get(i), type).queueEnd();
            }
            double others = askableShare.getOrDefault(type, 0.0) - (isAskable(p, type) ? p.resourceShare() : 0);
            double fraction = HeldWorkShare.meanFraction(p.resourceShare(), Math.max(0, others), shares, until, span);
            return fraction * instances(type) * c.forecast().resource(type).usable();
        }

        /**
         * The instances of {@code type} that {@code p} can use while every project that may be asked gets its fair
         * part of the host's work ({@link FairResourceParts}); unbounded on a host with one resource. For a project
         * that may not be asked for {@code type} (a piggybacked request still asks, decision 0012), the part it would
         * have if it could be, as for its share.
         */
        private double fairPartInstances(Project p, ResourceType type) {
            Figures f = figures(p, type);
            if (Double.isNaN(f.fairPartInstances)) {
                f.fairPartInstances = computeFairPartInstances(p, type);
            }
            return f.fairPartInstances;
        }

        private double computeFairPartInstances(Project p, ResourceType type) {
            if (fairParts == null) {
                fairParts = computeFairParts(null);
            }
            Map<ResourceType, Double> parts = fairParts.get(p);
            Double part = parts == null ? null : parts.get(type);
            if (part == null && !oneResource && p.resourceShare() > 0 && c.resources().admitsSomeVersion(p, type)) {
                part = asIfAskable(p).get(type);
            }
            return part == null ? Double.POSITIVE_INFINITY
                    : part * instances(type) * c.forecast().resource(type).usable();
        }

        /**
         * {@code p}'s parts counted as askable for every resource it has an application for: kept from decision to
         * decision while the askable projects' parts stand and its own resources and share are the same.
         */
        private Map<ResourceType, Double> asIfAskable(Project p) {
            Set<ResourceType> types = EnumSet.noneOf(ResourceType.class);
            for (ProcessingResource r : c.resources().inServiceOrder()) {
                if (isAskable(p, r.type()) || c.resources().admitsSomeVersion(p, r.type())) {
                    types.add(r.type());
                }
            }
            FairPartsMemo.AsIf kept = fairPartsMemo.asIfAskable.get(p);
            if (kept == null || kept.version() != fairPartsMemo.askable.version || !kept.types().equals(types)
                    || kept.share() != p.resourceShare()) {
                Map<ResourceType, Double> parts = computeFairPartsAsIfAskable(p);
                kept = new FairPartsMemo.AsIf(fairPartsMemo.askable.version, types, p.resourceShare(), parts);
                fairPartsMemo.asIfAskable.put(p, kept);
            }
            return kept.parts();
        }

        /**
         * The fair parts of the projects that may be asked, {@code extra} (if not null) counted as askable for every
         * resource it has an application for that the host admits.
         */
        private Map<Project, Map<ResourceType, Double>> computeFairParts(Project extra) {
            FairPartsInputs in = fairPartsInputs(extra);
            if (in.resourceCount() < 2) {
                oneResource = true;
                return Map.of();
            }
            return fairPartsMemo.askable.of(in);
        }

        /** {@code p}'s parts counted as askable for every resource it has an application for that the host admits. */
        private Map<ResourceType, Double> computeFairPartsAsIfAskable(Project p) {
            FairPartsInputs in = fairPartsInputs(p);
            return FairResourceParts.partsOf(in.eligible(), in.capacities(), in.caps(), p);
        }

        /**
         * What the fair parts are worked out from: each resource's capacity, and the projects that may be asked with
         * their resources and caps, {@code extra} (if not null) counted as askable for every resource it has an
         * application for that the host admits.
         */
        private FairPartsInputs fairPartsInputs(Project extra) {
            FairPartsInputs in = new FairPartsInputs(state.projects().size());
            List<ResourceType> types = new ArrayList<>();
            for (ProcessingResource r : c.resources().inServiceOrder()) {
                int t = r.type().ordinal();
                in.capacity(r.type(), instances[t] * speed[t] * c.forecast().resource(r.type()).usable());
                types.add(r.type());
            }
            types.sort(null);
            if (in.resourceCount() < 2) {
                return in;
            }
            for (Project p : state.projects()) {
                if (p.resourceShare() <= 0) {
                    continue;
                }
                int bits = 0;
                double most = 0;
                for (ResourceType t : types) {
                    if (isAskable(p, t) || p == extra && c.resources().admitsSomeVersion(p, t)) {
                        bits |= 1 << t.ordinal();
                        if (p.hasConcurrencyLimits()) {
                            most += Math.min(1, ConcurrencyCap.instances(p, t) / instances(t))
                                    * in.capacityOf(t);
                        }
                    }
                }
                if (bits != 0) {
                    in.add(p, bits, p.hasConcurrencyLimits() ? most : Double.NaN);
                }
            }
            return in;
        }

        /** The projects with a share that may not be asked for {@code type} but hold work for it (decision 0050). */
        private List<Project> holders(ResourceType type) {
            return heldWork.computeIfAbsent(type, t -> {
                List<Project> list = new ArrayList<>();
                for (Project q : state.projects()) {
                    if (q.resourceShare() > 0 && !isAskable(q, t) && queued(q, t) > 0) {
                        list.add(q);
                    }
                }
                return list;
            });
        }

        /** Its share of the low water (stretched by its typical outage, decision 0004), within its deadline cap. */
        private double lowWater(Project p, ResourceType type) {
            Figures f = figures(p, type);
            if (Double.isNaN(f.lowWater)) {
                double seconds = OutageBuffer.lowWaterSeconds(lowBuf, highBuf, p.typicalOutage());
                f.lowWater = Math.min(shareInstances(p, type) * seconds, deadlineCap(p, type) / 4);
            }
            return f.lowWater;
        }

        /**
         * The instances decision 0005's cap counts for {@code p} where that cap sets its low water, below its share
         * of "Store at least" (for its standing, which says why its queue is held lower); NaN otherwise.
         */
        private double deadlineInstances(Project p, ResourceType type) {
            double seconds = OutageBuffer.lowWaterSeconds(lowBuf, highBuf, p.typicalOutage());
            return lowWater(p, type) < shareInstances(p, type) * seconds ? capInstances(p, type) : Double.NaN;
        }

        private double highWater(Project p, ResourceType type) {
            Figures f = figures(p, type);
            if (Double.isNaN(f.highWater)) {
                f.highWater = Math.min(shareInstances(p, type) * highBuf, deadlineCap(p, type));
            }
            return f.highWater;
        }

        /**
         * Whether {@code p}'s latest job for {@code type} (its estimated instance-seconds, stretched by the time the
         * host computes) is more than its share can finish before such a job's deadline (decision 0005's cap): one more
         * such job runs first to meet its deadline, ahead of the debts (decision 0011). Asked for it whenever it is
         * starved, a project with a small share and short deadlines took five times its share (decision 0047).
         */
        private double computingFraction(ResourceType type) {
            double cpu = state.timeStats().cpuComputingFraction();
            return type == ResourceType.CPU ? Math.max(0.01, cpu)
                    : Math.max(0.01, cpu * Math.max(0.01, state.timeStats().gpuActiveFrac()));
        }

        private boolean jobOutrunsItsShare(Project p, ResourceType type) {
            double runtime = p.resourceState(type).lastRuntime();
            return runtime > 0 && runtime / computingFraction(type) > deadlineCap(p, type);
        }

        /** Seed 001's min_results: the jobs its share needs, ceil(share instances). */
        private double minJobs(Project p, ResourceType type) {
            double s = shareInstances(p, type);
            return s > 0 ? Math.ceil(s - 1e-9) : 0;
        }

        private boolean starved(Project p, ResourceType type) {
            Figures f = figures(p, type);
            if (f.starved == null) {
                f.starved = p.resourceShare() > 0 && shareInstances(p, type) > 0
                        && (jobs(p, type) < minJobs(p, type) - 1e-9
                        || queued(p, type) < lowWater(p, type) - LOW_WATER_TOLERANCE)
                        && (overallDebt(p) >= 0 || !jobOutrunsItsShare(p, type));
            }
            return f.starved;
        }

        /**
         * Whether a project that may be asked is starved on {@code type}: too few jobs for its share (seed 001's
         * min_results) before too little work (below its share of the low water); NONE if none is.
         */
        private FetchTrigger starvedTrigger(ResourceType type) {
            FetchTrigger t = FetchTrigger.NONE;
            for (Project p : state.projects()) {
                if (blockOf(p, type, true) == null && starved(p, type)) {
                    if (jobs(p, type) < minJobs(p, type) - 1e-9) {
                        return FetchTrigger.PROJECT_TOO_FEW_JOBS;
                    }
                    t = FetchTrigger.PROJECT_BELOW_SHARE;
                }
            }
            return t;
        }

        /** The first block that applies to asking {@code p} for {@code type} now, or null if none does. */
        private FetchBlock blockOf(Project p, ResourceType type, boolean ignoreNeed) {
            FetchBlock common = c.projectBlock(p, type);
            if (common != null) {
                return common;
            }
            ResourceFetchState rs = resources.get(type);
            if (p.resourceShare() <= 0 && (rs == null || rs.idleInstances() <= 0)) {
                return FetchBlock.ZERO_SHARE_NOT_IDLE;
            }
            if (!ignoreNeed && rs != null && !rs.needsWork() && !starved(p, type)) {
                return FetchBlock.RESOURCE_HAS_ENOUGH_WORK;
            }
            return c.backoffBlock(p, type, true);
        }

        /** Seed 003's order: idle GPUs, idle CPU, GPUs low, CPU low; then starved projects, GPUs first. */
        List<Need> needsInServiceOrder() {
            List<Need> needs = new ArrayList<>();
            for (int pass = 0; pass < 3; pass++) {
                for (ResourceType type : ResourceType.SERVICE_ORDER) {
                    ResourceFetchState rs = resources.get(type);
                    if (rs == null || !rs.needsWork()) {
                        continue;
                    }
                    boolean idle = rs.trigger() == FetchTrigger.IDLE_INSTANCE;
                    boolean low = rs.trigger() == FetchTrigger.BUFFER_LOW;
                    if ((pass == 0 && idle) || (pass == 1 && low)) {
                        needs.add(new Need(type, idle, true));
                    } else if (pass == 2 && !idle && !low) {
                        needs.add(new Need(type, false, false));
                    }
                }
            }
            return needs;
        }

        /**
         * The projects that may be asked for {@code need}, best first: the largest {@link #score}
         * among those that may be asked (for a project-level need, among the starved ones), ties to the smaller
         * URL; then, for an idle instance, a zero-share project (the one with the least CPU time lately:
         * {@link BackupProjects}).
         */
        List<Project> ranked(Need need) {
            List<Project> candidates = new ArrayList<>();
            Project backup = null;
            for (Project p : state.projects()) {
                if (blockOf(p, need.type, false) != null) {
                    continue;
                }
                if (p.resourceShare() <= 0) {
                    if (backup == null || BackupProjects.before(p, backup, now)) {
                        backup = p;
                    }
                    continue;
                }
                if (need.resourceWide || starved(p, need.type)) {
                    candidates.add(p);
                }
            }
            candidates.sort(Comparator.comparingDouble((Project p) -> -score(p, need.type))
                    .thenComparing(Project::url));
            if (need.idle && backup != null) {
                candidates.add(backup);
            }
            return candidates;
        }

        /**
         * Seed 003's select_project: the overall long-term debt (resource debts weighted by speed, CPU-seconds) plus
         * the project's shortfall on {@code type}, weighted the same way.
         */
        private double score(Project p, ResourceType type) {
            double speed = speed(type);
            return overallDebt(p) + shortfall(p, type) * speed;
        }

        /** The host's instances of {@code type} (0 if it has none). */
        private int instances(ResourceType type) {
            return instances[type.ordinal()];
        }

        /** An instance of {@code type}'s speed over a CPU's (0 if the host has none). */
        private double speed(ResourceType type) {
            return speed[type.ordinal()];
        }

        private double overallDebt(Project p) {
            int slot = p.slot();
            if (slot < 0 || slot >= overallDebt.length) {
                return LongTermDebt.overall(p, c.resources());
            }
            if (Double.isNaN(overallDebt[slot])) {
                overallDebt[slot] = LongTermDebt.overall(p, c.resources());
            }
            return overallDebt[slot];
        }

        /**
         * What to ask {@code p} for, per resource: its shortfall (up to its deadline cap) and the instances its
         * queue cannot fill; only where it may be asked and work is needed ({@code onlyWhereNeeded}), or, when the
         * RPC is made anyway, wherever it has apps and is not full; never where a job of it is forecast to miss its
         * deadline.
         */
        WorkRequest requestFor(Project p, boolean onlyWhereNeeded) {
            int slot = p.slot();
            if (!onlyWhereNeeded || slot < 0 || slot >= neededRequests.length) {
                return computeRequestFor(p, onlyWhereNeeded);
            }
            if (neededRequests[slot] == null) {
                neededRequests[slot] = computeRequestFor(p, true);
            }
            return neededRequests[slot];
        }

        private WorkRequest computeRequestFor(Project p, boolean onlyWhereNeeded) {
            Map<ResourceType, ResourceRequest> perResource = new EnumMap<>(ResourceType.class);
            for (ResourceFetchState rs : resources.values()) {
                ResourceType type = rs.type();
                if (!c.resources().admitsSomeVersion(p, type) || c.predictsMisses(p, type)) {
                    continue;
                }
                if (onlyWhereNeeded && (blockOf(p, type, true) != null
                        || !(rs.trigger() == FetchTrigger.IDLE_INSTANCE || rs.trigger() == FetchTrigger.BUFFER_LOW
                        || starved(p, type)))) {
                    continue;
                }
                double seconds;
                double instances;
                if (p.resourceShare() <= 0) {
                    instances = Math.ceil(rs.idleInstances() - 1e-9);
                    seconds = instances > 0 ? 1 : 0;
                } else {
                    double room = Math.max(0, highWater(p, type) - queued(p, type));
                    seconds = isAskable(p, type) ? Math.min(shortfall(p, type), room) : room;
                    double share = shareInstances(p, type);
                    instances = Math.max(0, Math.ceil(Math.min(share, rs.instances()) - jobs(p, type) - 1e-9));
                    if (room <= 0) {
                        instances = Math.min(instances, jobs(p, type) < minJobs(p, type) ? 1 : 0);
                    }
                    if (instances > 0 && seconds < 1) {
                        seconds = 1;
                    }
                }
                if (seconds <= 0 && instances <= 0) {
                    continue;
                }
                RoundRobinSimulation.ProjectForecast f = forecast(p, type);
                perResource.put(type, new ResourceRequest(seconds, instances, f == null ? 0 : f.queueEnd()));
            }
            return new WorkRequest(perResource);
        }

        List<ResourceFetchState> resourceStates() {
            return new ArrayList<>(resources.values());
        }

        List<ProjectFetchState> standings(Project chosen, WorkRequest request) {
            List<ProjectFetchState> list = new ArrayList<>();
            for (Project p : state.projects()) {
                for (ResourceFetchState rs : resources.values()) {
                    ResourceType type = rs.type();
                    FetchBlock block = blockOf(p, type, false);
                    if (block == FetchBlock.NO_APPS_FOR_RESOURCE) {
                        continue;
                    }
                    double until = FetchContext.blockEnds(p, type, block);
                    if (block == FetchBlock.RESOURCE_HAS_ENOUGH_WORK && p.resourceShare() > 0
                            && queued(p, type) >= lowWater(p, type) - LOW_WATER_TOLERANCE) {
                        block = FetchBlock.PROJECT_HAS_ENOUGH_WORK;
                    } else if (block == null) {
                        boolean wanted = rs.trigger() == FetchTrigger.IDLE_INSTANCE
                                || rs.trigger() == FetchTrigger.BUFFER_LOW || starved(p, type);
                        block = p == chosen && request.get(type).asksForWork() ? FetchBlock.FETCHING
                                : wanted && requestFor(p, true).get(type).asksForWork()
                                ? FetchBlock.ANOTHER_PROJECT_FIRST : FetchBlock.PROJECT_HAS_ENOUGH_WORK;
                    }
                    list.add(new ProjectFetchState(p, type, queued(p, type), lowWater(p, type), highWater(p, type),
                            shareInstances(p, type), shortfall(p, type), block, until, deadlineInstances(p, type),
                            capInstances(p, type) < Math.min(shareInstances(p, type), fairPartInstances(p, type))));
                }
            }
            return list;
        }

        /**
         * When the answer could next change with nothing else happening: when a resource's saturated time reaches
         * the low water; when a project's queue, consumed by its running jobs, reaches its low water; when a
         * backoff that stands in the way of a needed fetch ends.
         */
        double recheckAt() {
            double next = Double.POSITIVE_INFINITY;
            double made = c.forecast().now();
            for (ResourceFetchState rs : resources.values()) {
                // While a trigger has not fired yet, including the instant its figure reaches the low water (the
                // triggers need it below): a wake there alone found nothing to do and set no other.
                if (!Double.isInfinite(rs.saturated()) && rs.saturated() >= lowBuf) {
                    next = Math.min(next, made + rs.saturated() - lowBuf);
                }
                for (Project p : state.projects()) {
                    if (!p.hasAppVersionFor(rs.type())) {
                        continue;
                    }
                    RoundRobinSimulation.ProjectForecast f = forecast(p, rs.type());
                    double above = f == null ? 0 : f.queued() - lowWater(p, rs.type());
                    if (f != null && f.usedNow() > 0 && above >= -LOW_WATER_TOLERANCE) {
                        next = Math.min(next, made + Math.max(0, above) / f.usedNow());
                    }
                    ProjectResourceState st = p.resourceState(rs.type());
                    if (rs.needsWork() || starved(p, rs.type())) {
                        if (p.minRpcTime() > now) {
                            next = Math.min(next, p.minRpcTime());
                        }
                        if (st.backoffUntil() > now) {
                            next = Math.min(next, st.backoffUntil());
                        }
                    }
                }
            }
            return Double.isInfinite(next) ? next : Math.max(next, now + WORK_FETCH_PERIOD);
        }
    }
}

package org.cruncher.engine.policy.workfetch;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.WorkRequest;

/**
 * Seed 001's work fetch (compute_work_request with urgency levels), kept as a named alternative
 * ({@code --fetch-policy seed001}); applied to each resource as seed 001 applies it to the CPUs:
 * <ol>
 *   <li>T = work_buf_min (seed 001's connection period); min_results(P) = ceil(instances x share / total share);</li>
 *   <li>avg_proc_rate(P) = share / total share x instances x the host's computing fraction;</li>
 *   <li>ETTPRC(P, k): the estimated time until P's runnable results fall to k = the estimated time of all but its
 *       k latest-deadline results / avg_proc_rate(P) (of equal deadlines, the later name counts as the later);</li>
 *   <li>if ETTPRC(P, min_results - 1) &lt; T, P needs work (NEED_WORK_IMMEDIATELY when it is 0) and asks for
 *       (2T - ETTPRC) x avg_proc_rate(P) seconds;</li>
 *   <li>one RPC at a time: the project with the most urgent, then largest, request is asked; of equal requests,
 *       the project first by URL.</li>
 * </ol>
 * As for every policy, a project with a job forecast to miss its deadline is not asked for that resource
 * (decision 0011). Seed 001 has no backup projects (share 0: its rate would be 0); as in the other policies, one is
 * asked for 1 s and the idle instances when a resource has an idle instance and no project with a share needs work
 * for it (decision 0023).
 */
public final class UrgencyFetch implements WorkFetchPolicy {

    /** Seed 001's urgency levels. */
    public enum Urgency {
        DONT_NEED_WORK, NEED_WORK, NEED_WORK_IMMEDIATELY
    }

    @Override
    public String name() {
        return "seed001";
    }

    /** One project's need for one resource. */
    private record Need(Project project, ResourceType type, Urgency urgency, double seconds, double ettprc,
                        boolean backup) {
    }

    /**
     * Whether {@code p} may need work for {@code type}: it has an app for it that the host admits, no job of it is
     * forecast to miss, the CPUs are not all held by GPU tasks; and, if {@code onlyAskable}, nothing keeps it from
     * being asked now: none of {@link FetchContext#projectBlock}'s blocks (suspended, no new tasks, to be removed
     * when done, no disk room, room left to a project within its disk share), no deferral, no backoff.
     */
    private static boolean mayNeed(FetchContext c, Project p, ResourceType type, boolean onlyAskable) {
        if (!c.resources().admitsSomeVersion(p, type) || c.predictsMisses(p, type)
                || (type == ResourceType.CPU && c.cpusHeldByGpuTasks())) {
            return false;
        }
        return !onlyAskable || !(c.projectBlock(p, type) != null || p.minRpcTime() > c.now()
                || p.resourceState(type).isBackedOff(c.now()));
    }

    private static List<Need> needs(FetchContext c, boolean onlyAskable) {
        ClientState state = c.state();
        double t = state.prefs().workBufMinSeconds();
        double fraction = state.timeStats().cpuComputingFraction();
        List<Need> needs = new ArrayList<>();
        for (ProcessingResource r : c.resources().inServiceOrder()) {
            double totalShare = 0;
            for (Project p : state.projects()) {
                if (c.resources().admitsSomeVersion(p, r.type())) {
                    totalShare += p.resourceShare();
                }
            }
            boolean askedFor = false;
            for (Project p : state.projects()) {
                if (p.resourceShare() <= 0 || totalShare <= 0 || !mayNeed(c, p, r.type(), onlyAskable)) {
                    continue;
                }
                double rate = p.resourceShare() / totalShare * r.instances() * fraction;
                int minResults = (int) Math.ceil(r.instances() * p.resourceShare() / totalShare - 1e-9);
                double ett = ettprc(state, p, r.type(), Math.max(0, minResults - 1), rate);
                if (ett < t) {
                    Urgency u = ett <= 0 ? Urgency.NEED_WORK_IMMEDIATELY : Urgency.NEED_WORK;
                    needs.add(new Need(p, r.type(), u, Math.max(0, (2 * t - ett) * rate), ett, false));
                    askedFor |= onlyAskable || mayNeed(c, p, r.type(), true);
                }
            }
            // A backup project is asked only when no project with a share that may be asked will fill the idle
            // instance (also for a piggybacked request, which looks at every project's need).
            if (!askedFor && c.forecast().resource(r.type()).idleNow() > 1e-9) {
                for (Project p : state.projects()) {
                    if (p.resourceShare() <= 0 && mayNeed(c, p, r.type(), onlyAskable)) {
                        needs.add(new Need(p, r.type(), Urgency.NEED_WORK, 1, 0, true));
                    }
                }
            }
        }
        return needs;
    }

    /** Seed 001's ettprc(P, k): skip the k latest-deadline results, add the others' times / avg_proc_rate. */
    static double ettprc(ClientState state, Project p, ResourceType type, int k, double rate) {
        List<Result> results = new ArrayList<>();
        for (Result r : state.resultsOf(p)) {
            if (r.resource() == type && RoundRobinSimulation.queued(r, state.resources())) {
                results.add(r);
            }
        }
        results.sort(Comparator.comparingDouble(Result::reportDeadline).reversed()
                .thenComparing(Result::name, Comparator.reverseOrder()));
        double est = 0;
        for (int i = k; i < results.size(); i++) {
            Result r = results.get(i);
            double remaining = state.activeTask(r).map(x -> x.estimatedRemaining()).orElse(r.estimatedRuntime());
            est += remaining * r.appVersion().usage(type) / rate;
        }
        return est;
    }

    @Override
    public FetchDecision decide(FetchContext c) {
        List<Need> needs = needs(c, true);
        Need best = null;
        for (Need n : needs) {
            if (best == null || n.urgency.compareTo(best.urgency) > 0
                    || (n.urgency == best.urgency && n.seconds > best.seconds)
                    || (n.urgency == best.urgency && n.seconds == best.seconds && (n.backup && best.backup
                    ? BackupProjects.before(n.project, best.project, c.now())
                    : !n.backup && !best.backup && n.project.url().compareTo(best.project.url()) < 0))) {
                best = n;
            }
        }
        List<ResourceFetchState> resources = new ArrayList<>();
        for (ProcessingResource r : c.resources().inServiceOrder()) {
            RoundRobinSimulation.ResourceForecast f = c.forecast().resource(r.type());
            boolean needed = needs.stream().anyMatch(n -> n.type == r.type());
            boolean forBackup = needs.stream().anyMatch(n -> n.type == r.type() && n.backup);
            resources.add(new ResourceFetchState(r.type(), r.instances(), f.idleNow(), f.shortfall(), f.saturated(),
                    c.state().prefs().workBufTotalSeconds(), Double.NaN, c.state().prefs().workBufMinSeconds(), -1,
                    Double.NaN, forBackup ? FetchTrigger.IDLE_INSTANCE
                    : needed ? FetchTrigger.PROJECT_BELOW_SHARE : FetchTrigger.NONE));
        }
        WorkRequest request = best == null ? WorkRequest.NONE : requestFor(needs, best.project, c);
        List<ProjectFetchState> standings = new ArrayList<>();
        for (Project p : c.state().projects()) {
            for (ProcessingResource r : c.resources().inServiceOrder()) {
                if (!p.hasAppVersionFor(r.type())) {
                    continue;
                }
                FetchBlock common = c.projectBlock(p, r.type());
                FetchBlock backoff = c.backoffBlock(p, r.type(), true);
                FetchBlock block = best != null && best.project == p && request.get(r.type()).asksForWork()
                        ? FetchBlock.FETCHING
                        : common != null ? common
                        : backoff != null ? backoff
                        : needs.stream().anyMatch(n -> n.project == p && n.type == r.type())
                        ? FetchBlock.ANOTHER_PROJECT_FIRST
                        : p.resourceShare() <= 0 && c.forecast().resource(r.type()).idleNow() > 1e-9
                        ? FetchBlock.ANOTHER_PROJECT_FIRST
                        : p.resourceShare() <= 0 ? FetchBlock.ZERO_SHARE_NOT_IDLE
                        : FetchBlock.PROJECT_HAS_ENOUGH_WORK;
                RoundRobinSimulation.ProjectForecast f = c.forecast().project(p, r.type());
                standings.add(new ProjectFetchState(p, r.type(), f == null ? 0 : f.queued(), Double.NaN, Double.NaN,
                        f == null ? 0 : f.usableShare(), f == null ? 0 : f.shortfall(), block,
                        FetchContext.blockEnds(p, r.type(), block)));
            }
        }
        double recheck = FetchContext.recheckAt(c.now(), Math.max(c.state().prefs().workBufMinSeconds() / 4, 60),
                resources, standings);
        return new FetchDecision(best == null ? null : best.project, best == null ? null : best.type, request,
                resources, standings, recheck);
    }

    private static WorkRequest requestFor(List<Need> needs, Project p, FetchContext c) {
        Map<ResourceType, ResourceRequest> m = new EnumMap<>(ResourceType.class);
        for (Need n : needs) {
            if (n.project == p) {
                double instances = n.urgency == Urgency.NEED_WORK_IMMEDIATELY || n.backup
                        ? Math.ceil(c.forecast().resource(n.type).idleNow() - 1e-9) : 0;
                m.put(n.type, new ResourceRequest(Math.max(1, n.seconds), instances, n.ettprc));
            }
        }
        return new WorkRequest(m);
    }

    @Override
    public WorkRequest piggyback(FetchContext c, Project project) {
        if (project.suspendedByUser() || project.noNewTasks()) {
            return WorkRequest.NONE;
        }
        return requestFor(needs(c, false), project, c);
    }
}

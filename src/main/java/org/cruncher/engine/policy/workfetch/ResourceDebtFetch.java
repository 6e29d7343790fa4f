package org.cruncher.engine.policy.workfetch;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.policy.rpc.ResourceDebt;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.WorkRequest;

/**
 * Seed 002's get-work session, kept as a named alternative ({@code --fetch-policy seed002}):
 * <ol>
 *   <li>a resource needs work when its estimated work (the forecast's saturated time) is below the low-water mark
 *       (work_buf_min) or an instance is idle; that starts a get-work session, and the resource goes on needing
 *       work while its queued work per instance is below the high-water mark (work_buf_min +
 *       work_buf_additional), as seed 002's "while estimated work &lt; high water mark", until it reaches it (what a
 *       request asks for, step 3) or no project may be asked. Measured by the saturated time instead, a queue
 *       spread unevenly over the CPUs never reached it, and a session asked again at every poll;</li>
 *   <li>the project asked is the one with the greatest resource debt (share / exponentially averaged CPU time,
 *       {@link ResourceDebt}) among those that may be asked for the resource (ties to the smaller URL);</li>
 *   <li>it is asked for enough to bring the resource up to the high-water mark (work_buf_min +
 *       work_buf_additional), and for the idle instances its max_concurrent limits let its jobs fill;</li>
 *   <li>an RPC made to report results asks for work only if its project is the one with the greatest resource debt
 *       (seed 002's report-result session).</li>
 * </ol>
 * As for every policy, a project with a job forecast to miss its deadline is not asked (decision 0011).
 */
public final class ResourceDebtFetch implements WorkFetchPolicy {

    /** Per resource ({@link ResourceType#ordinal}): a get-work session is under way for it. */
    private final boolean[] inSession = new boolean[ResourceType.values().length];

    @Override
    public String name() {
        return "seed002";
    }

    @Override
    public FetchDecision decide(FetchContext c) {
        ClientState state = c.state();
        double low = state.prefs().workBufMinSeconds();
        double high = state.prefs().workBufTotalSeconds();
        List<ResourceFetchState> resources = new ArrayList<>();
        Project chosen = null;
        ResourceType served = null;
        WorkRequest request = WorkRequest.NONE;
        for (ProcessingResource r : c.resources().inServiceOrder()) {
            RoundRobinSimulation.ResourceForecast f = c.forecast().resource(r.type());
            int o = r.type().ordinal();
            FetchTrigger trigger = f.idleNow() > 1e-9 ? FetchTrigger.IDLE_INSTANCE
                    : f.saturated() < low ? FetchTrigger.BUFFER_LOW
                    : inSession[o] && queued(c, r.type()) < high * r.instances() - 1
                    ? FetchTrigger.SESSION_BELOW_HIGH_WATER : FetchTrigger.NONE;
            Project asked = trigger == FetchTrigger.NONE ? null : greatestDebt(c, r.type(), null);
            inSession[o] = asked != null;
            resources.add(new ResourceFetchState(r.type(), r.instances(), f.idleNow(), f.shortfall(), f.saturated(),
                    high, queued(c, r.type()), low, -1, Double.NaN, trigger));
            if (chosen == null && asked != null) {
                chosen = asked;
                served = r.type();
                request = requestFor(c, asked, null);
            }
        }
        if (!request.asksForWork()) {
            chosen = null;
            served = null;
        }
        List<ProjectFetchState> standings = new ArrayList<>();
        for (Project p : state.projects()) {
            for (ResourceFetchState rs : resources) {
                if (!p.hasAppVersionFor(rs.type())) {
                    continue;
                }
                FetchBlock block = blockOf(c, p, rs.type(), null);
                if (block == null) {
                    block = p == chosen && request.get(rs.type()).asksForWork() ? FetchBlock.FETCHING
                            : rs.needsWork() ? FetchBlock.ANOTHER_PROJECT_FIRST : FetchBlock.RESOURCE_HAS_ENOUGH_WORK;
                }
                RoundRobinSimulation.ProjectForecast f = c.forecast().project(p, rs.type());
                standings.add(new ProjectFetchState(p, rs.type(), f == null ? 0 : f.queued(), Double.NaN,
                        Double.NaN, f == null ? 0 : f.usableShare(), f == null ? 0 : f.shortfall(), block,
                        FetchContext.blockEnds(p, rs.type(), block)));
            }
        }
        return new FetchDecision(chosen, served, request, resources, standings,
                FetchContext.recheckAt(c.now(), Math.max(WORK_FETCH_PERIOD, low / 4), resources, standings));
    }

    /**
     * Work asked with a report or the user's update: what a request to {@code project} would ask if it has the
     * greatest resource debt. Its scheduler is being contacted, so its own deferral (which the user's update ignores)
     * does not keep it from being asked.
     */
    @Override
    public WorkRequest piggyback(FetchContext c, Project project) {
        for (ProcessingResource r : c.resources().inServiceOrder()) {
            if (greatestDebt(c, r.type(), project) == project) {
                return requestFor(c, project, project);
            }
        }
        return WorkRequest.NONE;
    }

    /**
     * Up to the high water on each resource the project has apps for and may be asked for, and idle instances
     * ({@code contacting}: the project being contacted anyway, whose deferral does not count; null if none).
     */
    private static WorkRequest requestFor(FetchContext c, Project p, Project contacting) {
        double high = c.state().prefs().workBufTotalSeconds();
        Map<ResourceType, ResourceRequest> m = new EnumMap<>(ResourceType.class);
        for (ProcessingResource r : c.resources().inServiceOrder()) {
            if (blockOf(c, p, r.type(), contacting) != null) {
                continue;
            }
            RoundRobinSimulation.ResourceForecast f = c.forecast().resource(r.type());
            double seconds = Math.max(0, high * r.instances() - queued(c, r.type()));
            double instances = Math.min(Math.ceil(f.idleNow() - 1e-9), fillable(c, p, r.type()));
            if (seconds > 0 || instances > 0) {
                m.put(r.type(), new ResourceRequest(Math.max(seconds, instances > 0 ? 1 : 0), instances, 0));
            }
        }
        return new WorkRequest(m);
    }

    /**
     * The instances of {@code type} more jobs of {@code p} could fill: those its max_concurrent limits let it use
     * ({@link ConcurrencyCap}) less those its queued jobs fill already. A project at its limit with enough jobs is
     * not asked for the instances its limit leaves idle: it was asked again at once, 32 times in one poll, for jobs
     * it could never run (BOINC/boinc#4322).
     */
    private static double fillable(FetchContext c, Project p, ResourceType type) {
        double cap = ConcurrencyCap.instances(p, type);
        if (Double.isInfinite(cap)) {
            return Double.POSITIVE_INFINITY;
        }
        RoundRobinSimulation.ProjectForecast f = c.forecast().project(p, type);
        return Math.max(0, Math.ceil(cap - (f == null ? 0 : f.jobs()) - 1e-9));
    }

    /**
     * Whether a request to {@code p} could ask for anything on {@code type}, where {@code timeShort} says whether the
     * resource's queue is below the high water and {@code idle} whether an instance idles (the same for every
     * project): time, or idle instances its jobs could fill. A project at its max_concurrent limit with the high
     * water queued is passed over, so that the next project may fill the instances its limit leaves idle.
     */
    private static boolean hasRoom(FetchContext c, Project p, ResourceType type, boolean timeShort, boolean idle) {
        return timeShort || idle && fillable(c, p, type) > 0;
    }

    /**
     * The project with the greatest resource debt that may be asked for {@code type} (null if none), {@code
     * contacting} counted as reachable.
     */
    private static Project greatestDebt(FetchContext c, ResourceType type, Project contacting) {
        ProcessingResource r = c.resources().get(type).orElse(null);
        if (r == null) {
            return null;
        }
        boolean timeShort = c.state().prefs().workBufTotalSeconds() * r.instances() - queued(c, type) > 0;
        boolean idle = Math.ceil(c.forecast().resource(type).idleNow() - 1e-9) > 0;
        Project best = null;
        double bestDebt = Double.NEGATIVE_INFINITY;
        for (Project p : c.state().projects()) {
            if (blockOf(c, p, type, contacting) != null || !hasRoom(c, p, type, timeShort, idle)) {
                continue;
            }
            double d = ResourceDebt.debt(p, c.now());
            boolean before = p.resourceShare() <= 0 && best != null && best.resourceShare() <= 0
                    ? BackupProjects.before(p, best, c.now()) : best != null && p.url().compareTo(best.url()) < 0;
            if (best == null || d > bestDebt || (d == bestDebt && before)) {
                best = p;
                bestDebt = d;
            }
        }
        return best;
    }

    private static FetchBlock blockOf(FetchContext c, Project p, ResourceType type, Project contacting) {
        FetchBlock common = c.projectBlock(p, type);
        if (common != null) {
            return common;
        }
        return c.backoffBlock(p, type, p != contacting);
    }

    private static double queued(FetchContext c, ResourceType type) {
        double q = 0;
        for (Project p : c.state().projects()) {
            RoundRobinSimulation.ProjectForecast f = c.forecast().project(p, type);
            q += f == null ? 0 : f.queued();
        }
        return q;
    }
}

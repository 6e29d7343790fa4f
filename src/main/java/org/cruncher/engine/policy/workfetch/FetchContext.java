package org.cruncher.engine.policy.workfetch;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * What a work-fetch policy decides from: the state, the resources, the time, the round-robin forecast of the
 * current queue, the projects for which no disk space can be made (seed 004: asking them would be in vain), and the
 * projects over their disk share that yield room to a project within its own (decision 0043).
 */
public record FetchContext(ClientState state, ResourceSet resources, double now,
                           RoundRobinSimulation.Forecast forecast, Set<Project> noDiskRoom,
                           Set<Project> yieldingRoom) {

    /** A mean fraction of the CPUs left to CPU jobs at or below this is none: rounding, not a CPU. */
    private static final double USABLE_TOLERANCE = 1e-9;

    public FetchContext {
        noDiskRoom = Set.copyOf(noDiskRoom);
        yieldingRoom = Set.copyOf(yieldingRoom);
    }

    /** A context in which every project has disk room. */
    public FetchContext(ClientState state, ResourceSet resources, double now, RoundRobinSimulation.Forecast forecast) {
        this(state, resources, now, forecast, Set.of(), Set.of());
    }

    /** This context with {@code none} having no disk room, and {@code yielding} yielding room to another. */
    public FetchContext withDiskRoom(Set<Project> none, Set<Project> yielding) {
        return new FetchContext(state, resources, now, forecast, none, yielding);
    }

    /** Whether no disk space can be made for {@code p}: it gets no new work. */
    public boolean hasNoDiskRoom(Project p) {
        return noDiskRoom.contains(p);
    }

    /**
     * Whether {@code p}, over its share of the disk, yields room to a project within its own that waits for it: it
     * gets no new work (decision 0043).
     */
    public boolean yieldsDiskRoom(Project p) {
        return yieldingRoom.contains(p);
    }

    /**
     * The forecast for {@code state} now: shares among the projects that may be asked for each resource, over the
     * buffer window, a result counting as late if it would end within its cushion of the deadline.
     */
    public static FetchContext of(ClientState state, double now) {
        return of(state, now, fetchable(state, state.resources(), now));
    }

    /** The forecast for {@code state} now, shares taken among {@code sharing} (see {@link #fetchable}). */
    public static FetchContext of(ClientState state, double now, Map<ResourceType, Set<Project>> sharing) {
        return of(state, now, sharing, new QueuedJobs());
    }

    /** As {@link #of(ClientState, double, Map)}, with the queue read through {@code queued}. */
    public static FetchContext of(ClientState state, double now, Map<ResourceType, Set<Project>> sharing,
                                  QueuedJobs queued) {
        RoundRobinSimulation.Forecast f = RoundRobinSimulation.run(state, now, sharing,
                state.prefs().workBufTotalSeconds(), r -> cushion(r, state.prefs().workBufMinSeconds()), queued);
        return new FetchContext(state, state.resources(), now, f);
    }

    /**
     * What backoff keeps {@code p} from being asked for {@code type} now, if any (seed 002): its scheduler contact
     * deferred ({@code contactCounts}: unless it is being contacted anyway), or its work fetch for {@code type} backed
     * off. Where both do, the one that ends later, as that is what holds the request back: a contact deferred for 4 s
     * beside a 10-hour GPU backoff is not why no GPU work is asked for.
     */
    public FetchBlock backoffBlock(Project p, ResourceType type, boolean contactCounts) {
        boolean deferred = contactCounts && p.minRpcTime() > now;
        double backoffUntil = p.resourceState(type).backoffUntil();
        boolean backedOff = p.resourceState(type).isBackedOff(now);
        if (deferred && backedOff) {
            return backoffUntil > p.minRpcTime() ? FetchBlock.RESOURCE_BACKOFF : FetchBlock.RPC_BACKOFF;
        }
        return deferred ? FetchBlock.RPC_BACKOFF : backedOff ? FetchBlock.RESOURCE_BACKOFF : null;
    }

    /**
     * When a policy that looks again every {@code period} seconds should look next: at {@code now + period}, or
     * sooner when a backoff that keeps a project from being asked for a resource that needs work ends then (review of
     * seed 002: a failed contact said "retry in 1 min" and the next came 36 minutes later, at the policy's look).
     */
    public static double recheckAt(double now, double period, List<ResourceFetchState> resources,
                                   List<ProjectFetchState> standings) {
        double next = now + period;
        for (ProjectFetchState s : standings) {
            boolean needed = resources.stream().anyMatch(r -> r.type() == s.type() && r.needsWork());
            if (needed && s.blockedUntil() > now && s.blockedUntil() < next) {
                next = s.blockedUntil();
            }
        }
        return next;
    }

    /** When {@code block}, {@code p}'s for {@code type}, ends: for a backoff its end, NaN for any other block. */
    public static double blockEnds(Project p, ResourceType type, FetchBlock block) {
        return block == FetchBlock.RPC_BACKOFF ? p.minRpcTime()
                : block == FetchBlock.RESOURCE_BACKOFF ? p.resourceState(type).backoffUntil() : Double.NaN;
    }

    /**
     * The first block that keeps {@code p} from being asked for {@code type} whatever the buffer holds, in
     * {@link FetchBlock}'s order: no app, suspended, to be removed when done, no new tasks, no app the host admits,
     * no disk room, room yielded to a project within its disk share, deadline misses predicted, the CPUs all held by
     * GPU tasks; null if none does. Each policy goes on with its own checks.
     */
    public FetchBlock projectBlock(Project p, ResourceType type) {
        if (!p.hasAppVersionFor(type)) {
            return FetchBlock.NO_APPS_FOR_RESOURCE;
        }
        if (p.suspendedByUser()) {
            return FetchBlock.SUSPENDED_BY_USER;
        }
        if (p.detachWhenDone()) {
            return FetchBlock.DETACH_WHEN_DONE;
        }
        if (p.noNewTasks()) {
            return FetchBlock.NO_NEW_TASKS;
        }
        if (!resources.admitsSomeVersion(p, type)) {
            return FetchBlock.APPS_TOO_LARGE_FOR_HOST;
        }
        if (hasNoDiskRoom(p)) {
            return FetchBlock.NO_DISK_ROOM;
        }
        if (yieldsDiskRoom(p)) {
            return FetchBlock.YIELDS_DISK_ROOM;
        }
        if (predictsMisses(p, type)) {
            return FetchBlock.DEADLINE_MISSES_PREDICTED;
        }
        if (type == ResourceType.CPU && cpusHeldByGpuTasks()) {
            return FetchBlock.CPUS_HELD_BY_GPU_TASKS;
        }
        return null;
    }

    /**
     * Whether GPU tasks hold every usable CPU: the running ones now, and, as forecast, the queued ones throughout
     * the buffer window (decision 0024). Both are asked: the CPUs are held now, not merely from when the queued GPU
     * jobs are forecast to start.
     */
    public boolean cpusHeldByGpuTasks() {
        RoundRobinSimulation.ResourceForecast cpu = forecast.resource(ResourceType.CPU);
        if (cpu == null || cpu.usable() > USABLE_TOLERANCE) {
            return false;
        }
        return state.cpusOfRunningGpuTasks() >= cpu.instances() - USABLE_TOLERANCE;
    }

    /**
     * Whether a job of {@code p} for {@code type} is forecast to miss its deadline; such a project gets no more work
     * for the resource until the forecast is clean (src/docs/decisions/0011).
     */
    public boolean predictsMisses(Project p, ResourceType type) {
        RoundRobinSimulation.ProjectForecast f = forecast.project(p, type);
        return f != null && f.misses() > 0;
    }

    /**
     * The cushion before a result's deadline inside which it counts as late: the low-water mark (BOINC's
     * computation_deadline), but never more than a quarter of the time the project gave for the job, so that a
     * short-deadline job is not counted late at once.
     */
    public static double cushion(Result r, double workBufMin) {
        return cushion(r.reportDeadline() - r.receivedTime(), workBufMin);
    }

    /** The cushion for a job given {@code latency} seconds from receipt to deadline. */
    public static double cushion(double latency, double workBufMin) {
        return Math.min(workBufMin, 0.25 * Math.max(0, latency));
    }

    /**
     * For each resource, the projects that may be asked for it now: an app for it that the host admits, not
     * suspended, not set to "no new tasks", not backed off for it, and their scheduler reachable now (a deferred
     * contact counts as backed off for every resource: decision 0030). Shares are taken among these (seed 003: "P's
     * share among projects not backed off for this PRSC").
     */
    public static Map<ResourceType, Set<Project>> fetchable(ClientState state, ResourceSet resources, double now) {
        Map<ResourceType, Set<Project>> m = new EnumMap<>(ResourceType.class);
        for (ProcessingResource r : resources.inServiceOrder()) {
            Set<Project> set = new LinkedHashSet<>();
            for (Project p : state.projects()) {
                if (mayBeAsked(p, r.type(), resources, now)) {
                    set.add(p);
                }
            }
            m.put(r.type(), Collections.unmodifiableSet(set));
        }
        return Collections.unmodifiableMap(m);
    }

    /**
     * As {@link #fetchable(ClientState, ResourceSet, double)}, but {@code last} itself (not a copy) if the projects
     * that may be asked are still those: the engine asks at every poll, and the answer rarely changes.
     */
    public static Map<ResourceType, Set<Project>> fetchable(ClientState state, ResourceSet resources, double now,
                                                            Map<ResourceType, Set<Project>> last) {
        return last != null && stillFetchable(last, state, resources, now) ? last
                : fetchable(state, resources, now);
    }

    private static boolean stillFetchable(Map<ResourceType, Set<Project>> last, ClientState state,
                                          ResourceSet resources, double now) {
        if (last.size() != resources.inServiceOrder().size()) {
            return false;
        }
        for (ProcessingResource r : resources.inServiceOrder()) {
            Set<Project> set = last.get(r.type());
            if (set == null) {
                return false;
            }
            int members = 0;
            for (Project p : state.projects()) {
                if (mayBeAsked(p, r.type(), resources, now)) {
                    if (!set.contains(p)) {
                        return false;
                    }
                    members++;
                }
            }
            if (members != set.size()) {
                return false;
            }
        }
        return true;
    }

    private static boolean mayBeAsked(Project p, ResourceType type, ResourceSet resources, double now) {
        return p.hasAppVersionFor(type) && !p.suspendedByUser() && !p.noNewTasks()
                && !p.resourceState(type).isBackedOff(now) && p.minRpcTime() <= now
                && resources.admitsSomeVersion(p, type);
    }

}

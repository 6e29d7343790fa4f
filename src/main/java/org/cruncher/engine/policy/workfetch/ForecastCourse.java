package org.cruncher.engine.policy.workfetch;

import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * The course a round-robin forecast (seed 003's rr_simulation) foresaw, so that it can be read again later instead of
 * being run anew while nothing but time and the projects that may be asked have changed (src/docs/decisions/0020,
 * 0021). The simulation records, up to {@link #LIFETIME} past the buffer window, each resource's idle instances and
 * the fraction of them left to its own jobs, and, per project and resource with jobs, its part. A forecast Δ seconds
 * on is then:
 * <ol>
 *   <li>per resource: what the course holds at Δ: the idle instances at Δ, the idle instance-seconds in
 *       [Δ, Δ + window] (the shortfall), the time from Δ until an instance idles (the saturated time), and the
 *       mean fraction of its instances left to its own jobs in [Δ, Δ + window];</li>
 *   <li>per project and resource: its share among the projects that may be asked now ({@link ResourceShares}), its
 *       part at Δ, and the instances of its share (of the instances left to the resource's jobs) its part leaves
 *       unused in [Δ, Δ + window]. The shares change the shortfalls, never the course: the split runs on resource
 *       share among the projects with jobs;</li>
 *   <li>its queued work and jobs from the queue as it is, since the CPU scheduler runs whole jobs by debt, not the
 *       course's fractions, and a small host's queues soon differ from the course's;</li>
 *   <li>predicted misses stay as they were; each queue's end moves Δ closer.</li>
 * </ol>
 */
public final class ForecastCourse {

    /**
     * How long a forecast is advanced along its course before it is run anew, seconds: ten of BOINC's
     * WORK_FETCH_PERIOD. Anything that changes the queue or the host runs it anew sooner.
     */
    public static final double LIFETIME = 600;
    /** A part of a share smaller than this is not counted as unused (as in the simulation). */
    static final double UNUSED_TOLERANCE = 1e-6;
    private static final StepFunction NO_PART = new StepFunction(0);

    private final double origin;
    private final double window;
    private final List<ProcessingResource> resources;
    private final List<Project> projects;
    private final Map<ResourceType, Set<Project>> sharing;
    private final Set<Result> misses;
    private final Map<ResourceType, StepFunction> idle;
    /** Per resource: the fraction of its instances left to its own jobs (the GPU jobs' CPUs taken out). */
    private final Map<ResourceType, StepFunction> usable;
    /** Per resource ({@link ResourceType#ordinal}) and project ({@link Project#slot}): its track, or null. */
    private final Track[][] tracks;
    /** The length of the arrays indexed by {@link Project#slot}. */
    private final int slots;
    /** Its projects by {@link Project#slot} (a project of another state in the same slot is not one of them). */
    private final Project[] owners;
    private final ExpectedEnds ends;

    /** The shares last worked out, and among whom: who may be asked changes far less often than the polls. */
    private volatile SharesAmong lastShares;

    /**
     * @param shares  per resource ({@link ResourceType#ordinal}) and project ({@link Project#slot}): its share
     * @param members the same: whether it is among those that may be asked (and so has a share)
     */
    private record SharesAmong(Map<ResourceType, Set<Project>> sharing, double[][] shares, boolean[][] members,
                               boolean[] capped) {
    }

    /** One project's course on one resource it has jobs for: its part, when its last job ends, its misses. */
    record Track(StepFunction part, double queueEnd, int misses) {
    }

    /**
     * @param resources in service order
     * @param projects  every project, in the state's order
     * @param sharing   the projects that may be asked for each resource when the forecast was made
     * @param tracks    per resource ({@link ResourceType#ordinal}) and project ({@link Project#slot}): its track, or
     *                  null where it has no jobs for the resource
     * @param ends      when it expects each queued job to end
     */
    ForecastCourse(double origin, double window, List<ProcessingResource> resources, List<Project> projects,
                   Map<ResourceType, Set<Project>> sharing, Set<Result> misses, Map<ResourceType, StepFunction> idle,
                   Map<ResourceType, StepFunction> usable, Track[][] tracks, ExpectedEnds ends) {
        this.origin = origin;
        this.window = window;
        this.resources = List.copyOf(resources);
        this.projects = List.copyOf(projects);
        this.sharing = sharing;
        this.misses = misses;
        this.idle = idle;
        this.usable = usable;
        this.tracks = tracks;
        this.ends = ends;
        this.slots = Project.slotsOf(projects);
        this.owners = new Project[slots];
        for (Project p : projects) {
            if (p.slot() >= 0) {
                owners[p.slot()] = p;
            }
        }
    }

    /** When the forecast expects each job queued at its making to end. */
    public ExpectedEnds expectedEnds() {
        return ends;
    }

    /** When the forecast was made. */
    public double origin() {
        return origin;
    }

    /** Whether the course still covers {@code time}: it is at most {@link #LIFETIME} after the forecast was made. */
    public boolean covers(double time) {
        return time >= origin && time - origin <= LIFETIME;
    }

    /** The forecast at {@code time} with the shares as they were when it was made. */
    RoundRobinSimulation.Forecast at(double time, QueuedJobs.QueuedWork queued) {
        return at(time, queued, sharing);
    }

    /**
     * The forecast at {@code time} along this course (time in [origin, origin + LIFETIME]), with each project's
     * queued work and jobs as they are ({@link QueuedJobs}) and shares among {@code sharing}.
     */
    RoundRobinSimulation.Forecast at(double time, QueuedJobs.QueuedWork queued,
                                     Map<ResourceType, Set<Project>> sharing) {
        double d = Math.max(0, time - origin);
        Map<ResourceType, RoundRobinSimulation.ResourceForecast> res = new EnumMap<>(ResourceType.class);
        RoundRobinSimulation.ProjectForecast[][] proj = new RoundRobinSimulation.ProjectForecast[slots][];
        SharesAmong among = sharesAmong(sharing);
        for (ProcessingResource r : resources) {
            ResourceType type = r.type();
            StepFunction i = idle.get(type);
            StepFunction left = usable.get(type);
            double saturated = i.firstPositiveFrom(d) - d;
            double meanUsable = left.mean(d, d + window);
            res.put(type, new RoundRobinSimulation.ResourceForecast(type, r.instances(), i.at(d),
                    i.integral(d, d + window), saturated, window, meanUsable));
            double[] share = among.shares()[type.ordinal()];
            boolean[] member = among.members()[type.ordinal()];
            Track[] mine = tracks[type.ordinal()];
            double[][] cappedFigures = among.capped()[type.ordinal()]
                    ? cappedFigures(r, sharing.getOrDefault(type, Set.of()), mine, left, d) : null;
            for (Project p : projects) {
                int slot = p.slot();
                if (slot < 0) {
                    continue;
                }
                Track track = mine == null ? null : mine[slot];
                boolean sharer = member[slot];
                if (track == null && !sharer) {
                    continue;
                }
                StepFunction part = track == null ? NO_PART : track.part();
                double s = sharer ? share[slot] : 0;
                double unused;
                double usableShare;
                if (cappedFigures != null) {
                    unused = cappedFigures[UNUSED][slot];
                    usableShare = cappedFigures[USABLE_SHARE][slot];
                } else {
                    unused = sharer ? part.gapBelow(s, left, UNUSED_TOLERANCE, d, d + window) : 0;
                    usableShare = s * meanUsable;
                }
                if (proj[slot] == null) {
                    proj[slot] = new RoundRobinSimulation.ProjectForecast[ResourceType.values().length];
                }
                proj[slot][type.ordinal()] = new RoundRobinSimulation.ProjectForecast(p, type, s, usableShare,
                        part.at(d), unused, queued.work(p, type), queued.instances(p, type),
                        track == null ? 0 : Math.max(0, track.queueEnd() - d), track == null ? 0 : track.misses());
            }
        }
        return new RoundRobinSimulation.Forecast(origin + d, Collections.unmodifiableMap(res), projects, proj, misses,
                this);
    }

    private static final int UNUSED = 0;
    private static final int USABLE_SHARE = 1;

    /**
     * Where limits cap some of the members' shares of resource r, shares are not in proportion to the instances left
     * to the resource's jobs: per piece of the course of those instances in [d, d + window], the members' shares are
     * worked out anew ({@link ResourceShares}). Per project ({@link Project#slot}): the instances of its share its
     * part leaves unused, and its mean share.
     */
    private double[][] cappedFigures(ProcessingResource r, Set<Project> members, Track[] mine, StepFunction left,
                                     double d) {
        double[][] figures = new double[2][slots];
        if (!(window > 0)) {
            ResourceShares.of(r, members, left.at(d) * r.instances()).forEach((p, s) -> {
                if (owns(p)) {
                    figures[USABLE_SHARE][p.slot()] = s;
                }
            });
            return figures;
        }
        left.forEachPiece(d, d + window, (from, to, fraction) ->
                ResourceShares.of(r, members, fraction * r.instances()).forEach((p, s) -> {
                    if (!owns(p)) {
                        return;
                    }
                    int slot = p.slot();
                    Track track = mine == null ? null : mine[slot];
                    StepFunction part = track == null ? NO_PART : track.part();
                    figures[UNUSED][slot] += part.gapBelow(s, UNUSED_TOLERANCE, from, to);
                    figures[USABLE_SHARE][slot] += s * (to - from) / window;
                }));
        return figures;
    }

    /** Whether {@code p} is one of this course's projects. */
    private boolean owns(Project p) {
        int slot = p.slot();
        return slot >= 0 && slot < slots && owners[slot] == p;
    }

    private SharesAmong sharesAmong(Map<ResourceType, Set<Project>> sharing) {
        SharesAmong last = lastShares;
        if (last != null && last.sharing().equals(sharing)) {
            return last;
        }
        double[][] shares = new double[ResourceType.values().length][];
        boolean[][] members = new boolean[ResourceType.values().length][];
        boolean[] capped = new boolean[ResourceType.values().length];
        for (ProcessingResource r : resources) {
            capped[r.type().ordinal()] = ResourceShares.capped(sharing.getOrDefault(r.type(), Set.of()));
            double[] mine = new double[slots];
            boolean[] in = new boolean[slots];
            ResourceShares.of(r, sharing.getOrDefault(r.type(), Set.of())).forEach((p, s) -> {
                if (owns(p)) {
                    mine[p.slot()] = s;
                    in[p.slot()] = true;
                }
            });
            shares[r.type().ordinal()] = mine;
            members[r.type().ordinal()] = in;
        }
        last = new SharesAmong(sharing, shares, members, capped);
        lastShares = last;
        return last;
    }
}

package org.cruncher.engine.policy.workfetch;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.function.ToDoubleFunction;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.App;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * The event loop of {@link RoundRobinSimulation} (seed 003's rr_simulation; its steps are listed there). It runs at every poll over the whole queue, so it works on arrays
 * indexed by resource (k, in service order: GPUs first, the CPU last) and project (p), and a step costs the running
 * jobs and the projects, not the queue: each resource's split among projects (weighted water-filling) is kept from
 * step to step and recomputed only when a project's demand falls below its part or the capacity changes, the only
 * events that can change it.
 */
final class RoundRobinSimulator {

    private static final double EPSILON = 1e-9;
    private static final int SHORTFALL = 0;
    private static final int QUEUED = 1;
    private static final int QUEUE_END = 2;
    private static final int MISSES = 3;
    private static final int JOBS = 4;
    /** Its share of the instances left to the resource's jobs, times the time it held, inside the window. */
    private static final int SHARE_TIME = 5;

    /** A queued job; {@code remaining} is as of {@code since}, and it runs at {@code rate} from then on. */
    private static final class Job {
        final Result result;
        /** Its position in the client's queue, the tie-break between equal deadlines. */
        final int order;
        final int k;
        final int p;
        final double usage;
        final double cpuUsage;
        final double deadline;
        /** Its place in its project's order: {@link #RUNNING}, {@link #PREEMPTED} or {@link #NEW}. */
        final int rank;
        final String app;
        /** False while its app's or project's max_concurrent keeps it from running. */
        boolean eligible = true;
        /** True once it has ended in the simulation. */
        boolean done;
        double remaining;
        double since;
        double rate;
        /** When it ends at its rate (while it has one), and the order of that expectation among equal times. */
        double end;
        long endSeq;
        /** Its place among the running jobs ({@link JobEnds}), or -1. */
        int slot = -1;

        Job(Result result, int order, int k, int p, double usage, double cpuUsage, double remaining, int rank) {
            this.result = result;
            this.rank = rank;
            this.order = order;
            this.k = k;
            this.p = p;
            this.usage = usage;
            this.cpuUsage = cpuUsage;
            this.deadline = result.reportDeadline();
            this.app = result.appVersion().appName();
            this.remaining = remaining;
        }
    }

    /** A job's place among its project's, as the CPU scheduler gives them (Candidates): running tasks first. */
    private static final int RUNNING = 0;
    private static final int PREEMPTED = 1;
    private static final int NEW = 2;

    /**
     * Running tasks, then preempted ones, then new ones; each earliest deadline first, then by result name, as the
     * scheduler breaks ties (jobs of one reply often share a deadline), then in arrival order.
     */
    private static final Comparator<Job> SCHEDULER_ORDER = (a, b) -> {
        int c = Integer.compare(a.rank, b.rank);
        c = c != 0 ? c : Double.compare(a.deadline, b.deadline);
        c = c != 0 ? c : a.result.name().compareTo(b.result.name());
        return c != 0 ? c : Integer.compare(a.order, b.order);
    };

    private final ProcessingResource[] resources;
    private final Project[] projects;
    /** The project of the last job added and its index: jobs come project by project. */
    private Project lastAdded;
    private int lastAddedIndex = -1;
    /** Each resource type's k, or -1 if the host has none. */
    private final int[] indexOfType = new int[ResourceType.values().length];
    /** Each project's position in URL order, for stable tie-breaks. */
    private final int[] urlRank;
    private final double now;
    private final double window;
    private final ToDoubleFunction<Result> cushion;

    /** Per resource and project: its share of all the resource's instances (which projects may be asked). */
    private final double[][] share;
    /**
     * Per resource and project: its share of the instances left to the resource's jobs since the last split (for the
     * CPU, those the GPU jobs leave: decision 0024), from which its shortfall is counted.
     */
    private final double[][] shareNow;
    /** Per resource: whether a project sharing it has max_concurrent limits (its shares are then worked out anew). */
    private final boolean[] capped;
    /** Each project's resource share. */
    private final double[] resourceShare;
    /** Per project: whether it has max_concurrent limits (its jobs beyond them do not run). */
    private final boolean[] limited;
    private final boolean[][] sharing;
    /** Per resource: the projects that share it (only they can leave a share unused), by index. */
    private final int[][] sharers;
    private final boolean[][] present;
    private final double[][] demand;
    private final double[][] grant;
    private final double[] grantCapacity;
    /**
     * Per resource: the projects with jobs for it (the others get nothing), in the order of its last split (demand
     * per share, then URL).
     */
    private final int[][] fillOrder;
    /** Per resource: the projects with jobs for it, by index (the order in which their parts are refilled). */
    private final int[][] withJobs;
    private final int[] byUrl;
    private final double[] fillKey;
    private final double[] lastGrant;
    private final boolean[] stale;
    private final boolean[][] refill;
    private final double[] shortfallSince;
    /** Per resource and project: its queued jobs, earliest deadline first. */
    private final JobQueue[][] queue;
    private final double[][] given;
    private final double[][] givenCpu;
    private final double[] givenTotal;
    private final double[] givenCpuTotal;
    /** Per resource: the projects that lost a job in this step ({@code toRefillCount} of them). */
    private final int[][] toRefill;
    private final int[] toRefillCount;
    /** The running jobs by expected end (ties by when the expectation was made). */
    private final JobEnds ends;
    private long endSeq;
    private int jobCount;
    private final double[][][] acc;
    private final double[][] usedNow;
    private final double[] shortfall;
    private final double[] saturated;
    private final double[] idleNow;
    private final double[] used;
    private final Set<Result> misses = new HashSet<>();
    /**
     * The course as it unfolds ({@link ForecastCourse}), recorded up to {@code horizon}: per resource, its idle
     * instances; per resource and project with jobs for it, its part.
     */
    private final double horizon;
    private final StepFunction[] idleCourse;
    /**
     * Per resource: the fraction of its instances left to its own jobs (for the CPU, those the GPU jobs' CPUs leave;
     * 1 for a GPU), from which a project's share of it is worth its fraction of them.
     */
    private final StepFunction[] usableCourse;
    private final StepFunction[][] partCourse;
    private final Map<ResourceType, Set<Project>> sharingSets;

    RoundRobinSimulator(Collection<Project> allProjects, ResourceSet resourceSet, double now,
                        Map<ResourceType, Set<Project>> sharingSets, double window, ToDoubleFunction<Result> cushion) {
        this.resources = resourceSet.inServiceOrder().toArray(new ProcessingResource[0]);
        this.projects = allProjects.toArray(new Project[0]);
        this.now = now;
        this.window = window;
        this.cushion = cushion;
        this.horizon = ForecastCourse.LIFETIME + window;
        int nk = resources.length;
        int np = projects.length;
        Arrays.fill(indexOfType, -1);
        for (int k = nk - 1; k >= 0; k--) {
            indexOfType[resources[k].type().ordinal()] = k;
        }
        Integer[] urlOrder = new Integer[np];
        for (int p = 0; p < np; p++) {
            urlOrder[p] = p;
        }
        Arrays.sort(urlOrder, Comparator.comparing(p -> projects[p].url()));
        byUrl = Arrays.stream(urlOrder).mapToInt(Integer::intValue).toArray();
        urlRank = new int[np];
        for (int r = 0; r < np; r++) {
            urlRank[byUrl[r]] = r;
        }
        share = new double[nk][np];
        shareNow = new double[nk][np];
        capped = new boolean[nk];
        resourceShare = new double[np];
        for (int p = 0; p < np; p++) {
            resourceShare[p] = projects[p].resourceShare();
        }
        limited = new boolean[np];
        for (int p = 0; p < np; p++) {
            limited[p] = projects[p].hasConcurrencyLimits();
        }
        sharing = new boolean[nk][np];
        sharers = new int[nk][];
        present = new boolean[nk][np];
        demand = new double[nk][np];
        grant = new double[nk][np];
        grantCapacity = new double[nk];
        fillOrder = new int[nk][];
        withJobs = new int[nk][];
        fillKey = new double[np];
        lastGrant = new double[np];
        stale = new boolean[nk];
        given = new double[nk][np];
        givenCpu = new double[nk][np];
        givenTotal = new double[nk];
        givenCpuTotal = new double[nk];
        refill = new boolean[nk][np];
        shortfallSince = new double[nk];
        acc = new double[nk][np][6];
        usedNow = new double[nk][np];
        shortfall = new double[nk];
        saturated = new double[nk];
        idleNow = new double[nk];
        used = new double[nk];
        queue = new JobQueue[nk][np];
        idleCourse = new StepFunction[nk];
        usableCourse = new StepFunction[nk];
        partCourse = new StepFunction[nk][np];
        this.sharingSets = sharingSets;
        int instances = 0;
        for (ProcessingResource r : resources) {
            instances += r.instances();
        }
        // Room for the usual number of running jobs (one per instance, plus one part-time job per project).
        ends = new JobEnds(instances + nk * np);
        toRefill = new int[nk][np];
        toRefillCount = new int[nk];
        for (int k = 0; k < nk; k++) {
            Set<Project> members = sharingSets.getOrDefault(resources[k].type(), Set.of());
            Map<Project, Double> shares = ResourceShares.of(resources[k], members);
            capped[k] = ResourceShares.capped(members);
            for (Project m : members) {
                int p = indexOf(m);
                if (p >= 0) {
                    sharing[k][p] = true;
                    present[k][p] = true;
                    share[k][p] = shares.get(m);
                }
            }
            int n = 0;
            int[] mine = new int[np];
            for (int p = 0; p < np; p++) {
                if (sharing[k][p]) {
                    mine[n++] = p;
                }
            }
            sharers[k] = Arrays.copyOf(mine, n);
            for (int p = 0; p < np; p++) {
                queue[k][p] = new JobQueue();
            }
            saturated[k] = Double.NaN;
            stale[k] = true;
        }
    }

    /** Adds a queued job needing {@code remaining} seconds of wall time at full speed. */
    void add(Result r, double usage, double cpuUsage, double remaining, ActiveTask task) {
        int k = resourceIndex(r.resource());
        if (r.project() != lastAdded) {
            lastAdded = r.project();
            lastAddedIndex = indexOf(lastAdded);
        }
        int p = lastAddedIndex;
        if (k < 0 || p < 0) {
            return;
        }
        queue[k][p].add(new Job(r, jobCount++, k, p, usage, cpuUsage, remaining,
                task == null ? NEW : task.isScheduled() ? RUNNING : PREEMPTED));
        demand[k][p] += usage;
        acc[k][p][QUEUED] += remaining * usage;
        acc[k][p][JOBS] += usage;
        present[k][p] = true;
    }

    /** {@code m}'s p: its slot when the projects are the state's, as they are; -1 if it is not among them. */
    private int indexOf(Project m) {
        int slot = m.slot();
        if (slot >= 0 && slot < projects.length && projects[slot] == m) {
            return slot;
        }
        for (int p = 0; p < projects.length; p++) {
            if (projects[p] == m) {
                return p;
            }
        }
        return -1;
    }

    private int resourceIndex(ResourceType type) {
        return indexOfType[type.ordinal()];
    }

    RoundRobinSimulation.Forecast simulate() {
        for (int k = 0; k < resources.length; k++) {
            int n = 0;
            int[] members = new int[projects.length];
            for (int p = 0; p < projects.length; p++) {
                if (queue[k][p].size > 0) {
                    queue[k][p].sort();
                    members[n++] = p;
                }
            }
            withJobs[k] = Arrays.copyOf(members, n);
            fillOrder[k] = Arrays.copyOf(members, n);
            // Sorted by URL, the order every split starts from (byUrl lists each project once).
            n = 0;
            for (int p : byUrl) {
                if (queue[k][p].size > 0) {
                    fillOrder[k][n++] = p;
                }
            }
        }
        for (int p = 0; p < projects.length; p++) {
            if (limited[p]) {
                relimit(p);
            }
        }
        startCourse();
        double t = 0;
        allocate(t);
        recordNow();
        recordIdle(t);
        List<Job> finished = new ArrayList<>();
        while (true) {
            Job next = ends.peek();
            double dt = next == null ? Double.POSITIVE_INFINITY : Math.max(0, next.end - t);
            accumulateIdle(t, dt);
            if (next == null) {
                break;
            }
            t += dt;
            finished.clear();
            while ((next = ends.peek()) != null && next.end <= t + 1e-6) {
                ends.poll();
                finished.add(next);
            }
            for (Job j : finished) {
                finish(j, t);
            }
            allocate(t);
            recordIdle(t);
        }
        for (int k = 0; k < resources.length; k++) {
            addShortfalls(k, Double.POSITIVE_INFINITY);
        }
        return forecast();
    }

    /**
     * Gives out every resource for the next step, GPUs first, then the CPUs their jobs leave: a resource whose split
     * may have changed is split again and refilled; otherwise only the projects that lost a job take their next ones.
     */
    private void allocate(double t) {
        double gpuCpu = 0;
        for (int k = 0; k < resources.length; k++) {
            boolean cpu = resources[k].type() == ResourceType.CPU;
            double capacity = cpu ? Math.max(0, resources[k].instances() - gpuCpu) : resources[k].instances();
            if (stale[k] || Math.abs(grantCapacity[k] - capacity) > EPSILON) {
                addShortfalls(k, t);
                System.arraycopy(grant[k], 0, lastGrant, 0, projects.length);
                waterFill(k, capacity);
                if (grantCapacity[k] != capacity) {
                    reshare(k, capacity);
                }
                grantCapacity[k] = capacity;
                if (t <= horizon) {
                    usableCourse[k].set(t, usable(k, capacity));
                }
                stale[k] = false;
                for (int p : withJobs[k]) {
                    boolean changed = grant[k][p] != lastGrant[p];
                    if (refill[k][p] || changed) {
                        refill(k, p, t);
                    }
                    if (changed && t <= horizon) {
                        partCourse[k][p].set(t, grant[k][p]);
                    }
                }
            } else {
                for (int i = 0; i < toRefillCount[k]; i++) {
                    int p = toRefill[k][i];
                    if (refill[k][p]) {
                        refill(k, p, t);
                    }
                }
            }
            toRefillCount[k] = 0;
            gpuCpu += cpu ? 0 : givenCpuTotal[k];
            used[k] = cpu ? givenTotal[k] + gpuCpu : givenTotal[k];
        }
    }

    /**
     * Gives project p's part of resource k to its jobs, earliest deadline first, from time t on. The jobs with a rate
     * all lie before {@link JobQueue#runEnd}, so the walk stops there once the part is given out, stopping those
     * jobs that no longer get any.
     */
    private void refill(int k, int p, double t) {
        refill[k][p] = false;
        JobQueue q = queue[k][p];
        double g = grant[k][p];
        double cpuOfGpuJobs = 0;
        int stop = q.runEnd;
        int end = q.head;
        for (int i = q.head; i < q.size; i++) {
            Job j = q.jobs[i];
            if (j.done) {
                continue;
            }
            if (g > EPSILON && j.eligible) {
                double give = Math.min(j.usage, g);
                setRate(j, give / j.usage, t);
                g -= give;
                cpuOfGpuJobs += j.rate * j.cpuUsage;
                end = i + 1;
            } else if (j.rate != 0) {
                setRate(j, 0, t);
            } else if (g <= EPSILON && i >= stop) {
                break;
            }
        }
        q.runEnd = end;
        double nowGiven = grant[k][p] - Math.max(0, g);
        givenTotal[k] += nowGiven - given[k][p];
        givenCpuTotal[k] += cpuOfGpuJobs - givenCpu[k][p];
        given[k][p] = nowGiven;
        givenCpu[k][p] = cpuOfGpuJobs;
    }

    /** Brings j's remaining work up to time t and lets it run at {@code rate} from then on. */
    private void setRate(Job j, double rate, double t) {
        j.remaining = Math.max(0, j.remaining - j.rate * (t - j.since));
        j.since = t;
        if (rate == j.rate) {
            return;
        }
        j.rate = rate;
        if (rate > 0) {
            j.end = t + j.remaining / rate;
            j.endSeq = endSeq++;
            ends.update(j);
        } else {
            ends.remove(j);
        }
    }

    /**
     * Splits {@code capacity} of resource k: projects with a positive share by weighted max-min fairness (those
     * needing less than their part get what they need, the rest is split by share), ties in URL order; then
     * zero-share projects split what is left evenly.
     */
    private void waterFill(int k, double capacity) {
        double[] g = grant[k];
        double[] d = demand[k];
        int[] order = fillOrder[k];
        double[] key = fillKey;
        for (int p : order) {
            g[p] = 0;
            key[p] = resourceShare[p] > 0 ? d[p] / resourceShare[p] : d[p];
        }
        // The order of the last split, re-sorted by the new keys: a split changes few keys, so this is near linear.
        insertionSort(order, key);
        double left = capacity;
        double shares = 0;
        int zeros = 0;
        for (int p : order) {
            if (d[p] > EPSILON) {
                if (resourceShare[p] > 0) {
                    shares += resourceShare[p];
                } else {
                    zeros++;
                }
            }
        }
        for (int p : order) {
            if (d[p] > EPSILON && resourceShare[p] > 0) {
                double fair = shares > 0 ? left * resourceShare[p] / shares : 0;
                g[p] = Math.min(d[p], fair);
                left -= g[p];
                shares -= resourceShare[p];
            }
        }
        int n = zeros;
        for (int i = 0; n > 0 && i < order.length; i++) {
            int p = order[i];
            if (d[p] > EPSILON && resourceShare[p] <= 0) {
                g[p] = Math.min(d[p], left / n);
                left -= g[p];
                n--;
            }
        }
    }

    /** Sorts {@code order} by {@code key}, ties in URL order. */
    private void insertionSort(int[] order, double[] key) {
        for (int i = 1; i < order.length; i++) {
            int p = order[i];
            int j = i - 1;
            while (j >= 0 && after(order[j], p, key)) {
                order[j + 1] = order[j];
                j--;
            }
            order[j + 1] = p;
        }
    }

    private boolean after(int a, int b, double[] key) {
        int c = Double.compare(key[a], key[b]);
        return c != 0 ? c > 0 : urlRank[a] > urlRank[b];
    }

    private void finish(Job j, double t) {
        j.remaining = 0;
        j.since = t;
        j.done = true;
        queue[j.k][j.p].advance();
        demand[j.k][j.p] -= j.usage;
        if (demand[j.k][j.p] < grant[j.k][j.p] - EPSILON) {
            stale[j.k] = true;
        }
        if (!refill[j.k][j.p]) {
            refill[j.k][j.p] = true;
            toRefill[j.k][toRefillCount[j.k]++] = j.p;
        }
        if (limited[j.p]) {
            relimit(j.p);
        }
        double[] a = acc[j.k][j.p];
        a[QUEUE_END] = Math.max(a[QUEUE_END], t);
        if (now + t > j.deadline - cushion.applyAsDouble(j.result)) {
            misses.add(j.result);
            a[MISSES]++;
        }
    }

    /**
     * Which of project p's queued jobs its max_concurrent limits let run (BOINC keeps simulating such a project,
     * PR #4592): GPUs first, each resource's jobs earliest deadline first, a job eligible while its app and the
     * project are below their limits. Its demand is what its eligible jobs use; a change of demand calls for a new
     * split, a change of eligibility for a refill.
     */
    private void relimit(int p) {
        Project project = projects[p];
        Map<String, Integer> perApp = new HashMap<>();
        int total = 0;
        for (int k = 0; k < resources.length; k++) {
            double d = 0;
            boolean changed = false;
            JobQueue q = queue[k][p];
            for (int i = q.head; i < q.size; i++) {
                Job j = q.jobs[i];
                if (j.done) {
                    continue;
                }
                int appLimit = project.app(j.app).map(App::maxConcurrent).orElse(0);
                boolean ok = (appLimit == 0 || perApp.getOrDefault(j.app, 0) < appLimit)
                        && (project.maxConcurrent() == 0 || total < project.maxConcurrent());
                if (ok) {
                    perApp.merge(j.app, 1, Integer::sum);
                    total++;
                    d += j.usage;
                }
                changed |= ok != j.eligible;
                j.eligible = ok;
            }
            if (Math.abs(d - demand[k][p]) > EPSILON) {
                demand[k][p] = d;
                stale[k] = true;
            }
            if (changed && !refill[k][p]) {
                refill[k][p] = true;
                toRefill[k][toRefillCount[k]++] = p;
            }
        }
    }

    /** Starts the course: nothing given out. */
    private void startCourse() {
        for (int k = 0; k < resources.length; k++) {
            idleCourse[k] = new StepFunction(resources[k].instances());
            usableCourse[k] = new StepFunction(1);
            for (int p : withJobs[k]) {
                partCourse[k][p] = new StepFunction(0);
            }
        }
    }

    /** The fraction of resource k's instances that {@code capacity} instances left to its jobs are. */
    private double usable(int k, double capacity) {
        int n = resources[k].instances();
        return n > 0 ? capacity / n : 0;
    }

    /**
     * Works out each project's share of the {@code capacity} instances of resource k left to its jobs: its share of
     * them all in proportion, or, where limits cap some shares, split anew among the projects.
     */
    private void reshare(int k, double capacity) {
        if (!capped[k]) {
            double u = usable(k, capacity);
            for (int p : sharers[k]) {
                shareNow[k][p] = share[k][p] * u;
            }
            return;
        }
        Set<Project> members = sharingSets.getOrDefault(resources[k].type(), Set.of());
        ResourceShares.of(resources[k], members, capacity).forEach((m, s) -> {
            int p = indexOf(m);
            if (p >= 0) {
                shareNow[k][p] = s;
            }
        });
    }

    /**
     * The instances project p's share of resource k would have and its part does not use (as in its shortfall): its
     * share of the instances left to the resource's jobs since the last split, so that a CPU-only project is not
     * short of the CPUs the GPU jobs hold.
     */
    private double unusedShare(int k, int p) {
        double gap = shareNow[k][p] - grant[k][p];
        return sharing[k][p] && gap > ForecastCourse.UNUSED_TOLERANCE ? gap : 0;
    }

    /**
     * Records each resource's idle instances from t on (as counted in its shortfall). Past the horizon only the first
     * idle instance is still recorded, for the saturated time.
     */
    private void recordIdle(double t) {
        for (int k = 0; k < resources.length; k++) {
            double idle = resources[k].instances() - used[k];
            double v = idle > 1e-6 ? idle : 0;
            if (t <= horizon || v > 0 && idleCourse[k].last() == 0) {
                idleCourse[k].set(t, v);
            }
        }
    }

    private void recordNow() {
        for (int k = 0; k < resources.length; k++) {
            idleNow[k] = Math.max(0, resources[k].instances() - used[k]);
            System.arraycopy(grant[k], 0, usedNow[k], 0, projects.length);
        }
    }

    /** Adds the step [t, t + dt] to each resource's idle instance-seconds in the window and its saturated time. */
    private void accumulateIdle(double t, double dt) {
        double inWindow = Math.max(0, Math.min(t + dt, window) - t);
        for (int k = 0; k < resources.length; k++) {
            double idle = resources[k].instances() - used[k];
            if (idle > 1e-6) {
                shortfall[k] += idle * inWindow;
                if (Double.isNaN(saturated[k])) {
                    saturated[k] = t;
                }
            }
        }
    }

    /**
     * Adds to each project's shortfall on resource k the instances its share would have and its part does not use,
     * from the last change of the split ({@code shortfallSince}) to {@code t}, inside the window. The split only
     * changes in {@link #allocate}, so this runs there and at the end, not at every step.
     */
    private void addShortfalls(int k, double t) {
        double span = Math.max(0, Math.min(t, window) - Math.min(shortfallSince[k], window));
        if (span > 0) {
            for (int p : sharers[k]) {
                acc[k][p][SHORTFALL] += unusedShare(k, p) * span;
                acc[k][p][SHARE_TIME] += shareNow[k][p] * span;
            }
        }
        shortfallSince[k] = t;
    }

    private RoundRobinSimulation.Forecast forecast() {
        Map<ResourceType, RoundRobinSimulation.ResourceForecast> res = new EnumMap<>(ResourceType.class);
        RoundRobinSimulation.ProjectForecast[][] proj = new RoundRobinSimulation.ProjectForecast[slots()][];
        Map<ResourceType, StepFunction> idle = new EnumMap<>(ResourceType.class);
        Map<ResourceType, StepFunction> usable = new EnumMap<>(ResourceType.class);
        ForecastCourse.Track[][] tracks = new ForecastCourse.Track[ResourceType.values().length][];
        for (int k = 0; k < resources.length; k++) {
            ResourceType type = resources[k].type();
            double meanUsable = usableCourse[k].mean(0, window);
            res.put(type, new RoundRobinSimulation.ResourceForecast(type, resources[k].instances(), idleNow[k],
                    shortfall[k], Double.isNaN(saturated[k]) ? Double.POSITIVE_INFINITY : saturated[k], window,
                    meanUsable));
            ForecastCourse.Track[] mine = new ForecastCourse.Track[proj.length];
            for (int p = 0; p < projects.length; p++) {
                if (!present[k][p] || projects[p].slot() < 0) {
                    continue;
                }
                double[] a = acc[k][p];
                int slot = projects[p].slot();
                if (proj[slot] == null) {
                    proj[slot] = new RoundRobinSimulation.ProjectForecast[ResourceType.values().length];
                }
                double usableShare = capped[k] && window > 0 ? a[SHARE_TIME] / window : share[k][p] * meanUsable;
                proj[slot][type.ordinal()] = new RoundRobinSimulation.ProjectForecast(projects[p], type, share[k][p],
                        usableShare, usedNow[k][p], a[SHORTFALL], a[QUEUED], a[JOBS], a[QUEUE_END], (int) a[MISSES]);
                if (partCourse[k][p] != null) {
                    mine[slot] = new ForecastCourse.Track(partCourse[k][p], a[QUEUE_END], (int) a[MISSES]);
                }
            }
            idle.put(type, idleCourse[k]);
            usable.put(type, usableCourse[k]);
            tracks[type.ordinal()] = mine;
        }
        Set<Result> predicted = Collections.unmodifiableSet(misses);
        List<Project> order = Arrays.asList(projects);
        ForecastCourse course = new ForecastCourse(now, window, Arrays.asList(resources), order, sharingSets,
                predicted, idle, usable, tracks, new ExpectedEnds(endsOf(queue, now)));
        return new RoundRobinSimulation.Forecast(now, res, order, proj, predicted, course);
    }

    /** Each job that ended in the simulation and when, on the engine's clock (jobs keep their end once done). */
    private static Supplier<Map<Result, Double>> endsOf(JobQueue[][] queue, double now) {
        return () -> {
            Map<Result, Double> ends = new HashMap<>();
            for (JobQueue[] perProject : queue) {
                for (JobQueue q : perProject) {
                    for (int i = 0; q != null && i < q.size; i++) {
                        Job j = q.jobs[i];
                        if (j.done) {
                            ends.put(j.result, now + j.end);
                        }
                    }
                }
            }
            return ends;
        };
    }

    /** The length of arrays indexed by {@link Project#slot}: one past the largest slot. */
    private int slots() {
        return Project.slotsOf(Arrays.asList(projects));
    }

    /**
     * One project's queued jobs for one resource, in the CPU scheduler's order ({@link #SCHEDULER_ORDER}). A job
     * that ends stays in place, marked done, and the head moves past the done jobs at the front, so an end costs
     * nothing in queue length; the jobs with a rate all lie before {@code runEnd}.
     */
    private static final class JobQueue {
        private Job[] jobs = new Job[8];
        private int size;
        private int head;
        private int runEnd;

        void add(Job j) {
            if (size == jobs.length) {
                jobs = Arrays.copyOf(jobs, 2 * size);
            }
            jobs[size++] = j;
        }

        void sort() {
            Arrays.sort(jobs, 0, size, SCHEDULER_ORDER);
        }

        /** Moves the head past the jobs that have ended. */
        void advance() {
            while (head < size && jobs[head].done) {
                head++;
            }
        }
    }

    /**
     * The running jobs by expected end, ties by when the expectation was made: a binary heap that knows each job's
     * place in it ({@code Job.slot}), so that a change of rate, an end or a start costs log(running jobs), and the
     * next end is at hand.
     */
    private static final class JobEnds {
        private Job[] heap;
        private int size;

        JobEnds(int capacity) {
            heap = new Job[Math.max(16, capacity)];
        }

        Job peek() {
            return size == 0 ? null : heap[0];
        }

        Job poll() {
            Job top = peek();
            remove(top);
            return top;
        }

        /** Adds j, or takes note that its expected end changed. */
        void update(Job j) {
            if (j.slot < 0) {
                if (size == heap.length) {
                    heap = Arrays.copyOf(heap, 2 * size);
                }
                j.slot = size++;
                heap[j.slot] = j;
            }
            if (!siftUp(j.slot)) {
                siftDown(j.slot);
            }
        }

        void remove(Job j) {
            int i = j.slot;
            if (i < 0) {
                return;
            }
            j.slot = -1;
            int last = --size;
            Job moved = heap[last];
            heap[last] = null;
            if (i < last) {
                place(moved, i);
                if (!siftUp(i)) {
                    siftDown(i);
                }
            }
        }

        private static boolean before(Job a, Job b) {
            return a.end < b.end || a.end == b.end && a.endSeq < b.endSeq;
        }

        private void place(Job j, int i) {
            heap[i] = j;
            j.slot = i;
        }

        /** Moves the job at i up while it ends before its parent; whether it moved. */
        private boolean siftUp(int i) {
            Job j = heap[i];
            int start = i;
            while (i > 0) {
                int parent = (i - 1) >>> 1;
                if (!before(j, heap[parent])) {
                    break;
                }
                place(heap[parent], i);
                i = parent;
            }
            place(j, i);
            return i != start;
        }

        private void siftDown(int i) {
            Job j = heap[i];
            while (true) {
                int child = 2 * i + 1;
                if (child >= size) {
                    break;
                }
                if (child + 1 < size && before(heap[child + 1], heap[child])) {
                    child++;
                }
                if (!before(heap[child], j)) {
                    break;
                }
                place(heap[child], i);
                i = child;
            }
            place(j, i);
        }
    }
}

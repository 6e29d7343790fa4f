package org.cruncher.engine.policy.workfetch;

import java.util.Arrays;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * Each project's queued jobs as a forecast read along its course counts them (src/docs/decisions/0020), kept from
 * one read to the next until the project's jobs change ({@link Project#jobsStamp}) or the host's resources do. A
 * read then walks a few arrays instead of every result: only a started job's time left is worked out afresh, since
 * it moves as the task runs.
 */
public final class QueuedJobs {

    private static final double EPSILON = 1e-9;

    /** One project's queued jobs, in arrival order. */
    private static final class Entry {
        private final Project project;
        private final long stamp;
        private final ResourceType[] types;
        private final double[] usage;
        private final double[] runtime;
        private final ActiveTask[] tasks;
        private final Result[] results;
        private int size;
        /** Per resource ({@link ResourceType#ordinal}): the instances its jobs use together, summed as they came. */
        private final double[] instances = new double[ResourceType.values().length];
        /** Per resource: whether it has a job here. */
        private final boolean[] has = new boolean[ResourceType.values().length];
        /**
         * Per job not started when read: its wall time left times its usage, as {@link #now} adds it, worked out at
         * the computing fractions {@link #cpuFraction} and {@link #gpuFraction} (NaN until first worked out).
         */
        private double[] work;
        private double cpuFraction = Double.NaN;
        private double gpuFraction = Double.NaN;

        Entry(Project project, long stamp, int capacity) {
            this.project = project;
            this.stamp = stamp;
            this.types = new ResourceType[capacity];
            this.usage = new double[capacity];
            this.runtime = new double[capacity];
            this.tasks = new ActiveTask[capacity];
            this.results = new Result[capacity];
        }
    }

    /** Per project ({@link Project#slot}): its entry, or null until read. */
    private Entry[] entries = new Entry[0];
    private ResourceSet resources;

    /**
     * Per project and resource, what a forecast run now would count as queued: the queued work in instance-seconds
     * (wall time, stretched by the fraction of time the host computes) and the instances its queued jobs use
     * together.
     */
    QueuedWork now(ClientState state) {
        WallTime wall = new WallTime(state);
        double[][][] queued = new double[slots(state)][][];
        Project[] owners = new Project[queued.length];
        boolean empty = true;
        for (Project p : state.projects()) {
            Entry e = entry(state, p);
            if (e.size == 0) {
                continue;
            }
            empty = false;
            double[] fixed = wall.unstartedWork(e);
            double[][] mine = new double[ResourceType.values().length][];
            for (int t = 0; t < mine.length; t++) {
                if (e.has[t]) {
                    mine[t] = new double[] {0, e.instances[t]};
                }
            }
            for (int i = 0; i < e.size; i++) {
                mine[e.types[i].ordinal()][0] += e.tasks[i] == null ? fixed[i] : wall.left(e, i) * e.usage[i];
            }
            queued[p.slot()] = mine;
            owners[p.slot()] = p;
        }
        return new QueuedWork(queued, owners, empty);
    }

    /**
     * Each queued job as a new forecast takes it, project by project in the client's order, each project's in the
     * order they arrived (as {@link RoundRobinSimulation} reads the queue itself).
     */
    void each(ClientState state, RoundRobinSimulation.QueuedJob sink) {
        WallTime wall = new WallTime(state);
        for (Project p : state.projects()) {
            Entry e = entry(state, p);
            for (int i = 0; i < e.size; i++) {
                Result r = e.results[i];
                sink.accept(r, e.usage[i], e.types[i] == ResourceType.CPU ? 0 : r.appVersion().avgNcpus(),
                        wall.left(e, i), e.tasks[i]);
            }
        }
    }

    /**
     * A job's wall time left: its estimated time left (a started job's as its task stands now) over the fraction of
     * time the host computes on its resource (on x active; also x GPU-active for GPU jobs).
     */
    private static final class WallTime {
        private final double cpuFraction;
        private final double gpuFraction;

        WallTime(ClientState state) {
            cpuFraction = state.timeStats().cpuComputingFraction();
            gpuFraction = Math.max(0.01, cpuFraction * Math.max(0.01, state.timeStats().gpuActiveFrac()));
        }

        double left(Entry e, int i) {
            ActiveTask t = e.tasks[i];
            double remaining = t == null ? e.runtime[i] : t.estimatedRemaining();
            return remaining / (e.types[i] == ResourceType.CPU ? cpuFraction : gpuFraction);
        }

        /**
         * Per job of {@code e} not started when it was read, {@link #left} times its usage: kept in the entry while
         * the computing fractions stay the same, since such a job's time left does not move.
         */
        double[] unstartedWork(Entry e) {
            if (e.work == null || Double.doubleToLongBits(e.cpuFraction) != Double.doubleToLongBits(cpuFraction)
                    || Double.doubleToLongBits(e.gpuFraction) != Double.doubleToLongBits(gpuFraction)) {
                double[] work = new double[e.size];
                for (int i = 0; i < e.size; i++) {
                    if (e.tasks[i] == null) {
                        work[i] = left(e, i) * e.usage[i];
                    }
                }
                e.work = work;
                e.cpuFraction = cpuFraction;
                e.gpuFraction = gpuFraction;
            }
            return e.work;
        }
    }

    /** What {@link #now} counts, per project and resource. */
    static final class QueuedWork {
        /** Per project ({@link Project#slot}) and resource ({@link ResourceType#ordinal}): work and instances. */
        private final double[][][] queued;
        /** Whose work each slot holds (a project of another state in the same slot has none here). */
        private final Project[] owners;
        private final boolean empty;

        private QueuedWork(double[][][] queued, Project[] owners, boolean empty) {
            this.queued = queued;
            this.owners = owners;
            this.empty = empty;
        }

        /** {@code p}'s queued work for {@code type}, instance-seconds of wall time (0 if none). */
        double work(Project p, ResourceType type) {
            double[] q = of(p, type);
            return q == null ? 0 : q[0];
        }

        /** The instances {@code p}'s queued jobs for {@code type} use together (0 if none). */
        double instances(Project p, ResourceType type) {
            double[] q = of(p, type);
            return q == null ? 0 : q[1];
        }

        private double[] of(Project p, ResourceType type) {
            int slot = p.slot();
            double[][] mine = slot >= 0 && slot < queued.length && owners[slot] == p ? queued[slot] : null;
            return mine == null ? null : mine[type.ordinal()];
        }

        /** Whether no project has a queued job. */
        boolean isEmpty() {
            return empty;
        }
    }

    /** {@code p}'s entry, read again if its jobs or the host's resources changed since it was kept. */
    private Entry entry(ClientState state, Project p) {
        if (state.resources() != resources) {
            entries = new Entry[0];
            resources = state.resources();
        }
        int slot = p.slot();
        if (slot < 0) {
            return read(state, p);
        }
        if (slot >= entries.length) {
            entries = Arrays.copyOf(entries, slots(state));
        }
        Entry e = entries[slot];
        if (e == null || e.stamp != p.jobsStamp() || e.project != p) {
            e = read(state, p);
            entries[slot] = e;
        }
        return e;
    }

    /** The length of arrays indexed by {@link Project#slot} for {@code state}'s projects. */
    private static int slots(ClientState state) {
        return Project.slotsOf(state.projects());
    }

    private Entry read(ClientState state, Project p) {
        Entry e = new Entry(p, p.jobsStamp(), state.resultsOfView(p).size());
        for (Result r : state.resultsOfView(p)) {
            if (!RoundRobinSimulation.queued(r, resources) || !resources.has(r.resource())) {
                continue;
            }
            ResourceType type = r.resource();
            int i = e.size++;
            e.types[i] = type;
            e.usage[i] = Math.max(r.appVersion().usage(type), EPSILON);
            e.runtime[i] = r.estimatedRuntime();
            e.tasks[i] = state.taskOf(r);
            e.results[i] = r;
            e.instances[type.ordinal()] += e.usage[i];
            e.has[type.ordinal()] = true;
        }
        return e;
    }
}

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
            double[][] mine = new double[ResourceType.values().length][];
            for (int i = 0; i < e.size; i++) {
                int type = e.types[i].ordinal();
                if (mine[type] == null) {
                    mine[type] = new double[2];
                }
                mine[type][0] += wall.left(e, i) * e.usage[i];
                mine[type][1] += e.usage[i];
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
        }
        return e;
    }
}

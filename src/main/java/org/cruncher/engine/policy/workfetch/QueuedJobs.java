package org.cruncher.engine.policy.workfetch;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.Map;

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
        private final long stamp;
        private final ResourceType[] types;
        private final double[] usage;
        private final double[] runtime;
        private final ActiveTask[] tasks;
        private final Result[] results;
        private int size;

        Entry(long stamp, int capacity) {
            this.stamp = stamp;
            this.types = new ResourceType[capacity];
            this.usage = new double[capacity];
            this.runtime = new double[capacity];
            this.tasks = new ActiveTask[capacity];
            this.results = new Result[capacity];
        }
    }

    private final Map<Project, Entry> entries = new HashMap<>();
    private ResourceSet resources;

    /**
     * Per project and resource, what a forecast run now would count as queued: {queued work in instance-seconds
     * (wall time, stretched by the fraction of time the host computes), instances its queued jobs use together}.
     */
    Map<Project, Map<ResourceType, double[]>> now(ClientState state) {
        double cpuFraction = state.timeStats().cpuComputingFraction();
        double gpuFraction = Math.max(0.01, cpuFraction * Math.max(0.01, state.timeStats().gpuActiveFrac()));
        Map<Project, Map<ResourceType, double[]>> queued = new HashMap<>();
        for (Project p : state.projects()) {
            Entry e = entry(state, p);
            if (e.size == 0) {
                continue;
            }
            Map<ResourceType, double[]> mine = new EnumMap<>(ResourceType.class);
            for (int i = 0; i < e.size; i++) {
                ActiveTask t = e.tasks[i];
                double remaining = t == null ? e.runtime[i] : t.estimatedRemaining();
                double fraction = e.types[i] == ResourceType.CPU ? cpuFraction : gpuFraction;
                double[] q = mine.computeIfAbsent(e.types[i], x -> new double[2]);
                q[0] += remaining / fraction * e.usage[i];
                q[1] += e.usage[i];
            }
            queued.put(p, mine);
        }
        return queued;
    }

    /**
     * Each queued job as a new forecast takes it, project by project in the client's order, each project's in the
     * order they arrived (as {@link RoundRobinSimulation} reads the queue itself).
     */
    void each(ClientState state, RoundRobinSimulation.QueuedJob sink) {
        double cpuFraction = state.timeStats().cpuComputingFraction();
        double gpuFraction = Math.max(0.01, cpuFraction * Math.max(0.01, state.timeStats().gpuActiveFrac()));
        for (Project p : state.projects()) {
            Entry e = entry(state, p);
            for (int i = 0; i < e.size; i++) {
                ActiveTask t = e.tasks[i];
                ResourceType type = e.types[i];
                double remaining = t == null ? e.runtime[i] : t.estimatedRemaining();
                double fraction = type == ResourceType.CPU ? cpuFraction : gpuFraction;
                Result r = e.results[i];
                sink.accept(r, e.usage[i], type == ResourceType.CPU ? 0 : r.appVersion().avgNcpus(),
                        remaining / fraction);
            }
        }
    }

    /** {@code p}'s entry, read again if its jobs or the host's resources changed since it was kept. */
    private Entry entry(ClientState state, Project p) {
        if (state.resources() != resources) {
            entries.clear();
            resources = state.resources();
        }
        Entry e = entries.get(p);
        if (e == null || e.stamp != p.jobsStamp()) {
            e = read(state, p);
            entries.put(p, e);
        }
        return e;
    }

    private Entry read(ClientState state, Project p) {
        Entry e = new Entry(p.jobsStamp(), state.resultsOfView(p).size());
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

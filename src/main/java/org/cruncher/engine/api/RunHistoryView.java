package org.cruncher.engine.api;

import java.util.List;

import org.cruncher.engine.model.ResourceType;

/**
 * What ran when, as changes: from its {@code i}-th change on, a project's running tasks hold {@code instances(i)} of
 * {@code resource(i)} (a CPU task its CPUs, a GPU task its GPUs), until its next change for that resource. Before a
 * project's first change it held none. The changes are in time order and cover {@link #since()} to {@link #until()}.
 * A view never changes: the engine only ever appends beyond it.
 */
public final class RunHistoryView {

    /** A view with nothing in it. */
    public static final RunHistoryView EMPTY = new RunHistoryView(Double.NaN, Double.NaN, new double[0], new int[0],
            new byte[0], new double[0], 0, 0, List.of(), List.of());

    private final double since;
    private final double until;
    private final double[] time;
    private final int[] slot;
    private final byte[] type;
    private final double[] instances;
    private final int from;
    private final int to;
    private final List<String> urls;
    private final List<String> names;
    private static final ResourceType[] TYPES = ResourceType.values();

    /**
     * @param since first time the history covers (NaN if it holds nothing yet)
     * @param until last time it covers (the last poll)
     * @param urls  each project's URL by its slot
     * @param names each project's name by its slot
     */
    public RunHistoryView(double since, double until, double[] time, int[] slot, byte[] type, double[] instances,
                          int from, int to, List<String> urls, List<String> names) {
        this.since = since;
        this.until = until;
        this.time = time;
        this.slot = slot;
        this.type = type;
        this.instances = instances;
        this.from = from;
        this.to = to;
        this.urls = List.copyOf(urls);
        this.names = List.copyOf(names);
    }

    public double since() {
        return since;
    }

    public double until() {
        return until;
    }

    /** How many changes. */
    public int size() {
        return to - from;
    }

    public double time(int i) {
        return time[from + i];
    }

    public String projectUrl(int i) {
        return urls.get(slot[from + i]);
    }

    public String projectName(int i) {
        return names.get(slot[from + i]);
    }

    public ResourceType resource(int i) {
        return TYPES[type[from + i]];
    }

    /** Instances of {@link #resource} the project's running tasks hold from {@link #time} on. */
    public double instances(int i) {
        return instances[from + i];
    }
}

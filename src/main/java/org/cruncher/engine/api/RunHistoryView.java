package org.cruncher.engine.api;

import java.util.List;

import org.cruncher.engine.model.ResourceType;

/**
 * What ran when, as changes: from its {@code i}-th change on, a project's running tasks hold {@code instances(i)} of
 * {@code resource(i)} (a CPU task its CPUs, a GPU task its GPUs), until its next change for that resource. Before a
 * project's first change it held none. The changes are in time order and cover {@link #since()} to {@link #until()}.
 * Beside them, what the host allowed ({@link HostAvailability}), also as changes: from {@code hostTime(i)} on it was
 * {@code host(i)}, until the next; before the first it is not known. A view never changes: the engine only ever
 * appends beyond it.
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
    private final double[] hostTime;
    private final byte[] host;
    private final int hostSize;
    private static final ResourceType[] TYPES = ResourceType.values();
    private static final HostAvailability[] AVAILABILITIES = HostAvailability.values();

    /**
     * @param since first time the history covers (NaN if it holds nothing yet)
     * @param until last time it covers (the last poll)
     * @param urls  each project's URL by its slot
     * @param names each project's name by its slot
     */
    public RunHistoryView(double since, double until, double[] time, int[] slot, byte[] type, double[] instances,
                          int from, int to, List<String> urls, List<String> names) {
        this(since, until, time, slot, type, instances, from, to, urls, names, new double[0], new byte[0], 0);
    }

    private RunHistoryView(double since, double until, double[] time, int[] slot, byte[] type, double[] instances,
                           int from, int to, List<String> urls, List<String> names, double[] hostTime, byte[] host,
                           int hostSize) {
        this.hostTime = hostTime;
        this.host = host;
        this.hostSize = hostSize;
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

    /**
     * This view with the host's first {@code size} changes: from {@code time[i]} on it allowed
     * {@code HostAvailability.values()[host[i]]} (the arrays are not copied: they must never change below
     * {@code size}).
     */
    public RunHistoryView withHost(double[] time, byte[] host, int size) {
        return new RunHistoryView(since, until, this.time, slot, type, instances, from, to, urls, names, time, host,
                size);
    }

    /** This view with the host's changes {@code changes}, in time order. */
    public RunHistoryView withHost(List<HostChange> changes) {
        double[] t = new double[changes.size()];
        byte[] h = new byte[changes.size()];
        for (int i = 0; i < t.length; i++) {
            t[i] = changes.get(i).time();
            h[i] = (byte) changes.get(i).availability().ordinal();
        }
        return withHost(t, h, t.length);
    }

    /** From {@code time} on, the host allowed {@code availability}. */
    public record HostChange(double time, HostAvailability availability) {
    }

    /** How many changes of what the host allowed. */
    public int hostChanges() {
        return hostSize;
    }

    public double hostTime(int i) {
        return hostTime[i];
    }

    public HostAvailability host(int i) {
        return AVAILABILITIES[host[i]];
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

package org.cruncher.gui.timeline;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.SimpleObjectProperty;

import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.HostAvailability;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;

/**
 * The Timeline pane: what ran when, per project, over the last 6 hours, day or week of emulated time, from the
 * engine's record of each poll (its {@link RunHistoryView}). An update only keeps the latest snapshot's record (a
 * view that never changes); the pane asks for the {@link Timeline} when it draws, which it does only while shown.
 */
public final class TimelineViewModel {

    /** How far back the pane looks. */
    public enum Span {
        SIX_HOURS("6 hours", 6 * 3600), DAY("24 hours", 86400), WEEK("7 days", 7 * 86400);

        private final String label;
        private final double seconds;

        Span(String label, double seconds) {
            this.label = label;
            this.seconds = seconds;
        }

        public double seconds() {
            return seconds;
        }

        @Override
        public String toString() {
            return label;
        }
    }

    private final ObjectProperty<Span> span = new SimpleObjectProperty<>(Span.DAY);
    private final ReadOnlyLongWrapper revision = new ReadOnlyLongWrapper();
    private RunHistoryView runs = RunHistoryView.EMPTY;
    private double now = Double.NaN;
    private final Map<ResourceType, Integer> resources = new LinkedHashMap<>();
    /** The projects in the state's order, with the processor types they have an application for. */
    private List<Head> projects = List.of();

    /** A lane's project and the processor types its applications use. */
    private record Head(String url, String name, Set<ResourceType> types) {
    }

    public ObjectProperty<Span> spanProperty() {
        return span;
    }

    /** Moves with every snapshot taken in. */
    public ReadOnlyLongProperty revisionProperty() {
        return revision.getReadOnlyProperty();
    }

    public void update(EngineSnapshot s) {
        runs = s.runs();
        now = s.time();
        resources.clear();
        // The CPU first, then the GPUs in service order: the band people look for first is on top.
        for (ResourceView r : s.resources()) {
            if (r.type() == ResourceType.CPU) {
                resources.put(r.type(), r.instances());
            }
        }
        for (ResourceView r : s.resources()) {
            resources.putIfAbsent(r.type(), r.instances());
        }
        List<Head> ps = new ArrayList<>(s.projects().size());
        for (ProjectView p : s.projects()) {
            // The processors its applications can use here, as its target counts them (known from the first
            // snapshot on, before any work-fetch decision); without a target, none is said to lack one.
            Set<ResourceType> types = p.target() == null ? EnumSet.allOf(ResourceType.class)
                    : p.target().usable().isEmpty() ? EnumSet.noneOf(ResourceType.class)
                    : EnumSet.copyOf(p.target().usable());
            ps.add(new Head(p.url(), p.name(), Collections.unmodifiableSet(types)));
        }
        projects = ps;
        revision.set(revision.get() + 1);
    }

    /**
     * The last {@link #spanProperty() span} up to now: each project's stretches per processor type that reach into
     * it, worked out from the changes (a project holds its last figure until its next change, and nothing before its
     * first). A stretch keeps its true start, which may lie before the span's.
     */
    public Timeline timeline() {
        double end = Double.isNaN(now) ? 0 : now;
        double start = end - span.get().seconds();
        Map<String, Map<ResourceType, List<Timeline.Segment>>> held = new HashMap<>();
        Map<String, Map<ResourceType, double[]>> open = new HashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            String url = runs.projectUrl(i);
            ResourceType type = runs.resource(i);
            double t = runs.time(i);
            double[] last = open.computeIfAbsent(url, u -> new EnumMap<>(ResourceType.class)).get(type);
            if (last != null) {
                close(held, url, type, last[0], t, last[1], start);
            }
            open.get(url).put(type, new double[] {t, runs.instances(i)});
        }
        open.forEach((url, byType) -> byType.forEach((type, last) ->
                close(held, url, type, last[0], end, last[1], start)));
        List<Timeline.Lane> lanes = new ArrayList<>();
        for (Head p : projects) {
            lanes.add(new Timeline.Lane(p.url(), p.name(), held.getOrDefault(p.url(), Map.of()), p.types()));
        }
        double since = Double.isNaN(runs.since()) ? end : runs.since();
        return new Timeline(start, end, since, Collections.unmodifiableMap(new LinkedHashMap<>(resources)),
                List.copyOf(lanes), hostStretches(start, end));
    }

    /** What the host allowed, as stretches from each change to the next (the last to now) that reach into the span. */
    private List<Timeline.HostStretch> hostStretches(double start, double end) {
        List<Timeline.HostStretch> out = new ArrayList<>();
        for (int i = 0; i < runs.hostChanges(); i++) {
            double to = i + 1 < runs.hostChanges() ? runs.hostTime(i + 1) : end;
            if (to > start && to > runs.hostTime(i)) {
                out.add(new Timeline.HostStretch(runs.hostTime(i), to, runs.host(i)));
            }
        }
        return List.copyOf(out);
    }

    private static void close(Map<String, Map<ResourceType, List<Timeline.Segment>>> held, String url,
                              ResourceType type, double from, double to, double instances, double start) {
        if (instances > 0 && to > start && to > from) {
            held.computeIfAbsent(url, u -> new EnumMap<>(ResourceType.class))
                    .computeIfAbsent(type, k -> new ArrayList<>())
                    .add(new Timeline.Segment(from, to, instances));
        }
    }

    /**
     * In words, what {@code lane}'s project ran at {@code time}: "Pulsar Hunt, 1 Jan 14:05: 1 CPU (13:00 to 15:00)",
     * or "Pulsar Hunt, 1 Jan 14:05: nothing running; click for its decisions then" (the computer computed: its
     * decisions say why it waited), or "...: nothing running: the computer was off then".
     */
    public static String describe(Timeline timeline, Timeline.Lane lane, double time) {
        return describe(timeline, lane, time, "click for its decisions then");
    }

    /**
     * As {@link #describe(Timeline, Timeline.Lane, double)}, where nothing ran while the computer computed ending on
     * {@code decisions}: how to see the decisions then (by the keyboard, they are shown already).
     */
    public static String describe(Timeline timeline, Timeline.Lane lane, double time, String decisions) {
        StringBuilder b = new StringBuilder(lane.name()).append(", ").append(Format.shortDateTime(time)).append(": ");
        if (time < timeline.since()) {
            return b.append("not recorded (before the emulation was opened)").toString();
        }
        List<String> parts = new ArrayList<>();
        for (ResourceType type : timeline.resources().keySet()) {
            Timeline.Segment s = lane.at(type, time);
            if (s != null) {
                parts.add(count(s.instances(), type) + " (" + when(s.from(), time) + " to "
                        + (s.to() >= timeline.end() ? "now" : when(s.to(), time)) + ")");
            }
        }
        if (!parts.isEmpty()) {
            return b.append("running on ").append(String.join(" and ", parts)).toString();
        }
        b.append("nothing running");
        Timeline.HostStretch host = timeline.hostAt(time);
        boolean hostStopsIt = host != null && !lane.types().isEmpty()
                && lane.types().stream().noneMatch(host::computes);
        return hostStopsIt ? b.append(": ").append(thenWhy(host.availability())).toString()
                : b.append("; ").append(decisions).toString();
    }

    /** Why nothing could run in a stretch of {@code a}: "the computer was off then". */
    private static String thenWhy(HostAvailability a) {
        return switch (a) {
            case OFF -> "the computer was off then";
            case NOT_ALLOWED -> "computing was not allowed then";
            case DISK_FULL -> "computing was suspended then, over the disk limit";
            case GPUS_SUSPENDED -> "GPU computing was suspended then";
            case COMPUTING -> "";
        };
    }

    /**
     * In words, what the computer allowed at {@code time}: "This computer, 1 Jan 14:05: off (13:00 to 15:00). Nothing
     * computes and no project is contacted (BOINC's on_frac)".
     */
    public static String describeHost(Timeline timeline, double time) {
        StringBuilder b = new StringBuilder("This computer, ").append(Format.shortDateTime(time)).append(": ");
        Timeline.HostStretch s = timeline.hostAt(time);
        if (s == null) {
            return b.append("not recorded").toString();
        }
        String span = " (" + when(s.from(), time) + " to " + (s.to() >= timeline.end() ? "now" : when(s.to(), time))
                + ")";
        return b.append(switch (s.availability()) {
            case COMPUTING -> "on, computing allowed" + span;
            case GPUS_SUSPENDED -> "the CPUs compute, the GPUs may not" + span
                    + ". GPU computing is suspended (BOINC's gpu_active_frac)";
            case DISK_FULL -> "computing suspended" + span + ". BOINC is over the disk limit, and computes again "
                    + "when files go or the limit grows";
            case NOT_ALLOWED -> "on, not allowed to compute" + span + ". The computer is in use, or it is outside "
                    + "the hours the preferences allow (BOINC's active_frac)";
            case OFF -> "off" + span + ". Nothing computes and no project is contacted (BOINC's on_frac)";
        }).toString();
    }

    /** A time of day if {@code t} falls on the same day as {@code time}, else with its date too. */
    private static String when(double t, double time) {
        return day(t).equals(day(time)) ? Format.clock(t) : Format.shortDateTime(t);
    }

    /** "3 Jan": the date part of {@link Format#shortDateTime}. */
    private static String day(double t) {
        String s = Format.shortDateTime(t);
        return s.substring(0, s.lastIndexOf(' '));
    }

    private static String count(double n, ResourceType type) {
        return Format.number(n) + " " + Words.resource(type) + (n == 1 ? "" : "s");
    }
}

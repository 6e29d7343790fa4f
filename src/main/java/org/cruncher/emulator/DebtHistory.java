package org.cruncher.emulator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.model.Project;

/**
 * Each project's debt over emulated time, as the Projects pane charts it, kept with the state so that a restored
 * emulation shows its past. Bounded: beyond {@link #MAX_POINTS} points per project every other point is dropped,
 * so a year at full speed costs the same as a day.
 */
public final class DebtHistory {

    /** Points kept per project. */
    public static final int MAX_POINTS = 600;

    /** A project's debt (FLOPs the client owes it) at a time, seconds since the epoch. */
    public record Point(double time, double debt) {
    }

    private final Map<String, List<Point>> byProject = new LinkedHashMap<>();

    /** Adds each project's debt at {@code time}. */
    public void record(double time, Iterable<Project> projects) {
        for (Project p : projects) {
            add(p.url(), new Point(time, p.debt()));
        }
    }

    /** Adds a point of {@code url}'s history (points come in time order). */
    public void add(String url, Point point) {
        List<Point> points = byProject.computeIfAbsent(url, u -> new ArrayList<>());
        points.add(point);
        if (points.size() > MAX_POINTS) {
            List<Point> kept = new ArrayList<>(MAX_POINTS / 2 + 1);
            for (int i = 0; i < points.size(); i += 2) {
                kept.add(points.get(i));
            }
            points.clear();
            points.addAll(kept);
        }
    }

    /** The projects' histories, in the order first seen (copies). */
    public Map<String, List<Point>> byProject() {
        Map<String, List<Point>> copy = new LinkedHashMap<>();
        byProject.forEach((url, points) -> copy.put(url, List.copyOf(points)));
        return copy;
    }

    /** The earliest time in the history (NaN if empty). */
    public double start() {
        return byProject.values().stream().filter(l -> !l.isEmpty()).mapToDouble(l -> l.get(0).time()).min()
                .orElse(Double.NaN);
    }

    public DebtHistory copy() {
        DebtHistory c = new DebtHistory();
        byProject.forEach((url, points) -> c.byProject.put(url, new ArrayList<>(points)));
        return c;
    }

    @Override
    public String toString() {
        return byProject.toString();
    }
}

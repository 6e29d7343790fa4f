package org.cruncher.emulator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.cruncher.engine.model.Project;

/**
 * Each project's debt over emulated time, and the changes of its resource share, as the Projects pane charts them,
 * kept with the state so that a restored emulation shows its past. Bounded: beyond {@link #MAX_POINTS} points per
 * project the list is halved (or more, where the debt is flat) by {@link #thin}, over stretches of its time, so a
 * year at full speed costs the same as a day. The emulation records into it on its own thread while the window reads
 * what is new ({@link #since}): every method holds the history's lock.
 */
public final class DebtHistory {

    /** Points kept per project. */
    public static final int MAX_POINTS = 600;

    /** A project's debt (FLOPs the client owes it) at a time, seconds since the epoch. */
    public record Point(double time, double debt) {
    }

    /** Share changes kept: the newest; a chart marks each with a line and its label. */
    public static final int MAX_SHARE_CHANGES = 100;

    /** A project's resource share changed at a time, from {@code before} to {@code after}. */
    public record ShareChange(double time, String url, double before, double after) {
    }

    /**
     * The share changes added after the first {@code seen} ever added (those still kept, oldest first), and how many
     * have been added in all: what to pass next time.
     */
    public record ShareChanges(List<ShareChange> changes, long seen) {
    }

    private final Map<String, List<Point>> byProject = new LinkedHashMap<>();
    private final List<ShareChange> shareChanges = new ArrayList<>();
    /** Share changes added since the history began, those no longer kept included. */
    private long shareChangesAdded;
    /** Each project's share when last recorded. */
    private final Map<String, Double> shares = new HashMap<>();
    /** Each project's work accounted when the shares last changed (empty while they never have). */
    private Map<String, Double> workAtLastChange = Map.of();

    /**
     * Adds each project's debt at {@code time}, and a share change for each whose share is not as last recorded; if
     * any, each project's work accounted so far, from which the work done under the new shares is counted.
     */
    public synchronized void record(double time, Iterable<Project> projects) {
        boolean changed = false;
        for (Project p : projects) {
            add(p.url(), new Point(time, p.debt()));
            Double before = shares.put(p.url(), p.resourceShare());
            if (before != null && before != p.resourceShare()) {
                addShareChange(new ShareChange(time, p.url(), before, p.resourceShare()));
                changed = true;
            }
        }
        if (changed) {
            Map<String, Double> work = new LinkedHashMap<>();
            for (Project p : projects) {
                work.put(p.url(), p.totalWork());
            }
            workAtLastChange = Map.copyOf(work);
        }
    }

    /** Adds a share change (they come in time order); the oldest go beyond {@link #MAX_SHARE_CHANGES}. */
    public synchronized void addShareChange(ShareChange change) {
        shareChanges.add(change);
        shareChangesAdded++;
        shares.put(change.url(), change.after());
        if (shareChanges.size() > MAX_SHARE_CHANGES) {
            shareChanges.remove(0);
        }
    }

    /** The share changes kept, oldest first. */
    public synchronized List<ShareChange> shareChanges() {
        return List.copyOf(shareChanges);
    }

    /** The share changes added after the first {@code seen}: a chart marks each once, however many share an instant. */
    public synchronized ShareChanges shareChangesAfter(long seen) {
        int n = (int) Math.min(shareChanges.size(), Math.max(0, shareChangesAdded - seen));
        return new ShareChanges(List.copyOf(shareChanges.subList(shareChanges.size() - n, shareChanges.size())),
                shareChangesAdded);
    }

    /** Each project's work accounted (FLOPs) when the shares last changed; empty while they never have. */
    public synchronized Map<String, Double> workAtLastShareChange() {
        return workAtLastChange;
    }

    /** Restores {@link #workAtLastShareChange}, as saved with the state. */
    public synchronized void restoreWorkAtLastShareChange(Map<String, Double> work) {
        workAtLastChange = Map.copyOf(work);
    }

    /** Adds a point of {@code url}'s history (points come in time order). */
    public synchronized void add(String url, Point point) {
        List<Point> points = byProject.computeIfAbsent(url, u -> new ArrayList<>());
        points.add(point);
        if (points.size() > MAX_POINTS) {
            List<Point> kept = thin(points, Point::time, Point::debt);
            points.clear();
            points.addAll(kept);
        }
    }

    /**
     * Halves a series of points in time order, evenly over its time: the span from the first point to the last is cut
     * into a quarter as many equal stretches as there are points, and of each stretch the lowest and the highest
     * {@code value} stay, in time order (one point where they are the same); the first and the last point always stay.
     * Keeping every other point instead could keep only the highs of a debt that swings each period, and chart a flat
     * line. Cutting by count rather than by time thinned the oldest points again at every halving while the newest
     * were still dense: after 1,300 days, 290 of 300 points lay in the last 30 days. The Projects pane thins its chart
     * by the same rule.
     */
    public static <T> List<T> thin(List<T> points, ToDoubleFunction<T> time, ToDoubleFunction<T> value) {
        List<T> kept = new ArrayList<>(points.size() / 2 + 3);
        if (points.isEmpty()) {
            return kept;
        }
        int n = points.size();
        int stretches = Math.max(1, n / 4);
        double first = time.applyAsDouble(points.get(0));
        double width = (time.applyAsDouble(points.get(n - 1)) - first) / stretches;
        int i = 0;
        while (i < n) {
            int stretch = stretchOf(time.applyAsDouble(points.get(i)), first, width, stretches);
            int lo = i;
            int hi = i;
            int k = i + 1;
            while (k < n && stretchOf(time.applyAsDouble(points.get(k)), first, width, stretches) == stretch) {
                double y = value.applyAsDouble(points.get(k));
                lo = y < value.applyAsDouble(points.get(lo)) ? k : lo;
                hi = y > value.applyAsDouble(points.get(hi)) ? k : hi;
                k++;
            }
            if (i == 0 && Math.min(lo, hi) != 0) {
                kept.add(points.get(0));
            }
            kept.add(points.get(Math.min(lo, hi)));
            if (lo != hi) {
                kept.add(points.get(Math.max(lo, hi)));
            }
            i = k;
        }
        if (kept.get(kept.size() - 1) != points.get(n - 1)) {
            kept.add(points.get(n - 1));
        }
        return kept;
    }

    private static int stretchOf(double t, double first, double width, int stretches) {
        return width > 0 ? (int) Math.min(stretches - 1, Math.max(0, (t - first) / width)) : 0;
    }

    /** The projects' histories, in the order first seen (copies). */
    public synchronized Map<String, List<Point>> byProject() {
        Map<String, List<Point>> copy = new LinkedHashMap<>();
        byProject.forEach((url, points) -> copy.put(url, List.copyOf(points)));
        return copy;
    }

    /**
     * Each project's points after {@code time}, in time order (copies): what a chart drawn up to {@code time} lacks.
     * Projects without such points are left out.
     */
    public synchronized Map<String, List<Point>> since(double time) {
        Map<String, List<Point>> newer = new LinkedHashMap<>();
        byProject.forEach((url, points) -> {
            int i = points.size();
            while (i > 0 && points.get(i - 1).time() > time) {
                i--;
            }
            if (i < points.size()) {
                newer.put(url, List.copyOf(points.subList(i, points.size())));
            }
        });
        return newer;
    }

    /** The earliest time in the history (NaN if empty). */
    public synchronized double start() {
        return byProject.values().stream().filter(l -> !l.isEmpty()).mapToDouble(l -> l.get(0).time()).min()
                .orElse(Double.NaN);
    }

    public synchronized DebtHistory copy() {
        DebtHistory c = new DebtHistory();
        byProject.forEach((url, points) -> c.byProject.put(url, new ArrayList<>(points)));
        c.shareChanges.addAll(shareChanges);
        c.shareChangesAdded = shareChangesAdded;
        c.shares.putAll(shares);
        c.workAtLastChange = workAtLastChange;
        return c;
    }

    @Override
    public synchronized String toString() {
        return byProject + " " + shareChanges;
    }
}

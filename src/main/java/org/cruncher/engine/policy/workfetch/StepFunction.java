package org.cruncher.engine.policy.workfetch;

import java.util.Arrays;

/**
 * A piecewise-constant function of time from 0 on, written in time order: the value set at t holds until the next
 * one. A forecast records its course in these ({@link ForecastCourse}). Setting the value it already has adds nothing,
 * so a function costs its changes, not the steps of the simulation.
 */
final class StepFunction {

    private double[] times = new double[4];
    private double[] values = new double[4];
    private int size;

    /** The function starting at {@code value} at time 0. */
    StepFunction(double value) {
        times[0] = 0;
        values[0] = value;
        size = 1;
    }

    /** From time t (not before the last change) on, the value is {@code value}; a second value at t replaces the first. */
    void set(double t, double value) {
        if (value == values[size - 1]) {
            return;
        }
        if (t == times[size - 1]) {
            values[size - 1] = value;
            return;
        }
        if (size == times.length) {
            times = Arrays.copyOf(times, 2 * size);
            values = Arrays.copyOf(values, 2 * size);
        }
        times[size] = t;
        values[size] = value;
        size++;
    }

    /** The value set last. */
    double last() {
        return values[size - 1];
    }

    /** The value at time t (the last one set at or before t). */
    double at(double t) {
        return values[indexAt(t)];
    }

    /** The integral from a to b (a ≤ b). */
    double integral(double a, double b) {
        double sum = 0;
        for (int i = indexAt(a); i < size && times[i] < b; i++) {
            double from = Math.max(a, times[i]);
            double to = i + 1 < size ? Math.min(b, times[i + 1]) : b;
            sum += values[i] * Math.max(0, to - from);
        }
        return sum;
    }

    /** What {@link #forEachPiece} hands over: the value on [from, to). */
    interface Piece {
        void accept(double from, double to, double value);
    }

    /** Hands over each piece of the function within [a, b] (a < b), clipped to it, in time order. */
    void forEachPiece(double a, double b, Piece piece) {
        for (int i = indexAt(a); i < size && times[i] < b; i++) {
            double from = Math.max(a, times[i]);
            double to = i + 1 < size ? Math.min(b, times[i + 1]) : b;
            piece.accept(from, to, values[i]);
        }
    }

    /**
     * The mean from a to b (a ≤ b): the value itself where one piece covers [a, b] (and at a when b = a), so that a
     * constant function's mean is exactly its value.
     */
    double mean(double a, double b) {
        int i = indexAt(a);
        if (b <= a || i + 1 >= size || times[i + 1] >= b) {
            return values[i];
        }
        return integral(a, b) / (b - a);
    }

    /**
     * The integral from a to b (a ≤ b) of how far the function lies below {@code level}, where it lies more than
     * {@code tolerance} below it: the part of a share a project's part leaves unused.
     */
    double gapBelow(double level, double tolerance, double a, double b) {
        double sum = 0;
        for (int i = indexAt(a); i < size && times[i] < b; i++) {
            double gap = level - values[i];
            if (gap > tolerance) {
                double from = Math.max(a, times[i]);
                double to = i + 1 < size ? Math.min(b, times[i + 1]) : b;
                sum += gap * Math.max(0, to - from);
            }
        }
        return sum;
    }

    /**
     * As {@link #gapBelow(double, double, double, double)}, with a level that varies as {@code level x scale(t)}: the
     * part of a share a project's part leaves unused when the share follows the instances left to its jobs. Where
     * {@code scale} is 1 throughout, this is exactly {@code gapBelow(level, ...)}.
     */
    double gapBelow(double level, StepFunction scale, double tolerance, double a, double b) {
        if (scale.size == 1) {
            return gapBelow(level * scale.values[0], tolerance, a, b);
        }
        double sum = 0;
        int i = indexAt(a);
        int j = scale.indexAt(a);
        double from = Math.max(a, Math.max(times[i], scale.times[j]));
        while (from < b && i < size) {
            double to = b;
            if (i + 1 < size) {
                to = Math.min(to, times[i + 1]);
            }
            if (j + 1 < scale.size) {
                to = Math.min(to, scale.times[j + 1]);
            }
            double gap = level * scale.values[j] - values[i];
            if (gap > tolerance) {
                sum += gap * Math.max(0, to - from);
            }
            from = to;
            if (i + 1 < size && times[i + 1] <= from) {
                i++;
            }
            if (j + 1 < scale.size && scale.times[j + 1] <= from) {
                j++;
            }
        }
        return sum;
    }

    /**
     * The first time at or after t at which the value is positive: t itself if it is positive there, the start of
     * the first later piece with a positive value, or infinity if none.
     */
    double firstPositiveFrom(double t) {
        for (int i = indexAt(t); i < size; i++) {
            if (values[i] > 0) {
                return Math.max(t, times[i]);
            }
        }
        return Double.POSITIVE_INFINITY;
    }

    private int indexAt(double t) {
        int i = Arrays.binarySearch(times, 0, size, t);
        return i >= 0 ? i : Math.max(0, -i - 2);
    }
}

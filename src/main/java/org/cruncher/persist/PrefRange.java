package org.cruncher.persist;

import java.math.BigDecimal;

/**
 * The values one numeric global preference may take, and what happens to a value outside them: BOINC's own rule
 * where {@code lib/prefs.cpp:parse_override} has one (max_ncpus_pct clamped to 0..100, cpu_usage_limit ignored
 * outside (0, 100], cpu_scheduling_period_minutes below 0.0001 means 60...), and otherwise a bound far beyond any
 * real setting, so that NaN, infinities and absurd figures (1e300 GB) are caught with a warning instead of reaching
 * the engine.
 */
final class PrefRange {

    /** What a value outside the range is replaced by. */
    enum Outside {
        /** The nearest bound. */
        CLAMP,
        /** The preference's default. */
        DEFAULT,
        /** Nothing: the value is ignored and the one in force stays. */
        KEEP
    }

    /** A checked value: {@code value} to use (NaN: keep the one in force) and what was done, or null if nothing. */
    record Checked(double value, String done) {
    }

    private final double min;
    private final boolean minIncluded;
    private final double max;
    private final Outside below;
    private final Outside above;
    private final double zeroMeans;
    private final String zeroSays;

    private PrefRange(double min, boolean minIncluded, double max, Outside below, Outside above, double zeroMeans) {
        this(min, minIncluded, max, below, above, zeroMeans, null);
    }

    private PrefRange(double min, boolean minIncluded, double max, Outside below, Outside above, double zeroMeans,
                      String zeroSays) {
        this.min = min;
        this.minIncluded = minIncluded;
        this.max = max;
        this.below = below;
        this.above = above;
        this.zeroMeans = zeroMeans;
        this.zeroSays = zeroSays;
    }

    /** min..max; values outside become the nearest bound. */
    static PrefRange clamped(double min, double max) {
        return new PrefRange(min, true, max, Outside.CLAMP, Outside.CLAMP, Double.NaN);
    }

    /** min..max; a value below min means the default, one above max becomes max. */
    static PrefRange belowMeansDefault(double min, double max) {
        return new PrefRange(min, true, max, Outside.DEFAULT, Outside.CLAMP, Double.NaN);
    }

    /** (0..max]: anything else is ignored (cpu_usage_limit). */
    static PrefRange positiveOrKept(double max) {
        return new PrefRange(0, false, max, Outside.KEEP, Outside.KEEP, Double.NaN);
    }

    /** min..max; a value below min is ignored, one above max becomes max (daily_xfer_limit_mb). */
    static PrefRange belowIgnored(double min, double max) {
        return new PrefRange(min, true, max, Outside.KEEP, Outside.CLAMP, Double.NaN);
    }

    /** As this range, where a (possibly clamped) 0 stands for {@code meaning} (ram_max_used_busy_pct 0 = 100). */
    PrefRange zeroMeans(double meaning) {
        return new PrefRange(min, minIncluded, max, below, above, meaning, zeroSays);
    }

    /** As this range, where a 0 the warning puts in force says what it means ("using 0 (no limit)"). */
    PrefRange zeroSays(String meaning) {
        return new PrefRange(min, minIncluded, max, below, above, zeroMeans, meaning);
    }

    /**
     * {@code value} checked: {@code current} is the value in force, {@code fallback} the preference's default,
     * {@code name} and {@code written} (the text in the file) name it in the message.
     */
    Checked check(String name, String written, double value, double current, double fallback) {
        if (Double.isNaN(value)) {
            return new Checked(Double.NaN, name + " " + written + " is not a number: ignored, keeping "
                    + kept(current));
        }
        boolean low = minIncluded ? value < min : value <= min;
        Outside outside = low ? below : value > max ? above : null;
        if (outside == null) {
            return new Checked(value == 0 && !Double.isNaN(zeroMeans) ? zeroMeans : value, null);
        }
        String range = (minIncluded ? plain(min) : "(" + plain(min)) + ".." + plain(max) + (minIncluded ? "" : "]");
        String prefix = name + " " + written + " is out of " + range + ": ";
        return switch (outside) {
            case KEEP -> new Checked(Double.NaN, prefix + "ignored, keeping " + kept(current));
            case DEFAULT -> new Checked(fallback, prefix + "using the default " + plain(fallback));
            case CLAMP -> {
                double bound = low ? min : max;
                double used = bound == 0 && !Double.isNaN(zeroMeans) ? zeroMeans : bound;
                yield new Checked(used, prefix + "using " + plain(used)
                        + (used == 0 && zeroSays != null ? " (" + zeroSays + ")" : ""));
            }
        };
    }

    /**
     * The value kept in force as a warning says it: "0.1", or a 0 with what it means, "0 (no limit)" (QA: "keeping 0"
     * of disk_max_used_gb did not say that the 0 kept means no limit).
     */
    String kept(double current) {
        return plain(current) + (current == 0 && zeroSays != null ? " (" + zeroSays + ")" : "");
    }

    /** What a 0 in force means, as a warning says it ("no limit", "all CPUs"); null where it says nothing more. */
    String zeroSays() {
        return zeroSays;
    }

    /** A number as a person writes it: 0.1, 50, 1000000000. */
    static String plain(double v) {
        if (Double.isNaN(v) || Double.isInfinite(v)) {
            return Double.toString(v);
        }
        return BigDecimal.valueOf(v).stripTrailingZeros().toPlainString();
    }
}

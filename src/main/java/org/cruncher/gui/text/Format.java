package org.cruncher.gui.text;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.time.Instant;
import java.time.ZoneId;
import java.time.format.DateTimeFormatter;
import java.util.Locale;

import org.cruncher.engine.api.Units;

/** Numbers for people: durations as "2 h 05 min", sizes as "1.12 GB", work as CPU time, times of day. */
public final class Format {

    private static final DateTimeFormatter DATE_TIME = DateTimeFormatter.ofPattern("EEE d MMM yyyy HH:mm",
            Locale.ENGLISH);
    private static final DateTimeFormatter SHORT = DateTimeFormatter.ofPattern("d MMM HH:mm", Locale.ENGLISH);
    private static final DateTimeFormatter SHORT_WITH_YEAR = DateTimeFormatter.ofPattern("d MMM yyyy HH:mm",
            Locale.ENGLISH);
    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ENGLISH);
    private static final DateTimeFormatter STAMP = DateTimeFormatter.ofPattern("d MMM HH:mm:ss", Locale.ENGLISH);
    private static final DateTimeFormatter FULL_STAMP = DateTimeFormatter.ofPattern("EEE d MMM yyyy HH:mm:ss",
            Locale.ENGLISH);
    private static final DateTimeFormatter ISO_STAMP = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm:ss", Locale.ROOT);

    private Format() {
    }

    /** 42 s, 12 min, 2 h 05 min, 3 d 04 h. */
    public static String duration(double seconds) {
        return Units.duration(seconds);
    }

    /**
     * Time left, in the words durations have everywhere else ("13 min", "3 h 02 min"), not a clock's "00:12:30",
     * which read as a time of day beside the event log's "retry in 3 h 15 min"; "0 s" once it has run out.
     */
    public static String countdown(double seconds) {
        return seconds > 0 ? Units.duration(seconds) : "0 s";
    }

    /** Work in FLOPs as the time one CPU of {@code cpuFlops} would take, with a sign: "+40 min", "-12 min". */
    public static String cpuTime(double flops, double cpuFlops) {
        return Units.cpuTime(flops, cpuFlops);
    }

    /** 1536 -> "1.5 KB", 1.2e9 -> "1.12 GB" (three significant digits, powers of 1024, as BOINC); infinity -> "no limit". */
    public static String size(double bytes) {
        return Units.size(bytes);
    }

    /**
     * A ratio short enough for a narrow column: 2 decimals below 1,000 (0.5 -> "0.50"); whole and grouped below a
     * million (12345.6 -> "12,346"); in millions below a billion (44730396.3 -> "44.7 million"); beyond, 3
     * significant digits (4.47e12 -> "4.47e12").
     */
    public static String ratio(double x) {
        double a = Math.abs(x);
        if (a < 999.995) {
            return String.format(Locale.ROOT, "%.2f", x);
        }
        if (a < 999_999.5) {
            return String.format(Locale.ROOT, "%,.0f", x);
        }
        if (a < 999.95e6) {
            return String.format(Locale.ROOT, "%.1f million", x / 1e6);
        }
        return String.format(Locale.ROOT, "%.2e", x).replace("e+", "e").replace("e0", "e");
    }

    /** 0.3456 -> "34.6 %". */
    public static String percent(double fraction) {
        return String.format(Locale.ROOT, "%.1f %%", 100 * fraction);
    }

    /**
     * A share as a percentage, as {@link #percent}, but "< 0.1 %" for one above 0 that would read "0.0 %": beside a
     * share of a billion, a share of 75 read as a backup project's (QA).
     */
    public static String sharePercent(double fraction) {
        return fraction > 0 && fraction < 0.0005 ? "< 0.1 %" : percent(fraction);
    }

    /** A number without needless digits: 100.0 -> "100", 0.25 -> "0.25". */
    public static String number(double x) {
        return Units.number(x);
    }

    /**
     * A resource share as typed, without rounding its whole part: 100 -> "100", 12.5 -> "12.5", 12345 -> "12345",
     * 0.0004 -> "0.0004" (to six decimals; below a millionth, to three significant digits, never "0").
     */
    public static String share(double share) {
        BigDecimal exact = BigDecimal.valueOf(share);
        BigDecimal shown = exact.setScale(6, RoundingMode.HALF_UP);
        if (shown.signum() == 0 && exact.signum() != 0) {
            // Below a millionth, six decimals would show 0, which reads as a backup project: keep its first digits.
            shown = exact.round(new MathContext(3, RoundingMode.HALF_UP));
        }
        return shown.stripTrailingZeros().toPlainString();
    }

    /**
     * {@code text} with its spaces made non-breaking, so that a wrapped line never splits a figure from its unit or
     * a duration in two ("up to 20" at a line's end, "d 00 h." on the next).
     */
    public static String unbroken(String text) {
        return text.replace(' ', '\u00A0');
    }

    /** "Sat 3 Jan 2026 14:05" in the local time zone. */
    public static String dateTime(double epochSeconds) {
        return DATE_TIME.format(Instant.ofEpochMilli(Math.round(epochSeconds * 1000)).atZone(ZoneId.systemDefault()));
    }

    /** "3 Jan 14:05" in the local time zone. */
    public static String shortDateTime(double epochSeconds) {
        return SHORT.format(Instant.ofEpochMilli(Math.round(epochSeconds * 1000)).atZone(ZoneId.systemDefault()));
    }

    /**
     * "3 Jan 14:05", or "3 Jan 2027 14:05" when the time falls in another year than {@code now}, as a mail client
     * dates its messages: a deadline in January seen in December, or a file that expired two years ago, said no year.
     */
    public static String shortDateTime(double epochSeconds, double now) {
        boolean plain = !Double.isFinite(epochSeconds) || !Double.isFinite(now) || sameYear(epochSeconds, now);
        return plain ? shortDateTime(epochSeconds) : shortDateTimeWithYear(epochSeconds);
    }

    /** "3 Jan 2027 14:05" in the local time zone. */
    public static String shortDateTimeWithYear(double epochSeconds) {
        return SHORT_WITH_YEAR.format(Instant.ofEpochMilli(Math.round(epochSeconds * 1000))
                .atZone(ZoneId.systemDefault()));
    }

    /** Whether two times fall in the same year, in the local time zone (false if either is not a finite time). */
    public static boolean sameYear(double a, double b) {
        if (!Double.isFinite(a) || !Double.isFinite(b)) {
            return false;
        }
        ZoneId zone = ZoneId.systemDefault();
        return Instant.ofEpochMilli(Math.round(a * 1000)).atZone(zone).getYear()
                == Instant.ofEpochMilli(Math.round(b * 1000)).atZone(zone).getYear();
    }

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm", Locale.ENGLISH);

    /** "14:05" in the local time zone. */
    public static String clock(double epochSeconds) {
        return CLOCK.format(Instant.ofEpochMilli(Math.round(epochSeconds * 1000)).atZone(ZoneId.systemDefault()));
    }

    /** "3 Jan 14:05:09" in the local time zone. */
    public static String stamp(double epochSeconds) {
        return STAMP.format(Instant.ofEpochMilli(Math.round(epochSeconds * 1000)).atZone(ZoneId.systemDefault()));
    }

    /** "Sat 3 Jan 2026 14:05:09" in the local time zone. */
    public static String fullStamp(double epochSeconds) {
        return FULL_STAMP.format(Instant.ofEpochMilli(Math.round(epochSeconds * 1000))
                .atZone(ZoneId.systemDefault()));
    }

    /** "2026-01-03 14:05:09" in the local time zone: for files, where the year must be said and text sorts by time. */
    public static String isoStamp(double epochSeconds) {
        return ISO_STAMP.format(Instant.ofEpochMilli(Math.round(epochSeconds * 1000)).atZone(ZoneId.systemDefault()));
    }

    /** "14:05:09" in the local time zone. */
    public static String time(double epochSeconds) {
        return TIME.format(Instant.ofEpochMilli(Math.round(epochSeconds * 1000)).atZone(ZoneId.systemDefault()));
    }

    /** "2.1 GFLOPS", "5 TFLOPS". */
    public static String flops(double flops) {
        if (flops >= 1e12) {
            return Units.number(Math.round(flops / 1e11) / 10.0) + " TFLOPS";
        }
        return Units.number(Math.round(flops / 1e8) / 10.0) + " GFLOPS";
    }
}

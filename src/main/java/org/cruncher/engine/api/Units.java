package org.cruncher.engine.api;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

import org.cruncher.engine.model.Numbers;
import org.cruncher.engine.model.ResourceType;

/** Formats engine figures for event text: durations, work as CPU time, sizes, lists of resources. */
public final class Units {

    private Units() {
    }

    /** 42 -> "42 s", 750 -> "12 min", 3900 -> "1 h 05 min", 183600 -> "2 d 03 h". */
    public static String duration(double seconds) {
        if (Double.isNaN(seconds)) {
            return "-";
        }
        if (Double.isInfinite(seconds)) {
            return seconds > 0 ? "never" : "-never";
        }
        long s = Math.round(Math.abs(seconds));
        String sign = seconds < 0 && s > 0 ? "-" : "";
        if (s < 60) {
            return sign + s + " s";
        }
        long min = Math.round(Math.abs(seconds) / 60.0);
        if (min < 60) {
            return sign + min + " min";
        }
        long h = min / 60;
        if (h < 48) {
            return String.format(Locale.ROOT, "%s%d h %02d min", sign, h, min % 60);
        }
        long hours = Math.round(Math.abs(seconds) / 3600.0);
        return String.format(Locale.ROOT, "%s%d d %02d h", sign, hours / 24, hours % 24);
    }

    /**
     * Work in FLOPs shown as the time one CPU of {@code cpuFlops} would take, signed: "+40 min", "-1 h 05 min"; less
     * than half a second is "0 s", without a sign.
     */
    public static String cpuTime(double flops, double cpuFlops) {
        double seconds = flops / cpuFlops;
        String d = duration(seconds);
        return Math.round(seconds) > 0 ? "+" + d : d;
    }

    /**
     * A number as a person would write it, all its digits: -50.0 -> "-50", 9.9999999E7 -> "99999999"; beyond 10^15,
     * with an exponent: 1e300 -> "1E+300".
     */
    public static String exact(double x) {
        if (Double.isNaN(x) || Double.isInfinite(x)) {
            return String.valueOf(x);
        }
        java.math.BigDecimal d = java.math.BigDecimal.valueOf(x).stripTrailingZeros();
        return Math.abs(x) >= 1e15 ? d.toString() : d.toPlainString();
    }

    /** A count with its noun, singular or plural: (1, "task") -> "1 task", (3, "task") -> "3 tasks". */
    public static String count(long n, String noun) {
        return n + " " + noun + (n == 1 ? "" : "s");
    }

    /** 1536 -> "1.5 KB", 1.2e9 -> "1.12 GB", 5e10 -> "46.6 GB", 2^31 -> "2 GB" (powers of 1024, as BOINC); infinity -> "no limit". */
    public static String size(double bytes) {
        if (Double.isInfinite(bytes)) {
            return "no limit";
        }
        String[] units = {"bytes", "KB", "MB", "GB", "TB", "PB"};
        double v = bytes;
        int i = 0;
        while (Math.abs(v) >= 1024 && i < units.length - 1) {
            v /= 1024;
            i++;
        }
        if (i == 0) {
            return String.format(Locale.ROOT, "%.0f %s", v, units[i]);
        }
        return threeDigits(v) + " " + units[i];
    }

    /**
     * Three significant digits without trailing zeros, or every digit from 100 up: 1.149 -> "1.15", 12.34 -> "12.3",
     * 2.0 -> "2", 1000.4 -> "1000".
     */
    private static String threeDigits(double v) {
        for (int decimals = 2; decimals > 0; decimals--) {
            String s = String.format(Locale.ROOT, "%." + decimals + "f", v);
            if (Math.abs(Double.parseDouble(s)) < Math.pow(10, 3 - decimals)) {
                return s.replaceAll("\\.?0+$", "");
            }
        }
        return String.format(Locale.ROOT, "%.0f", v);
    }

    /** 1.0 -> "1", 0.5 -> "0.5". */
    public static String number(double x) {
        return Numbers.compact(x);
    }

    /** "CPU", "NVIDIA GPU and CPU", "NVIDIA GPU, AMD GPU and CPU" ({@code last} is "and" or "or"). */
    public static String resources(List<ResourceType> types, String last) {
        List<String> names = new ArrayList<>();
        for (ResourceType t : types) {
            names.add(t.displayName());
        }
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " " + last + " " + names.get(names.size() - 1);
    }
}

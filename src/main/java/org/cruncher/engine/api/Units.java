package org.cruncher.engine.api;

import org.cruncher.engine.model.Numbers;

/** Formats engine figures for event text: durations, and work as CPU time. */
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
        String sign = seconds < 0 ? "-" : "";
        long s = Math.round(Math.abs(seconds));
        if (s < 60) {
            return sign + s + " s";
        }
        long min = Math.round(Math.abs(seconds) / 60.0);
        if (min < 60) {
            return sign + min + " min";
        }
        long h = min / 60;
        if (h < 48) {
            return String.format("%s%d h %02d min", sign, h, min % 60);
        }
        long hours = Math.round(Math.abs(seconds) / 3600.0);
        return String.format("%s%d d %02d h", sign, hours / 24, hours % 24);
    }

    /** Work in FLOPs shown as the time one CPU of {@code cpuFlops} would take, signed: "+40 min", "-1 h 05 min". */
    public static String cpuTime(double flops, double cpuFlops) {
        double seconds = flops / cpuFlops;
        String d = duration(seconds);
        return seconds > 0 ? "+" + d : d;
    }

    /** 1.0 -> "1", 0.5 -> "0.5". */
    public static String number(double x) {
        return Numbers.compact(x);
    }
}

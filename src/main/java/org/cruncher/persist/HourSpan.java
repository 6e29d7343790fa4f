package org.cruncher.persist;

import java.util.Locale;

/**
 * A daily window from {@code startHour} to {@code endHour} (BOINC's TIME_SPAN, {@code lib/prefs.cpp}): hours of the
 * day with decimals, so 14.59 is 14:35, not 14:59. Equal hours or 0 to 24 mean at any time, 24 to 0 never; a start
 * after the end wraps past midnight.
 */
public record HourSpan(double startHour, double endHour) {

    /** At any time: BOINC's default. */
    public static final HourSpan ALWAYS = new HourSpan(0, 0);

    public boolean isAlways() {
        return startHour == endHour || (startHour == 0 && endHour == 24);
    }

    public boolean isNever() {
        return startHour == 24 && endHour == 0;
    }

    /** "at any time", "never" or "only between 00:01 and 14:35". */
    public String words() {
        if (isAlways()) {
            return "at any time";
        }
        if (isNever()) {
            return "never";
        }
        return "only between " + clock(startHour) + " and " + clock(endHour);
    }

    /** An hour with decimals as the BOINC Manager shows it: 14.59 is "14:35", 0.01 is "00:01". */
    static String clock(double hour) {
        long minutes = Math.round(hour * 60);
        return String.format(Locale.ROOT, "%02d:%02d", minutes / 60, minutes % 60);
    }
}

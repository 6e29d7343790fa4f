package org.cruncher.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalLong;

/**
 * Reads the values of a configuration file's elements as BOINC does (numbers, flags), collecting a one-line warning
 * for each value that is unusable (then ignored) or out of range (then clamped), instead of refusing the file.
 */
final class ConfigValues {

    private final String fileName;
    private final List<String> warnings = new ArrayList<>();

    ConfigValues(Path file) {
        this.fileName = file.getFileName().toString();
    }

    /** Adds "FILE:LINE: message". */
    void warn(XmlTree at, String message) {
        warnings.add(fileName + ":" + at.line() + ": " + message);
    }

    List<String> warnings() {
        return warnings;
    }

    /**
     * BOINC's boolean (its parse_bool): {@code <flag/>} is true, {@code <flag>N</flag>} is true for a whole number N
     * other than 0. BOINC does not read anything else ("yes", "true", "2.5", or nothing between the tags, where its
     * parser finds the end tag instead of a number), so the flag stays off, with a warning.
     */
    boolean flag(XmlTree e) {
        String t = XmlValues.text(e.text());
        if (e.selfClosing()) {
            return true;
        }
        if (t.isEmpty()) {
            warn(e, e.name() + " has nothing between its tags: BOINC does not read it, so it is off (write <"
                    + e.name() + "/> or <" + e.name() + ">1</" + e.name() + "> to turn it on)");
            return false;
        }
        OptionalLong n = integer(t);
        if (n.isEmpty()) {
            warn(e, e.name() + " " + t + " is not a whole number such as 0 or 1: BOINC does not read it, so it is "
                    + "off");
            return false;
        }
        return n.getAsLong() != 0;
    }

    /**
     * A whole number as C's strtol reads it with base 0 and nothing after it (BOINC's parse_int): a sign, then
     * decimal digits, 0x and hexadecimal ones, or 0 and octal ones; empty if the text is anything else.
     */
    static OptionalLong integer(String text) {
        String t = text.strip();
        boolean negative = t.startsWith("-");
        String digits = negative || t.startsWith("+") ? t.substring(1) : t;
        int radix = 10;
        if (digits.length() > 2 && (digits.startsWith("0x") || digits.startsWith("0X"))) {
            radix = 16;
            digits = digits.substring(2);
        } else if (digits.length() > 1 && digits.startsWith("0")) {
            radix = 8;
            digits = digits.substring(1);
        }
        int r = radix;
        if (digits.isEmpty() || !digits.chars().allMatch(c -> c < 128 && Character.digit(c, r) >= 0)) {
            return OptionalLong.empty();
        }
        try {
            long v = Long.parseLong(digits, radix);
            return OptionalLong.of(negative ? -v : v);
        } catch (NumberFormatException ex) {
            return OptionalLong.empty();
        }
    }

    /**
     * The element's number, clamped to [min, max] with a warning; {@code fallback} (with a warning) if it is not a
     * number. The warnings are worded as the preferences' are: "ncpus -7 is out of -1..4096: using -1", "ncpus lots
     * is not a number: ignored, using -1".
     */
    double number(XmlTree e, double min, double max, double fallback) {
        String written = XmlValues.text(e.text());
        double v;
        try {
            v = Double.parseDouble(e.text());
        } catch (NumberFormatException ex) {
            v = Double.NaN;
        }
        if (Double.isNaN(v)) {
            warn(e, e.name() + " " + written + " is not a number: ignored"
                    + (Double.isNaN(fallback) ? "" : ", using " + plain(fallback)));
            return fallback;
        }
        return within(e, written, v, min, max);
    }

    /** {@code v} if it is in [min, max]; else the nearest bound, with a warning. */
    private double within(XmlTree e, String written, double v, double min, double max) {
        if (v < min || v > max) {
            double clamped = Math.max(min, Math.min(max, v));
            warn(e, e.name() + " " + written + " is out of " + plain(min) + ".." + plain(max) + ": using "
                    + plain(clamped));
            return clamped;
        }
        return v;
    }

    /**
     * As {@link #number}, for a whole number: BOINC reads one as C's strtol does (its parse_int) and does not read
     * "2.7" at all, so such a value is ignored with a warning, as it is there.
     */
    int whole(XmlTree e, int min, int max, int fallback) {
        String written = XmlValues.text(e.text());
        if (written.isEmpty()) {
            // <n></n>: BOINC's parser reads it as 0.
            return (int) within(e, "(empty, read as 0)", 0, min, max);
        }
        OptionalLong n = integer(written);
        if (n.isPresent()) {
            return (int) within(e, written, n.getAsLong(), min, max);
        }
        try {
            Double.parseDouble(written);
        } catch (NumberFormatException ex) {
            return (int) number(e, min, max, fallback);
        }
        warn(e, e.name() + " " + written + " is not written as a whole number: ignored, as BOINC ignores it, using "
                + plain(fallback));
        return fallback;
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}

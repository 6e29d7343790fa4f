package org.cruncher.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

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

    /** BOINC's boolean: {@code <flag/>}, {@code <flag>1</flag>} are true, {@code 0} is false. */
    static boolean flag(XmlTree e) {
        return XmlValues.flag(e.text());
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
        if (v < min || v > max) {
            double clamped = Math.max(min, Math.min(max, v));
            warn(e, e.name() + " " + written + " is out of " + plain(min) + ".." + plain(max) + ": using "
                    + plain(clamped));
            return clamped;
        }
        return v;
    }

    /** As {@link #number}, rounded to a whole number. */
    int whole(XmlTree e, int min, int max, int fallback) {
        return (int) Math.round(number(e, min, max, fallback));
    }

    private static String plain(double v) {
        return v == Math.rint(v) && Math.abs(v) < 1e15 ? Long.toString((long) v) : Double.toString(v);
    }
}

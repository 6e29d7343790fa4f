package org.cruncher.persist;

/** Conversions BOINC's parser applies to element text. */
final class XmlValues {

    /** The most characters of written text a message quotes. */
    private static final int MAX_SHOWN_CHARS = 40;

    private XmlValues() {
    }

    /** Text as written, on one line and short enough for a one-line message. */
    static String shown(String written) {
        String oneLine = written.strip().replaceAll("\\s+", " ");
        return oneLine.length() <= MAX_SHOWN_CHARS ? oneLine : oneLine.substring(0, MAX_SHOWN_CHARS) + "...";
    }

    /**
     * A boolean flag: BOINC writes {@code <flag/>} for true and also {@code <flag>0</flag>} / {@code <flag>1</flag>};
     * absent is false.
     */
    static boolean flag(String text) {
        if (text == null) {
            return false;
        }
        String t = text.trim();
        return t.isEmpty() || !(t.equals("0") || t.equalsIgnoreCase("false"));
    }

    static String text(String s) {
        return s == null ? "" : s.trim();
    }

    /**
     * A name shown to people (a project's, an app's): trimmed, each run of white space (a line break) made one space,
     * as it shows in a cell or a line of the event log: a line break split {@code events.log}'s lines in two.
     */
    static String name(String s) {
        return text(s).replaceAll("\\s+", " ");
    }

    static double number(Double d, double fallback) {
        return d == null || d.isNaN() ? fallback : d;
    }
}

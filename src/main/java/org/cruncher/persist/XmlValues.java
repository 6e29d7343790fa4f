package org.cruncher.persist;

/** Conversions BOINC's parser applies to element text. */
final class XmlValues {

    private XmlValues() {
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

    static double number(Double d, double fallback) {
        return d == null || d.isNaN() ? fallback : d;
    }
}

package org.cruncher.persist;

import java.math.BigDecimal;

/**
 * Writes XML the way BOINC writes its state files: one element per line, indented, numbers in plain decimal
 * notation that read back exactly, text escaped. Non-finite numbers are left out (absent means "not set").
 */
final class XmlText {

    private final StringBuilder out = new StringBuilder(4096);
    private int depth;

    XmlText open(String name) {
        indent().append('<').append(name).append(">\n");
        depth++;
        return this;
    }

    XmlText close(String name) {
        depth--;
        indent().append("</").append(name).append(">\n");
        return this;
    }

    XmlText text(String name, String value) {
        indent().append('<').append(name).append('>');
        escape(value == null ? "" : value);
        out.append("</").append(name).append(">\n");
        return this;
    }

    /** A number that reads back exactly; nothing if it is NaN or infinite. */
    XmlText number(String name, double value) {
        if (Double.isFinite(value)) {
            indent().append('<').append(name).append('>').append(plain(value)).append("</").append(name)
                    .append(">\n");
        }
        return this;
    }

    XmlText integer(String name, long value) {
        indent().append('<').append(name).append('>').append(value).append("</").append(name).append(">\n");
        return this;
    }

    /** BOINC's flag: {@code <name/>} when set, nothing otherwise. */
    XmlText flag(String name, boolean set) {
        if (set) {
            indent().append('<').append(name).append("/>\n");
        }
        return this;
    }

    /** The shortest decimal that reads back as {@code value}, never in exponent form. */
    static String plain(double value) {
        if (value == Math.rint(value) && Math.abs(value) < 1e15) {
            return Long.toString((long) value);
        }
        return BigDecimal.valueOf(value).stripTrailingZeros().toPlainString();
    }

    private StringBuilder indent() {
        for (int i = 0; i < depth; i++) {
            out.append("    ");
        }
        return out;
    }

    private void escape(String s) {
        for (int i = 0; i < s.length(); i++) {
            char c = s.charAt(i);
            switch (c) {
                case '&':
                    out.append("&amp;");
                    break;
                case '<':
                    out.append("&lt;");
                    break;
                case '>':
                    out.append("&gt;");
                    break;
                default:
                    if (c < 0x20 && c != '\t' && c != '\n' && c != '\r') {
                        out.append(' ');
                    } else {
                        out.append(c);
                    }
            }
        }
    }

    @Override
    public String toString() {
        return out.toString();
    }
}

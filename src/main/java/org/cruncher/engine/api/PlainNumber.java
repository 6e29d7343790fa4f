package org.cruncher.engine.api;

import java.util.OptionalDouble;
import java.util.regex.Pattern;

/**
 * A number as a volunteer types it on the command line: digits, perhaps a minus sign and a decimal point ("10",
 * "2.5", "-1"). Java's own parsing also takes "10d", "2f", "0x1p1", "1e3" and "Infinity", which nobody means as a
 * count of days or seconds: such a typo went through as a number.
 */
public final class PlainNumber {

    private static final Pattern PLAIN = Pattern.compile("-?[0-9]+(\\.[0-9]+)?");

    /** What a plain number looks like, for messages. */
    public static final String EXAMPLE = "a plain number such as 10 or 2.5";

    private PlainNumber() {
    }

    /** The number {@code text} is, or empty if it is not a plain number. */
    public static OptionalDouble parse(String text) {
        return text != null && PLAIN.matcher(text).matches() ? OptionalDouble.of(Double.parseDouble(text))
                : OptionalDouble.empty();
    }
}

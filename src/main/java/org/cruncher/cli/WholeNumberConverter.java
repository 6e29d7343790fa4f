package org.cruncher.cli;

import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Whole-number options as typed ("5", "-1", "+8080"). Picocli's own messages name a Java type ("'abc' is not an
 * int", "is not a long"), not what to type. {@link ToInt} for int options, {@link ToLong} for long ones.
 */
final class WholeNumberConverter {

    private static final Pattern WHOLE = Pattern.compile("[+-]?[0-9]+");

    private WholeNumberConverter() {
    }

    private static long parse(String text, long min, long max) {
        if (text != null && WHOLE.matcher(text).matches()) {
            try {
                long v = Long.parseLong(text);
                if (v >= min && v <= max) {
                    return v;
                }
            } catch (NumberFormatException tooLong) {
                // Said below, as any other value that is no whole number this option can take.
            }
        }
        throw new TypeConversionException("'" + text + "' is not a whole number such as 1 or 42");
    }

    /** An int option. */
    static final class ToInt implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return (int) parse(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
    }

    /** A long option (a random seed). */
    static final class ToLong implements ITypeConverter<Long> {
        @Override
        public Long convert(String text) {
            return parse(text, Long.MIN_VALUE, Long.MAX_VALUE);
        }
    }
}

package org.cruncher.cli;

import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Whole-number options as typed ("5", "-1", "+8080"). Picocli's own messages name a Java type ("'abc' is not an
 * int", "is not a long"), not what to type. {@link Int} for int options, {@link Long} for long ones.
 */
final class WholeNumberConverter {

    private static final Pattern WHOLE = Pattern.compile("[+-]?[0-9]+");

    private WholeNumberConverter() {
    }

    private static long parse(String text, long min, long max) {
        if (text != null && WHOLE.matcher(text).matches()) {
            try {
                long v = java.lang.Long.parseLong(text);
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
    static final class Int implements ITypeConverter<Integer> {
        @Override
        public Integer convert(String text) {
            return (int) parse(text, Integer.MIN_VALUE, Integer.MAX_VALUE);
        }
    }

    /** A long option (a random seed). */
    static final class Long implements ITypeConverter<java.lang.Long> {
        @Override
        public java.lang.Long convert(String text) {
            return parse(text, java.lang.Long.MIN_VALUE, java.lang.Long.MAX_VALUE);
        }
    }
}

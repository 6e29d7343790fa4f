package org.cruncher.cli;

import java.util.regex.Pattern;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * A random seed as typed: a whole number, perhaps negative ("1", "42"). Picocli's own message for anything else was
 * "'abc' is not a long", which names a Java type, not what to type.
 */
final class SeedConverter implements ITypeConverter<Long> {

    private static final Pattern WHOLE = Pattern.compile("-?[0-9]{1,18}");

    @Override
    public Long convert(String text) {
        if (text == null || !WHOLE.matcher(text).matches()) {
            throw new TypeConversionException("'" + text + "' is not a whole number such as 1 or 42");
        }
        return Long.parseLong(text);
    }
}

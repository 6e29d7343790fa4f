package org.cruncher.cli;

import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

import org.cruncher.engine.api.PlainNumber;

/**
 * A number option's value with the text it was typed as, so that a message about it quotes what the user wrote
 * ("not -1", not "not -1.0"). Only plain numbers are taken ({@link PlainNumber}).
 *
 * @param typed the text given
 * @param value its value
 */
record NumberOption(String typed, double value) {

    /** Picocli's conversion: a value that is not a plain number is a one-line error naming the option. */
    static final class Converter implements ITypeConverter<NumberOption> {
        @Override
        public NumberOption convert(String text) {
            return new NumberOption(text, PlainNumber.parse(text).orElseThrow(() -> new TypeConversionException(
                    "'" + text + "' is not " + PlainNumber.EXAMPLE)));
        }
    }
}

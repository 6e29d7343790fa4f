package org.cruncher.gui;

import java.util.Optional;
import java.util.regex.Pattern;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import org.cruncher.gui.text.Format;

/**
 * A number the user edits, with its range and its error message ("" when valid). A field the user has not changed
 * keeps the value it was given exactly, whatever its range or the digits shown: opening the dialog and pressing
 * Apply changes nothing in the file. A decimal comma is read as a point, as BOINC Manager does in such locales.
 */
public final class NumberInput {
    private static final Pattern NUMBER = Pattern.compile("\\d+([.,]\\d*)?|[.,]\\d+");
    /** "1,000": a thousand with a separator, or one with a decimal comma? Refused rather than guessed. */
    private static final Pattern THOUSANDS = Pattern.compile("[1-9]\\d{0,2},\\d{3}");

    private final StringProperty text = new SimpleStringProperty();
    private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
    private final double min;
    private final double max;
    private final String unit;
    private final double given;
    private final String shown;

    public NumberInput(double value, double min, double max, String unit) {
        this.min = min;
        this.max = max;
        this.unit = unit;
        this.given = value;
        this.shown = Format.number(value);
        text.addListener((o, a, b) -> validate());
        text.set(shown);
    }

    private void validate() {
        String range = "Enter a number from " + Format.number(min) + " to " + Format.number(max)
                + (unit.isEmpty() ? "" : " " + unit);
        if (value().isPresent()) {
            error.set("");
        } else if (THOUSANDS.matcher(stripped()).matches()) {
            error.set(range + ", without a thousands separator (or with a decimal point).");
        } else {
            error.set(range + ".");
        }
    }

    private String stripped() {
        return text.get() == null ? "" : text.get().strip();
    }

    /**
     * The value: the one given while the text is unchanged, else the text's if it is a number in range (not one such
     * as "1,000", which may mean a thousand or one).
     */
    public Optional<Double> value() {
        String t = stripped();
        if (t.equals(shown)) {
            return Optional.of(given);
        }
        if (!NUMBER.matcher(t).matches() || THOUSANDS.matcher(t).matches()) {
            return Optional.empty();
        }
        double v = Double.parseDouble(t.replace(',', '.'));
        return v >= min && v <= max ? Optional.of(v) : Optional.empty();
    }

    /** The value it was given, before any edit. */
    public double given() {
        return given;
    }

    /** Whether the text is a valid number other than the one given. */
    public boolean changed() {
        return value().map(v -> v != given).orElse(false);
    }

    public StringProperty textProperty() {
        return text;
    }

    public ReadOnlyStringProperty errorProperty() {
        return error.getReadOnlyProperty();
    }
}

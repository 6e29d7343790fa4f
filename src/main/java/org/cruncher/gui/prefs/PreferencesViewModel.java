package org.cruncher.gui.prefs;

import java.util.Optional;
import java.util.regex.Pattern;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import org.cruncher.engine.model.Prefs;
import org.cruncher.gui.text.Format;

/**
 * The computing preferences dialog, with BOINC Manager's labels and ranges (manager-anchors.md §2): each field is
 * checked as it is typed; Apply is possible only when all are valid.
 */
public final class PreferencesViewModel {

    /**
     * One edited number with its range and its error message ("" when valid). A field the user has not changed
     * keeps the value it was given exactly, whatever its range or the digits shown: opening the dialog and pressing
     * Apply changes nothing in the file. A decimal comma is read as a point, as BOINC Manager does in such locales.
     */
    public static final class Field {
        private static final Pattern NUMBER = Pattern.compile("\\d+([.,]\\d*)?|[.,]\\d+");

        private final StringProperty text = new SimpleStringProperty();
        private final ReadOnlyStringWrapper error = new ReadOnlyStringWrapper("");
        private final double min;
        private final double max;
        private final String unit;
        private final double given;
        private final String shown;

        Field(double value, double min, double max, String unit) {
            this.min = min;
            this.max = max;
            this.unit = unit;
            this.given = value;
            this.shown = Format.number(value);
            text.addListener((o, a, b) -> validate());
            text.set(shown);
        }

        private void validate() {
            error.set(value().isPresent() ? "" : "Enter a number from " + Format.number(min) + " to "
                    + Format.number(max) + " " + unit + ".");
        }

        /** The value: the one given while the text is unchanged, else the text's if it is a number in range. */
        public Optional<Double> value() {
            String t = text.get() == null ? "" : text.get().strip();
            if (t.equals(shown)) {
                return Optional.of(given);
            }
            if (!NUMBER.matcher(t).matches()) {
                return Optional.empty();
            }
            double v = Double.parseDouble(t.replace(',', '.'));
            return v >= min && v <= max ? Optional.of(v) : Optional.empty();
        }

        public StringProperty textProperty() {
            return text;
        }

        public ReadOnlyStringProperty errorProperty() {
            return error.getReadOnlyProperty();
        }
    }

    private final Prefs base;
    private final Field period;
    private final Field minDays;
    private final Field additionalDays;
    private final Field cpuPercent;
    private final Field diskMaxGb;
    private final Field diskMinFreeGb;
    private final Field diskMaxPct;
    private final BooleanBinding valid;

    public PreferencesViewModel(Prefs current) {
        this.base = current;
        period = new Field(current.cpuSchedulingPeriodMinutes(), 1, MAX_PERIOD_MINUTES, "minutes");
        minDays = new Field(current.workBufMinDays(), 0, 10, "days");
        additionalDays = new Field(current.workBufAdditionalDays(), 0, 10, "days");
        cpuPercent = new Field(current.maxNcpusPct() <= 0 ? 100 : current.maxNcpusPct(), 1, 100, "%");
        diskMaxGb = new Field(current.diskMaxUsedGb(), 0, MAX_GB, "GB");
        diskMinFreeGb = new Field(current.diskMinFreeGb(), 0, MAX_GB, "GB");
        diskMaxPct = new Field(current.diskMaxUsedPct(), 0, 100, "%");
        valid = Bindings.createBooleanBinding(() -> period.value().isPresent() && minDays.value().isPresent()
                        && additionalDays.value().isPresent() && cpuPercent.value().isPresent()
                        && diskMaxGb.value().isPresent() && diskMinFreeGb.value().isPresent()
                        && diskMaxPct.value().isPresent(),
                period.text, minDays.text, additionalDays.text, cpuPercent.text, diskMaxGb.text, diskMinFreeGb.text,
                diskMaxPct.text);
    }

    /** The longest task-switch period accepted, minutes (a year, as global_prefs_override.xml is read). */
    static final double MAX_PERIOD_MINUTES = 525_600;

    /** The largest disk figure accepted, GB (a petabyte). */
    static final double MAX_GB = 1_000_000;

    /** "Switch between tasks every N minutes" (cpu_scheduling_period_minutes). */
    public Field period() {
        return period;
    }

    /** "Store at least N days of work" (work_buf_min_days). */
    public Field minDays() {
        return minDays;
    }

    /** "Store up to an additional N days of work" (work_buf_additional_days). */
    public Field additionalDays() {
        return additionalDays;
    }

    /** "Use at most N % of the CPUs" (max_ncpus_pct). */
    public Field cpuPercent() {
        return cpuPercent;
    }

    /** "Use no more than N GB" (disk_max_used_gb; 0: no limit). */
    public Field diskMaxGb() {
        return diskMaxGb;
    }

    /** "Leave at least N GB free" (disk_min_free_gb). */
    public Field diskMinFreeGb() {
        return diskMinFreeGb;
    }

    /** "Use no more than N % of total" (disk_max_used_pct; 0: no limit). */
    public Field diskMaxPct() {
        return diskMaxPct;
    }

    public BooleanBinding validProperty() {
        return valid;
    }

    /** The preferences as edited, if every field is valid; other preferences stay as they were. */
    public Optional<Prefs> result() {
        if (!valid.get()) {
            return Optional.empty();
        }
        return Optional.of(base.withCpuSchedulingPeriodMinutes(period.value().get())
                .withWorkBuf(minDays.value().get(), additionalDays.value().get())
                .withMaxNcpusPct(cpuPercent.value().get())
                .withDisk(diskMaxGb.value().get(), diskMaxPct.value().get(), diskMinFreeGb.value().get()));
    }
}

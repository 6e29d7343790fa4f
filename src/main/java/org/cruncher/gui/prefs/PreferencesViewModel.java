package org.cruncher.gui.prefs;

import java.util.Optional;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;

import org.cruncher.engine.model.Prefs;
import org.cruncher.gui.NumberInput;

/**
 * The computing preferences dialog, with BOINC Manager's labels and ranges (manager-anchors.md §2): each field is
 * checked as it is typed; Apply is possible only when all are valid.
 */
public final class PreferencesViewModel {

    private final Prefs base;
    private final NumberInput period;
    private final NumberInput minDays;
    private final NumberInput additionalDays;
    private final NumberInput cpuPercent;
    private final NumberInput diskMaxGb;
    private final NumberInput diskMinFreeGb;
    private final NumberInput diskMaxPct;
    private final BooleanBinding valid;

    public PreferencesViewModel(Prefs current) {
        this.base = current;
        period = new NumberInput(current.cpuSchedulingPeriodMinutes(), 1, MAX_PERIOD_MINUTES, "minutes");
        minDays = new NumberInput(current.workBufMinDays(), 0, 10, "days");
        additionalDays = new NumberInput(current.workBufAdditionalDays(), 0, 10, "days");
        cpuPercent = new NumberInput(current.maxNcpusPct() <= 0 ? 100 : current.maxNcpusPct(), 1, 100, "%");
        diskMaxGb = new NumberInput(current.diskMaxUsedGb(), 0, MAX_GB, "GB");
        diskMinFreeGb = new NumberInput(current.diskMinFreeGb(), 0, MAX_GB, "GB");
        diskMaxPct = new NumberInput(current.diskMaxUsedPct(), 0, 100, "%");
        valid = Bindings.createBooleanBinding(() -> period.value().isPresent() && minDays.value().isPresent()
                        && additionalDays.value().isPresent() && cpuPercent.value().isPresent()
                        && diskMaxGb.value().isPresent() && diskMinFreeGb.value().isPresent()
                        && diskMaxPct.value().isPresent(),
                period.textProperty(), minDays.textProperty(), additionalDays.textProperty(), cpuPercent.textProperty(),
                diskMaxGb.textProperty(), diskMinFreeGb.textProperty(), diskMaxPct.textProperty());
    }

    /** The longest task-switch period accepted, minutes (a year, as global_prefs_override.xml is read). */
    static final double MAX_PERIOD_MINUTES = 525_600;

    /** The largest disk figure accepted, GB (a petabyte). */
    static final double MAX_GB = 1_000_000;

    /** "Switch between tasks every N minutes" (cpu_scheduling_period_minutes). */
    public NumberInput period() {
        return period;
    }

    /** "Store at least N days of work" (work_buf_min_days). */
    public NumberInput minDays() {
        return minDays;
    }

    /** "Store up to an additional N days of work" (work_buf_additional_days). */
    public NumberInput additionalDays() {
        return additionalDays;
    }

    /** "Use at most N % of the CPUs" (max_ncpus_pct). */
    public NumberInput cpuPercent() {
        return cpuPercent;
    }

    /** "Use no more than N GB" (disk_max_used_gb; 0: no limit). */
    public NumberInput diskMaxGb() {
        return diskMaxGb;
    }

    /** "Leave at least N GB free" (disk_min_free_gb). */
    public NumberInput diskMinFreeGb() {
        return diskMinFreeGb;
    }

    /** "Use no more than N % of total" (disk_max_used_pct; 0: no limit). */
    public NumberInput diskMaxPct() {
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

package org.cruncher.gui.prefs;

import java.util.Optional;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;

import org.cruncher.engine.api.DiskLimit;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.model.Prefs;
import org.cruncher.gui.NumberInput;
import org.cruncher.gui.text.DiskWords;
import org.cruncher.gui.text.Format;

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
    private final StringBinding bufferEffect;
    private final StringBinding cpuEffect;
    private final StringBinding diskEffect;

    /**
     * What the dialog's effects are worked out against: the CPUs the client counts (0: unknown), whether cc_config.xml
     * sets that count, whether the host has GPUs (whose tasks' CPU time counts within the CPUs BOINC may use), and the
     * host's disk as the last snapshot had it (null: unknown).
     */
    public record Host(int cpus, boolean cpusFromConfig, boolean gpus, DiskView disk) {
        /** Nothing known: the dialog shows no effects. */
        public static final Host UNKNOWN = new Host(0, null);

        /** A host without GPUs whose client counts its own CPUs. */
        public Host(int cpus, DiskView disk) {
            this(cpus, false, false, disk);
        }
    }

    /**
     * BOINC Manager's most for each buffer figure, in days. A larger one in force (the project's web preferences allow
     * more) stays valid up to itself: the dialog opened with it refused every figure typed above 10 but its own.
     */
    static final double MANAGER_MAX_BUFFER_DAYS = 10;

    /** A field for one of the two work-buffer figures, in days, holding {@code current} (also the What-if dialog's). */
    public static NumberInput bufferDays(double current) {
        return new NumberInput(current, 0, Math.max(MANAGER_MAX_BUFFER_DAYS, current), "days");
    }

    /** A field for one of the disk figures in GB, holding {@code current} (also the What-if dialog's). */
    public static NumberInput diskGb(double current) {
        return new NumberInput(current, 0, MAX_GB, "GB");
    }

    public PreferencesViewModel(Prefs current) {
        this(current, Host.UNKNOWN);
    }

    public PreferencesViewModel(Prefs current, Host host) {
        this.base = current;
        period = new NumberInput(current.cpuSchedulingPeriodMinutes(), 1, MAX_PERIOD_MINUTES, "minutes");
        minDays = bufferDays(current.workBufMinDays());
        additionalDays = bufferDays(current.workBufAdditionalDays());
        cpuPercent = new NumberInput(current.maxNcpusPct() <= 0 ? 100 : current.maxNcpusPct(), 1, 100, "%");
        diskMaxGb = diskGb(current.diskMaxUsedGb());
        diskMinFreeGb = diskGb(current.diskMinFreeGb());
        diskMaxPct = new NumberInput(current.diskMaxUsedPct(), 0, 100, "%");
        valid = Bindings.createBooleanBinding(() -> period.value().isPresent() && minDays.value().isPresent()
                        && additionalDays.value().isPresent() && cpuPercent.value().isPresent()
                        && diskMaxGb.value().isPresent() && diskMinFreeGb.value().isPresent()
                        && diskMaxPct.value().isPresent(),
                period.textProperty(), minDays.textProperty(), additionalDays.textProperty(), cpuPercent.textProperty(),
                diskMaxGb.textProperty(), diskMinFreeGb.textProperty(), diskMaxPct.textProperty());
        bufferEffect = Bindings.createStringBinding(() -> minDays.value().isPresent()
                        && additionalDays.value().isPresent()
                        ? bufferEffect(minDays.value().get(), additionalDays.value().get()) : "",
                minDays.textProperty(), additionalDays.textProperty());
        cpuEffect = Bindings.createStringBinding(() -> host.cpus() > 0 && cpuPercent.value().isPresent()
                        ? cpuEffect(base.withMaxNcpusPct(cpuPercent.value().get()).usableCpus(host.cpus()), host.cpus(),
                        host.cpusFromConfig(), host.gpus())
                        : "",
                cpuPercent.textProperty());
        diskEffect = Bindings.createStringBinding(() -> host.disk() == null || diskMaxGb.value().isEmpty()
                        || diskMinFreeGb.value().isEmpty() || diskMaxPct.value().isEmpty() ? ""
                        : diskEffect(host.disk(), diskMaxGb.value().get(), diskMinFreeGb.value().get(),
                        diskMaxPct.value().get()),
                diskMaxGb.textProperty(), diskMinFreeGb.textProperty(), diskMaxPct.textProperty());
    }

    /**
     * "Work is asked for when a processor has less than 2 h 24 min queued, up to 14 h 24 min." The buffer window the
     * Work fetch pane shows, from the two figures as typed (days of 24 hours), with the engine's own floor: below 3
     * minutes ("Store at least" 0), work is asked for 3 minutes before a processor would run out, as in BOINC.
     */
    static String bufferEffect(double minDays, double additionalDays) {
        Prefs typed = Prefs.DEFAULTS.withWorkBuf(minDays, additionalDays);
        String upTo = Format.unbroken(Format.duration(typed.workBufTotalSeconds()));
        String low = Format.unbroken(Format.duration(typed.workBufMinSeconds()));
        if (minDays * 86400 < Prefs.MIN_WORK_BUF_SECONDS) {
            return "Work is asked for when a processor has less than " + low + " queued (the least BOINC keeps), "
                    + "up to " + upTo + ".";
        }
        return "Work is asked for when a processor has less than " + low + " queued, up to " + upTo + ".";
    }

    /**
     * "BOINC may use 3 of this computer's 4 CPUs."; with cc_config.xml's {@code <ncpus>}, "of the 8 CPUs cc_config.xml
     * gives it" (the percentage applies to that count, as in BOINC). Below all of them on a host with GPUs, it says
     * that GPU tasks' CPU time counts within the limit (decision 0009): a CPU task then waits beside a GPU task
     * rather than take BOINC past it.
     */
    static String cpuEffect(int usable, int cpus, boolean fromConfig, boolean gpus) {
        String counted = cpus + (cpus == 1 ? " CPU" : " CPUs");
        String limit = "BOINC may use " + usable + (fromConfig ? " of the " + counted + " cc_config.xml gives it"
                : " of this computer's " + counted);
        return limit + (gpus && usable < cpus ? ", the CPU time its GPU tasks take included." : ".");
    }

    /** The limit the three disk figures as typed would set on {@code disk}, with the engine's arithmetic. */
    static String diskEffect(DiskView disk, double maxUsedGb, double minFreeGb, double maxUsedPct) {
        double usage = disk.coreUsage() + disk.projectsUsage();
        DiskLimit l = DiskLimit.of(maxUsedGb, minFreeGb, maxUsedPct, disk.diskTotal(), usage, disk.diskFree());
        return DiskWords.preview(l, maxUsedGb, minFreeGb, maxUsedPct, usage);
    }

    /** What the buffer as typed means for work fetch ("" while a figure is not valid). */
    public StringBinding bufferEffectProperty() {
        return bufferEffect;
    }

    /** How many CPUs the percentage as typed leaves BOINC ("" while it is not valid or the host is unknown). */
    public StringBinding cpuEffectProperty() {
        return cpuEffect;
    }

    /** The disk limit the three figures as typed would set, and which sets it ("" while one is not valid). */
    public StringBinding diskEffectProperty() {
        return diskEffect;
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

    /**
     * The CPU share as edited: BOINC's 0 ("no limit", shown as 100 %) stays 0 while the field says 100, so that
     * applying without a change writes nothing.
     */
    private double cpuPercentAsEdited() {
        double typed = cpuPercent.value().get();
        return base.maxNcpusPct() <= 0 && typed >= 100 ? base.maxNcpusPct() : typed;
    }

    /** The preferences as edited, if every field is valid; other preferences stay as they were. */
    public Optional<Prefs> result() {
        if (!valid.get()) {
            return Optional.empty();
        }
        return Optional.of(base.withCpuSchedulingPeriodMinutes(period.value().get())
                .withWorkBuf(minDays.value().get(), additionalDays.value().get())
                .withMaxNcpusPct(cpuPercentAsEdited())
                .withDisk(diskMaxGb.value().get(), diskMaxPct.value().get(), diskMinFreeGb.value().get()));
    }
}

package org.cruncher.gui.whatif;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.BooleanSupplier;
import java.util.function.Supplier;

import javafx.beans.Observable;
import javafx.beans.binding.Bindings;
import javafx.beans.binding.BooleanBinding;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;

import org.cruncher.emulator.EmulationReport;
import org.cruncher.emulator.ProjectFigures;
import org.cruncher.emulator.WhatIf;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.model.Prefs;
import org.cruncher.gui.NumberInput;
import org.cruncher.gui.prefs.PreferencesViewModel;
import org.cruncher.gui.text.Format;

/**
 * The what-if dialog: the user edits the projects' shares, the work buffer and the disk limit, and sees at once what
 * the next days would bring, as things are and with the changes, before applying them.
 *
 * <p>Each edit asks again: the emulation as it was when the dialog opened is run on for the chosen days on a worker
 * thread, as it is (once per number of days) and with the changes; an answer no longer wanted (the user typed again)
 * stops at its next look and is never shown. Answers reach the properties on the FX thread only.
 */
public final class WhatIfViewModel {

    /** The numbers of days offered. */
    public static final List<Integer> DAY_CHOICES = List.of(7, 30, 90);
    private static final int DEFAULT_DAYS = 30;
    /** Progress is shown in steps of this fraction (fewer hand-overs to the FX thread). */
    private static final double PROGRESS_STEP = 0.02;
    private static final String NONE = "-";
    static final String ALL_ZERO = "Every share is 0: every project is then a backup project, asked for work only "
            + "when a processor would otherwise idle.";
    private final StringBinding allSharesZero;

    /** The projects suspended when the dialog opened: no target, as in the Projects pane. */
    private final Set<String> suspended = new HashSet<>();
    private final Prefs prefs;
    private final List<WhatIfRow> rows = new ArrayList<>();
    private final FigureRow idle = new FigureRow("Idle", "The part of the work the processors some project has an "
            + "application for could have done, left undone (while computing was allowed).");
    private final FigureRow wasted = new FigureRow("Wasted", "The part of the work spent on tasks reported after "
            + "their deadlines.");
    private final FigureRow missed = new FigureRow("Deadlines missed", "Tasks reported after their deadlines.");
    private final FigureRow requests = new FigureRow("Scheduler requests", "Requests to the projects' schedulers "
            + "that got an answer: to report finished tasks and to ask for work.");
    private final FigureRow violation = new FigureRow("Share violation", "The sum over projects of the gap between "
            + "each one's part of the work done and its resource share (0: every project got its share).");
    private final FigureRow fromTargets = new FigureRow("From targets", "The same sum against each project's target: "
            + "what its share comes to on this computer, given the processors its applications can use.");
    private final FigureRow diskPeak = new FigureRow("Disk used at most", "The most the projects' files took at once "
            + "(\"-\" where nothing limits the disk). Under a lower limit it may stay above it for a while: the files "
            + "queued and running tasks need are not deleted to make room, and new tasks come only as room is made.");
    private final NumberInput minDays;
    private final NumberInput additionalDays;
    private final NumberInput diskMaxGb;
    private final ObjectProperty<Integer> days = new SimpleObjectProperty<>(DEFAULT_DAYS);
    private final ReadOnlyStringWrapper status = new ReadOnlyStringWrapper("");
    private final ReadOnlyDoubleWrapper progress = new ReadOnlyDoubleWrapper(0);
    private final ReadOnlyBooleanWrapper busy = new ReadOnlyBooleanWrapper(false);
    private final BooleanBinding valid;
    private final BooleanBinding changed;
    private final Supplier<CompletableFuture<WhatIf>> source;
    private final Executor worker;
    private final Executor fx;
    private final AtomicInteger generation = new AtomicInteger();
    private CompletableFuture<WhatIf> whatIf;
    /** The answers as things are, by number of days (the worker's only). */
    private final Map<Integer, WhatIf.Outcome> asIs = new HashMap<>();
    /** The progress last handed to the FX thread; the worker's. */
    private double progressShown;
    /** The days the figures shown are for (0: none shown yet); the FX thread's. */
    private int shownDays;
    /** The shares the targets shown were worked out for. */
    private Map<String, Double> sharesShown = Map.of();

    /**
     * @param now    the snapshot the dialog opens on: its projects, shares and preferences
     * @param source the emulation to ask, as it is now (asked once, when first needed)
     * @param worker runs the emulations (one at a time)
     * @param fx     runs on the FX thread
     */
    public WhatIfViewModel(EngineSnapshot now, Supplier<CompletableFuture<WhatIf>> source, Executor worker,
                           Executor fx) {
        this.prefs = now.prefs();
        this.source = source;
        this.worker = worker;
        this.fx = fx;
        for (ProjectView p : now.projects()) {
            // A suspended project, or one that gets no new tasks, says so: its 0 % of the work is no fault.
            String name = p.suspended() ? p.name() + " (suspended)" : p.noNewTasks() ? p.name() + " (no new tasks)"
                    : p.name();
            if (p.suspended()) {
                suspended.add(p.url());
            }
            rows.add(new WhatIfRow(p.url(), name, p.resourceShare()));
        }
        minDays = PreferencesViewModel.bufferDays(prefs.workBufMinDays());
        additionalDays = PreferencesViewModel.bufferDays(prefs.workBufAdditionalDays());
        diskMaxGb = PreferencesViewModel.diskGb(prefs.diskMaxUsedGb());
        List<Observable> inputs = new ArrayList<>();
        rows.forEach(r -> inputs.add(r.share().textProperty()));
        inputs.add(minDays.textProperty());
        inputs.add(additionalDays.textProperty());
        inputs.add(diskMaxGb.textProperty());
        Observable[] deps = inputs.toArray(Observable[]::new);
        valid = Bindings.createBooleanBinding(() -> rows.stream().allMatch(r -> r.share().value().isPresent())
                && minDays.value().isPresent() && additionalDays.value().isPresent() && diskMaxGb.value().isPresent(),
                deps);
        changed = Bindings.createBooleanBinding(() -> valid.get() && !changes().isEmpty(), deps);
        allSharesZero = Bindings.createStringBinding(() -> !rows.isEmpty() && rows.stream().allMatch(
                r -> r.share().value().map(v -> v == 0).orElse(false)) ? ALL_ZERO : "", deps);
        inputs.forEach(o -> o.addListener(x -> ask()));
        days.addListener(x -> ask());
    }

    public List<WhatIfRow> rows() {
        return rows;
    }

    /**
     * The computer's figures: idle, wasted, deadlines missed, scheduler requests, share violation, from targets, disk
     * used at most.
     */
    public List<FigureRow> figures() {
        return List.of(idle, wasted, missed, requests, violation, fromTargets, diskPeak);
    }

    /** "Store at least N days of work" (work_buf_min_days). */
    public NumberInput minDays() {
        return minDays;
    }

    /** "Store up to an additional N days of work" (work_buf_additional_days). */
    public NumberInput additionalDays() {
        return additionalDays;
    }

    /** "Use no more than N GB" of disk (disk_max_used_gb; 0: no limit of its own). */
    public NumberInput diskMaxGb() {
        return diskMaxGb;
    }

    /** The days to emulate, one of {@link #DAY_CHOICES}. */
    public ObjectProperty<Integer> daysProperty() {
        return days;
    }

    /** What the dialog is doing, or what its figures are. */
    public ReadOnlyStringProperty statusProperty() {
        return status.getReadOnlyProperty();
    }

    /** How far the emulation asked for has got, 0..1. */
    public ReadOnlyDoubleProperty progressProperty() {
        return progress.getReadOnlyProperty();
    }

    /** Whether an emulation is under way. */
    public ReadOnlyBooleanProperty busyProperty() {
        return busy.getReadOnlyProperty();
    }

    /**
     * What every share at 0 comes to ("" unless they all are): no project has a target then, and each is a backup
     * project. The engine takes it (BOINC does too), so it is said, not refused.
     */
    public StringBinding allSharesZeroProperty() {
        return allSharesZero;
    }

    /** Every field holds a number in its range. */
    public BooleanBinding validProperty() {
        return valid;
    }

    /** Every field is valid and something differs from what is in force: there is something to apply. */
    public BooleanBinding changedProperty() {
        return changed;
    }

    /**
     * The user's commands that the edits come to: a new share for each project whose share changed, new preferences
     * if the work buffer or the disk limit changed. Empty when nothing valid changed.
     */
    public List<EngineCommand> changes() {
        List<EngineCommand> out = new ArrayList<>();
        if (rows.stream().anyMatch(r -> r.share().value().isEmpty()) || minDays.value().isEmpty()
                || additionalDays.value().isEmpty() || diskMaxGb.value().isEmpty()) {
            return out;
        }
        for (WhatIfRow r : rows) {
            if (r.share().changed()) {
                out.add(new EngineCommand.SetResourceShare(r.url(), r.share().value().get()));
            }
        }
        if (minDays.changed() || additionalDays.changed() || diskMaxGb.changed()) {
            out.add(new EngineCommand.SetPrefs(prefs.withWorkBuf(minDays.value().get(), additionalDays.value().get())
                    .withDisk(diskMaxGb.value().get(), prefs.diskMaxUsedPct(), prefs.diskMinFreeGb())));
        }
        return out;
    }

    /** Asks what the next days bring with the fields as they are (the dialog does so when it opens and at each edit). */
    public void ask() {
        int gen = generation.incrementAndGet();
        // A target is what the shares come to: once they change, the last answer's targets no longer hold.
        boolean sameShares = sharesNow().equals(sharesShown);
        if (!sameShares) {
            rows.forEach(r -> r.showTarget(NONE));
        }
        // The last answer's "with changes" no longer answers the fields as they are: it goes until the new one
        // comes, or a volunteer reads the old figures beside the new fields (QA). "As is" stays for the same days.
        // Blank while the answer is worked out; "-" where a value in red leaves no answer to work out.
        boolean sameDays = days.get() == shownDays;
        String gone = valid.get() ? "" : NONE;
        rows.forEach(r -> r.show(r.targetProperty().get(), sameDays ? r.workAsIsProperty().get() : gone, gone,
                sameDays ? r.missedAsIsProperty().get() : gone, gone));
        figures().forEach(f -> f.show(sameDays ? f.asIsProperty().get() : gone, gone));
        if (!valid.get()) {
            busy.set(false);
            status.set("Correct the value in red to see what it would do.");
            return;
        }
        List<EngineCommand> edits = changes();
        int d = days.get();
        busy.set(true);
        progress.set(0);
        status.set("Emulating the next " + d + " days" + (edits.isEmpty() ? "..." : ", as things are and with your "
                + "changes..."));
        if (whatIf == null) {
            whatIf = source.get();
        }
        whatIf.thenAcceptAsync(w -> answer(w, gen, edits, d), worker).exceptionally(e -> {
            fx.execute(() -> failed(gen, e));
            return null;
        });
    }

    /** Each project's share as typed (NaN where the field holds no valid share), by URL. */
    private Map<String, Double> sharesNow() {
        Map<String, Double> shares = new HashMap<>();
        rows.forEach(r -> shares.put(r.url(), r.share().value().orElse(Double.NaN)));
        return shares;
    }

    /** Stops asking: an emulation under way ends at its next look, and nothing more is shown. */
    public void stop() {
        generation.incrementAndGet();
        busy.set(false);
    }

    /** On the worker: the next {@code d} days as things are (kept) and with {@code edits}. */
    private void answer(WhatIf w, int gen, List<EngineCommand> edits, int d) {
        BooleanSupplier cancelled = () -> generation.get() != gen;
        if (cancelled.getAsBoolean()) {
            return;
        }
        long t0 = System.nanoTime();
        progressShown = 0;
        WhatIf.Outcome base = asIs.get(d);
        double firstPart = base == null && !edits.isEmpty() ? 0.5 : 1;
        if (base == null) {
            Optional<WhatIf.Outcome> o = w.run(List.of(), d, cancelled, f -> progress(gen, f * firstPart));
            if (o.isEmpty()) {
                return;
            }
            base = o.get();
            asIs.put(d, base);
        }
        WhatIf.Outcome with = base;
        if (!edits.isEmpty()) {
            double from = 1 - firstPart;
            Optional<WhatIf.Outcome> o = w.run(edits, d, cancelled, f -> progress(gen, from + f * (1 - from)));
            if (o.isEmpty()) {
                return;
            }
            with = o.get();
        }
        WhatIf.Outcome shownBase = base;
        WhatIf.Outcome shownWith = with;
        double took = (System.nanoTime() - t0) / 1e9;
        fx.execute(() -> show(gen, w.startTime(), d, shownBase, shownWith, !edits.isEmpty(), took));
    }

    private void progress(int gen, double fraction) {
        if (fraction - progressShown < PROGRESS_STEP) {
            return;
        }
        progressShown = fraction;
        fx.execute(() -> {
            if (generation.get() == gen) {
                progress.set(fraction);
            }
        });
    }

    private void show(int gen, double from, int d, WhatIf.Outcome base, WhatIf.Outcome with, boolean edited,
                      double took) {
        if (generation.get() != gen) {
            return;
        }
        busy.set(false);
        progress.set(1);
        shownDays = d;
        sharesShown = sharesNow();
        for (WhatIfRow r : rows) {
            Optional<ProjectFigures> a = figures(base.report(), r.url());
            Optional<ProjectFigures> c = figures(with.report(), r.url());
            // A project the emulation leaves out (no application for this computer: it gets no work) has no target
            // here, as in the Projects pane, rather than 0 %.
            // A share of 0 makes a backup project: no target, as the Projects pane shows it.
            Double target = with.targets().get(r.url());
            boolean backup = r.share().value().map(v -> v == 0).orElse(false);
            Double targetAsIs = base.targets().get(r.url());
            r.showTargetAsIs(targetAsIs == null || a.isEmpty() || suspended.contains(r.url()) || r.share().given() == 0
                    ? NONE : Format.percent(targetAsIs));
            r.show(target == null || c.isEmpty() || suspended.contains(r.url()) || backup ? NONE
                            : Format.percent(target),
                    a.map(p -> Format.percent(p.flopsShare())).orElse(NONE),
                    c.map(p -> Format.percent(p.flopsShare())).orElse(NONE),
                    a.map(p -> Integer.toString(p.deadlinesMissed())).orElse(NONE),
                    c.map(p -> Integer.toString(p.deadlinesMissed())).orElse(NONE));
        }
        EmulationReport b = base.report();
        EmulationReport c = with.report();
        idle.show(Format.percent(b.usableIdleFraction()), Format.percent(c.usableIdleFraction()));
        wasted.show(Format.percent(b.wastedFraction()), Format.percent(c.wastedFraction()));
        missed.show(Integer.toString(missedDeadlines(b)), Integer.toString(missedDeadlines(c)));
        requests.show(Long.toString(b.rpcs()), Long.toString(c.rpcs()));
        violation.show(violation(b, b.shareViolation()), violation(c, c.shareViolation()));
        fromTargets.show(violation(b, b.targetViolation()), violation(c, c.targetViolation()));
        diskPeak.show(diskPeak(b), diskPeak(c));
        status.set("The next " + d + " days from " + Format.dateTime(from) + ", emulated "
                + (edited ? "as things are and with your changes" : "as things are: change a share, the work "
                + "buffer or the disk limit to see what it would do")
                + String.format(Locale.ROOT, " (%.1f\u00A0s).", took)
                + CHANCE);
    }

    /**
     * The columns draw server outages, the computer's off times and failed tasks anew, alike in both, from the
     * emulation's seed; the emulation itself goes on with its own draws, so on a scenario with such chances its next
     * days differ from "as is" by chance (QA compared them on the flaky-servers sample: 70.4 % against 73.8 %).
     */
    static final String CHANCE = " Outages, off times and failures are drawn at random, alike in both columns: the "
            + "emulation's own next days draw them anew and may differ by chance.";

    private void failed(int gen, Throwable e) {
        if (generation.get() != gen) {
            return;
        }
        busy.set(false);
        Throwable cause = e.getCause() != null ? e.getCause() : e;
        status.set("Could not emulate the next days: " + cause.getMessage());
    }

    private static Optional<ProjectFigures> figures(EmulationReport r, String url) {
        return r.projects().stream().filter(p -> p.url().equals(url)).findFirst();
    }

    private static int missedDeadlines(EmulationReport r) {
        return r.projects().stream().mapToInt(ProjectFigures::deadlinesMissed).sum();
    }

    /** The most the projects' files took at once, "-" where nothing limited the disk (no figure is kept then). */
    private static String diskPeak(EmulationReport r) {
        return r.disk() == null ? NONE : Format.size(r.disk().peakUsageBytes());
    }

    /** A share or target violation, "-" where every share is 0 (as the status bar says it). */
    private static String violation(EmulationReport r, double x) {
        return r.sharesMeasured() ? String.format(Locale.ROOT, "%.3f", x) : NONE;
    }
}

package org.cruncher.gui.projects;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.beans.property.SimpleStringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.chart.XYChart;

import org.cruncher.emulator.DebtHistory;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.NumberInput;
import org.cruncher.gui.ProjectColours;
import org.cruncher.gui.ProjectLook;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;

/**
 * The Projects pane: a row per project with its share (editable), debts, status and why; actions; a chart of each
 * project's debt over emulated time with share changes marked, and one of each project's share of the work done
 * against its resource share and against what that share comes to on this host (its target). Runs on the FX thread.
 */
public final class ProjectsPaneViewModel {

    /** Points kept per debt series; beyond this the series is halved evenly over its time ({@code DebtHistory.thin}). */
    static final int MAX_POINTS = 600;

    /** A share change marked on the debt chart. */
    public record ShareMark(double day, String label) {
    }

    private final ObservableList<ProjectRow> rows = FXCollections.observableArrayList();
    private final Map<String, ProjectRow> byUrl = new HashMap<>();
    private final ObservableList<XYChart.Series<Number, Number>> debtSeries = FXCollections.observableArrayList();
    private final Map<String, XYChart.Series<Number, Number>> seriesByUrl = new HashMap<>();
    /** Each debt line's project's place among the state's projects, which gives its look. */
    private final Map<XYChart.Series<Number, Number>, Integer> places = new HashMap<>();
    private final ObservableList<ShareMark> marks = FXCollections.observableArrayList();
    private final XYChart.Series<Number, String> share = new XYChart.Series<>();
    private final XYChart.Series<Number, String> target = new XYChart.Series<>();
    private final XYChart.Series<Number, String> actual = new XYChart.Series<>();
    private final ObservableList<XYChart.Series<Number, String>> shareSeries =
            FXCollections.observableArrayList(List.of(share, target, actual));
    private final Map<String, XYChart.Data<Number, String>> shareBars = new HashMap<>();
    private final Map<String, XYChart.Data<Number, String>> targetBars = new HashMap<>();
    private final Map<String, XYChart.Data<Number, String>> actualBars = new HashMap<>();
    private final ReadOnlyStringWrapper message = new ReadOnlyStringWrapper("");
    private final ObservableList<ResourceType> resourceTypes = FXCollections.observableArrayList();
    private final Consumer<EngineCommand> commands;
    private Runnable whatIf = () -> { };
    private double startTime = Double.NaN;
    /** The emulation's own record of the debts, a point each half period whatever the speed. */
    private DebtHistory history = new DebtHistory();
    /** The time of the last point charted from {@link #history}. */
    private double chartedUntil = Double.NEGATIVE_INFINITY;
    /** How many of {@link #history}'s share changes are marked. */
    private long marked;

    private static final String WORK_DONE = "Work done";

    /** What the empty table says: that the emulation is starting, until its first snapshot says there is no project. */
    static final String NO_PROJECTS = "No projects: this client is attached to none. File > Open client_state.xml "
            + "reads another; File > Open sample has scenarios worth watching.";
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper("Starting...");
    private final ReadOnlyBooleanWrapper started = new ReadOnlyBooleanWrapper();
    /** Counts the snapshots applied, so that the view can sort the rows again after each one. */
    private final ReadOnlyIntegerWrapper updates = new ReadOnlyIntegerWrapper();

    public ProjectsPaneViewModel(Consumer<EngineCommand> commands) {
        this.commands = commands;
        share.setName("Resource share");
        target.setName("Target");
        actual.setName(WORK_DONE);
    }

    public ObservableList<ProjectRow> rows() {
        return rows;
    }

    public ObservableList<XYChart.Series<Number, Number>> debtSeries() {
        return debtSeries;
    }

    public ObservableList<ShareMark> shareMarks() {
        return marks;
    }

    /**
     * The share chart's bars, a series per figure, each bar's category its project's label ({@link ProjectLabels}):
     * the bars are the project's, by URL, and two projects of one name have a row each.
     */
    public ObservableList<XYChart.Series<Number, String>> shareSeries() {
        return shareSeries;
    }

    /**
     * How the debt chart draws {@code series}: in the look of its project's place among the state's projects, as
     * the Timeline draws that project's row; a line of a project no longer in the state (removed, or recorded
     * before a restored state) in a look after all of theirs.
     */
    public ProjectLook lookOf(XYChart.Series<Number, Number> series) {
        Integer place = places.get(series);
        return ProjectColours.look(place != null ? place : places.size() + debtSeries.indexOf(series));
    }

    /** The debt chart's line of {@code row}'s project, or null before its first point. */
    public XYChart.Series<Number, Number> debtSeriesOf(ProjectRow row) {
        return seriesByUrl.get(row.url());
    }

    /** The row of the project whose debt line is {@code series}, or null where the project is gone. */
    public ProjectRow rowOf(XYChart.Series<Number, Number> series) {
        return seriesByUrl.entrySet().stream().filter(e -> e.getValue() == series).map(e -> byUrl.get(e.getKey()))
                .filter(r -> r != null).findFirst().orElse(null);
    }

    /** The host's processing resources, CPU last; the view shows a long-term debt column per resource. */
    public ObservableList<ResourceType> resourceTypes() {
        return resourceTypes;
    }

    /** The Why of the project at {@code url} as the Projects pane shows it ("" if there is none). */
    public ObservableValue<String> whyOf(String url) {
        ProjectRow row = byUrl.get(url);
        return row == null ? new SimpleStringProperty("") : row.whyProperty();
    }

    /** Feedback on the last edit ("" when all is well). */
    public ReadOnlyStringProperty messageProperty() {
        return message.getReadOnlyProperty();
    }

    /**
     * Starts over for a new emulation whose debts {@code history} records (a restored state's past first): the chart's
     * time axis begins at its first point, else at the emulation's start. Each snapshot charts the points recorded
     * since the last (with the CPU speed it gives, which turns debts into CPU-hours), not the snapshot's own debts:
     * at a day a second, snapshots come hours of emulated time apart, and charting them drew straight lines across
     * the hourly swings between periods.
     */
    public void begin(DebtHistory history) {
        this.history = history;
        message.set("");
        chartedUntil = Double.NEGATIVE_INFINITY;
        marked = 0;
        rows.clear();
        byUrl.clear();
        debtSeries.clear();
        seriesByUrl.clear();
        places.clear();
        marks.clear();
        actual.setName(WORK_DONE);
        share.getData().clear();
        target.getData().clear();
        actual.getData().clear();
        shareBars.clear();
        targetBars.clear();
        actualBars.clear();
        startTime = history.start();
    }

    /** Step 2 of an update: the debts recorded since the last point charted, appended to their projects' series. */
    private void chartNewDebts(double cpuFlops) {
        history.since(chartedUntil).forEach((url, points) -> {
            XYChart.Series<Number, Number> series = seriesOf(url);
            List<XYChart.Data<Number, Number>> added = new ArrayList<>(points.size());
            for (DebtHistory.Point p : points) {
                added.add(new XYChart.Data<>((p.time() - startTime) / 86400, debtHours(p.debt(), cpuFlops)));
                chartedUntil = Math.max(chartedUntil, p.time());
            }
            series.getData().addAll(added);
            while (series.getData().size() > MAX_POINTS) {
                thin(series);
            }
        });
    }

    /**
     * A line on the debt chart for each share change recorded since the last one marked, at the time the engine
     * applied it, and the work bars' title from the last. They come from the emulation's record, so that a restored
     * state shows its past changes.
     */
    private void markNewShareChanges(List<ProjectView> projects) {
        DebtHistory.ShareChanges news = history.shareChangesAfter(marked);
        for (DebtHistory.ShareChange c : news.changes()) {
            String name = projects.stream().filter(p -> p.url().equals(c.url())).map(ProjectView::name).findFirst()
                    .orElse(c.url());
            marks.add(new ShareMark((c.time() - startTime) / 86400, name + ": share " + Format.share(c.before())
                    + " -> " + Format.share(c.after())));
            actual.setName("Work done since the shares changed, " + Format.shortDateTime(c.time()));
        }
        marked = news.seen();
    }

    private XYChart.Series<Number, Number> seriesOf(String url) {
        return seriesByUrl.computeIfAbsent(url, u -> {
            XYChart.Series<Number, Number> x = new XYChart.Series<>();
            x.setName(u);
            debtSeries.add(x);
            return x;
        });
    }

    public void update(EngineSnapshot s) {
        placeholder.set(NO_PROJECTS);
        started.set(true);
        if (Double.isNaN(startTime)) {
            startTime = s.driver() != null ? s.driver().startTime() : s.time();
        }
        double cpuFlops = s.host().cpuFlops();
        markNewShareChanges(s.projects());
        Map<String, Double> workDone = WorkSinceShareChange.fractions(s.projects(), history.workAtLastShareChange());
        List<ResourceType> types = s.resources().stream().map(ResourceView::type).toList();
        if (!types.equals(resourceTypes)) {
            resourceTypes.setAll(types);
        }
        Map<String, List<TaskView>> tasksOf = new HashMap<>();
        for (TaskView t : s.tasks()) {
            tasksOf.computeIfAbsent(t.projectUrl(), u -> new ArrayList<>()).add(t);
        }
        Map<String, String> named = ProjectLabels.of(s.projects());
        Set<String> seen = new HashSet<>();
        for (ProjectView p : s.projects()) {
            places.put(seriesOf(p.url()), seen.size());
            seen.add(p.url());
            ProjectRow row = byUrl.get(p.url());
            if (row == null) {
                row = new ProjectRow(p.url());
                byUrl.put(p.url(), row);
                rows.add(row);
            }
            row.update(p, tasksOf.getOrDefault(p.url(), List.of()), cpuFlops, s.time(), s.online(),
                    Words.notComputing(s));
            seriesOf(p.url()).setName(named.get(p.url()));
            String label = named.get(p.url());
            bar(shareBars, share, p.url(), label, 100 * p.shareFraction());
            bar(targetBars, target, p.url(), label, 100 * p.target().fraction());
            bar(actualBars, actual, p.url(), label, 100 * workDone.get(p.url()));
        }
        if (seen.size() != byUrl.size() || seen.size() != places.size()) {
            rows.removeIf(r -> !seen.contains(r.url()));
            byUrl.keySet().retainAll(seen);
            forget(seen);
        }
        chartNewDebts(cpuFlops);
        updates.set(updates.get() + 1);
    }

    /**
     * Takes the bars of the projects not in {@code kept} off the share chart; their debt lines stay (their past),
     * without a place among the state's projects.
     */
    private void forget(Set<String> kept) {
        seriesByUrl.forEach((url, series) -> {
            if (!kept.contains(url)) {
                places.remove(series);
            }
        });
        forget(shareBars, share, kept);
        forget(targetBars, target, kept);
        forget(actualBars, actual, kept);
    }

    /** Takes the bars of the projects not in {@code kept} out of {@code series}. */
    private static void forget(Map<String, XYChart.Data<Number, String>> bars, XYChart.Series<Number, String> series,
                               Set<String> kept) {
        bars.entrySet().removeIf(e -> {
            boolean gone = !kept.contains(e.getKey());
            if (gone) {
                series.getData().remove(e.getValue());
            }
            return gone;
        });
    }

    /** Moves once a snapshot has been applied: the rows' debts, statuses and reasons may have changed. */
    public ReadOnlyIntegerProperty updatesProperty() {
        return updates.getReadOnlyProperty();
    }

    /**
     * Halves a series by {@link DebtHistory#thin}'s rule, which keeps the lowest and highest of each stretch of time. The
     * points kept are new ones: a line chart handed back the very points it was removing dropped them from its plot,
     * so that after a few halvings a month's debts were drawn from day 25 on.
     */
    static void thin(XYChart.Series<Number, Number> series) {
        List<XYChart.Data<Number, Number>> kept = new ArrayList<>();
        for (XYChart.Data<Number, Number> d : DebtHistory.thin(series.getData(), p -> p.getXValue().doubleValue(),
                p -> p.getYValue().doubleValue())) {
            kept.add(new XYChart.Data<>(d.getXValue(), d.getYValue()));
        }
        series.getData().setAll(kept);
    }

    /** Sets the bar of the project at {@code url} in {@code series}, its row named {@code label}, to {@code value}. */
    private static void bar(Map<String, XYChart.Data<Number, String>> bars, XYChart.Series<Number, String> series,
                            String url, String label, double value) {
        XYChart.Data<Number, String> d = bars.get(url);
        if (d == null) {
            d = new XYChart.Data<>(value, label);
            bars.put(url, d);
            // First in: the horizontal chart's category axis runs upwards, so the first project ends up on top.
            series.getData().add(0, d);
            return;
        }
        if (d.getXValue().doubleValue() != value) {
            d.setXValue(value);
        }
        if (!d.getYValue().equals(label)) {
            d.setYValue(label);
        }
    }

    /** What the empty table says. */
    public ReadOnlyStringProperty placeholderProperty() {
        return placeholder.getReadOnlyProperty();
    }

    /** Whether a snapshot has come: until then, an empty table means the emulation is starting, not no project. */
    public ReadOnlyBooleanProperty startedProperty() {
        return started.getReadOnlyProperty();
    }

    /** Sets a project's share; a value that is not a number from 0 to 1,000,000,000 is refused with a message. */
    public boolean setShare(ProjectRow row, String text) {
        NumberInput typed = new NumberInput(row.shareProperty().get(), 0, 1e9, "");
        typed.textProperty().set(text);
        Optional<Double> v = typed.value();
        if (v.isEmpty()) {
            message.set("A resource share is a number from 0 (backup project) to 1000000000, written without a "
                    + "thousands separator, such as 100.");
            return false;
        }
        message.set("");
        if (v.get() != row.shareProperty().get()) {
            commands.accept(new EngineCommand.SetResourceShare(row.url(), v.get()));
        }
        return true;
    }

    /** Takes back what a refused share said: the edit was left with Escape, the share as it was. */
    public void clearMessage() {
        message.set("");
    }

    public void setSuspended(ProjectRow row, boolean suspended) {
        commands.accept(new EngineCommand.SetProjectSuspended(row.url(), suspended));
    }

    public void setNoNewTasks(ProjectRow row, boolean none) {
        commands.accept(new EngineCommand.SetNoNewTasks(row.url(), none));
    }

    /** Opens the what-if dialog (the main window says how: {@link #onWhatIf}). */
    public void whatIf() {
        whatIf.run();
    }

    /** What {@link #whatIf} does. */
    public void onWhatIf(Runnable action) {
        this.whatIf = action;
    }

    /** Contact the project's scheduler now, whatever the backoffs (BOINC Manager's "Update"). */
    public void updateNow(ProjectRow row) {
        commands.accept(new EngineCommand.UpdateProject(row.url()));
    }

    /**
     * A debt in CPU hours as the chart plots it, to the nearest thousandth of an hour (3.6 s): rounding noise such
     * as 1e-17 h, where every debt is 0, would otherwise stretch the axis to labels of twenty digits.
     */
    static double debtHours(double debtFlops, double cpuFlops) {
        return Math.round(debtFlops / cpuFlops / 3600 * 1000) / 1000.0;
    }
}

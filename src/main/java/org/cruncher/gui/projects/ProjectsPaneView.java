package org.cruncher.gui.projects;

import java.util.Comparator;
import java.util.List;
import java.util.function.DoubleSupplier;
import java.util.function.Function;

import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.SplitPane;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.ScrollPane;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.HBox;
import javafx.scene.layout.StackPane;

import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.ApplyOnLeaveCell;
import org.cruncher.gui.ColumnFit;
import org.cruncher.gui.FocusSelects;
import org.cruncher.gui.RowMenuKey;
import org.cruncher.gui.SelectionShownAgain;
import org.cruncher.gui.WholeTextCell;
import org.cruncher.gui.details.DecisionHistoryViewModel;
import org.cruncher.gui.text.ColumnHeaders;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;

/** Controller of ProjectsPane.fxml. */
public final class ProjectsPaneView {

    private static final String LTD_COLUMN = "longTermDebt";
    private static final String BELOW_SHARE = "below-share";
    /**
     * The table's least height, pixels: three rows under a header of two (Long-term debt over each resource), or
     * two and a half above a sideways scroll bar. The charts below keep room for their legends ({@link LegendRoom})
     * only while the table keeps this.
     */
    public static final double TABLE_LEAST_HEIGHT = 2 * 26 + 3 * 24;
    /** The split pane's divider, pixels (Modena's padding of 3 on each side). */
    private static final double DIVIDER = 6;

    private final ProjectsPaneViewModel model;
    private final DecisionHistoryViewModel history;

    @FXML
    private Button suspendButton;
    @FXML
    private Button noNewTasksButton;
    @FXML
    private Button updateButton;
    @FXML
    private Button whatIfButton;
    @FXML
    private Label hint;
    @FXML
    private Label message;
    @FXML
    private TableView<ProjectRow> table;
    @FXML
    private TableColumn<ProjectRow, String> nameColumn;
    @FXML
    private TableColumn<ProjectRow, String> shareColumn;
    @FXML
    private TableColumn<ProjectRow, String> percentColumn;
    @FXML
    private TableColumn<ProjectRow, ProjectRow.Target> targetColumn;
    @FXML
    private TableColumn<ProjectRow, Number> debtColumn;
    @FXML
    private TableColumn<ProjectRow, Number> anticipatedColumn;
    @FXML
    private TableColumn<ProjectRow, Number> resourceDebtColumn;
    @FXML
    private TableColumn<ProjectRow, String> statusColumn;
    @FXML
    private TableColumn<ProjectRow, String> whyColumn;
    @FXML
    private SplitPane split;
    @FXML
    private BorderPane tablePart;
    @FXML
    private HBox debtHead;
    @FXML
    private Label debtPicked;
    @FXML
    private StackPane debtChartHolder;
    @FXML
    private ShareChart shareChart;
    @FXML
    private ScrollPane shareScroll;
    @FXML
    private ShareAxisStrip shareAxisStrip;
    @FXML
    private Label shareKey;
    @FXML
    private Label targetKey;
    @FXML
    private Label workKey;
    @FXML
    private Label noProjectsToShare;
    @FXML
    private Label noProjects;

    /** What an infinite resource debt means, said first in its cell's tooltip. */
    static final String NO_CPU_TIME = "\u221e: no CPU time lately, so its share per hour of CPU time has no bound: "
            + "it counts as owed the most.";
    /** What the debt chart's title says while no line is picked out. */
    static final String PICK_HINT = "Select a project to see its line";
    /** The resource debt's unit: share per hour of (exponentially averaged) CPU time. */
    private static final String PER_HOUR = " /h";

    public ProjectsPaneView(ProjectsPaneViewModel model, DecisionHistoryViewModel history) {
        this.model = model;
        this.history = history;
    }

    @FXML
    private void initialize() {
        ColumnFit.fitOrScroll(table);
        table.setMinHeight(TABLE_LEAST_HEIGHT);
        table.setItems(model.rows());
        // The rows change in place, so the table sorts them again after each snapshot (debts move every period), but
        // not under a share being typed, whose cell would then show another project's row.
        model.updatesProperty().addListener((o, was, now) -> {
            if (!table.getSortOrder().isEmpty() && table.getEditingCell() == null) {
                table.sort();
            }
        });
        // Without a project there are no shares or buffers to try.
        whatIfButton.disableProperty().bind(Bindings.isEmpty(model.rows()));
        nameColumn.setCellValueFactory(c -> c.getValue().nameProperty());
        nameColumn.setComparator(Comparator.naturalOrder());
        shareColumn.setCellValueFactory(c -> Bindings.createStringBinding(
                () -> Format.share(c.getValue().shareProperty().get()), c.getValue().shareProperty()));
        shareColumn.setComparator(Comparator.comparingDouble(Double::parseDouble));
        shareColumn.setCellFactory(c -> new ApplyOnLeaveCell<>(model::setShare, model::clearMessage));
        ApplyOnLeaveCell.editOnF2(table, shareColumn);
        ColumnHeaders.explain(shareColumn, "The resource share the volunteer gives the project (100 when "
                + "client_state.xml gives none). Only its size against the other projects' shares matters. "
                + "Double-click it (or select the project and press F2) to change it: the engine applies it at "
                + "once.");
        percentColumn.setCellValueFactory(c -> c.getValue().sharePercentProperty());
        ColumnHeaders.explain(percentColumn, "The project's resource share divided by the sum of all projects' "
                + "shares: its part of this computer if every project could use every processor.");
        targetColumn.setCellValueFactory(c -> c.getValue().targetProperty());
        targetColumn.setCellFactory(c -> new TargetCell());
        ColumnHeaders.explain(targetColumn, "The project's fair part of this computer's work, given which "
                + "processors its applications can use: a CPU-only project cannot take its share of a GPU. Amber: "
                + "below its share. Hover over a cell for why.");
        time(debtColumn, ProjectRow::debtProperty, "Work owed to the project by the CPU scheduler, as "
                + "time on one CPU of this computer. Positive: it is owed work and runs before projects owed less. "
                + "Negative: it got more than its share. A project with no work for a whole period is reset to 0. "
                + "Debts can stay apart for days where projects use different processors: work owed to a CPU-only "
                + "project cannot be paid with GPU time, so what it lost while a GPU project's tasks ran on the CPUs "
                + "(to meet their deadlines, say) stays owed while it already gets all the CPU time it can.");
        time(anticipatedColumn, ProjectRow::anticipatedDebtProperty, "The debt the project is expected to have at "
                + "the end of this scheduling period, once its tasks chosen to run have run. Positive: still "
                + "owed. Each free processor goes to the project with the largest, and each task it gets lowers it "
                + "by that task's expected work, so it moves as tasks start: the Why column quotes it as it was when "
                + "the processor was given out, at the time it names.");
        String resourceDebt = "The resource share per hour of CPU time the project had lately (an hour a week ago "
                + "counts 1/e as much): larger, owed more CPU time; \u221e, none yet. It counts CPU time only, so a "
                + "project that computes on a GPU looks owed here: the Long-term debt columns count each processor. "
                + "For comparison only: Cruncher fetches work by long-term debt; cruncher emulate --fetch-policy "
                + "seed002 tries the older rule that asks the largest resource debt first.";
        ColumnHeaders.explain(resourceDebtColumn, resourceDebt);
        resourceDebtColumn.setCellValueFactory(c -> c.getValue().resourceDebtProperty());
        resourceDebtColumn.setCellFactory(c -> new TableCell<>() {
            private final Tooltip tooltip = ColumnHeaders.wrapped(resourceDebt);
            private final Tooltip noCpuTime = ColumnHeaders.wrapped(NO_CPU_TIME + " " + resourceDebt);

            @Override
            protected void updateItem(Number item, boolean empty) {
                super.updateItem(item, empty);
                boolean none = !empty && item != null && Double.isInfinite(item.doubleValue());
                setText(empty || item == null ? null
                        : none ? "\u221e" : Format.ratio(item.doubleValue()) + PER_HOUR);
                setTooltip(empty ? null : none ? noCpuTime : tooltip);
            }
        });
        statusColumn.setCellValueFactory(c -> c.getValue().statusProperty());
        statusColumn.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.ELLIPSIS));
        ColumnHeaders.explain(statusColumn, "Whether the project runs tasks, waits for a processor, has no work or "
                + "no application for this computer, or is suspended; whether its scheduler requests are deferred "
                + "(backoff); and whether it gets new tasks.");
        whyColumn.setCellValueFactory(c -> c.getValue().whyProperty());
        whyColumn.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.ELLIPSIS));
        ColumnHeaders.explain(whyColumn, "Why the project runs or waits, and whether it is asked for work, in the "
                + "scheduler's own reasons. Select the project to see its decisions below.");
        message.textProperty().bind(model.messageProperty());
        // A refusal takes the hint's place (the buttons keep their width), and shows whole on hovering.
        Tooltip whole = ColumnHeaders.wrapped("");
        whole.textProperty().bind(model.messageProperty());
        message.setTooltip(whole);
        hint.visibleProperty().bind(model.messageProperty().isEmpty());
        hint.managedProperty().bind(hint.visibleProperty());
        table.setRowFactory(t -> row());
        RowMenuKey.install(table);
        FocusSelects.install(table);
        // The buttons follow the selected project as snapshots change it (suspended, no new tasks, to be removed).
        InvalidationListener buttonsFollow = o -> updateButtons();
        table.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            if (was != null) {
                was.suspendedProperty().removeListener(buttonsFollow);
                was.noNewTasksProperty().removeListener(buttonsFollow);
                was.detachingProperty().removeListener(buttonsFollow);
            }
            updateButtons();
            if (now != null) {
                now.suspendedProperty().addListener(buttonsFollow);
                now.noNewTasksProperty().addListener(buttonsFollow);
                now.detachingProperty().addListener(buttonsFollow);
            }
            showDecisions(now);
        });
        SelectionShownAgain.follow(table, this::showDecisions);
        updateButtons();
        model.resourceTypes().addListener((ListChangeListener<ResourceType>) c -> showLongTermDebts());
        showLongTermDebts();
        DebtChart chart = new DebtChart(model.shareMarks());
        // The charts keep room for their legends while the table keeps its least height.
        DoubleSupplier room = () -> split.getHeight() - split.snappedTopInset() - split.snappedBottomInset()
                - tablePart.minHeight(-1) - DIVIDER - debtHead.prefHeight(-1);
        chart.legendRoom().setRoom(room);
        split.heightProperty().addListener(o -> chart.requestLayout());
        chart.setLooks(model::lookOf);
        chart.setData(model.debtSeries());
        chart.setId("debtChart");
        // The selected project's line is picked out, and clicking a line selects its project.
        chart.setOnPick(series -> {
            ProjectRow r = model.rowOf(series);
            if (r != null) {
                table.getSelectionModel().select(r);
                table.scrollTo(r);
            }
        });
        table.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> pick(chart, now));
        model.debtSeries().addListener((ListChangeListener<XYChart.Series<Number, Number>>) c -> pick(chart,
                table.getSelectionModel().getSelectedItem()));
        pick(chart, null);
        debtChartHolder.getChildren().add(chart);
        Label noDebts = new Label("No projects: no debts to chart.");
        noDebts.setId("noProjectsToChart");
        noDebts.getStyleClass().add("muted");
        noDebts.visibleProperty().bind(Bindings.isEmpty(model.rows()).and(model.startedProperty()));
        debtChartHolder.getChildren().add(noDebts);
        shareChart.setData(model.shareSeries());
        // The percentage axis stays in view below the rows while they scroll.
        shareAxisStrip.follow(shareChart);
        // The chart fills the scroll pane's height, or is as tall as its projects' rows need, and then scrolls.
        InvalidationListener fit = o -> shareChart.setPrefHeight(Math.max(
                shareScroll.getViewportBounds().getHeight(), shareChart.rowsHeight()));
        shareScroll.viewportBoundsProperty().addListener(fit);
        model.shareSeries().get(0).getData().addListener(fit);
        shareKey.textProperty().bind(model.shareSeries().get(0).nameProperty());
        targetKey.textProperty().bind(model.shareSeries().get(1).nameProperty());
        workKey.textProperty().bind(model.shareSeries().get(2).nameProperty());
        // Without a project the charts' empty axes (0 to 125 CPU hours over 110 days) said nothing: the notes do.
        chart.visibleProperty().bind(Bindings.isNotEmpty(model.rows()));
        shareChart.visibleProperty().bind(Bindings.isNotEmpty(model.rows()));
        shareScroll.visibleProperty().bind(shareChart.visibleProperty());
        shareAxisStrip.visibleProperty().bind(shareChart.visibleProperty());
        debtPicked.visibleProperty().bind(chart.visibleProperty());
        debtPicked.setTooltip(ColumnHeaders.wrapped("Select a project in the table, or click a line, to pick out the "
                + "project's line: drawn wider and on top, the other lines faded. Hover over a line to see whose it "
                + "is."));
        // The key goes with the bars it reads (it stood beside "No projects: no work to share", review).
        for (Label key : List.of(shareKey, targetKey, workKey)) {
            key.visibleProperty().bind(shareChart.visibleProperty());
        }
        noProjectsToShare.visibleProperty().bind(Bindings.isEmpty(model.rows()).and(model.startedProperty()));
        noProjects.textProperty().bind(model.placeholderProperty());
    }

    /**
     * Picks out {@code row}'s project's line on {@code chart} (none for null), and names it beside the chart's title
     * with a piece of its line, or says how to pick one.
     */
    private void pick(DebtChart chart, ProjectRow row) {
        XYChart.Series<Number, Number> series = row == null ? null : model.debtSeriesOf(row);
        chart.pick(series);
        debtPicked.setText(series == null ? PICK_HINT : series.getName());
        debtPicked.setGraphic(series == null ? null : DebtChart.sample(model.lookOf(series)));
    }

    /** The decisions panel shows {@code row}'s project's decisions, or all for none. */
    private void showDecisions(ProjectRow row) {
        if (row != null) {
            history.showProject(row.nameProperty().get(), row.whyProperty());
        } else {
            history.showAll();
        }
    }

    /**
     * A project's target on this host, in the warning colour when its resources cannot give it its share; the
     * tooltip says why.
     */
    private static final class TargetCell extends TableCell<ProjectRow, ProjectRow.Target> {
        private final Tooltip tooltip = ColumnHeaders.wrapped("");

        @Override
        protected void updateItem(ProjectRow.Target item, boolean empty) {
            super.updateItem(item, empty);
            getStyleClass().remove(BELOW_SHARE);
            if (empty || item == null) {
                setText(null);
                setTooltip(null);
                return;
            }
            setText(item.cell());
            if (item.belowShare()) {
                getStyleClass().add(BELOW_SHARE);
            }
            tooltip.setText(item.why());
            setTooltip(tooltip);
        }
    }

    /** A column of debt as CPU time, whose header and cells say what it means. */
    private static void time(TableColumn<ProjectRow, Number> col,
                             Function<ProjectRow, ObservableValue<Number>> cpuSeconds, String meaning) {
        ColumnHeaders.explain(col, meaning);
        col.setCellValueFactory(c -> cpuSeconds.apply(c.getValue()));
        col.setCellFactory(c -> new TableCell<>() {
            private final Tooltip tooltip = ColumnHeaders.wrapped(meaning);

            @Override
            protected void updateItem(Number item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : Format.cpuTime(item.doubleValue(), 1));
                setTooltip(empty ? null : tooltip);
            }
        });
    }

    /**
     * On a host with GPUs, a "Long-term debt" column with one sub-column per resource (seed 003's debt for work
     * fetch), before Status; the Debt column is the scheduler's, one debt across all resources (decision 0010).
     */
    private void showLongTermDebts() {
        table.getColumns().removeIf(c -> LTD_COLUMN.equals(c.getId()));
        if (model.resourceTypes().size() < 2) {
            return;
        }
        TableColumn<ProjectRow, Number> parent = new TableColumn<>("Long-term debt");
        parent.setId(LTD_COLUMN);
        for (ResourceType type : model.resourceTypes()) {
            TableColumn<ProjectRow, Number> col = new TableColumn<>(Words.resource(type));
            col.setEditable(false);
            col.setMinWidth(100);
            col.setPrefWidth(100);
            col.setCellValueFactory(c -> c.getValue().longTermDebtProperty(type));
            col.setCellFactory(c -> new TableCell<>() {
                private final Tooltip tooltip = ColumnHeaders.wrapped("");

                @Override
                protected void updateItem(Number item, boolean empty) {
                    super.updateItem(item, empty);
                    boolean none = empty || item == null || Double.isNaN(item.doubleValue());
                    setText(none ? (empty ? null : "-") : Format.cpuTime(item.doubleValue(), 1));
                    tooltip.setText(none ? "No " + Words.resource(type) + " application."
                            : Words.resource(type) + " time owed to the project for work fetch (its "
                            + "long-term debt; negative: it got more than its share).");
                    setTooltip(empty ? null : tooltip);
                }
            });
            parent.getColumns().add(col);
        }
        ColumnHeaders.explain(parent, "Long-term debt, one per processor type: that processor's time owed "
                + "to the project for work fetch. Positive: owed; work is asked first from the project whose debt "
                + "plus shortfall is largest, of those short of work. Negative: it got more than its share of that "
                + "processor; a GPU-only project beside one that also has the CPU gets more of the GPU for good, so "
                + "its debt keeps falling. \"-\": no application for it.");
        table.getColumns().add(table.getColumns().indexOf(statusColumn), parent);
    }

    private void updateButtons() {
        ProjectRow r = table.getSelectionModel().getSelectedItem();
        suspendButton.setDisable(r == null);
        // A project to be removed when its tasks are done gets no new tasks whatever is clicked.
        noNewTasksButton.setDisable(r == null || r.detachingProperty().get());
        updateButton.setDisable(r == null);
        if (r != null) {
            suspendButton.setText(r.suspendedProperty().get() ? "Res_ume" : "S_uspend");
            noNewTasksButton.setText(r.noNewTasksProperty().get() ? "_Allow new tasks" : "_No new tasks");
        }
    }

    @FXML
    private void toggleSuspend() {
        ProjectRow r = table.getSelectionModel().getSelectedItem();
        if (r != null) {
            model.setSuspended(r, !r.suspendedProperty().get());
            r.suspendedProperty().set(!r.suspendedProperty().get());
            updateButtons();
        }
    }

    @FXML
    private void toggleNoNewTasks() {
        ProjectRow r = table.getSelectionModel().getSelectedItem();
        if (r != null) {
            model.setNoNewTasks(r, !r.noNewTasksProperty().get());
            r.noNewTasksProperty().set(!r.noNewTasksProperty().get());
            updateButtons();
        }
    }

    @FXML
    private void whatIf() {
        model.whatIf();
    }

    @FXML
    private void update() {
        ProjectRow r = table.getSelectionModel().getSelectedItem();
        if (r != null) {
            model.updateNow(r);
        }
    }

    private TableRow<ProjectRow> row() {
        TableRow<ProjectRow> row = new TableRow<>();
        MenuItem suspend = new MenuItem();
        MenuItem newTasks = new MenuItem();
        MenuItem update = new MenuItem("Update now");
        // What double-clicking the share or F2 does, found where a volunteer looks first (QA: the menu lacked it).
        MenuItem share = new MenuItem("Change resource share (F2)");
        // The table sorts again after every snapshot and reuses its rows while the menu is open: the menu acts on
        // the project it was opened on, not on whichever project the row shows by the time an item is clicked.
        ProjectRow[] openedOn = new ProjectRow[1];
        update.setOnAction(e -> {
            table.getSelectionModel().select(openedOn[0]);
            update();
        });
        suspend.setOnAction(e -> {
            table.getSelectionModel().select(openedOn[0]);
            toggleSuspend();
        });
        newTasks.setOnAction(e -> {
            table.getSelectionModel().select(openedOn[0]);
            toggleNoNewTasks();
        });
        share.setOnAction(e -> {
            int index = table.getItems().indexOf(openedOn[0]);
            if (index >= 0) {
                table.getSelectionModel().select(index);
                table.edit(index, shareColumn);
            }
        });
        ContextMenu menu = new ContextMenu(share, suspend, newTasks, update);
        menu.setOnShowing(e -> {
            openedOn[0] = row.getItem();
            ProjectRow r = openedOn[0];
            if (r != null) {
                suspend.setText(r.suspendedProperty().get() ? "Resume project" : "Suspend project");
                newTasks.setText(r.noNewTasksProperty().get() ? "Allow new tasks" : "No new tasks");
                newTasks.setDisable(r.detachingProperty().get());
            }
        });
        row.emptyProperty().addListener((o, was, empty) -> row.setContextMenu(empty ? null : menu));
        row.setContextMenu(row.isEmpty() ? null : menu);
        return row;
    }
}

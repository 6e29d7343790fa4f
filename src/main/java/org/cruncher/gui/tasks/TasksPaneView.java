package org.cruncher.gui.tasks;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.CheckBox;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.Label;
import javafx.scene.control.MenuItem;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;

import org.cruncher.engine.api.TaskStatus;
import org.cruncher.gui.ColumnFit;
import org.cruncher.gui.FocusSelects;
import org.cruncher.gui.RowMenuKey;
import org.cruncher.gui.TableSort;
import org.cruncher.gui.WholeTextCell;
import org.cruncher.gui.SelectionShownAgain;
import org.cruncher.gui.details.DecisionHistoryViewModel;
import org.cruncher.gui.text.ColumnHeaders;
import org.cruncher.gui.text.DeadlineWords;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;

/** Controller of TasksPane.fxml. */
public final class TasksPaneView {

    private final TasksPaneViewModel model;
    private final DecisionHistoryViewModel history;

    /** The task the user picked; the table's own moves of the selection do not change it. */
    private TaskRow picked;
    /** Keeps the Suspend button right as the selected task's status changes. */
    private final InvalidationListener statusOfSelected = o -> updateSuspendButton();

    @FXML
    private CheckBox activeOnly;
    @FXML
    private CheckBox atRiskOnly;
    @FXML
    private Label countLabel;
    @FXML
    private Button suspendButton;
    @FXML
    private Label placeholder;
    @FXML
    private TableView<TaskRow> table;
    @FXML
    private TableColumn<TaskRow, String> projectColumn;
    @FXML
    private TableColumn<TaskRow, String> nameColumn;
    @FXML
    private TableColumn<TaskRow, String> appColumn;
    @FXML
    private TableColumn<TaskRow, String> resourcesColumn;
    @FXML
    private TableColumn<TaskRow, TaskStatus> statusColumn;
    @FXML
    private TableColumn<TaskRow, Number> progressColumn;
    @FXML
    private TableColumn<TaskRow, Number> elapsedColumn;
    @FXML
    private TableColumn<TaskRow, Number> remainingColumn;
    @FXML
    private TableColumn<TaskRow, TaskRow.Deadline> deadlineColumn;
    @FXML
    private TableColumn<TaskRow, TaskRow.Finish> finishColumn;
    @FXML
    private TableColumn<TaskRow, String> whyColumn;

    public TasksPaneView(TasksPaneViewModel model, DecisionHistoryViewModel history) {
        this.model = model;
        this.history = history;
    }

    /** Rows the sort columns tie on: by project, then by name (plain string order, as the columns). */
    private static final Comparator<TaskRow> BY_PROJECT_AND_NAME = Comparator
            .comparing((TaskRow r) -> r.projectProperty().get()).thenComparing(TaskRow::getName);

    @FXML
    private void initialize() {
        ColumnFit.fitOrScroll(table);
        activeOnly.selectedProperty().bindBidirectional(model.activeOnlyProperty());
        atRiskOnly.selectedProperty().bindBidirectional(model.atRiskOnlyProperty());
        placeholder.textProperty().bind(model.placeholderProperty());
        // Sorting reorders the rows shown in place (one permutation, which keeps the selection, and none when the
        // order is right already), once per update rather than once per changed row.
        table.setItems(model.visibleRows());
        table.setSortPolicy(t -> {
            TableSort.sort(model.visibleRows(), t.getSortOrder(), BY_PROJECT_AND_NAME);
            return true;
        });
        model.orderRevisionProperty().addListener((o, was, now) -> table.sort());
        // Plain string order, not the locale collator TableColumn uses by default: thousands of rows are re-sorted
        // whenever tasks change state, and collation made that the FX thread's main cost.
        for (TableColumn<TaskRow, String> c : List.of(projectColumn, nameColumn, appColumn, resourcesColumn,
                whyColumn)) {
            c.setComparator(Comparator.naturalOrder());
        }
        text(projectColumn, TaskRow::projectProperty);
        projectColumn.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.ELLIPSIS));
        nameColumn.setCellValueFactory(c -> new ReadOnlyObjectWrapper<>(c.getValue().getName()));
        // BOINC's task names differ at their ends ("de_nbody_..._1788898502_677110_1"): cut them in the middle.
        nameColumn.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.CENTER_ELLIPSIS));
        text(appColumn, TaskRow::applicationProperty);
        appColumn.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.ELLIPSIS));
        text(resourcesColumn, TaskRow::resourcesProperty);
        // "0.1 CPU + 1 NVIDIA GPU": where it is cut, the GPU it uses stays in view.
        resourcesColumn.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.LEADING_ELLIPSIS));
        statusColumn.setCellValueFactory(c -> c.getValue().statusProperty());
        statusColumn.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(TaskStatus item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : Words.status(item));
            }
        });
        whyColumn.setCellValueFactory(c -> c.getValue().whyProperty());
        whyColumn.setCellFactory(c -> new TableCell<>() {
            // One tooltip per cell, showing its row's explanation (built only when someone reads it), wrapped so
            // that it stays on the screen beside the rightmost column.
            private final Tooltip tooltip = ColumnHeaders.wrapped("", 600);

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                TaskRow row = empty || getTableRow() == null ? null : getTableRow().getItem();
                if (row == null) {
                    tooltip.textProperty().unbind();
                    setTooltip(null);
                } else {
                    tooltip.textProperty().bind(row.explanationProperty());
                    setTooltip(tooltip);
                }
            }
        });
        progressColumn.setCellValueFactory(c -> c.getValue().progressProperty());
        progressColumn.setCellFactory(col -> new ProgressCell());
        number(elapsedColumn, TaskRow::elapsedProperty, Format::duration);
        number(remainingColumn, TaskRow::remainingProperty, Format::duration);
        deadlineColumn.setCellValueFactory(c -> c.getValue().deadlineProperty());
        deadlineColumn.setCellFactory(col -> new DeadlineCell());
        finishColumn.setCellValueFactory(c -> c.getValue().finishProperty());
        finishColumn.setCellFactory(col -> new FinishCell());
        explainColumns();
        table.setRowFactory(t -> row());
        RowMenuKey.install(table);
        FocusSelects.install(table);
        sortAsRemembered();
        table.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            // The selected task's status changes under it as the emulation goes on (it finishes, is suspended): the
            // Suspend button follows it.
            if (was != null) {
                was.statusProperty().removeListener(statusOfSelected);
            }
            if (now != null) {
                now.statusProperty().addListener(statusOfSelected);
            }
            // A picked task that leaves the rows shown (reported, or hidden by a filter) leaves nothing selected:
            // the table would move the selection to a neighbour the user never picked (at times by way of none, and
            // more than once before the clearing runs), and the decisions below to that task's. So every move after
            // it left is undone.
            if (pickedLeft()) {
                updateSuspendButton();
                clearSoon();
                return;
            }
            picked = now;
            showDecisions(now);
            updateSuspendButton();
        });
        updateSuspendButton();
        SelectionShownAgain.follow(table, this::showDecisions);
        ListChangeListener<TaskRow> leaving = c -> {
            if (pickedLeft()) {
                updateSuspendButton();
                clearSoon();
            }
        };
        model.rows().addListener(leaving);
        model.visibleRows().addListener(leaving);
        model.visibleRows().addListener((ListChangeListener<TaskRow>) c -> updateCount());
        model.rows().addListener((ListChangeListener<TaskRow>) c -> updateCount());
        updateCount();
    }

    /** The decisions panel shows {@code row}'s task's decisions, or all for none. */
    private void showDecisions(TaskRow row) {
        if (row != null) {
            history.showTask(row.projectProperty().get(), row.getName(), row.explanationProperty());
        } else {
            history.showAll();
        }
    }

    /** Whether the task the user picked is no longer listed, or no longer among the rows shown. */
    private boolean pickedLeft() {
        return picked != null && (!model.rows().contains(picked) || !model.visibleRows().contains(picked));
    }

    private void clearSoon() {
        Platform.runLater(() -> {
            if (pickedLeft()) {
                picked = null;
                if (table.getSelectionModel().isEmpty()) {
                    history.showAll();
                } else {
                    table.getSelectionModel().clearSelection();
                }
            }
        });
    }

    private void explainColumns() {
        ColumnHeaders.explain(statusColumn, "Running. Preempted: started, then stopped so that another task could "
                + "run; it resumes where it stopped. Ready to start: downloaded, not yet run. Ready to report: "
                + "finished, to be reported at the project's next scheduler request.");
        ColumnHeaders.explain(elapsedColumn, "Time the task has run so far.");
        ColumnHeaders.explain(remainingColumn, "Estimated computing time left on this computer.");
        ColumnHeaders.explain(deadlineColumn, "When the project needs the result back. Red: at risk, estimated to "
                + "finish after it or too close to it; hover for how late.");
        ColumnHeaders.explain(finishColumn, "When the scheduler's forecast expects the task to finish, if every project "
                + "runs at its share of the processors and each runs its tasks earliest deadline first (the "
                + "round-robin simulation work fetch uses), so a running task may end later than its remaining "
                + "time says (marked *; hover for why). Red: after the deadline. Empty for tasks it does not "
                + "schedule: finished computing, or "
                + "suspended.");
        ColumnHeaders.explain(whyColumn, "Why the task runs or waits, in the scheduler's own reasons. Hover over a "
                + "cell for the whole story; select the task to see its decisions below.");
        ColumnHeaders.explain(resourcesColumn, "The processors the task uses while it runs.");
    }

    private void updateCount() {
        countLabel.setText(model.visibleRows().size() + " of " + model.rows().size() + " tasks");
    }

    private static void text(TableColumn<TaskRow, String> col,
                             Function<TaskRow, ObservableValue<String>> property) {
        col.setCellValueFactory(c -> property.apply(c.getValue()));
    }

    private static void number(TableColumn<TaskRow, Number> col,
                               Function<TaskRow, ObservableValue<Number>> property,
                               Function<Double, String> format) {
        col.setCellValueFactory(c -> property.apply(c.getValue()));
        col.setCellFactory(c -> new TableCell<>() {
            @Override
            protected void updateItem(Number item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty || item == null ? null : format.apply(item.doubleValue()));
            }
        });
    }

    /** Suspend or resume the selected task: the keyboard's way to what the row's menu does. */
    @FXML
    private void toggleTaskSuspended() {
        TaskRow r = shownSelected();
        if (r == null) {
            return;
        }
        if (r.statusProperty().get() == TaskStatus.SUSPENDED_BY_USER) {
            model.resume(r);
        } else if (!finished(r.statusProperty().get())) {
            model.suspend(r);
        }
    }

    /**
     * "Suspend" or "Resume" for the selected task; disabled without one, for one that is done, and for one the filters
     * hide or that left the list (the table may keep it selected until the selection is cleared, or clear the
     * selection first: the button stayed enabled for a task out of view).
     */
    private void updateSuspendButton() {
        TaskRow r = shownSelected();
        TaskStatus s = r == null ? null : r.statusProperty().get();
        boolean suspended = s == TaskStatus.SUSPENDED_BY_USER;
        suspendButton.setText(suspended ? "Res_ume" : "S_uspend");
        suspendButton.setDisable(r == null || finished(s));
    }

    /** The selected task where it is among the rows shown, else null. */
    private TaskRow shownSelected() {
        TaskRow r = table.getSelectionModel().getSelectedItem();
        return r != null && !pickedLeft() && model.visibleRows().contains(r) ? r : null;
    }

    /** A task that cannot be suspended any more: its computation is over. */
    private static boolean finished(TaskStatus s) {
        return s == TaskStatus.READY_TO_REPORT || s == TaskStatus.COMPUTATION_ERROR || s == TaskStatus.ABORTED
                || s == TaskStatus.UPLOADING || s == TaskStatus.DOWNLOAD_FAILED || s == TaskStatus.UPLOAD_FAILED;
    }

    private TableRow<TaskRow> row() {
        TableRow<TaskRow> row = new TableRow<>();
        MenuItem suspend = new MenuItem("Suspend task");
        MenuItem resume = new MenuItem("Resume task");
        // The live table re-sorts and reuses its rows while the menu is open: the menu acts on the task it was
        // opened on, not on whichever task the row shows by the time an item is clicked.
        TaskRow[] openedOn = new TaskRow[1];
        suspend.setOnAction(e -> model.suspend(openedOn[0]));
        resume.setOnAction(e -> model.resume(openedOn[0]));
        ContextMenu menu = new ContextMenu(suspend, resume);
        menu.setOnShowing(e -> {
            openedOn[0] = row.getItem();
            TaskStatus s = openedOn[0] == null ? null : openedOn[0].statusProperty().get();
            boolean suspended = s == TaskStatus.SUSPENDED_BY_USER;
            suspend.setDisable(suspended || finished(s));
            resume.setDisable(!suspended);
        });
        row.contextMenuProperty().bind(Bindings.when(row.emptyProperty())
                .then((ContextMenu) null).otherwise(menu));
        return row;
    }

    /** Marks {@code cell} red, or not; style classes change only when they must (each change restyles the cell). */
    private static void markAtRisk(TableCell<?, ?> cell, boolean atRisk) {
        if (!atRisk) {
            cell.getStyleClass().remove("at-risk");
        } else if (!cell.getStyleClass().contains("at-risk")) {
            cell.getStyleClass().add("at-risk");
        }
    }

    /**
     * Sorts the table by the view model's order (the default, or as the window was left), and keeps that order as the
     * user sorts: by a column's header, or its direction flipped.
     */
    private void sortAsRemembered() {
        Map<String, TableColumn<TaskRow, ?>> byName = new LinkedHashMap<>();
        for (TableColumn<TaskRow, ?> c : table.getColumns()) {
            byName.put(c.getId().replace("Column", ""), c);
        }
        List<TableColumn<TaskRow, ?>> order = new ArrayList<>();
        for (TaskSort.Key k : model.sortProperty().get().keys()) {
            TableColumn<TaskRow, ?> c = byName.get(k.column());
            if (c == null) {
                continue;
            }
            c.setSortType(k.ascending() ? TableColumn.SortType.ASCENDING : TableColumn.SortType.DESCENDING);
            order.add(c);
        }
        table.getSortOrder().setAll(order);
        Runnable keep = () -> model.sortProperty().set(new TaskSort(table.getSortOrder().stream()
                .map(c -> new TaskSort.Key(c.getId().replace("Column", ""),
                        c.getSortType() == TableColumn.SortType.ASCENDING))
                .toList()));
        table.getSortOrder().addListener((ListChangeListener<TableColumn<TaskRow, ?>>) change -> keep.run());
        for (TableColumn<TaskRow, ?> c : table.getColumns()) {
            c.sortTypeProperty().addListener((o, was, now) -> keep.run());
        }
    }

    /** The deadline, in red with a tooltip saying how late when it is at risk. */
    private static final class DeadlineCell extends TableCell<TaskRow, TaskRow.Deadline> {
        private final Tooltip atRiskTip = ColumnHeaders.wrapped("");

        @Override
        protected void updateItem(TaskRow.Deadline item, boolean empty) {
            super.updateItem(item, empty);
            boolean atRisk = !empty && item != null && item.atRisk();
            markAtRisk(this, atRisk);
            setText(empty || item == null ? null : item.shown());
            if (atRisk) {
                atRiskTip.setText(item.passed() ? DeadlineWords.passed(item.expectedEnd(), item.time(), item.status())
                        : DeadlineWords.atRisk(item.expectedEnd(), item.time()));
            }
            setTooltip(atRisk ? atRiskTip : null);
        }
    }

    /** When the forecast expects the task to finish: red after its deadline, the margin in a tooltip. */
    private static final class FinishCell extends TableCell<TaskRow, TaskRow.Finish> {
        private final Tooltip tip = ColumnHeaders.wrapped("");

        @Override
        protected void updateItem(TaskRow.Finish item, boolean empty) {
            super.updateItem(item, empty);
            boolean known = !empty && item != null && !Double.isNaN(item.end());
            markAtRisk(this, known && item.late());
            setText(known ? item.shown() : null);
            if (known) {
                tip.setText(DeadlineWords.expectedFinish(item.forecastEnd(), item.deadline(), item.atRisk(),
                        item.laterThanAlone(), item.runsFirst()));
            }
            setTooltip(known ? tip : null);
        }
    }
}

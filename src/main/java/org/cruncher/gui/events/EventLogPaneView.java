package org.cruncher.gui.events;

import java.io.File;
import java.io.IOException;
import java.util.List;
import java.util.Locale;

import javafx.application.Platform;
import javafx.beans.binding.Bindings;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.ListChangeListener;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.TextField;
import javafx.scene.control.Tooltip;
import javafx.scene.control.skin.VirtualFlow;

import org.cruncher.gui.ColumnFit;
import org.cruncher.gui.SaveDialog;
import org.cruncher.gui.SelectionShownAgain;
import org.cruncher.gui.WholeTextCell;
import org.cruncher.gui.details.DecisionHistoryViewModel;
import org.cruncher.gui.text.ColumnHeaders;
import org.cruncher.persist.IoReasons;

/** Controller of EventLogPane.fxml. */
public final class EventLogPaneView {

    static final String NO_EVENTS_YET = "No events yet.";
    static final String NONE_MATCH = "No events match.";
    /** The time column's least width, pixels: "28 Dec 23:59:59". */
    private static final double TIME = 110;
    /** Its least width while some rows show their year, pixels: "28 Dec 2026 23:59:59". */
    private static final double TIME_WITH_YEAR = 140;
    /** The Detail column's least width, pixels, less what the year takes: the columns still fit at 800. */
    private static final double DETAIL = 220;

    private final EventLogViewModel model;
    private final DecisionHistoryViewModel history;
    private final SaveDialog saveDialog;
    /** The count, whole, where the toolbar cuts it. */
    private final Tooltip countTip = ColumnHeaders.wrapped("");

    @FXML
    private ComboBox<String> categoryBox;
    @FXML
    private ComboBox<String> projectBox;
    @FXML
    private TextField searchField;
    @FXML
    private Button exportButton;
    @FXML
    private Label countLabel;
    @FXML
    private Label exportOutcome;
    @FXML
    private TableView<EventRow> table;
    @FXML
    private Label noEvents;
    @FXML
    private TableColumn<EventRow, String> timeColumn;
    @FXML
    private TableColumn<EventRow, String> categoryColumn;
    @FXML
    private TableColumn<EventRow, String> projectColumn;
    @FXML
    private TableColumn<EventRow, String> taskColumn;
    @FXML
    private TableColumn<EventRow, String> resourceColumn;
    @FXML
    private TableColumn<EventRow, String> whatColumn;
    @FXML
    private TableColumn<EventRow, String> detailColumn;

    public EventLogPaneView(EventLogViewModel model, DecisionHistoryViewModel history, SaveDialog saveDialog) {
        this.model = model;
        this.history = history;
        this.saveDialog = saveDialog;
    }

    @FXML
    private void initialize() {
        // "match" only where a filter hides events: a log with none yet says so.
        noEvents.textProperty().bind(Bindings.when(Bindings.isEmpty(model.allRows())).then(NO_EVENTS_YET)
                .otherwise(NONE_MATCH));
        ColumnFit.fitOrScroll(table);
        categoryBox.setItems(model.categories());
        categoryBox.valueProperty().bindBidirectional(model.categoryProperty());
        projectBox.setItems(model.projects());
        projectBox.valueProperty().bindBidirectional(model.projectProperty());
        searchField.textProperty().bindBidirectional(model.searchProperty());
        table.setItems(model.visibleRows());
        // The year on the rows of another year than the newest event's (QA: "25 Apr 19:00:00" after 9 emulated
        // years), and room in the column for it while the log holds such rows.
        timeColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().timeBeside(model.newestTime())));
        timeColumn.setCellFactory(c -> new EventTimeCell());
        categoryColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getCategory()));
        projectColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getProject()));
        taskColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getTask()));
        // Cut in the middle, as the Tasks pane's names: tasks of one app share a long start ("einsteinbinary_BRP4_")
        // and differ at the end, so cut at the end every row read the same.
        taskColumn.setCellFactory(c -> new WholeTextCell<>(OverrunStyle.CENTER_ELLIPSIS));
        resourceColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getResource()));
        whatColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getWhat()));
        detailColumn.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().getDetail()));
        // The decisions panel says the selected event whole (its Detail is often cut here) beside the other
        // decisions about its task or project: read with the keyboard too, where the cell's tooltip needs a mouse.
        table.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> showDecisions(now));
        SelectionShownAgain.follow(table, this::showDecisions);
        model.visibleRows().addListener((ListChangeListener<EventRow>) c -> {
            keepReadingPlace(c);
            updateCount();
        });
        model.allRows().addListener((ListChangeListener<EventRow>) c -> fitTimeColumn());
        model.passedOverProperty().addListener((o, was, now) -> updateCount());
        countLabel.setTooltip(countTip);
        updateCount();
        Tooltip outcomeTip = ColumnHeaders.wrapped("");
        outcomeTip.textProperty().bind(model.exportOutcomeProperty());
        exportOutcome.textProperty().bind(model.exportOutcomeProperty());
        exportOutcome.tooltipProperty().bind(Bindings.when(model.exportOutcomeProperty().isEmpty())
                .then((Tooltip) null).otherwise(outcomeTip));
        styleOutcome(model.exportFailedProperty().get());
        model.exportFailedProperty().addListener((o, was, failed) -> styleOutcome(failed));
    }

    /**
     * New events come in at the top. Where the reader has scrolled down to older ones, the rows they read stay where
     * they are: the view moves down by the rows that came in above (it stayed at its index, so newer rows slid in
     * under the reader, one batch after another). At the top, the view follows the newest events.
     */
    private void keepReadingPlace(ListChangeListener.Change<? extends EventRow> c) {
        VirtualFlow<?> flow = table.lookup(".virtual-flow") instanceof VirtualFlow<?> v ? v : null;
        if (flow == null || flow.getFirstVisibleCell() == null) {
            return;
        }
        int first = flow.getFirstVisibleCell().getIndex();
        if (first <= 0) {
            return;
        }
        int above = 0;
        while (c.next()) {
            if (c.wasAdded() && !c.wasRemoved() && c.getFrom() == 0) {
                above += c.getAddedSize();
            }
        }
        c.reset();
        if (above > 0) {
            table.scrollTo(first + above);
        }
    }

    /**
     * The time column wide enough for a year on its rows while the log holds events of more than one year, its room
     * taken from Detail.
     */
    private void fitTimeColumn() {
        double least = model.spansYears() ? TIME_WITH_YEAR : TIME;
        if (timeColumn.getMinWidth() != least) {
            detailColumn.setMinWidth(DETAIL - (least - TIME));
            timeColumn.setMinWidth(least);
            timeColumn.setPrefWidth(least + 5);
            // The resize policy runs on a change of the table's width, not of a column's: run it, or the columns
            // overflow the table by the year's room (QA at 800 x 600).
            table.getColumnResizePolicy().call(new TableView.ResizeFeatures<>(table, null, 0.0));
        }
    }

    private void showDecisions(EventRow row) {
        if (row != null) {
            history.showEvent(row);
        } else {
            history.showAll();
        }
    }

    private void styleOutcome(boolean failed) {
        exportOutcome.getStyleClass().setAll("label", failed ? "error" : "muted");
    }

    private void updateCount() {
        countLabel.setText(model.countText());
        countTip.setText(model.countText());
    }

    @FXML
    private void export() {
        File file = saveDialog.ask(table.getScene().getWindow(), "Export the events shown", "cruncher-events.tsv");
        if (file != null) {
            exportTo(file);
        }
    }

    /** Writes the events shown to {@code file} on a background thread, then reports the outcome. */
    private void exportTo(File file) {
        List<String> lines = model.visibleLines();
        long of = model.generation();
        exportButton.setDisable(true);
        Thread t = new Thread(() -> {
            String outcome;
            boolean failed = false;
            try {
                EventLogViewModel.write(lines, file.toPath());
                outcome = String.format(Locale.ROOT, "%,d events saved to %s", lines.size() - 1,
                        file.getAbsolutePath());
            } catch (IOException e) {
                outcome = "Could not save " + file + ": " + IoReasons.of(e);
                failed = true;
            }
            String text = outcome;
            boolean error = failed;
            Platform.runLater(() -> {
                exportButton.setDisable(false);
                model.exportDone(of, text, error);
            });
        }, "cruncher-export");
        t.setDaemon(true);
        t.start();
    }
}

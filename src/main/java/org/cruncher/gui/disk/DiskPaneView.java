package org.cruncher.gui.disk;

import static org.cruncher.gui.text.TextColumns.text;

import java.util.List;
import java.util.function.Function;

import javafx.beans.InvalidationListener;
import javafx.beans.property.IntegerProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleIntegerProperty;
import javafx.beans.value.ObservableValue;
import javafx.collections.ListChangeListener;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;
import javafx.scene.layout.StackPane;
import javafx.scene.layout.VBox;

import org.cruncher.gui.ColumnFit;
import org.cruncher.gui.FlaggedRow;
import org.cruncher.gui.RowsShown;
import org.cruncher.gui.SelectionShownAgain;
import org.cruncher.gui.details.DecisionHistoryViewModel;
import org.cruncher.gui.text.ColumnHeaders;

/** Controller of DiskPane.fxml. */
public final class DiskPaneView {

    /** A project over its share of the space, in red. */
    private static final PseudoClass OFFENDER = PseudoClass.getPseudoClass("disk-offender");
    /** The width of a standing's tooltip, pixels: most of its lines whole on one line each. */
    private static final double DETAILS_WIDTH = 540;

    /** The most project rows shown above the split pane; beyond them the table scrolls. */
    static final int MOST_PROJECT_ROWS = 8;
    /** The fewest, however short the window. */
    static final int FEWEST_PROJECT_ROWS = 3;
    /**
     * The split pane's least height, pixels: the files' title and table (its least height in DiskPane.fxml: a header
     * and three rows), the deletions' title and table (a header and a row), and the divider.
     */
    static final double SPLIT_LEAST = (22 + 100) + (22 + 52) + 6;
    /** The project table's header and borders, pixels. */
    private static final double TABLE_FRAME = 26 + 4;

    private final DiskPaneViewModel model;
    private final DecisionHistoryViewModel history;
    private final Function<String, ObservableValue<String>> whyOf;
    private final IntegerProperty projectRowsShown = new SimpleIntegerProperty(MOST_PROJECT_ROWS);

    @FXML
    private BorderPane diskPane;
    @FXML
    private VBox diskWords;
    @FXML
    private Label diskBanner;
    @FXML
    private Label diskSummary;
    @FXML
    private TableView<DiskProjectRow> diskProjectTable;
    @FXML
    private TableColumn<DiskProjectRow, String> diskProjectColumn;
    @FXML
    private TableColumn<DiskProjectRow, String> diskUsageColumn;
    @FXML
    private TableColumn<DiskProjectRow, String> diskLimitColumn;
    @FXML
    private TableColumn<DiskProjectRow, String> diskPolicyColumn;
    @FXML
    private TableColumn<DiskProjectRow, String> diskFilesColumn;
    @FXML
    private TableColumn<DiskProjectRow, String> diskStandingColumn;
    @FXML
    private Label filesTitle;
    @FXML
    private TableView<FileRow> fileTable;
    @FXML
    private TableColumn<FileRow, String> fileNameColumn;
    @FXML
    private TableColumn<FileRow, String> fileRoleColumn;
    @FXML
    private TableColumn<FileRow, String> fileSizeColumn;
    @FXML
    private TableColumn<FileRow, String> filePriorityColumn;
    @FXML
    private TableColumn<FileRow, String> fileExpiresColumn;
    @FXML
    private TableColumn<FileRow, String> fileLastUsedColumn;
    @FXML
    private TableColumn<FileRow, String> fileOrderColumn;
    @FXML
    private TableView<DeletionRow> deletionTable;
    @FXML
    private TableColumn<DeletionRow, String> deletionTimeColumn;
    @FXML
    private TableColumn<DeletionRow, String> deletionProjectColumn;
    @FXML
    private TableColumn<DeletionRow, String> deletionFileColumn;
    @FXML
    private TableColumn<DeletionRow, String> deletionWhyColumn;

    /**
     * @param model   the pane's view model
     * @param history the decisions panel, which shows the selected project's decisions
     * @param whyOf   a project's Why (by URL), shown with its decisions
     */
    public DiskPaneView(DiskPaneViewModel model, DecisionHistoryViewModel history,
                        Function<String, ObservableValue<String>> whyOf) {
        this.model = model;
        this.history = history;
        this.whyOf = whyOf;
    }

    /**
     * How many project rows to show when {@code room} pixels are left below the pane's words: as many as leave the
     * split pane its least height, from {@link #FEWEST_PROJECT_ROWS} to {@link #MOST_PROJECT_ROWS}, but never so few
     * that a project over its share ({@code lastOffender}, the row of the last one, or -1) is out of view while the
     * cap allows (beyond the eighth row the table scrolls to it).
     */
    static int projectRowsThatFit(double room, int lastOffender) {
        int rows = (int) Math.floor((room - SPLIT_LEAST - TABLE_FRAME) / RowsShown.ROW);
        int fewest = Math.max(FEWEST_PROJECT_ROWS, lastOffender + 1);
        return Math.min(MOST_PROJECT_ROWS, Math.max(fewest, rows));
    }

    /** The room the project table's sideways scroll bar takes while its columns scroll ({@link ColumnFit}). */
    private double sidewaysScrollBar() {
        return diskProjectTable.getColumnResizePolicy() == TableView.UNCONSTRAINED_RESIZE_POLICY
                ? RowsShown.SCROLL_BAR : 0;
    }

    /** The row of the last project over its share, or -1. */
    private int lastOffender() {
        List<DiskProjectRow> rows = diskProjectTable.getItems();
        for (int i = rows.size() - 1; i >= 0; i--) {
            if (rows.get(i).offenderProperty().get()) {
                return i;
            }
        }
        return -1;
    }

    @FXML
    private void initialize() {
        ColumnFit.fitOrScroll(diskProjectTable);
        ColumnFit.fitOrScroll(fileTable);
        ColumnFit.fitOrScroll(deletionTable);
        diskBanner.textProperty().bind(model.bannerProperty());
        diskBanner.visibleProperty().bind(model.suspendedProperty());
        diskBanner.managedProperty().bind(model.suspendedProperty());
        diskSummary.textProperty().bind(model.summaryProperty());
        diskProjectTable.setItems(model.projects());
        RowsShown.upTo(diskProjectTable, projectRowsShown);
        InvalidationListener fit = o -> projectRowsShown.set(projectRowsThatFit(diskPane.getHeight()
                - diskWords.getHeight() - sidewaysScrollBar(), lastOffender()));
        diskProjectTable.columnResizePolicyProperty().addListener(fit);
        diskPane.heightProperty().addListener(fit);
        diskWords.heightProperty().addListener(fit);
        // A project becomes an offender, or the rows are sorted: the offenders stay in view.
        diskProjectTable.getItems().addListener((ListChangeListener<DiskProjectRow>) c -> {
            while (c.next()) {
                c.getAddedSubList().forEach(r -> r.offenderProperty().addListener(fit));
                c.getRemoved().forEach(r -> r.offenderProperty().removeListener(fit));
            }
            fit.invalidated(null);
        });
        diskProjectTable.getItems().forEach(r -> r.offenderProperty().addListener(fit));
        text(diskProjectColumn, DiskProjectRow::nameProperty, null);
        diskUsageColumn.setCellValueFactory(c -> c.getValue().usageProperty());
        diskUsageColumn.setCellFactory(c -> new UsageCell());
        ColumnHeaders.explain(diskUsageColumn, "Space the project's files take against its share of the space. Red: "
                + "over its share; when space runs short, its files are the first to go.");
        text(diskLimitColumn, DiskProjectRow::limitProperty,
                "Its resource share of the space the projects may use (the total limit less the client's own).");
        text(diskPolicyColumn, DiskProjectRow::policyProperty,
                "The order its files go in when space is needed, as its server says: by priority, by expiry, or "
                        + "least recently used first (LRU).");
        text(diskFilesColumn, DiskProjectRow::filesProperty, null);
        diskStandingColumn.setCellValueFactory(c -> c.getValue().standingProperty());
        diskStandingColumn.setCellFactory(c -> new StandingCell());
        ColumnHeaders.explain(diskStandingColumn, "Whether the project gets new work, and how it stands against its "
                + "share. Hover over a cell for the details.");
        diskProjectTable.setRowFactory(t -> new FlaggedRow<>(OFFENDER, DiskProjectRow::offenderProperty));
        // As on Projects and Work fetch, the decisions panel follows the project selected.
        diskProjectTable.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> {
            model.select(now == null ? null : now.url());
            if (now != null || was != null) {
                showDecisions(now);
            }
        });
        SelectionShownAgain.follow(diskProjectTable, this::showDecisions);

        filesTitle.textProperty().bind(model.filesTitleProperty());
        fileTable.setItems(model.files());
        text(fileNameColumn, r -> new ReadOnlyStringWrapper(r.name()), null);
        text(fileRoleColumn, r -> new ReadOnlyStringWrapper(r.role()), null);
        text(fileSizeColumn, r -> new ReadOnlyStringWrapper(r.size()), null);
        text(filePriorityColumn, r -> new ReadOnlyStringWrapper(r.priority()),
                "The file's priority, 1 (low: deleted first when space is needed) to 5 (high).");
        text(fileExpiresColumn, r -> new ReadOnlyStringWrapper(r.expires()),
                "Past this date the file goes before others when space is needed (60 days after it arrived unless "
                        + "its project says otherwise).");
        text(fileLastUsedColumn, r -> new ReadOnlyStringWrapper(r.lastUsed()), null);
        text(fileOrderColumn, r -> new ReadOnlyStringWrapper(r.order()), null);
        fileTable.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(FileRow item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().remove("held-file");
                if (!empty && item != null && item.held()) {
                    getStyleClass().add("held-file");
                }
            }
        });

        deletionTable.setItems(model.deletions());
        text(deletionTimeColumn, r -> new ReadOnlyStringWrapper(r.time()), null);
        text(deletionProjectColumn, r -> new ReadOnlyStringWrapper(r.project()), null);
        text(deletionFileColumn, r -> new ReadOnlyStringWrapper(r.file()), null);
        text(deletionWhyColumn, r -> new ReadOnlyStringWrapper(r.why()), null);
    }

    /** The decisions panel shows {@code row}'s project's decisions, or all for none. */
    private void showDecisions(DiskProjectRow row) {
        if (row != null) {
            history.showProject(row.nameProperty().get(), whyOf.apply(row.url()));
        } else {
            history.showAll();
        }
    }

    /** A project's standing, its details a line each in its tooltip. */
    private static final class StandingCell extends TableCell<DiskProjectRow, String> {
        private final Tooltip tooltip = ColumnHeaders.wrapped("", DETAILS_WIDTH);

        @Override
        protected void updateItem(String standing, boolean empty) {
            super.updateItem(standing, empty);
            DiskProjectRow item = getTableRow() == null ? null : getTableRow().getItem();
            setText(empty ? null : standing);
            if (empty || item == null) {
                tooltip.textProperty().unbind();
                setTooltip(null);
            } else {
                tooltip.textProperty().bind(item.detailsProperty());
                setTooltip(tooltip);
            }
        }
    }

    /**
     * A bar of usage against the share limit, with the figures on it ("3.2 GB of 2.5 GB"); red past the limit. The
     * figures are the cell's value, so it is redrawn whenever usage or limit changes.
     */
    private static final class UsageCell extends TableCell<DiskProjectRow, String> {
        private final ProgressBar bar = new ProgressBar();
        private final Label text = new Label();
        private final StackPane pane = new StackPane(bar, text);
        private final Tooltip tooltip = ColumnHeaders.wrapped("", DETAILS_WIDTH);

        UsageCell() {
            bar.setMaxWidth(Double.MAX_VALUE);
            text.getStyleClass().add("disk-bar-text");
        }

        @Override
        protected void updateItem(String usage, boolean empty) {
            super.updateItem(usage, empty);
            DiskProjectRow item = getTableRow() == null ? null : getTableRow().getItem();
            if (empty || usage == null || item == null) {
                setGraphic(null);
                setTooltip(null);
                return;
            }
            double fill = item.fillProperty().get();
            bar.setProgress(Math.min(1, fill));
            bar.getStyleClass().remove("disk-over");
            text.getStyleClass().remove("disk-over");
            if (item.offenderProperty().get()) {
                bar.getStyleClass().add("disk-over");
                text.getStyleClass().add("disk-over");
            }
            text.setText(usage);
            tooltip.setText(item.detailsProperty().get());
            setTooltip(tooltip);
            setGraphic(pane);
        }
    }
}

package org.cruncher.gui.disk;

import static org.cruncher.gui.text.TextColumns.text;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.ProgressBar;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.StackPane;

import org.cruncher.gui.ColumnFit;
import org.cruncher.gui.FlaggedRow;
import org.cruncher.gui.RowsShown;
import org.cruncher.gui.text.ColumnHeaders;

/** Controller of DiskPane.fxml. */
public final class DiskPaneView {

    /** A project over its share of the space, in red. */
    private static final PseudoClass OFFENDER = PseudoClass.getPseudoClass("disk-offender");

    private final DiskPaneViewModel model;

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

    public DiskPaneView(DiskPaneViewModel model) {
        this.model = model;
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
        RowsShown.upTo(diskProjectTable, 8);
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
        text(diskStandingColumn, DiskProjectRow::standingProperty, null);
        diskProjectTable.setRowFactory(t -> new FlaggedRow<>(OFFENDER, DiskProjectRow::offenderProperty));
        diskProjectTable.getSelectionModel().selectedItemProperty().addListener((o, was, now) ->
                model.select(now == null ? null : now.url()));

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

    /**
     * A bar of usage against the share limit, with the figures on it ("3.2 GB of 2.5 GB"); red past the limit. The
     * figures are the cell's value, so it is redrawn whenever usage or limit changes.
     */
    private static final class UsageCell extends TableCell<DiskProjectRow, String> {
        private final ProgressBar bar = new ProgressBar();
        private final Label text = new Label();
        private final StackPane pane = new StackPane(bar, text);
        private final Tooltip tooltip = ColumnHeaders.wrapped("");

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
            tooltip.setText(item.standingProperty().get());
            setTooltip(tooltip);
            setGraphic(pane);
        }
    }
}

package org.cruncher.gui.workfetch;

import static org.cruncher.gui.text.TextColumns.sentences;
import static org.cruncher.gui.text.TextColumns.text;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.css.PseudoClass;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.control.Tooltip;
import javafx.scene.layout.BorderPane;

import org.cruncher.gui.ColumnFit;
import org.cruncher.gui.FlaggedRow;
import org.cruncher.gui.RowsShown;
import org.cruncher.gui.SelectionShownAgain;
import org.cruncher.gui.details.DecisionHistoryViewModel;
import org.cruncher.gui.text.ColumnHeaders;
import org.cruncher.gui.text.Format;

/** Controller of WorkFetchPane.fxml. */
public final class WorkFetchPaneView {

    /** A resource that wants work, in bold. */
    private static final PseudoClass WANTS_WORK = PseudoClass.getPseudoClass("wants-work");
    /** The least height of the pane that shows the explanation under the summary, pixels (about 330 at 800 x 600). */
    static final double EXPLAINED_HEIGHT = 450;

    private final WorkFetchPaneViewModel model;
    private final DecisionHistoryViewModel history;

    @FXML
    private BorderPane workFetchPane;
    @FXML
    private Label summary;
    @FXML
    private Label explanation;
    @FXML
    private Label noProjects;
    @FXML
    private TableView<ResourceFetchRow> resourceTable;
    @FXML
    private TableColumn<ResourceFetchRow, String> resourceColumn;
    @FXML
    private TableColumn<ResourceFetchRow, String> instancesColumn;
    @FXML
    private TableColumn<ResourceFetchRow, String> idleColumn;
    @FXML
    private TableColumn<ResourceFetchRow, String> saturatedColumn;
    @FXML
    private TableColumn<ResourceFetchRow, String> shortfallColumn;
    @FXML
    private TableColumn<ResourceFetchRow, String> windowColumn;
    @FXML
    private TableColumn<ResourceFetchRow, String> stateColumn;
    @FXML
    private TableView<ProjectFetchRow> projectTable;
    @FXML
    private TableColumn<ProjectFetchRow, String> fetchProjectColumn;
    @FXML
    private TableColumn<ProjectFetchRow, String> projectResourceColumn;
    @FXML
    private TableColumn<ProjectFetchRow, Number> fetchDebtColumn;
    @FXML
    private TableColumn<ProjectFetchRow, String> suppliesColumn;
    @FXML
    private TableColumn<ProjectFetchRow, String> backoffColumn;
    @FXML
    private TableColumn<ProjectFetchRow, String> intervalColumn;
    @FXML
    private TableColumn<ProjectFetchRow, String> queuedColumn;
    @FXML
    private TableColumn<ProjectFetchRow, String> fetchShareColumn;
    @FXML
    private TableColumn<ProjectFetchRow, String> projectShortfallColumn;
    @FXML
    private TableColumn<ProjectFetchRow, String> fetchWhyColumn;

    @FXML
    private TableView<RpcRow> rpcTable;
    @FXML
    private TableColumn<RpcRow, String> rpcTimeColumn;
    @FXML
    private TableColumn<RpcRow, String> rpcProjectColumn;
    @FXML
    private TableColumn<RpcRow, String> rpcReasonColumn;
    @FXML
    private TableColumn<RpcRow, String> rpcRequestedColumn;
    @FXML
    private TableColumn<RpcRow, String> rpcOutcomeColumn;

    public WorkFetchPaneView(WorkFetchPaneViewModel model, DecisionHistoryViewModel history) {
        this.model = model;
        this.history = history;
    }

    @FXML
    private void initialize() {
        ColumnFit.fitOrScroll(resourceTable);
        ColumnFit.fitOrScroll(projectTable);
        ColumnFit.fitOrScroll(rpcTable);
        summary.textProperty().bind(model.summaryProperty());
        summary.setTooltip(ColumnHeaders.wrapped(explanation.getText()));
        explanation.visibleProperty().bind(workFetchPane.heightProperty().greaterThanOrEqualTo(EXPLAINED_HEIGHT));
        explanation.managedProperty().bind(explanation.visibleProperty());
        noProjects.textProperty().bind(model.emptyProjectsProperty());
        resourceTable.setItems(model.resources());
        RowsShown.upTo(resourceTable, 6);
        text(resourceColumn, ResourceFetchRow::nameProperty, null);
        text(instancesColumn, ResourceFetchRow::instancesProperty, null);
        text(idleColumn, ResourceFetchRow::idleNowProperty, "Instances with nothing to run now.");
        text(saturatedColumn, ResourceFetchRow::saturatedProperty,
                "How long the queue keeps every instance busy (the round-robin forecast's saturated time); \"idle "
                        + "now\" while one of them idles.");
        text(shortfallColumn, ResourceFetchRow::shortfallProperty,
                "How far the queue falls short of keeping every instance busy up to the buffer's high-water mark: "
                        + "the idle time the forecast expects on each instance, on average, times the instances "
                        + "(\"6 h 34 min \u00d7 16\": 105 h of idle CPU time).");
        text(windowColumn, ResourceFetchRow::windowProperty,
                "\"Store at least\" (below this, work is fetched) to \"Store at least\" plus \"Store up to an "
                        + "additional\" (a request fills up to this).");
        text(stateColumn, ResourceFetchRow::stateProperty, null);
        resourceTable.setRowFactory(t -> new FlaggedRow<>(WANTS_WORK, ResourceFetchRow::needsWorkProperty));

        projectTable.setItems(model.projects());
        text(fetchProjectColumn, ProjectFetchRow::projectProperty, null);
        text(projectResourceColumn, ProjectFetchRow::resourceProperty, null);
        fetchDebtColumn.setCellValueFactory(c -> c.getValue().longTermDebtProperty());
        String debt = "Instance-time of this resource owed to the project (its long-term debt). Positive: "
                + "owed. Negative: it got more than its share. The project with the largest debt, over all resources "
                + "weighted by speed, plus shortfall is asked first.";
        ColumnHeaders.explain(fetchDebtColumn, debt);
        fetchDebtColumn.setCellFactory(c -> new TableCell<>() {
            private final Tooltip tooltip = ColumnHeaders.wrapped(debt);

            @Override
            protected void updateItem(Number item, boolean empty) {
                super.updateItem(item, empty);
                boolean none = empty || item == null || Double.isNaN(item.doubleValue());
                setText(none ? null : Format.cpuTime(item.doubleValue(), 1));
                setTooltip(none ? null : tooltip);
            }
        });
        text(suppliesColumn, ProjectFetchRow::suppliesJobsProperty,
                "Yes once the project has sent a job for this resource; a request that brings none sets it to No,"
                        + " and it is No where none of its applications for the resource can run here. Only while it"
                        + " is Yes does its long-term debt grow; while its requests wait for room on disk, by no more"
                        + " than its part of the resource does in a day.");
        // Cells whose words the column's width may cut ("none: its queue is full") show them whole on hovering.
        sentences(backoffColumn, ProjectFetchRow::backoffProperty,
                "Time before the project may be asked for this resource: after a request for it brought no job "
                        + "(this resource only), or while its scheduler may not be contacted after failed contacts, a "
                        + "failed task or its own request to wait (all its resources: it then says \"deferred\", "
                        + "for its contact, and the Projects pane's Status says why).");
        text(intervalColumn, ProjectFetchRow::intervalProperty,
                "Doubles with each request that brings no job for this resource, from 10 min up to 24 h. Blank "
                        + "while the project is not backed off for this resource (no request for it has come back "
                        + "empty since one brought a job), even if its scheduler may not be contacted now: that "
                        + "wait is for all its resources, and Why says how long.");
        text(queuedColumn, ProjectFetchRow::queuedProperty,
                "Its queued work for this resource, as time on one instance (one CPU, one GPU): 6 h queued keeps a "
                        + "share of 2 instances busy for 3 h.");
        text(fetchShareColumn, ProjectFetchRow::shareProperty,
                "Instances its resource share is worth among the projects that may be asked. For the CPU: of the "
                        + "CPUs the GPU tasks leave free, on average over the buffer. \"-\": it may not be asked now "
                        + "(backed off, deferred, suspended, no new tasks or no application), so it has no share.");
        sentences(projectShortfallColumn, ProjectFetchRow::shortfallProperty,
                "The idle time its share would leave before the buffer's high-water mark, per instance of its share, "
                        + "times those instances (\"10 h 57 min \u00d7 10\": 109 h of instance time): what a request "
                        + "to it would fill. A project is asked only once its queue falls below its part of "
                        + "\"Store at least\" (or an instance idles), so a shortfall alone does not bring a request. "
                        + "\"none: its queue is full\": its queue holds its part of the high-water mark, though the "
                        + "forecast has instances idle before it (long jobs end unevenly, or its tasks' deadlines "
                        + "or its work on other processors hold its part lower than its share: Why says so), so "
                        + "nothing is asked. \"-\": it may not be asked now.");
        sentences(fetchWhyColumn, ProjectFetchRow::whyProperty,
                "Why the project is or is not asked for work for this resource now. A project that holds its part "
                        + "of \"Store at least\" (its share of it) is not asked, whatever its shortfall: once its queue "
                        + "runs below that part, a request asks for the shortfall.");
        rpcTable.setItems(model.rpcs());
        text(rpcTimeColumn, r -> new ReadOnlyStringWrapper(r.time()), null);
        text(rpcProjectColumn, r -> new ReadOnlyStringWrapper(r.project()), null);
        text(rpcReasonColumn, r -> new ReadOnlyStringWrapper(r.reason()), null);
        text(rpcRequestedColumn, r -> new ReadOnlyStringWrapper(r.requested()), null);
        text(rpcOutcomeColumn, r -> new ReadOnlyStringWrapper(r.outcome()), null);
        rpcTable.setRowFactory(t -> new TableRow<>() {
            @Override
            protected void updateItem(RpcRow item, boolean empty) {
                super.updateItem(item, empty);
                getStyleClass().remove("failed-rpc");
                if (!empty && item != null && item.failed()) {
                    getStyleClass().add("failed-rpc");
                }
            }
        });
        projectTable.getSelectionModel().selectedItemProperty().addListener((o, was, now) -> showDecisions(now));
        SelectionShownAgain.follow(projectTable, this::showDecisions);
    }

    /** The decisions panel shows {@code row}'s project's decisions, or all for none. */
    private void showDecisions(ProjectFetchRow row) {
        if (row != null) {
            history.showProject(row.projectProperty().get(), row.whyProperty());
        } else {
            history.showAll();
        }
    }
}

package org.cruncher.gui.details;

import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.ListCell;
import javafx.scene.control.ListView;

import org.cruncher.gui.events.EventRow;

/** Controller of DecisionHistory.fxml: the decisions about the selected project or task, newest first. */
public final class DecisionHistoryView {

    private final DecisionHistoryViewModel model;

    @FXML
    private Label title;
    @FXML
    private Label explanation;
    @FXML
    private ListView<EventRow> decisionList;

    public DecisionHistoryView(DecisionHistoryViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        title.textProperty().bind(model.titleProperty());
        explanation.textProperty().bind(model.explanationProperty());
        explanation.managedProperty().bind(explanation.textProperty().isNotEmpty());
        explanation.visibleProperty().bind(explanation.textProperty().isNotEmpty());
        decisionList.setItems(model.items());
        model.focusTimeProperty().addListener((o, was, time) -> {
            int i = time == null ? -1 : model.indexAt(time);
            if (i >= 0) {
                decisionList.getSelectionModel().select(i);
                decisionList.scrollTo(Math.max(0, i - 1));
            }
        });
        decisionList.setCellFactory(v -> new ListCell<>() {
            @Override
            protected void updateItem(EventRow r, boolean empty) {
                super.updateItem(r, empty);
                setText(empty || r == null ? null : r.getTime() + "   "
                        + (r.getProject().isEmpty() || model.titleProperty().get().contains(r.getProject()) ? ""
                        : r.getProject() + "  ") + r.getWhat()
                        + (r.getTask().isEmpty() || model.titleProperty().get().contains(r.getTask()) ? ""
                        : " " + r.getTask()) + (r.getDetail().isEmpty() ? "" : ": " + r.getDetail()));
            }
        });
    }
}

package org.cruncher.gui.timeline;

import java.util.function.Function;

import javafx.animation.AnimationTimer;
import javafx.beans.value.ObservableValue;
import javafx.collections.FXCollections;
import javafx.fxml.FXML;
import javafx.scene.control.ChoiceBox;
import javafx.scene.control.Label;

import org.cruncher.gui.details.DecisionHistoryViewModel;

/**
 * Controller of TimelinePane.fxml. The chart is drawn again while it is shown, at most four times a second (at full
 * speed snapshots come ten times a second and a week's record can hold tens of thousands of changes), and at once
 * when the span changes.
 */
public final class TimelinePaneView {

    private static final long REDRAW_NANOS = 250_000_000L;

    private final TimelineViewModel model;
    private final DecisionHistoryViewModel history;
    private final Function<String, ObservableValue<String>> whyOf;
    private long drawnRevision = -1;
    private long drawnAt;

    @FXML
    private Label spanChoiceLabel;
    @FXML
    private ChoiceBox<TimelineViewModel.Span> spanChoice;
    @FXML
    private TimelineChart chart;
    @FXML
    private Label placeholder;
    @FXML
    private Label figures;

    /**
     * @param whyOf a project's Why (by URL), shown with its decisions when its row is clicked
     */
    public TimelinePaneView(TimelineViewModel model, DecisionHistoryViewModel history,
                            Function<String, ObservableValue<String>> whyOf) {
        this.model = model;
        this.history = history;
        this.whyOf = whyOf;
    }

    @FXML
    private void initialize() {
        // Set here: in the FXML the label comes before the choice box, so "$spanChoice" would not resolve yet.
        spanChoiceLabel.setLabelFor(spanChoice);
        spanChoice.setItems(FXCollections.observableArrayList(TimelineViewModel.Span.values()));
        spanChoice.valueProperty().bindBidirectional(model.spanProperty());
        model.spanProperty().addListener((o, was, now) -> redraw());
        figures.textProperty().bind(chart.figuresProperty());
        figures.visibleProperty().bind(figures.textProperty().isNotEmpty());
        figures.managedProperty().bind(figures.visibleProperty());
        chart.setOnSelect(hit -> {
            if (hit.onComputer()) {
                history.showAllAt(hit.time());
            } else {
                history.showProjectAt(hit.lane().name(), whyOf.apply(hit.lane().url()), hit.time());
            }
        });
        AnimationTimer timer = new AnimationTimer() {
            @Override
            public void handle(long now) {
                if (model.revisionProperty().get() != drawnRevision && now - drawnAt >= REDRAW_NANOS) {
                    drawnAt = now;
                    redraw();
                }
            }
        };
        chart.sceneProperty().addListener((o, was, scene) -> {
            if (scene == null) {
                timer.stop();
            } else {
                timer.start();
            }
        });
        if (chart.getScene() != null) {
            timer.start();
        }
    }

    private void redraw() {
        drawnRevision = model.revisionProperty().get();
        Timeline t = model.timeline();
        chart.show(t);
        placeholder.setVisible(t.lanes().isEmpty());
    }
}

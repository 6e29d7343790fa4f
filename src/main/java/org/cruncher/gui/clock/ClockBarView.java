package org.cruncher.gui.clock;

import javafx.beans.binding.Bindings;
import javafx.fxml.FXML;
import javafx.scene.control.Button;
import javafx.scene.control.ComboBox;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.util.StringConverter;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.gui.text.ColumnHeaders;

/** Controller of ClockBar.fxml: binds the clock bar to its view model. */
public final class ClockBarView {

    private final ClockBarViewModel model;

    @FXML
    private Button playButton;
    @FXML
    private ComboBox<EmulatorDriver.Speed> speedBox;
    @FXML
    private Label timeLabel;
    @FXML
    private Label spanLabel;

    public ClockBarView(ClockBarViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        playButton.textProperty().bind(Bindings.when(model.playingProperty())
                .then("_Pause").otherwise("_Play"));
        speedBox.getItems().setAll(EmulatorDriver.Speed.values());
        speedBox.setConverter(new StringConverter<>() {
            @Override
            public String toString(EmulatorDriver.Speed s) {
                return s == null ? "" : ClockBarViewModel.label(s);
            }

            @Override
            public EmulatorDriver.Speed fromString(String text) {
                return null;
            }
        });
        speedBox.valueProperty().bindBidirectional(model.speedProperty());
        timeLabel.textProperty().bind(model.emulatedTimeProperty());
        spanLabel.textProperty().bind(model.emulatedSpanProperty().concat(" ").concat(model.wallSpanProperty()));
        // On a narrow window the span gives way first: hovering shows it whole, with the reply the emulation waits for
        // and that the user's changes apply when it comes (at 800 pixels "emulated 1 h 00 min (wai..." showed).
        Tooltip whole = ColumnHeaders.wrapped("", 420);
        whole.textProperty().bind(spanLabel.textProperty());
        spanLabel.setTooltip(whole);
    }

    @FXML
    private void togglePlay() {
        model.togglePlay();
    }

    @FXML
    private void step() {
        model.step();
    }
}

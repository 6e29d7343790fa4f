package org.cruncher.gui.prefs;

import javafx.beans.value.ObservableStringValue;
import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.TextField;

import org.cruncher.gui.NumberInput;

/** Controller of PreferencesDialog.fxml: binds the fields and their errors to the view model. */
public final class PreferencesView {

    private final PreferencesViewModel model;

    @FXML
    private TextField periodField;
    @FXML
    private Label periodError;
    @FXML
    private TextField minDaysField;
    @FXML
    private Label minDaysError;
    @FXML
    private TextField additionalDaysField;
    @FXML
    private Label additionalDaysError;
    @FXML
    private TextField cpuField;
    @FXML
    private TextField diskMaxGbField;
    @FXML
    private Label diskMaxGbError;
    @FXML
    private TextField diskMinFreeField;
    @FXML
    private Label diskMinFreeError;
    @FXML
    private TextField diskMaxPctField;
    @FXML
    private Label diskMaxPctError;
    @FXML
    private Label cpuError;
    @FXML
    private Label bufferEffect;
    @FXML
    private Label cpuEffect;
    @FXML
    private Label diskEffect;

    public PreferencesView(PreferencesViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        bind(periodField, periodError, model.period());
        bind(minDaysField, minDaysError, model.minDays());
        bind(additionalDaysField, additionalDaysError, model.additionalDays());
        bind(cpuField, cpuError, model.cpuPercent());
        bind(diskMaxGbField, diskMaxGbError, model.diskMaxGb());
        bind(diskMinFreeField, diskMinFreeError, model.diskMinFreeGb());
        bind(diskMaxPctField, diskMaxPctError, model.diskMaxPct());
        effect(bufferEffect, model.bufferEffectProperty());
        effect(cpuEffect, model.cpuEffectProperty());
        effect(diskEffect, model.diskEffectProperty());
    }

    /** What the figures above it do as they are typed; no room taken while there is nothing to say. */
    private static void effect(Label label, ObservableStringValue text) {
        label.textProperty().bind(text);
        label.managedProperty().bind(label.textProperty().isNotEmpty());
        label.visibleProperty().bind(label.textProperty().isNotEmpty());
    }

    private static void bind(TextField field, Label error, NumberInput f) {
        field.textProperty().bindBidirectional(f.textProperty());
        error.textProperty().bind(f.errorProperty());
        error.managedProperty().bind(error.textProperty().isNotEmpty());
        error.visibleProperty().bind(error.textProperty().isNotEmpty());
        f.errorProperty().addListener((o, was, now) -> {
            if (now.isEmpty()) {
                field.getStyleClass().remove("invalid");
            } else if (!field.getStyleClass().contains("invalid")) {
                field.getStyleClass().add("invalid");
            }
        });
    }
}

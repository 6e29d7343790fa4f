package org.cruncher.gui.prefs;

import java.util.List;
import java.util.Optional;

import javafx.application.Platform;
import javafx.beans.value.ObservableStringValue;
import javafx.scene.Node;
import javafx.scene.control.ButtonBar;
import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.stage.Window;

import org.cruncher.engine.model.Prefs;
import org.cruncher.gui.Fxml;
import org.cruncher.gui.NumberInput;
import org.cruncher.gui.ScreenFit;

/** The computing preferences dialog: Apply is enabled only while every field is valid. */
public final class PreferencesDialog extends Dialog<Prefs> {

    /** The Apply button's type. */
    public static final ButtonType APPLY = new ButtonType("_Apply", ButtonBar.ButtonData.OK_DONE);

    private final PreferencesViewModel model;

    public PreferencesDialog(Window owner, Prefs current) {
        this(owner, current, PreferencesViewModel.Host.UNKNOWN);
    }

    /** The dialog for {@code current} preferences, showing their effects on {@code host} as they are typed. */
    public PreferencesDialog(Window owner, Prefs current, PreferencesViewModel.Host host) {
        this.model = new PreferencesViewModel(current, host);
        if (owner != null) {
            initOwner(owner);
        }
        setTitle("Computing preferences");
        ScreenFit.keepOnScreen(this);
        setHeaderText("Apply puts these preferences in force at once. Cruncher uses BOINC's names and limits.");
        getDialogPane().setContent(Fxml.load("PreferencesDialog.fxml", type -> new PreferencesView(model)));
        getDialogPane().getButtonTypes().setAll(APPLY, ButtonType.CANCEL);
        Node apply = getDialogPane().lookupButton(APPLY);
        apply.disableProperty().bind(model.validProperty().not());
        setResultConverter(b -> b == APPLY ? model.result().orElse(null) : null);
        // The first field has the keys when the dialog opens (Apply had them, so typing went nowhere until Tab).
        setOnShown(e -> Platform.runLater(() -> {
            Node first = getDialogPane().lookup("#periodField");
            if (first != null) {
                first.requestFocus();
            }
        }));
        // Each error shows on a line of its own under its field: the window grows to hold them, or seven of them
        // pushed Cancel and Apply out of it.
        for (NumberInput input : List.of(model.period(), model.minDays(), model.additionalDays(), model.cpuPercent(),
                model.diskMaxGb(), model.diskMinFreeGb(), model.diskMaxPct())) {
            input.errorProperty().addListener((o, was, now) -> Platform.runLater(this::fitContent));
        }
        // So does each line that says what the figures do: a long one was cut to "... files are deleted (and, if".
        for (ObservableStringValue effect : List.of(model.bufferEffectProperty(), model.cpuEffectProperty(),
                model.diskEffectProperty())) {
            effect.addListener((o, was, now) -> Platform.runLater(this::fitContent));
        }
    }

    /** Sizes the shown window to its content. */
    private void fitContent() {
        Window w = getDialogPane().getScene() == null ? null : getDialogPane().getScene().getWindow();
        if (w != null && w.isShowing()) {
            w.sizeToScene();
        }
    }

    public PreferencesViewModel model() {
        return model;
    }

    /** Shows the dialog and returns the new preferences if the user applied valid ones. */
    public Optional<Prefs> ask() {
        return showAndWait();
    }
}

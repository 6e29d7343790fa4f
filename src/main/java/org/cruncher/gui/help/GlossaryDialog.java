package org.cruncher.gui.help;

import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.stage.Modality;
import javafx.stage.Window;

import org.cruncher.gui.Fxml;
import org.cruncher.gui.ScreenFit;

/**
 * Help > What the words mean: the glossary, beside the window rather than over it (not modal), so that a volunteer
 * can keep it open while watching the panes.
 */
public final class GlossaryDialog extends Dialog<Void> {

    public GlossaryDialog(Window owner) {
        if (owner != null) {
            initOwner(owner);
        }
        initModality(Modality.NONE);
        setTitle("What the words mean");
        setResizable(true);
        ScreenFit.keepOnScreen(this);
        GlossaryViewModel model = new GlossaryViewModel();
        getDialogPane().setContent(Fxml.load("Glossary.fxml", type -> new GlossaryView(model)));
        getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
    }
}

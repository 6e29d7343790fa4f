package org.cruncher.gui.help;

import java.nio.file.Path;

import javafx.scene.control.ButtonType;
import javafx.scene.control.Dialog;
import javafx.stage.Window;

import org.cruncher.gui.Fxml;
import org.cruncher.gui.ScreenFit;

/** Help > About Cruncher. */
public final class AboutDialog extends Dialog<Void> {

    /** @param dataDir where Cruncher keeps its data, shown with a button to copy it */
    public AboutDialog(Window owner, Path dataDir) {
        if (owner != null) {
            initOwner(owner);
        }
        setTitle("About Cruncher");
        ScreenFit.keepOnScreen(this);
        AboutViewModel model = new AboutViewModel(dataDir);
        getDialogPane().setContent(Fxml.load("About.fxml", type -> new AboutView(model)));
        getDialogPane().getButtonTypes().setAll(ButtonType.CLOSE);
    }
}

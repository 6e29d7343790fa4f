package org.cruncher.gui.help;

import javafx.fxml.FXML;
import javafx.scene.control.Label;
import javafx.scene.control.Tooltip;
import javafx.scene.input.Clipboard;
import javafx.scene.input.ClipboardContent;

/** Controller of About.fxml. */
public final class AboutView {

    private final AboutViewModel model;

    @FXML
    private Label title;
    @FXML
    private Label summary;
    @FXML
    private Label runtime;
    @FXML
    private Label dataFolder;
    @FXML
    private Label design;
    @FXML
    private Label credits;

    public AboutView(AboutViewModel model) {
        this.model = model;
    }

    @FXML
    private void initialize() {
        title.setText(model.title());
        summary.setText(model.summary());
        runtime.setText(model.runtime());
        dataFolder.setText(model.dataFolder());
        // A long path is cut to fit: the whole of it on hovering.
        dataFolder.setTooltip(new Tooltip(model.dataFolder()));
        design.setText(model.design());
        credits.setText(model.credits());
    }

    /** Copies the data folder's path, to paste into a file manager or a terminal. */
    @FXML
    private void copyDataFolder() {
        ClipboardContent content = new ClipboardContent();
        content.putString(model.dataFolder());
        Clipboard.getSystemClipboard().setContent(content);
    }
}

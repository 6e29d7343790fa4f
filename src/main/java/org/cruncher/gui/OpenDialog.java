package org.cruncher.gui;

import java.io.File;

import javafx.stage.DirectoryChooser;
import javafx.stage.FileChooser;
import javafx.stage.Window;

/** Asks for a file or a folder to open (a native dialog in the app; a fixed answer in tests). */
@FunctionalInterface
public interface OpenDialog {

    /** The chosen file (or folder, if {@code folder}), or null if the user cancelled. */
    File ask(Window owner, String title, boolean folder);

    /** The platform's dialogs; files are offered with a filter for BOINC's state files. */
    static OpenDialog platform() {
        return (owner, title, folder) -> {
            if (folder) {
                DirectoryChooser chooser = new DirectoryChooser();
                chooser.setTitle(title);
                return chooser.showDialog(owner);
            }
            FileChooser chooser = new FileChooser();
            chooser.setTitle(title);
            chooser.getExtensionFilters().addAll(
                    new FileChooser.ExtensionFilter("BOINC client state (client_state*.xml)", "client_state*.xml"),
                    new FileChooser.ExtensionFilter("XML files", "*.xml"));
            return chooser.showOpenDialog(owner);
        };
    }
}

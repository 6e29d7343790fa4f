package org.cruncher.gui;

import java.io.File;

import javafx.stage.FileChooser;
import javafx.stage.Window;

/** Asks where to save a file (a native dialog in the app; a fixed file in tests). */
@FunctionalInterface
public interface SaveDialog {

    /** The chosen file, or null if the user cancelled. */
    File ask(Window owner, String title, String suggestedName);

    /** The platform's save dialog. */
    static SaveDialog platform() {
        return (owner, title, name) -> {
            FileChooser chooser = new FileChooser();
            chooser.setTitle(title);
            chooser.setInitialFileName(name);
            return chooser.showSaveDialog(owner);
        };
    }
}

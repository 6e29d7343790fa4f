package org.cruncher.gui;

import javafx.application.Application;

/** Starts the JavaFX application (kept apart from the launcher so that headless commands load no JavaFX class). */
public final class GuiMain {

    private GuiMain() {
    }

    public static void launch(String[] args) {
        Application.launch(CruncherApp.class, args);
    }
}

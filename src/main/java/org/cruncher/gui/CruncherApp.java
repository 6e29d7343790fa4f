package org.cruncher.gui;

import javafx.application.Application;
import javafx.scene.Scene;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

/** The manager window. */
public final class CruncherApp extends Application {

    @Override
    public void start(Stage stage) {
        Label label = new Label("Cruncher");
        label.setId("title");
        stage.setScene(new Scene(new StackPane(label), 960, 640));
        stage.setTitle("Cruncher");
        stage.show();
    }
}

package org.cruncher.gui;

import java.util.Locale;

import javafx.fxml.FXML;
import javafx.geometry.Orientation;
import javafx.scene.control.Label;
import javafx.scene.control.Separator;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;

import org.controlsfx.control.StatusBar;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.model.Prefs;
import org.cruncher.gui.prefs.PreferencesDialog;

/** Controller of MainWindow.fxml: menus, tabs and the status bar. */
public final class MainWindowView {

    private final ManagerModel model;
    private final Runnable quit;

    @FXML
    private TabPane tabs;
    @FXML
    private Tab tasksTab;
    @FXML
    private Tab projectsTab;
    @FXML
    private Tab workFetchTab;
    @FXML
    private Tab diskTab;
    @FXML
    private Tab eventsTab;
    @FXML
    private StatusBar statusBar;

    public MainWindowView(ManagerModel model, Runnable quit) {
        this.model = model;
        this.quit = quit;
    }

    @FXML
    private void initialize() {
        statusBar.textProperty().bind(model.hostSummaryProperty());
        Label counts = new Label();
        counts.textProperty().bind(model.countsProperty());
        Label figures = new Label();
        figures.textProperty().bind(model.figuresProperty());
        statusBar.getRightItems().setAll(counts, new Separator(Orientation.VERTICAL), figures);
    }

    /** Shows the pane called {@code name}: "tasks", "projects", "work-fetch", "disk" or "events". */
    public void selectPane(String name) {
        switch (name.toLowerCase(Locale.ROOT)) {
            case "projects":
                tabs.getSelectionModel().select(projectsTab);
                break;
            case "work-fetch":
                tabs.getSelectionModel().select(workFetchTab);
                break;
            case "disk":
                tabs.getSelectionModel().select(diskTab);
                break;
            case "events":
            case "event-log":
            case "log":
                tabs.getSelectionModel().select(eventsTab);
                break;
            default:
                tabs.getSelectionModel().select(tasksTab);
                break;
        }
    }

    @FXML
    private void openPreferences() {
        EngineSnapshot s = model.snapshotProperty().get();
        Prefs current = s == null ? Prefs.DEFAULTS : s.prefs();
        new PreferencesDialog(tabs.getScene().getWindow(), current).ask()
                .ifPresent(p -> model.submit(new EngineCommand.SetPrefs(p)));
    }

    @FXML
    private void togglePlay() {
        model.clock().togglePlay();
    }

    @FXML
    private void step() {
        model.clock().step();
    }

    @FXML
    private void quit() {
        quit.run();
    }
}

package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;
import java.util.Set;

import javafx.scene.chart.LineChart;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableView;
import javafx.scene.shape.Path;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import org.cruncher.emulator.Scenario;
import org.cruncher.gui.projects.ProjectRow;

@ExtendWith(ApplicationExtension.class)
class MainWindowTest {

    private Stage stage;
    private GuiFixture f;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void close() {
        if (f != null) {
            f.close();
        }
    }

    private static List<String> tabsInScene(TabPane tabs) {
        return tabs.getTabs().stream().filter(t -> t.getContent() != null && t.getContent().getScene() != null)
                .map(Tab::getText).toList();
    }

    /**
     * Only the pane shown is in the scene (hidden panes are neither styled nor laid out); a pane shown later is up to
     * date with the emulation.
     */
    @Test
    void onlyTheSelectedPaneIsInTheSceneAndAPaneShownLaterIsUpToDate(FxRobot robot) throws Exception {
        robot.interact(() -> f = GuiFixture.open(stage, GuiFixture.twoProjects()));
        f.awaitTime(Scenario.DEFAULT_START);
        TabPane tabs = robot.lookup("#tabs").queryAs(TabPane.class);

        assertEquals(List.of("Tasks"), tabsInScene(tabs));

        robot.interact(() -> f.main.selectPane("projects"));

        assertEquals(List.of("Projects"), tabsInScene(tabs));
        @SuppressWarnings("unchecked")
        TableView<ProjectRow> projects = robot.lookup("#table").match(n -> n.getScene() != null
                && ((TableView<?>) n).getColumns().stream().anyMatch(c -> "shareColumn".equals(c.getId())))
                .queryAs(TableView.class);
        assertEquals(Set.of("A", "B"), Set.copyOf(projects.getItems().stream()
                .map(r -> r.nameProperty().get()).toList()));
        // The debt chart got its points while hidden, and draws them now.
        LineChart<?, ?> debts = robot.lookup(n -> n instanceof LineChart).queryAs(LineChart.class);
        assertEquals(2, debts.getData().size());
        assertFalse(((Path) debts.getData().get(0).getNode()).getElements().isEmpty());

        robot.clickOn("Event log");

        assertEquals(List.of("Event log"), tabsInScene(tabs));
        assertNull(projects.getScene());
    }
}

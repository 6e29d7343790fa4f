package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javafx.scene.chart.LineChart;
import javafx.scene.control.Label;
import javafx.scene.control.Tab;
import javafx.scene.control.TabPane;
import javafx.scene.control.TableColumnBase;
import javafx.scene.control.TableView;
import javafx.scene.text.Text;
import javafx.scene.shape.Path;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.cruncher.emulator.Scenario;
import org.cruncher.gui.projects.ProjectRow;
import org.cruncher.gui.text.ColumnHeaders;

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

    /**
     * Every column named after a scheduler's term says on its header what it means (which sign of a debt is owed,
     * what a shortfall is), and every such header shows its whole title in a window of 1,400 by 860 pixels, on two
     * lines where the column is narrow ("Anticipated debt" was cut to "Anticipated d...").
     */
    @Test
    void headersOfTheSchedulersTermsSayWhatTheyMeanAndShowTheirWholeTitle(FxRobot robot) throws Exception {
        // With a GPU: the Projects pane's headers are two rows high (Long-term debt over NVIDIA GPU and CPU).
        robot.interact(() -> f = GuiFixture.open(stage, WorkFetchPaneTest.gpuNeverSupplied()));
        f.awaitTime(Scenario.DEFAULT_START);
        checkHeaders(robot, Map.of(
                "tasks", List.of("statusColumn", "remainingColumn", "deadlineColumn", "whyColumn"),
                "projects", List.of("shareColumn", "percentColumn", "targetColumn", "debtColumn",
                        "anticipatedColumn", "resourceDebtColumn", "longTermDebt", "statusColumn", "whyColumn"),
                "work-fetch", List.of("idleColumn", "saturatedColumn", "shortfallColumn", "windowColumn",
                        "fetchDebtColumn", "suppliesColumn", "backoffColumn", "intervalColumn", "queuedColumn",
                        "fetchShareColumn", "projectShortfallColumn"),
                "disk", List.of("diskUsageColumn", "diskLimitColumn", "diskPolicyColumn")));
        f.close();
        // CPU only: one row of headers, which grows to two lines for the titles that need them.
        robot.interact(() -> f = GuiFixture.open(stage, GuiFixture.twoProjects()));
        f.awaitTime(Scenario.DEFAULT_START);
        checkHeaders(robot, Map.of("projects", List.of("debtColumn", "anticipatedColumn", "resourceDebtColumn")));
    }

    private void checkHeaders(FxRobot robot, Map<String, List<String>> terms) {
        for (var pane : terms.entrySet()) {
            robot.interact(() -> f.main.selectPane(pane.getKey()));
            WaitForAsyncUtils.waitForFxEvents();
            List<TableColumnBase<?, ?>> columns = new ArrayList<>();
            robot.lookup(n -> n instanceof TableView && n.getScene() != null).queryAllAs(TableView.class)
                    .forEach(t -> addAll(columns, t.getColumns()));
            Set<String> explained = new HashSet<>();
            for (TableColumnBase<?, ?> c : columns) {
                if (ColumnHeaders.meaning(c) == null) {
                    continue;
                }
                explained.add(c.getId());
                Label title = (Label) c.getGraphic();
                Text shown = (Text) title.lookup(".text");
                assertEquals(c.getText(), shown.getText().replace('\n', ' '), pane.getKey() + ": header cut");
            }
            assertTrue(explained.containsAll(pane.getValue()), pane.getKey() + ": " + explained);
        }
    }

    private static void addAll(List<TableColumnBase<?, ?>> into, List<? extends TableColumnBase<?, ?>> columns) {
        for (TableColumnBase<?, ?> c : columns) {
            into.add(c);
            addAll(into, c.getColumns());
        }
    }
}

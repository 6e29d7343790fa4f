package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.model.Host;
import org.cruncher.gui.projects.ProjectRow;
import org.cruncher.gui.workfetch.RpcRow;

/** Seed 002 in the window: deferred contact with its cause, "Update now", and the list of recent RPCs. */
@ExtendWith(ApplicationExtension.class)
class RpcPanesTest {

    private static final double START = Scenario.DEFAULT_START;
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

    /** 1 CPU; A's server is down for the first day, B's is up. */
    private static Scenario aDown() {
        return new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", 7200, 864000)
                .outage(0, 86400).project("B", 100).cpuApp("b1", 7200, 864000).build("A down");
    }

    private void open(FxRobot robot, String pane) throws Exception {
        robot.interact(() -> {
            f = GuiFixture.open(stage, aDown());
            f.main.selectPane(pane);
        });
        f.awaitTime(START);
    }

    @SuppressWarnings("unchecked")
    private static TableView<ProjectRow> projects(FxRobot robot) {
        return robot.lookup("#table").match(n -> ((TableView<?>) n).getColumns().stream()
                .anyMatch(c -> "shareColumn".equals(c.getId()))).queryAs(TableView.class);
    }

    /** Whether the Work fetch pane's RPC table is in the scene yet (a pane is put in when it is selected). */
    private static boolean rpcsShown(FxRobot robot) {
        return robot.lookup("#rpcTable").tryQuery().isPresent();
    }

    @SuppressWarnings("unchecked")
    private static TableView<RpcRow> rpcs(FxRobot robot) {
        return robot.lookup("#rpcTable").queryAs(TableView.class);
    }

    @Test
    void aProjectWhoseServerIsDownShowsItsDeferralCountdownAndCause(FxRobot robot) throws Exception {
        // A's first contact failed: failure 1, retry in 60..120 s. Its status counts down, and its Why says why.
        open(robot, "projects");
        GuiFixture.waitUntil(() -> projects(robot).getItems().size() == 2);

        ProjectRow a = projects(robot).getItems().get(0);
        assertTrue(a.statusProperty().get().matches(".*communication deferred for (\\d+ s|[12] min) more"),
                a.statusProperty().get());
        assertTrue(a.whyProperty().get().contains("after 1 failure (contacts, tasks or master-file reads)"), a.whyProperty().get());
    }

    @Test
    void updateNowContactsTheSchedulerWhateverTheBackoff(FxRobot robot) throws Exception {
        // The user selects A and asks for an update: the engine sends a USER_REQUEST RPC at once although A is
        // backed off; it fails (A is still down) and the Work fetch pane lists it, in words.
        open(robot, "projects");
        GuiFixture.waitUntil(() -> projects(robot).getItems().size() == 2);
        robot.interact(() -> projects(robot).getSelectionModel().select(0));

        robot.clickOn("#updateButton");
        GuiFixture.waitUntil(() -> f.model.snapshotProperty().get().recentRpcs().stream()
                .anyMatch(r -> r.reason().equals("USER_REQUEST")));

        robot.interact(() -> f.main.selectPane("work-fetch"));
        GuiFixture.waitUntil(() -> rpcsShown(robot) && rpcs(robot).getItems().stream()
                .anyMatch(r -> r.reason().equals("you asked for an update")));
        RpcRow update = rpcs(robot).getItems().stream().filter(r -> r.reason().equals("you asked for an update"))
                .findFirst().orElseThrow();
        assertEquals("A", update.project());
        assertTrue(update.failed());
        assertTrue(update.outcome().startsWith("Failed: project is down"), update.outcome());
    }

    @Test
    void theRpcListShowsWhatWasAskedAndWhatCameBack(FxRobot robot) throws Exception {
        // At the start both projects are asked for CPU work: A's RPC fails (down), B's brings 2-hour jobs.
        open(robot, "work-fetch");
        GuiFixture.waitUntil(() -> rpcsShown(robot) && rpcs(robot).getItems().size() >= 2);

        RpcRow b = rpcs(robot).getItems().stream().filter(r -> r.project().equals("B")).findFirst().orElseThrow();
        assertTrue(b.requested().startsWith("CPU: "), b.requested());
        assertTrue(b.outcome().matches("\\d+ CPU tasks?.*"), b.outcome());
        assertTrue(rpcs(robot).getItems().stream().anyMatch(r -> r.project().equals("A") && r.failed()));
    }
}

package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Locale;

import javafx.scene.Node;
import javafx.scene.control.Button;
import javafx.scene.control.ButtonType;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.control.ScrollPane;
import javafx.scene.input.KeyCode;
import javafx.scene.layout.GridPane;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.gui.whatif.WhatIfDialog;

/** Emulation > What if..., opened from the Projects pane on the seeds' 75/25 case, used as a volunteer would. */
@ExtendWith(ApplicationExtension.class)
class WhatIfDialogTest {

    private static final double START = Scenario.DEFAULT_START;
    private Stage stage;
    private GuiFixture f;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> robot.listWindows().stream().filter(w -> w != stage).toList()
                .forEach(w -> ((Stage) w).close()));
        if (f != null) {
            f.close();
        }
    }

    /** 2 CPUs at 1 GFLOPS; A (75) and B (25) with one-hour jobs due in 10 days. */
    private static Scenario shares7525() {
        return new ScenarioBuilder(Host.cpuOnly(2, 1e9)).project("A", 75).cpuApp("a1", 3600, 864000)
                .project("B", 25).cpuApp("b1", 3600, 864000).build("75/25");
    }

    private void openDialog(FxRobot robot) throws Exception {
        robot.interact(() -> {
            f = GuiFixture.open(stage, shares7525());
            f.main.selectPane("projects");
        });
        f.awaitTime(START);
        robot.clickOn("#whatIfButton");
        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
    }

    private static String text(FxRobot robot, String id) {
        return robot.lookup(id).queryAs(Label.class).getText();
    }

    private static double percent(FxRobot robot, String id) {
        return Double.parseDouble(text(robot, id).replace("%", "").strip());
    }

    private static Button apply(FxRobot robot) {
        return (Button) robot.lookup(".dialog-pane").queryAs(DialogPane.class).lookupButton(WhatIfDialog.APPLY);
    }

    private static void awaitAnswer(FxRobot robot, String containing) throws Exception {
        GuiFixture.waitUntil(() -> text(robot, "#status").contains(containing));
    }

    /** "Store up to an _additional" and "_Apply changes" both took Alt+A: pressing it applied the changes. */
    @Test
    void noTwoControlsShareAnAltKey(FxRobot robot) throws Exception {
        openDialog(robot);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), MainWindowTest.clashes(
                robot.lookup(".dialog-pane").queryAs(DialogPane.class).getScene()));
    }

    @Test
    void raisingBsShareShowsFiftyFiftyBeforeItIsAppliedAndApplyPutsItInForce(FxRobot robot) throws Exception {
        openDialog(robot);
        awaitAnswer(robot, "emulated as things are:");

        // The next 30 days as things are: 75/25 of the work within a point; nothing to apply yet.
        assertEquals(75, percent(robot, "#work-as-is-0"), 1);
        assertEquals(25, percent(robot, "#work-as-is-1"), 1);
        assertEquals("75.0 %", text(robot, "#target-0"));
        assertTrue(apply(robot).isDisabled());

        // B at 75 beside A's 75: 75 / 150 = 50 % each, as its target says, and the window's emulation is untouched.
        robot.doubleClickOn("#share-1").write("75");
        awaitAnswer(robot, "with your changes (");
        assertEquals(50, percent(robot, "#work-changed-1"), 1);
        assertEquals(25, percent(robot, "#work-as-is-1"), 1);
        assertEquals("50.0 %", text(robot, "#target-1"));
        assertEquals(25, share(f.model.snapshotProperty().get(), "B"));
        assertFalse(apply(robot).isDisabled());

        robot.clickOn(apply(robot));

        GuiFixture.waitUntil(() -> share(f.model.snapshotProperty().get(), "B") == 75);
        assertTrue(robot.listWindows().stream().noneMatch(w -> w != stage && w.isShowing()), "the dialog closed");
    }

    /** The dialog opened on a corpus host with 3 projects, once it has answered. */
    private void openOnThreeProjects(FxRobot robot) throws Exception {
        f = GuiFixture.openCorpusHost(robot, stage, "michaelzhye-4cpu-3proj.xml", "projects");
        robot.clickOn("#whatIfButton");
        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        awaitAnswer(robot, "emulated as things are:");
    }

    @Test
    void everyProjectRowAndEveryLineOfTheStatusShows(FxRobot robot) throws Exception {
        // Opened on a corpus host with 3 projects, the list showed two and a half rows and the status one line of
        // two: the list's viewport now holds the whole grid (up to its greatest height) and the status its lines.
        openOnThreeProjects(robot);
        WaitForAsyncUtils.waitForFxEvents();

        ScrollPane list = robot.lookup("#projectsScroll").queryAs(ScrollPane.class);
        GridPane grid = robot.lookup("#projectsGrid").queryAs(GridPane.class);
        assertTrue(list.getViewportBounds().getHeight() >= grid.getHeight() - 1,
                list.getViewportBounds().getHeight() + " < " + grid.getHeight());
        Label status = robot.lookup("#status").queryAs(Label.class);
        assertTrue(status.getHeight() >= status.prefHeight(status.getWidth()) - 1,
                status.getHeight() + " < " + status.prefHeight(status.getWidth()));
    }

    /**
     * The answer's status is longer than the first one ("Outages, off times and failures ..."): the dialog, sized
     * at opening, kept room for it, so Close and Apply stay in the window (opened with Ctrl+I, they were cut).
     */
    @Test
    void theButtonsStayInTheDialogOnceItHasAnswered(FxRobot robot) throws Exception {
        openDialog(robot);
        awaitAnswer(robot, "emulated as things are:");
        WaitForAsyncUtils.waitForFxEvents();

        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        Button close = (Button) pane.lookupButton(ButtonType.CLOSE);
        double bottom = close.localToScene(close.getLayoutBounds()).getMaxY();
        assertTrue(bottom <= close.getScene().getHeight() + 0.5, bottom + " > " + close.getScene().getHeight());
        Label status = robot.lookup("#status").queryAs(Label.class);
        Text drawn = robot.from(status).lookup((Node n) -> n instanceof Text).queryAs(Text.class);
        assertEquals(status.getText(), drawn.getText(), "the status drawn whole");
        robot.type(KeyCode.ESCAPE);
    }

    /**
     * The error line keeps its room whether or not it says anything, so an error never pushes the dialog's buttons
     * out of it: on a corpus host with 3 projects they were pushed half out, and the layout jumped under the mouse;
     * a dialog made to grow for it still lost them under Xvfb. The dialog's size does not change with the error.
     */
    @Test
    void anErrorLineTakesNoRoomTheButtonsNeed(FxRobot robot) throws Exception {
        openOnThreeProjects(robot);
        // The dialog as tall as its content, as a small screen leaves it.
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        robot.interact(() -> {
            javafx.stage.Window w = pane.getScene().getWindow();
            w.setHeight(w.getHeight() - pane.getScene().getHeight() + pane.prefHeight(pane.getScene().getWidth()));
        });
        WaitForAsyncUtils.waitForFxEvents();

        Label error = robot.lookup("#inputError").queryAs(Label.class);
        double before = error.getHeight();
        assertTrue(before > 5, "an empty error line keeps a line's room: " + before);
        robot.doubleClickOn("#share-0").write("abc").type(KeyCode.TAB);
        GuiFixture.waitUntil(() -> text(robot, "#inputError").startsWith("Enter a number"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(before, error.getHeight(), 0.5, "the error line took the room it kept");

        Button close = (Button) pane.lookupButton(ButtonType.CLOSE);
        double bottom = close.localToScene(close.getLayoutBounds()).getMaxY();
        assertTrue(bottom <= close.getScene().getHeight() + 0.5, bottom + " > " + close.getScene().getHeight());
        robot.type(KeyCode.ESCAPE);
    }

    /** Every share at 0 is said on the error line, in grey: the engine takes it, so it is no error. */
    @Test
    void everyShareAtZeroIsSaidInGreyAndAnErrorStillInRed(FxRobot robot) throws Exception {
        openDialog(robot);
        awaitAnswer(robot, "emulated as things are:");
        Label line = robot.lookup("#inputError").queryAs(Label.class);

        robot.doubleClickOn("#share-0").write("0");
        robot.doubleClickOn("#share-1").write("0");

        GuiFixture.waitUntil(() -> text(robot, "#inputError").startsWith("Every share is 0: every project is then a "
                + "backup project"));
        assertTrue(line.getStyleClass().contains("muted") && !line.getStyleClass().contains("error"),
                line.getStyleClass()::toString);
        robot.doubleClickOn("#share-1").write("x");
        GuiFixture.waitUntil(() -> text(robot, "#inputError").startsWith("Enter a number"));
        assertTrue(line.getStyleClass().contains("error"), line.getStyleClass()::toString);
        robot.type(KeyCode.ESCAPE);
    }

    @Test
    void aShareThatIsNotANumberIsRefusedInlineAndNothingCanBeApplied(FxRobot robot) throws Exception {
        openDialog(robot);
        awaitAnswer(robot, "emulated as things are:");

        robot.doubleClickOn("#share-0").write("lots");

        assertEquals("Enter a number from 0 to 1000000000.", text(robot, "#inputError"));
        // Put right, the line goes blank again (a non-breaking space, so that it keeps its room).
        robot.eraseText(4).write("60");
        GuiFixture.waitUntil(() -> text(robot, "#inputError").equals("\u00a0"));
        robot.doubleClickOn("#share-0").eraseText(2).write("lots");

        assertTrue(robot.lookup("#share-0").query().getStyleClass().contains("invalid"));
        assertEquals("Correct the value in red to see what it would do.", text(robot, "#status"));
        assertTrue(apply(robot).isDisabled());
        robot.type(KeyCode.ESCAPE);
        GuiFixture.waitUntil(() -> robot.listWindows().stream().noneMatch(w -> w != stage && w.isShowing()));
        assertEquals(75, share(f.model.snapshotProperty().get(), "A"), "nothing was applied");
    }

    @Test
    void aLargerWorkBufferIsAppliedAsPreferencesAndTheMenuOpensTheDialogToo(FxRobot robot) throws Exception {
        robot.interact(() -> f = GuiFixture.open(stage, shares7525()));
        f.awaitTime(START);
        robot.clickOn("Emulation").clickOn("What if...");
        GuiFixture.waitUntil(() -> robot.lookup("#additionalDaysField").tryQuery().isPresent());
        awaitAnswer(robot, "emulated as things are:");

        robot.doubleClickOn("#additionalDaysField").write("2");
        awaitAnswer(robot, "with your changes (");
        // Fewer scheduler requests for a buffer 2.1 days deep than for 0.6: each brings more jobs.
        long asIs = Long.parseLong(text(robot, "#figure-as-is-3"));
        long changed = Long.parseLong(text(robot, "#figure-changed-3"));
        assertTrue(changed < asIs, changed + " against " + asIs);
        robot.clickOn(apply(robot));

        GuiFixture.waitUntil(() -> f.model.snapshotProperty().get().prefs().workBufAdditionalDays() == 2);
    }

    /**
     * On an 800 x 600 screen, with five projects (as the demo has), Close and Apply stay in the dialog and the first
     * line's "Emulate the next" is whole: a row for the disk limit and a line for "Disk used at most" pushed the
     * buttons 40 pixels out under the dialog's bottom edge, and the longer first line cut its label to "Emulate the
     * ...".
     */
    @Test
    void atEightHundredBySixHundredTheButtonsAndTheFirstLineStayWhole(FxRobot robot) throws Exception {
        ScenarioBuilder b = new ScenarioBuilder(Host.cpuOnly(2, 1e9));
        for (String name : List.of("A", "B", "C", "D", "E")) {
            b.project(name, 100).cpuApp(name.toLowerCase(Locale.ROOT) + "1", 3600, 864000);
        }
        Scenario five = b.build("five projects");
        robot.interact(() -> {
            f = GuiFixture.open(stage, five);
            f.main.selectPane("projects");
        });
        f.awaitTime(START);
        robot.clickOn("#whatIfButton");
        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        awaitAnswer(robot, "emulated as things are:");
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        robot.interact(() -> {
            javafx.stage.Window w = pane.getScene().getWindow();
            w.setWidth(800);
            w.setHeight(600);
        });
        WaitForAsyncUtils.waitForFxEvents();

        Button close = (Button) pane.lookupButton(ButtonType.CLOSE);
        double bottom = close.localToScene(close.getLayoutBounds()).getMaxY();
        assertTrue(bottom <= close.getScene().getHeight() + 0.5, bottom + " > " + close.getScene().getHeight());
        Label days = robot.lookup("#daysLabel").queryAs(Label.class);
        Text drawn = robot.from(days).lookup((Node n) -> n instanceof Text).queryAs(Text.class);
        assertEquals("Emulate the next", drawn.getText());
        // Every project's row and every column in view (QA: three and a half rows of five, behind a sideways scroll
        // bar that hid "Deadlines missed"): the columns narrow to the list's width, and the status, beside the
        // figures, leaves the list the height of its rows.
        ScrollPane list = robot.lookup("#projectsScroll").queryAs(ScrollPane.class);
        GridPane grid = robot.lookup("#projectsGrid").queryAs(GridPane.class);
        assertTrue(list.getViewportBounds().getHeight() >= grid.getHeight() - 1,
                "five rows: " + list.getViewportBounds().getHeight() + " < " + grid.getHeight());
        assertTrue(list.getViewportBounds().getWidth() >= grid.getWidth() - 1,
                "every column: " + list.getViewportBounds().getWidth() + " < " + grid.getWidth());
        Label lastFigure = robot.lookup("#missed-changed-4").queryAs(Label.class);
        double right = lastFigure.localToScene(lastFigure.getLayoutBounds()).getMaxX();
        assertTrue(right <= pane.getScene().getWidth(), right + " > " + pane.getScene().getWidth());
        robot.type(KeyCode.ESCAPE);
    }

    /** A disk limit tried in the dialog is put in force as preferences, the other disk figures kept. */
    @Test
    void aDiskLimitTriedIsAppliedAsPreferences(FxRobot robot) throws Exception {
        openDialog(robot);
        awaitAnswer(robot, "emulated as things are:");

        robot.doubleClickOn("#diskMaxGbField").write("2");
        awaitAnswer(robot, "with your changes (");
        robot.clickOn(apply(robot));

        GuiFixture.waitUntil(() -> f.model.snapshotProperty().get().prefs().diskMaxUsedGb() == 2);
        assertEquals(Prefs.DEFAULTS.diskMaxUsedPct(), f.model.snapshotProperty().get().prefs().diskMaxUsedPct());
    }

    @Test
    void changesAreNotAppliedToAnotherEmulationOpenedMeanwhile(FxRobot robot) throws Exception {
        openDialog(robot);
        awaitAnswer(robot, "emulated as things are:");
        robot.doubleClickOn("#share-1").write("75");
        awaitAnswer(robot, "with your changes (");

        // Another emulation starts while the dialog is open (a file being read when it was opened, say).
        robot.interact(() -> f.model.start(f.model.prepare(shares7525(), 2),
                org.cruncher.emulator.EmulatorDriver.Speed.HOUR_PER_SECOND, false, ""));
        robot.clickOn(apply(robot));

        GuiFixture.waitUntil(() -> f.model.noticeProperty().get().startsWith("Nothing applied"));
        assertEquals(25, share(f.model.snapshotProperty().get(), "B"));
    }

    private static double share(EngineSnapshot s, String name) {
        return s.projects().stream().filter(p -> p.name().equals(name)).mapToDouble(ProjectView::resourceShare)
                .findFirst().orElseThrow();
    }
}

package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import javafx.scene.Node;
import javafx.scene.control.CheckBox;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Hyperlink;
import javafx.scene.control.Label;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.control.skin.TableColumnHeader;
import javafx.scene.image.Image;
import javafx.scene.input.KeyCode;
import javafx.scene.text.Text;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.persist.SampleScenarios;

@ExtendWith(ApplicationExtension.class)
class CruncherAppTest {

    private Stage stage;
    private CruncherApp app;

    @TempDir
    Path tmp;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @AfterEach
    void close() {
        if (app != null) {
            app.stop();
        }
    }

    @Test
    void startsOnTheDemoOfThisComputerAndTheClockAdvances(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString()))));

        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        EngineSnapshot first = app.model().snapshotProperty().get();
        assertEquals(Runtime.getRuntime().availableProcessors(), first.host().cpus());
        assertEquals(5, first.projects().size());
        assertTrue(first.host().gpus().size() >= 1, "a real GPU, or the labelled emulated one");
        assertTrue(stage.getTitle().startsWith("Cruncher - Demo on"));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get().time() > first.time() + 600);
        GuiFixture.waitUntil(() -> !app.model().tasks().rows().isEmpty());
        assertTrue(app.model().hostSummaryProperty().get().contains("CPUs"));
        // The figures of merit say what they mean on hovering: the demo's share violation is high by design.
        GuiFixture.waitUntil(() -> app.model().figuresProperty().get().startsWith("Share violation"));
        Label figures = robot.lookup((Node n) -> n instanceof Label && ((Label) n).getText() != null
                && ((Label) n).getText().startsWith("Share violation")).queryAs(Label.class);
        // The figures whole first (a narrow window drops their notes), the meaning after them.
        String tip = figures.getTooltip().getText();
        assertTrue(tip.startsWith("Share violation") && tip.endsWith("\n\n" + MainWindowView.FIGURES_MEANING), tip);
        // The window carries Cruncher's icon at each size a window manager picks from.
        assertEquals(List.of(16.0, 32.0, 48.0, 64.0, 128.0, 256.0),
                stage.getIcons().stream().map(Image::getWidth).toList());
    }

    /**
     * The demo says what it is at each start until the user closes that bar, which the data folder then remembers
     * (QA: restored at the next start, the demo no longer said it, though the bar had never been closed).
     */
    @Test
    void theDemosHintComesBackUntilItIsClosed(FxRobot robot) throws Exception {
        startPaused(robot);
        GuiFixture.waitUntil(() -> app.model().sampleHintProperty().get().equals(ManagerModel.DEMO_HINT));
        app.stop();

        startPaused(robot);
        assertTrue(app.model().noticeProperty().get().startsWith("Restored Demo on"),
                app.model().noticeProperty().get());
        GuiFixture.waitUntil(() -> app.model().sampleHintProperty().get().equals(ManagerModel.DEMO_HINT));
        assertTrue(robot.lookup("#sampleBar").query().isVisible());
        robot.interact(() -> robot.lookup("#closeSampleHintButton").queryButton().fire());
        assertFalse(robot.lookup("#sampleBar").query().isVisible());
        app.stop();
        assertTrue(Files.readString(tmp.resolve(WindowMemory.FILE)).contains("demoHint.closed=true"));

        startPaused(robot);
        assertTrue(app.model().noticeProperty().get().startsWith("Restored Demo on"),
                app.model().noticeProperty().get());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("", app.model().sampleHintProperty().get(), "closed once, not shown again");
    }

    /**
     * A global_prefs_override.xml that cannot be read is one note on reading at each start, not one more with each
     * restart (QA: the demo restored held its first start's note, and the restart added it again: "2 notes").
     */
    @Test
    void anUnreadableOverrideIsOneNoteOnReadingAfterARestart(FxRobot robot) throws Exception {
        Files.writeString(tmp.resolve("global_prefs_override.xml"), "<global_preferences><work_buf_min_days>");
        startPaused(robot);
        GuiFixture.waitUntil(() -> !app.model().inferredProperty().get().notes().isEmpty());
        app.stop();

        startPaused(robot);
        GuiFixture.waitUntil(() -> app.model().noticeProperty().get().startsWith("Restored Demo on"));
        WaitForAsyncUtils.waitForFxEvents();
        List<String> unread = app.model().inferredProperty().get().notes().stream()
                .filter(n -> n.startsWith("global_prefs_override.xml not read")).toList();
        assertEquals(1, unread.size(), unread.toString());
    }

    /** Starts Cruncher, paused, on the data folder {@link #tmp}, and waits for the first snapshot. */
    private void startPaused(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
    }

    /**
     * A volunteer opens a sample from the menu; it is copied into the data folder and runs, the status bar says what
     * to watch, and the next start opens where they left off: the sample, not the demo.
     */
    @Test
    void aSampleOpenedFromTheMenuIsWhereTheNextStartOpens(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);

        robot.clickOn("File").clickOn("Open sample").clickOn("Two projects sharing 2 CPUs 75/25");

        GuiFixture.waitUntil(() -> stage.getTitle().equals("Cruncher - shares-75-25"));
        assertTrue(Files.isRegularFile(tmp.resolve("samples/shares-75-25/client_state.xml")));
        // (and where the emulation it replaced is kept, once that is written)
        assertTrue(app.model().noticeProperty().get().startsWith(
                "Opened the sample \u201cTwo projects sharing 2 CPUs 75/25\u201d"), app.model().noticeProperty().get());
        // What to watch is longer than the status bar has room for (it was cut at 1,280 pixels): a bar under the
        // clock shows it whole, wrapped if it must be.
        String hint = "What to watch in \u201cTwo projects sharing 2 CPUs 75/25\u201d: the debts rock by half an hour";
        assertTrue(app.model().sampleHintProperty().get().startsWith(hint), app.model().sampleHintProperty().get());
        Label shown = robot.lookup("#sampleHint").queryAs(Label.class);
        assertTrue(shown.isVisible());
        assertEquals(app.model().sampleHintProperty().get(), shown.getText());
        // Drawn once laid out: the demo's hint was still drawn a pulse after the label took the sample's (CI).
        GuiFixture.waitUntil(() -> robot.from(shown).lookup((Node n) -> n instanceof Text).tryQuery()
                .map(t -> ((Text) t).getText().equals(shown.getText())).orElse(false));
        Text drawn = robot.from(shown).lookup((Node n) -> n instanceof Text).queryAs(Text.class);
        assertEquals(shown.getText(), drawn.getText(), "not cut");
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get().projects().size() == 2);
        app.stop();

        // The next start restores the sample and says again what to watch; closing the bar hides it.
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        assertEquals("Cruncher - shares-75-25", stage.getTitle());
        assertEquals(List.of("Protein Folding Lab", "Climate Ensemble"), app.model().snapshotProperty().get()
                .projects().stream().map(p -> p.name()).toList());
        GuiFixture.waitUntil(() -> app.model().sampleHintProperty().get().startsWith(hint));
        // Reached with Tab too, as a volunteer without a mouse closes it (QA: Tab never landed on it).
        javafx.scene.control.Button close = robot.lookup("#closeSampleHintButton").queryButton();
        assertTrue(close.isFocusTraversable());
        robot.interact(() -> close.requestFocus());
        robot.type(javafx.scene.input.KeyCode.SPACE);
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(robot.lookup("#sampleBar").query().isVisible());

        // Shown again with the next sample, and gone with the next emulation that is not one.
        SampleScenarios.Sample deadlines = SampleScenarios.list().stream()
                .filter(x -> x.title().equals("Deadlines on one CPU")).findFirst().orElseThrow();
        robot.interact(() -> app.model().openSample(deadlines, tmp.resolve("samples"),
                EmulatorDriver.Speed.HOUR_PER_SECOND, false, e -> { }));
        GuiFixture.waitUntil(() -> app.model().sampleHintProperty().get().startsWith(
                "What to watch in \u201cDeadlines on one CPU\u201d"));
        robot.interact(() -> app.model().start(app.model().prepare(GuiFixture.twoProjects(), 1),
                EmulatorDriver.Speed.HOUR_PER_SECOND, false, ""));
        assertEquals("", app.model().sampleHintProperty().get());
        assertFalse(robot.lookup("#sampleBar").query().isVisible());
    }

    /**
     * The window opens as it was left: where and how big, on the pane shown, at the speed chosen, paused. A --speed
     * on the command line wins over the remembered one.
     */
    @Test
    void theNextStartOpensTheWindowAsItWasLeft(FxRobot robot) throws Exception {
        // The stage is the one every test class shares: it is given back as it was, or the next class's window
        // would open at this test's size.
        double[] was = {stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()};
        try {
            leaveAndReopen(robot);
        } finally {
            robot.interact(() -> {
                stage.setX(was[0]);
                stage.setY(was[1]);
                stage.setWidth(was[2]);
                stage.setHeight(was[3]);
            });
        }
    }

    /**
     * A share typed and the window closed before Enter (Ctrl+Q, or the close button): it is applied, as a click
     * elsewhere would apply it, and the state saved at the close has it (it was dropped without a word).
     */
    @Test
    void aShareBeingTypedWhenTheWindowClosesIsAppliedAndKept(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString(), "--paused",
                "--pane", "projects"))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null
                && !app.model().snapshotProperty().get().projects().isEmpty());
        String first = app.model().snapshotProperty().get().projects().get(0).url();
        TableView<?> projects = robot.lookup("#table").match(n -> n.getScene() != null && ((TableView<?>) n)
                .getColumns().stream().anyMatch(c -> "shareColumn".equals(c.getId()))).queryAs(TableView.class);
        robot.interact(() -> {
            @SuppressWarnings("unchecked")
            TableColumn<Object, ?> share = (TableColumn<Object, ?>) projects.getColumns().stream()
                    .filter(c -> "shareColumn".equals(c.getId())).findFirst().orElseThrow();
            ((TableView<Object>) projects).edit(0, share);
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> robot.lookup(".table-view .text-field").queryAs(javafx.scene.control.TextField.class)
                .setText("321"));

        robot.interact(() -> app.stop());

        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString(), "--paused"))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        assertEquals(321, app.model().snapshotProperty().get().projects().stream()
                .filter(p -> p.url().equals(first)).findFirst().orElseThrow().resourceShare());
        robot.interact(() -> app.stop());
    }

    private void leaveAndReopen(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null
                && app.model().clock().playingProperty().get());
        // The Tasks table sorted by deadline, latest first (two clicks on its header), and only the tasks at risk.
        Node deadlineHeader = robot.lookup(n -> n instanceof TableColumnHeader h
                && h.getTableColumn() != null && "deadlineColumn".equals(h.getTableColumn().getId())).query();
        robot.clickOn(deadlineHeader).clickOn(deadlineHeader).clickOn("#atRiskOnly");
        robot.clickOn("Projects");
        robot.interact(() -> {
            app.model().clock().speedProperty().set(EmulatorDriver.Speed.DAY_PER_SECOND);
            app.model().clock().togglePlay();
            stage.setX(30);
            stage.setY(20);
            stage.setWidth(1000);
            stage.setHeight(700);
        });
        // The pause is in force once a snapshot says the emulation stopped (one on its way may say it runs).
        GuiFixture.waitUntil(() -> !app.model().snapshotProperty().get().driver().running()
                && !app.model().clock().playingProperty().get());
        robot.interact(() -> app.stop());
        String written = Files.readString(tmp.resolve(WindowMemory.FILE));
        assertTrue(written.contains("pane=projects") && written.contains("tasks.sort=deadline descending")
                && written.contains("tasks.atRiskOnly=true") && written.contains("tasks.activeOnly=false"), written);
        // The session ends once: a second stop (the shutdown hook after the window closed) writes nothing again.
        Files.copy(tmp.resolve(WindowMemory.FILE), tmp.resolve("kept.properties"));
        Files.delete(tmp.resolve(WindowMemory.FILE));
        robot.interact(() -> app.stop());
        assertFalse(Files.exists(tmp.resolve(WindowMemory.FILE)));
        Files.move(tmp.resolve("kept.properties"), tmp.resolve(WindowMemory.FILE));

        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        assertEquals("Projects", robot.lookup(".tab-pane").queryAs(javafx.scene.control.TabPane.class)
                .getSelectionModel().getSelectedItem().getText());
        assertEquals(org.cruncher.emulator.EmulatorDriver.Speed.DAY_PER_SECOND,
                app.model().clock().speedProperty().get());
        assertEquals(false, app.model().clock().playingProperty().get());
        assertEquals(List.of(30.0, 20.0, 1000.0, 700.0),
                List.of(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight()));
        robot.clickOn("Tasks");
        TableView<?> tasks = robot.lookup("#table").match(n -> n.getScene() != null && ((TableView<?>) n)
                .getColumns().stream().anyMatch(c -> "deadlineColumn".equals(c.getId()))).queryAs(TableView.class);
        assertEquals("deadlineColumn", tasks.getSortOrder().get(0).getId());
        assertEquals(1, tasks.getSortOrder().size());
        assertEquals(TableColumn.SortType.DESCENDING, tasks.getSortOrder().get(0).getSortType());
        assertTrue(robot.lookup("#atRiskOnly").queryAs(CheckBox.class).isSelected());
        assertFalse(robot.lookup("#activeOnly").queryAs(CheckBox.class).isSelected());
        robot.interact(() -> app.stop());

        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--speed", "1min", "--data-dir",
                tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        assertEquals(org.cruncher.emulator.EmulatorDriver.Speed.MINUTE_PER_SECOND,
                app.model().clock().speedProperty().get());
        robot.interact(() -> app.stop());

        // Closed at once, before the emulation is shown: the speed and pause it opened with are kept, not the
        // clock bar's own defaults (running, 1 h/s) written over them.
        app = new CruncherApp();
        robot.interact(() -> {
            app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString())));
            app.stop();
        });
        String kept = Files.readString(tmp.resolve(WindowMemory.FILE));
        assertTrue(kept.contains("speed=MINUTE_PER_SECOND") && kept.contains("paused=true"), kept);
        app = null;
    }

    /**
     * The process ended from outside (SIGTERM at a logout) while the FX thread does not take the work: the session
     * is ended anyway, the window's place written. Here the FX thread hangs, so the hook does the work itself after
     * a second; it once waited five and saved nothing. (A real signal, checked by hand under Xvfb: the process ends
     * in about 1.5 s, without JavaFX's stack traces.)
     */
    @Test
    void theShutdownHookSavesTheSessionWhenTheFxThreadDoesNotTakeIt(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        robot.clickOn("Projects");
        java.util.concurrent.CountDownLatch release = new java.util.concurrent.CountDownLatch(1);
        javafx.application.Platform.runLater(() -> {
            try {
                release.await(15, java.util.concurrent.TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });

        long start = System.nanoTime();
        app.stopOnTheFxThread();
        double seconds = (System.nanoTime() - start) / 1e9;
        release.countDown();

        assertTrue(seconds < 8, "ended in " + seconds + " s");
        assertTrue(Files.readString(tmp.resolve(WindowMemory.FILE)).contains("pane=projects"));
    }

    /**
     * Opening another emulation keeps the one it replaces under state/earlier/, says so, and leaves it readable:
     * nothing the volunteer was watching is lost.
     */
    @Test
    void anEmulationReplacedByAnotherIsKept(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null
                && java.nio.file.Files.exists(tmp.resolve("state").resolve("client_state.xml")));
        String demo = stage.getTitle();

        robot.clickOn("File").clickOn("Open sample").clickOn("Two projects sharing 2 CPUs 75/25");

        GuiFixture.waitUntil(() -> app.model().noticeProperty().get().contains("the emulation before is kept as "));
        Path earlier = tmp.resolve("state").resolve("earlier");
        List<Path> kept;
        try (var files = java.nio.file.Files.list(earlier)) {
            kept = files.toList();
        }
        assertEquals(1, kept.size(), kept.toString());
        assertTrue(kept.get(0).getFileName().toString().endsWith("-client_state.xml"), kept.toString());
        assertEquals(demo, "Cruncher - " + new org.cruncher.persist.ScenarioReader().read(kept.get(0)).name());
        // Named from the data folder, so that the status bar has room for it.
        assertTrue(app.model().noticeProperty().get().endsWith("kept as state/earlier/" + kept.get(0).getFileName()),
                app.model().noticeProperty().get());
    }

    /**
     * A start with --scenario replaces the emulation saved last time: that one is kept under state/earlier/ as when a
     * file is opened from the menu, not overwritten unannounced; a plain start restores it and keeps nothing.
     */
    @Test
    void aScenarioGivenAtStartKeepsTheEmulationSavedLastTime(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null
                && Files.exists(tmp.resolve("state").resolve("client_state.xml")));
        String demo = stage.getTitle();
        app.stop();
        app = new CruncherApp();
        String[] saidMeanwhile = new String[1];
        robot.interact(() -> {
            app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString())));
            saidMeanwhile[0] = app.model().hostSummaryProperty().get();
        });
        // While the state is read, the status bar says so (it said "Detecting this computer...").
        assertEquals("Restoring the saved state...", saidMeanwhile[0]);
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        assertEquals(demo, stage.getTitle());
        assertFalse(Files.exists(tmp.resolve("state").resolve("earlier")), "a restore keeps nothing aside");
        app.stop();

        Path scenario = SampleScenarios.copyTo(SampleScenarios.list().get(0), tmp.resolve("copy"));
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString(),
                "--scenario", scenario.toString()))));

        GuiFixture.waitUntil(() -> app.model().noticeProperty().get().contains("the emulation before is kept as "));
        List<Path> kept;
        try (var files = Files.list(tmp.resolve("state").resolve("earlier"))) {
            kept = files.toList();
        }
        assertEquals(1, kept.size(), kept.toString());
        assertEquals(demo, "Cruncher - " + new org.cruncher.persist.ScenarioReader().read(kept.get(0)).name());
    }

    /**
     * A data folder the state cannot be saved in (here its "state" is a file, not a folder): the first failure opens
     * a dialog, since the notice may be cut short and the session would be lost unnoticed; later ones only the notice.
     */
    @Test
    void aStateThatCannotBeSavedIsSaidInADialog(FxRobot robot) throws Exception {
        java.nio.file.Files.writeString(tmp.resolve("state"), "not a folder");
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        robot.interact(() -> app.model().saveNow());

        GuiFixture.waitUntil(() -> !app.model().saveProblemProperty().get().isEmpty());
        assertTrue(app.model().saveProblemProperty().get().startsWith("Cannot save the state in "),
                app.model().saveProblemProperty().get());
        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertEquals("Cannot save the state", dialog.getHeaderText());
        assertTrue(dialog.getContentText().contains("--data-dir"), dialog.getContentText());
        robot.interact(() -> ((Stage) dialog.getScene().getWindow()).close());
    }

    /**
     * Preferences that cannot be written (here the override's place holds a folder with a file in it) are said in a
     * dialog, since the state's own failures to save would replace the notice at once, with what the next start does:
     * it restores them with the saved state, the folder being no file it reads (the dialog said it read "the figures
     * the file still holds"; QA).
     */
    @Test
    void preferencesThatCannotBeWrittenAreSaidInADialog(FxRobot robot) throws Exception {
        java.nio.file.Path blocked = tmp.resolve("global_prefs_override.xml");
        java.nio.file.Files.createDirectories(blocked);
        java.nio.file.Files.writeString(blocked.resolve("x"), "x");

        DialogPane dialog = applyNinetyMinutes(robot);

        assertEquals("Preferences not saved: " + blocked + ": is a folder, not a file\n\nThe figures you applied are "
                + "in force in this emulation and are saved with its state: the next start restores them from there, "
                + "as global_prefs_override.xml cannot be read. It is left as it is; correct or delete it for the "
                + "figures you change to be written there.", dialog.getContentText());
        robot.interact(() -> ((Stage) dialog.getScene().getWindow()).close());
        assertEquals(90, periodAfterARestart(robot), "the figure applied, as the dialog says");
    }

    /**
     * Preferences applied over a global_prefs_override.xml that cannot be read are not written into it, and the
     * dialog says that the next start restores them from the saved state, the file being unreadable (QA: it said the
     * next start "reads the figures the file still holds", which it cannot; 90 came back). The next start says again
     * that the file cannot be read.
     */
    @Test
    void preferencesNotWrittenOverAnUnreadableFileAreSaidToComeBackWithTheState(FxRobot robot) throws Exception {
        java.nio.file.Path override = tmp.resolve("global_prefs_override.xml");
        java.nio.file.Files.writeString(override, "garbage");

        DialogPane dialog = applyNinetyMinutes(robot);

        assertEquals("Preferences not saved: " + override + ":1: text comes before the first element, beginning with "
                + "'g' (not an XML file?) (not overwritten)\n\nThe figures you applied are in force in this emulation "
                + "and are saved with its state: the next start restores them from there, as "
                + "global_prefs_override.xml cannot be read. It is left as it is; correct or delete it for the "
                + "figures you change to be written there.", dialog.getContentText());
        robot.interact(() -> ((Stage) dialog.getScene().getWindow()).close());
        assertEquals(90, periodAfterARestart(robot), "the figure applied, as the dialog says");
        assertEquals("garbage", java.nio.file.Files.readString(override));
        assertTrue(app.model().noticeProperty().get().contains("global_prefs_override.xml not read"),
                app.model().noticeProperty().get());
    }

    /**
     * Starts on the demo, applies a scheduling period of 90 minutes and waits for the engine to take it and for the
     * "Cannot save the preferences" dialog, which it returns.
     */
    private DialogPane applyNinetyMinutes(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        robot.interact(() -> app.model().setPrefs(app.model().snapshotProperty().get().prefs()
                .withCpuSchedulingPeriodMinutes(90)));

        GuiFixture.waitUntil(() -> !app.model().prefsProblemProperty().get().isEmpty());
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get().prefs().cpuSchedulingPeriodMinutes() == 90);
        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertEquals("Cannot save the preferences", dialog.getHeaderText());
        return dialog;
    }

    /** Closes the window (its state saved) and starts again on the same data folder: the period then in force. */
    private double periodAfterARestart(FxRobot robot) throws Exception {
        app.stop();
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        GuiFixture.waitUntil(() -> app.model().noticeProperty().get().startsWith("Restored"));
        return app.model().snapshotProperty().get().prefs().cpuSchedulingPeriodMinutes();
    }

    /** The demo's state is saved in the data folder; the next start restores it, and says so. */
    @Test
    void theNextStartRestoresTheSavedState(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null
                && app.model().snapshotProperty().get().time() > app.model().snapshotProperty().get().driver()
                .startTime() + 3600);
        app.stop();
        Path saved = tmp.resolve("state").resolve("client_state.xml");
        assertTrue(java.nio.file.Files.exists(saved), "the state was saved on closing");
        org.cruncher.emulator.Scenario savedScenario = new org.cruncher.persist.ScenarioReader().read(saved);
        double savedTime = savedScenario.startTime();
        assertTrue(savedScenario.figures().used() > 0, "the figures' sums were saved with it");

        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));

        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        assertEquals(savedTime, app.model().snapshotProperty().get().time(), 1e-6, "it goes on where it stopped");
        assertEquals(new org.cruncher.emulator.Emulation(savedScenario, 1, x -> { }).figuresSoFar(),
                app.model().snapshotProperty().get().figures(), "and so do the status bar's figures");
        assertTrue(stage.getTitle().startsWith("Cruncher - Demo on"), stage.getTitle());
        assertTrue(app.model().noticeProperty().get().startsWith("Restored Demo on"),
                app.model().noticeProperty().get());
        // The Event log goes on from the decisions it showed before the restart (the restored engine's own come at
        // the saved time and after).
        assertEquals(savedScenario.events().stream().filter(e -> e.time() < savedTime).count(),
                app.model().events().allRows().stream().filter(r -> r.eventTime() < savedTime).count());
        assertTrue(savedScenario.events().size() > 10, "an hour of the demo's decisions was saved");
    }

    /**
     * Starts and closes the window once, so that a state is saved, then writes the data folder's
     * global_prefs_override.xml with {@code text}, 10 s newer than that state, as if edited while Cruncher was closed.
     */
    private Path overrideWrittenAfterASavedState(FxRobot robot, String text) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        app.stop();
        Path saved = tmp.resolve("state").resolve("client_state.xml");
        Path override = tmp.resolve("global_prefs_override.xml");
        java.nio.file.Files.writeString(override, text);
        java.nio.file.Files.setLastModifiedTime(override, java.nio.file.attribute.FileTime.fromMillis(
                java.nio.file.Files.getLastModifiedTime(saved).toMillis() + 10_000));
        return override;
    }

    /**
     * global_prefs_override.xml changed by hand while Cruncher was closed takes effect at the next start, as BOINC
     * reads it at each start; one older than the saved state (Cruncher's own, written on applying) changes nothing.
     */
    @Test
    void anOverrideFileEditedSinceTheStateWasSavedTakesEffectOnTheNextStart(FxRobot robot) throws Exception {
        Path override = overrideWrittenAfterASavedState(robot, "<global_preferences>\n   <max_ncpus_pct>50"
                + "</max_ncpus_pct>\n   <work_buf_min_days>0.3</work_buf_min_days>\n</global_preferences>\n");

        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null
                && app.model().snapshotProperty().get().prefs().workBufMinDays() == 0.3);

        assertEquals(50, app.model().snapshotProperty().get().prefs().maxNcpusPct(), 1e-9);
        assertTrue(app.model().noticeProperty().get().endsWith("; preferences read from " + override
                + ", changed since"), app.model().noticeProperty().get());
    }

    /**
     * A global_prefs_override.xml edited since the state was saved that cannot be read is said on stderr in one line
     * naming the file, line and problem, as well as in the notice (QA: only a tooltip of a cut-off status-bar cell
     * said it), and is kept as it is.
     */
    @Test
    void anUnreadableOverrideFileIsSaidOnStderrAndKept(FxRobot robot) throws Exception {
        String broken = "<global_preferences><work_buf_min_days>oops</work_buf_min_days><cpu_usage_limit";
        Path override = overrideWrittenAfterASavedState(robot, broken);
        java.io.ByteArrayOutputStream err = new java.io.ByteArrayOutputStream();
        java.io.PrintStream was = System.err;
        System.setErr(new java.io.PrintStream(err, true, java.nio.charset.StandardCharsets.UTF_8));
        try {
            app = new CruncherApp();
            robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir",
                    tmp.toString()))));
            GuiFixture.waitUntil(() -> app.model().noticeProperty().get().contains("not read"));
        } finally {
            System.setErr(was);
        }

        List<String> lines = err.toString(java.nio.charset.StandardCharsets.UTF_8).lines()
                .filter(l -> l.contains("global_prefs_override")).toList();
        assertEquals(1, lines.size(), lines.toString());
        // Cut short in a tag: said in words, not as the parser's "Unexpected end of input block" (QA).
        assertTrue(lines.get(0).startsWith("cruncher: " + override + ":1: the file ends in the middle of a tag: it "
                + "may have been cut short"), lines.get(0));
        assertTrue(lines.get(0).endsWith("; not read, the preferences saved with the state stay in force"),
                lines.get(0));
        assertEquals(broken, java.nio.file.Files.readString(override));
    }

    /** A saved state that cannot be read is set aside (kept), the user is told, and the demo starts. */
    @Test
    void anUnreadableSavedStateIsKeptAndTheDemoStarts(FxRobot robot) throws Exception {
        Path state = tmp.resolve("state");
        java.nio.file.Files.createDirectories(state);
        java.nio.file.Files.writeString(state.resolve("client_state.xml"), "<client_state><host_info>");
        app = new CruncherApp();

        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));

        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        assertTrue(stage.getTitle().startsWith("Cruncher - Demo on"), stage.getTitle());
        assertTrue(java.nio.file.Files.exists(state.resolve("client_state.xml.unreadable")), "the file is kept");
        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        String text = robot.lookup(".dialog-pane").queryAs(javafx.scene.control.DialogPane.class).getContentText();
        assertTrue(text.contains("client_state.xml:1: the file ends before <host_info> is closed: it may have been "
                + "cut short"), text);
        robot.interact(() -> robot.lookup(".dialog-pane").queryAs(javafx.scene.control.DialogPane.class)
                .getScene().getWindow().hide());
    }

    /**
     * When the last saved state cannot be read and the one before it can, that one is restored and a dialog says so,
     * with the reason and the earlier moment it goes on from: the status bar alone cut the reason off at 1,280
     * pixels, and the emulated time lost went unnoticed.
     */
    @Test
    void aStateRestoredFromTheOneBeforeTheLastIsSaidInADialog(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        app.stop();
        Path state = tmp.resolve("state");
        java.nio.file.Files.move(state.resolve("client_state.xml"), state.resolve("client_state_prev.xml"),
                java.nio.file.StandardCopyOption.REPLACE_EXISTING);
        java.nio.file.Files.writeString(state.resolve("client_state.xml"), "<client_state><host_info>");

        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));

        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        javafx.scene.control.DialogPane pane = robot.lookup(".dialog-pane")
                .queryAs(javafx.scene.control.DialogPane.class);
        assertEquals("Restored the state saved before the last one", pane.getHeaderText());
        String text = pane.getContentText();
        assertTrue(text.contains("client_state.xml:1: the file ends before <host_info> is closed: it may have been "
                + "cut short"), text);
        assertTrue(text.contains("kept as client_state.xml.unreadable"), text);
        assertTrue(text.contains("(client_state_prev.xml)"), text);
        assertTrue(app.model().noticeProperty().get().startsWith("Restored Demo on"),
                app.model().noticeProperty().get());
        robot.interact(() -> pane.getScene().getWindow().hide());
    }

    /** Neither saved state can be read: both are kept, and the dialog names both. */
    @Test
    void whenNeitherSavedStateCanBeReadBothAreKeptAndNamed(FxRobot robot) throws Exception {
        Path state = tmp.resolve("state");
        java.nio.file.Files.createDirectories(state);
        java.nio.file.Files.writeString(state.resolve("client_state.xml"), "<client_state><host_info>");
        java.nio.file.Files.writeString(state.resolve("client_state_prev.xml"), "<client_state>");
        app = new CruncherApp();

        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));

        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        javafx.scene.control.DialogPane pane = robot.lookup(".dialog-pane")
                .queryAs(javafx.scene.control.DialogPane.class);
        String text = pane.getContentText();
        assertTrue(text.contains("The files are kept as " + state.resolve("client_state.xml.unreadable") + " and "
                + state.resolve("client_state_prev.xml.unreadable")), text);
        assertTrue(java.nio.file.Files.exists(state.resolve("client_state_prev.xml.unreadable")));
        robot.interact(() -> pane.getScene().getWindow().hide());
    }

    /**
     * What was inferred on reading a --scenario is not thrown away: the status bar links to it (a notice line cut at
     * the window's edge hid it), and the notice names the file before its folder.
     */
    @Test
    void whatWasInferredFromAScenarioIsLinkedFromTheStatusBar(FxRobot robot) throws Exception {
        Path file = Path.of("src/test/resources/corpus/client_state/michaelzhye-4cpu-3proj.xml").toAbsolutePath();
        app = new CruncherApp();

        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString(),
                "--scenario", file.toString()))));

        GuiFixture.waitUntil(() -> app.model().noticeProperty().get().startsWith("Opened "));
        assertEquals("Opened michaelzhye-4cpu-3proj.xml from " + file.getParent(),
                app.model().noticeProperty().get());
        Hyperlink link = robot.lookup("#inferredLink").queryAs(Hyperlink.class);
        int notes = app.model().inferredProperty().get().notes().size();
        assertTrue(notes > 1, "notes: " + notes);
        assertEquals(notes + " notes on reading", link.getText());
        assertTrue(link.isVisible());

        robot.interact(link::fire);

        // Its <connected_frac> is 0 beside a network that was there: the volunteer is told how Cruncher took it.
        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertTrue(dialog.getContentText().contains("the 0 is taken as not measured and the host as online all the "
                + "time"), dialog.getContentText());
        assertTrue(dialog.getHeaderText().endsWith(": what was inferred or left out"), dialog.getHeaderText());
        // The notes are of the file as read; a change made since would make some untrue, and the dialog says so.
        assertTrue(dialog.getContentText().endsWith("shares and preferences changed since are not in them."),
                dialog.getContentText());
        robot.interact(() -> dialog.getScene().getWindow().hide());
    }

    /**
     * A client with no project: the status bar says there is nothing to measure rather than "Idle 0.0 %" over an idle
     * computer, and the things inferred ("no project has an application for the CPU") are a link.
     */
    @Test
    void aClientWithoutProjectsHasNoFiguresAndSaysWhy(FxRobot robot) throws Exception {
        Path file = Path.of("src/test/resources/corpus/client_state/recantha-raspberrypi-1cpu.xml").toAbsolutePath();
        app = new CruncherApp();

        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--data-dir", tmp.toString(),
                "--speed", "1h", "--pane", "projects", "--scenario", file.toString()))));

        GuiFixture.waitUntil(() -> !app.model().figuresProperty().get().isEmpty());
        assertTrue(robot.lookup("#whatIfButton").queryButton().isDisabled(), "no shares to try");
        assertEquals(ManagerModel.NO_FIGURES, app.model().figuresProperty().get());
        assertEquals("", app.model().figuresNoteProperty().get());
        // The file has no <last_update> either: the time it is taken at is the other thing inferred.
        assertEquals("2 notes on reading", robot.lookup("#inferredLink").queryAs(Hyperlink.class).getText());
        assertTrue(app.model().inferredProperty().get().notes()
                .contains("no project has an application for the CPU: it stays idle"));
        assertTrue(app.model().inferredProperty().get().notes().stream()
                .anyMatch(n -> n.startsWith("The file does not say when it was saved")));

        // What if... has no shares to try: its menu item says why, and no dialog opens.
        robot.press(KeyCode.CONTROL, KeyCode.I).release(KeyCode.I, KeyCode.CONTROL);
        GuiFixture.waitUntil(() -> app.model().noticeProperty().get().contains("there is no project here"));
        assertTrue(robot.lookup(".dialog-pane").tryQuery().isEmpty());
    }

    /** A --scenario that cannot be read is reported, the file is left as it was, and the demo starts instead. */
    @Test
    void anUnreadableScenarioIsReportedAndTheDemoStartsInstead(FxRobot robot) throws Exception {
        Path bad = tmp.resolve("truncated.xml");
        java.nio.file.Files.writeString(bad, "<client_state><host_info>");
        app = new CruncherApp();

        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString(),
                "--scenario", bad.toString()))));

        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        assertTrue(stage.getTitle().startsWith("Cruncher - Demo on"), stage.getTitle());
        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        String text = robot.lookup(".dialog-pane").queryAs(javafx.scene.control.DialogPane.class).getContentText();
        assertEquals("Cruncher cannot open truncated.xml", robot.lookup(".dialog-pane")
                .queryAs(javafx.scene.control.DialogPane.class).getHeaderText());
        assertTrue(text.contains("truncated.xml:1: the file ends before <host_info> is closed: it may have been cut "
                + "short.\n"), text);
        assertTrue(text.endsWith("Starting on the demo of this computer instead."), text);
        assertEquals("<client_state><host_info>", java.nio.file.Files.readString(bad));
        robot.interact(() -> robot.lookup(".dialog-pane").queryAs(javafx.scene.control.DialogPane.class)
                .getScene().getWindow().hide());
    }

    @Test
    void screenshotWritesThePaneAsPng(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused", "--data-dir", tmp.toString()))));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        Path file = tmp.resolve("shot.png");

        robot.interact(() -> {
            try {
                Screenshots.write(stage.getScene(), file);
            } catch (java.io.IOException e) {
                throw new java.io.UncheckedIOException(e);
            }
        });

        BufferedImage image = ImageIO.read(file.toFile());
        assertEquals((int) stage.getScene().getWidth(), image.getWidth());
        assertEquals((int) stage.getScene().getHeight(), image.getHeight());
    }
}

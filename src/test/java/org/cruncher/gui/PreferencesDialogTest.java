package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.CompletableFuture;

import javafx.scene.Node;
import javafx.scene.Scene;
import javafx.scene.control.Button;
import javafx.scene.control.DialogPane;
import javafx.scene.control.Label;
import javafx.scene.layout.StackPane;
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

import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.prefs.PreferencesDialog;
import org.cruncher.persist.GlobalPrefsReader;

@ExtendWith(ApplicationExtension.class)
class PreferencesDialogTest {

    @TempDir
    Path tmp;

    private Stage stage;
    private GuiFixture f;

    @Start
    void start(Stage stage) {
        this.stage = stage;
        stage.setScene(new Scene(new StackPane(), 400, 300));
        stage.show();
    }

    @AfterEach
    void close(FxRobot robot) {
        robot.interact(() -> robot.listWindows().stream().filter(w -> w != stage).toList()
                .forEach(w -> ((Stage) w).close()));
        if (f != null) {
            f.close();
        }
    }

    private CompletableFuture<Optional<Prefs>> show(FxRobot robot) {
        CompletableFuture<Optional<Prefs>> result = new CompletableFuture<>();
        robot.interact(() -> {
            PreferencesDialog d = new PreferencesDialog(stage, Prefs.DEFAULTS);
            d.setOnHidden(e -> result.complete(Optional.ofNullable(d.getResult())));
            d.show();
        });
        return result;
    }

    private static Button apply(FxRobot robot) {
        DialogPane pane = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        return (Button) pane.lookupButton(PreferencesDialog.APPLY);
    }

    /** "Store up to an _additional" and "_Apply" both took Alt+A: pressing it applied the dialog. */
    @Test
    void noTwoControlsShareAnAltKey(FxRobot robot) {
        show(robot);
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(List.of(), MainWindowTest.clashes(apply(robot).getScene()));
    }

    @Test
    void dialogShowsBoincLabelsAndCurrentValues(FxRobot robot) {
        show(robot);
        // BOINC Manager's wording (manager-anchors.md §2); underscores mark keyboard mnemonics.
        for (String text : List.of("Switch between tasks every", "Store at least", "Store up to an additional",
                "Use at most", "% of the CPUs", "minutes", "days of work")) {
            assertTrue(robot.lookup((Label l) -> l.getText() != null && l.getText().replace("_", "").equals(text))
                    .tryQuery().isPresent(), text);
        }
        assertEquals("60", robot.lookup("#periodField").queryTextInputControl().getText());
        assertEquals("0.1", robot.lookup("#minDaysField").queryTextInputControl().getText());
        assertEquals("0.5", robot.lookup("#additionalDaysField").queryTextInputControl().getText());
        assertEquals("100", robot.lookup("#cpuField").queryTextInputControl().getText());
        assertFalse(apply(robot).isDisabled());
    }

    /** Every field can be reached from the keyboard by its label's mnemonic, each a different letter. */
    @Test
    void everyFieldHasItsOwnMnemonic(FxRobot robot) {
        show(robot);
        List<String> keys = robot.lookup((Label l) -> l.getLabelFor() != null).queryAllAs(Label.class).stream()
                .map(l -> {
                    assertTrue(l.isMnemonicParsing() && l.getText().contains("_"), l.getText());
                    return l.getText().substring(l.getText().indexOf('_') + 1, l.getText().indexOf('_') + 2)
                            .toLowerCase(java.util.Locale.ROOT);
                }).toList();
        assertEquals(7, keys.size(), keys.toString());
        assertEquals(keys.size(), java.util.Set.copyOf(keys).size(), keys.toString());
    }

    @Test
    void badValueIsRejectedInlineAndDisablesApply(FxRobot robot) {
        show(robot);

        robot.doubleClickOn("#periodField").eraseText(4).write("0");

        assertTrue(apply(robot).isDisabled());
        assertEquals("Enter a number from 1 to 525600 minutes.",
                robot.lookup("#periodError").queryAs(Label.class).getText());

        robot.doubleClickOn("#minDaysField").eraseText(4).write("abc");
        assertTrue(robot.lookup("#minDaysError").queryAs(Label.class).getText().contains("0 to 10 days"));

        robot.doubleClickOn("#periodField").eraseText(4).write("30");
        robot.doubleClickOn("#minDaysField").eraseText(4).write("0.2");
        assertFalse(apply(robot).isDisabled());
        assertEquals("", robot.lookup("#periodError").queryAs(Label.class).getText());
    }

    @Test
    void theWindowGrowsToHoldAnErrorUnderEveryField(FxRobot robot) {
        // Seven bad values, seven red lines: with the window kept at its opening size, Cancel and Apply went out of it.
        show(robot);
        for (String field : List.of("#periodField", "#minDaysField", "#additionalDaysField", "#cpuField",
                "#diskMaxGbField", "#diskMinFreeField", "#diskMaxPctField")) {
            robot.doubleClickOn(field).eraseText(6).write("x");
        }
        WaitForAsyncUtils.waitForFxEvents();

        Button apply = apply(robot);
        assertTrue(apply.isDisabled());
        double bottom = apply.localToScene(apply.getLayoutBounds()).getMaxY();
        assertTrue(bottom <= apply.getScene().getHeight(), bottom + " > " + apply.getScene().getHeight());
    }

    @Test
    void applyReturnsTheEditedPreferences(FxRobot robot) throws Exception {
        CompletableFuture<Optional<Prefs>> result = show(robot);

        robot.doubleClickOn("#periodField").eraseText(4).write("30");
        robot.doubleClickOn("#minDaysField").eraseText(4).write("0.25");
        robot.doubleClickOn("#additionalDaysField").eraseText(4).write("1");
        robot.doubleClickOn("#cpuField").eraseText(4).write("50");
        robot.clickOn(apply(robot));

        Prefs p = result.get().orElseThrow();
        assertEquals(30, p.cpuSchedulingPeriodMinutes());
        assertEquals(0.25, p.workBufMinDays());
        assertEquals(1, p.workBufAdditionalDays());
        assertEquals(50, p.maxNcpusPct());
        assertEquals(Prefs.DEFAULTS.diskMaxUsedPct(), p.diskMaxUsedPct());
    }

    @Test
    void diskFieldsHaveBoincsWordingAndTheirRanges(FxRobot robot) throws Exception {
        CompletableFuture<Optional<Prefs>> result = show(robot);
        for (String text : List.of("Use no more than", "Leave at least", "GB free", "% of total")) {
            assertTrue(robot.lookup((Label l) -> l.getText() != null && l.getText().replace("_", "").equals(text))
                    .tryQuery().isPresent(), text);
        }
        // BOINC's defaults: no GB limit (0), 90 % of the disk, 0.1 GB left free.
        assertEquals("0", robot.lookup("#diskMaxGbField").queryTextInputControl().getText());
        assertEquals("0.1", robot.lookup("#diskMinFreeField").queryTextInputControl().getText());
        assertEquals("90", robot.lookup("#diskMaxPctField").queryTextInputControl().getText());

        robot.doubleClickOn("#diskMaxPctField").eraseText(4).write("150");
        assertTrue(apply(robot).isDisabled());
        assertEquals("Enter a number from 0 to 100 %.", robot.lookup("#diskMaxPctError").queryAs(Label.class)
                .getText());

        robot.doubleClickOn("#diskMaxPctField").eraseText(4).write("50");
        robot.doubleClickOn("#diskMaxGbField").eraseText(4).write("4");
        robot.doubleClickOn("#diskMinFreeField").eraseText(4).write("2");
        robot.clickOn(apply(robot));

        Prefs p = result.get().orElseThrow();
        assertEquals(4, p.diskMaxUsedGb());
        assertEquals(2, p.diskMinFreeGb());
        assertEquals(50, p.diskMaxUsedPct());
        assertEquals(60, p.cpuSchedulingPeriodMinutes(), "the other preferences stay");
    }

    /** The first field has the keys when the dialog opens: Apply had them, so typing went nowhere (QA). */
    @Test
    void theFirstFieldHasTheKeysWhenTheDialogOpens(FxRobot robot) throws Exception {
        robot.interact(() -> f = GuiFixture.open(stage, GuiFixture.twoProjects()));
        f.awaitTime(Scenario.DEFAULT_START);

        robot.clickOn("File").clickOn("Computing preferences...");
        WaitForAsyncUtils.waitForFxEvents();

        Node field = robot.lookup("#periodField").query();
        GuiFixture.waitUntil(() -> field.getScene().getFocusOwner() == field);
    }

    @Test
    void preferencesFromTheMenuTakeEffectInTheEngine(FxRobot robot) throws Exception {
        robot.interact(() -> f = GuiFixture.open(stage, GuiFixture.twoProjects()));
        f.awaitTime(Scenario.DEFAULT_START);

        robot.clickOn("File").clickOn("Computing preferences...");
        robot.doubleClickOn("#periodField").eraseText(4).write("30");
        robot.clickOn(apply(robot));

        GuiFixture.waitUntil(() -> f.model.snapshotProperty().get().prefs().cpuSchedulingPeriodMinutes() == 30);
        // The new period starts now: the next boundary is 30 minutes away.
        var s = f.model.snapshotProperty().get();
        assertEquals(s.time() + 1800, s.nextPeriodBoundary(), 1e-6);
    }

    /**
     * On a host with a GPU, a CPU limit says that GPU tasks' CPU time counts within it (decision 0009): 2 CPUs and an
     * NVIDIA GPU, 50 % leaves 1 CPU.
     */
    @Test
    void aCpuLimitOnAHostWithAGpuSaysItsTasksCpuTimeCountsWithinIt(FxRobot robot) throws Exception {
        Host host = new Host("test", "test CPU", 2, 1e9, 8e9, 1e12, 5e11,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 1e10, "Test GPU", false)));
        Scenario withGpu = new ScenarioBuilder(host).project("A", 100).cpuApp("a1", 7200, 864000)
                .gpuApp("a_gpu", ResourceType.NVIDIA, 0.2, 3600, 864000).build("2 CPUs and a GPU");
        robot.interact(() -> f = GuiFixture.open(stage, withGpu));
        f.awaitTime(Scenario.DEFAULT_START);

        robot.clickOn("File").clickOn("Computing preferences...");
        robot.doubleClickOn("#cpuField").eraseText(4).write("50");

        assertEquals("BOINC may use 1 of this computer's 2 CPUs, the CPU time its GPU tasks take included.",
                robot.lookup("#cpuEffect").queryAs(Label.class).getText());
    }

    /**
     * Opened from the menu on an emulation, the dialog says what the figures as typed would do on this host: the
     * buffer window, the CPUs BOINC may use, and the disk limit with the preference that sets it.
     */
    @Test
    void theEffectOfEachFigureShowsAsItIsTyped(FxRobot robot) throws Exception {
        robot.interact(() -> f = GuiFixture.open(stage, GuiFixture.twoProjects()));
        f.awaitTime(Scenario.DEFAULT_START);
        int cpus = f.model.snapshotProperty().get().host().cpus();

        robot.clickOn("File").clickOn("Computing preferences...");

        assertEquals("Work is asked for when a processor has less than 2 h 24 min queued, up to 14 h 24 min.",
                robot.lookup("#bufferEffect").queryAs(Label.class).getText().replace('\u00A0', ' '));
        assertEquals("BOINC may use " + cpus + " of this computer's " + cpus + (cpus == 1 ? " CPU." : " CPUs."),
                robot.lookup("#cpuEffect").queryAs(Label.class).getText());
        assertTrue(robot.lookup("#diskEffect").queryAs(Label.class).getText().startsWith("BOINC may use "),
                robot.lookup("#diskEffect").queryAs(Label.class).getText());

        robot.doubleClickOn("#additionalDaysField").eraseText(4).write("1");
        // 0.1 + 1 = 1.1 days = 26 h 24 min.
        assertEquals("Work is asked for when a processor has less than 2 h 24 min queued, up to 26 h 24 min.",
                robot.lookup("#bufferEffect").queryAs(Label.class).getText().replace('\u00A0', ' '));
        robot.doubleClickOn("#diskMaxGbField").eraseText(4).write("0.5");
        assertTrue(robot.lookup("#diskEffect").queryAs(Label.class).getText().startsWith("BOINC may use 512 MB, "
                + "set by \"Use no more than 0.5 GB\""), robot.lookup("#diskEffect").queryAs(Label.class).getText());
        WaitForAsyncUtils.waitForFxEvents();
        for (String effect : List.of("#bufferEffect", "#cpuEffect", "#diskEffect")) {
            assertShownWhole(robot.lookup(effect).queryAs(Label.class));
        }
        robot.doubleClickOn("#cpuField").eraseText(4).write("abc");
        assertFalse(robot.lookup("#cpuEffect").queryAs(Label.class).isVisible(), "nothing said of a bad figure");
    }

    /** The label shows all its text, wrapped if need be, not cut with an ellipsis. */
    private static void assertShownWhole(Label label) {
        Text shown = (Text) label.lookup(".text");
        assertEquals(label.getText(), shown.getText(), label.getId());
    }

    /**
     * Edited preferences are written as a global_prefs_override.xml that BOINC reads, keeping what else it says:
     * only the figure changed is written, so 75 % of CPU time and 50 % of the CPUs set there by hand stay, though the
     * emulation in force says 100 and 100.
     */
    @Test
    void preferencesFromTheMenuAreWrittenForBoinc(FxRobot robot) throws Exception {
        Path file = tmp.resolve("global_prefs_override.xml");
        Files.writeString(file, "<global_preferences>\n   <run_on_batteries>0</run_on_batteries>\n"
                + "   <work_buf_min_days>0.1</work_buf_min_days>\n   <cpu_usage_limit>75</cpu_usage_limit>\n"
                + "   <max_ncpus_pct>50</max_ncpus_pct>\n</global_preferences>\n");
        robot.interact(() -> {
            f = GuiFixture.open(stage, GuiFixture.twoProjects());
            f.model.writePrefsTo(file);
        });

        robot.clickOn("File").clickOn("Computing preferences...");
        robot.doubleClickOn("#minDaysField").eraseText(4).write("0.25");
        robot.clickOn(apply(robot));

        GuiFixture.waitUntil(() -> f.model.noticeProperty().get().equals("Preferences saved to " + file));
        String text = Files.readString(file);
        assertTrue(text.contains("<work_buf_min_days>0.250000</work_buf_min_days>"), text);
        assertTrue(text.contains("<run_on_batteries>0</run_on_batteries>"), "what the manager does not edit stays");
        assertTrue(text.contains("<cpu_usage_limit>75</cpu_usage_limit>") && text.contains(
                "<max_ncpus_pct>50</max_ncpus_pct>") && !text.contains("cpu_scheduling_period"), text);
        assertEquals(0.25, new GlobalPrefsReader().read(tmp.resolve("none.xml"), file).enginePrefs().workBufMinDays());
    }
}

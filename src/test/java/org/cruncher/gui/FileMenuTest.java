package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

import javafx.scene.control.DialogPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.model.Host;
import org.cruncher.host.HostProbe;
import org.cruncher.persist.ClientStateWriter;
import org.cruncher.persist.SampleScenarios;
import org.cruncher.persist.StateSaver;
import org.cruncher.persist.StateStore;

/** File > Open (a real client's state, a broken file) and File > Save state, through the menus. */
@ExtendWith(ApplicationExtension.class)
class FileMenuTest {

    private static final Path RAFFAEL = Path.of(
            "src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml").toAbsolutePath();

    @TempDir
    Path tmp;

    private GuiFixture f;

    @Start
    void start(Stage stage) {
        f = GuiFixture.open(stage, GuiFixture.twoProjects());
    }

    @AfterEach
    void close() {
        f.close();
    }

    @Test
    void openingARealClientStateRunsItAndShowsWhatWasInferred(FxRobot robot) throws Exception {
        f.openAnswer = RAFFAEL.toFile();

        robot.clickOn("File").clickOn("Open client_state.xml...");

        GuiFixture.waitUntil(() -> f.model.titleProperty().get().equals(
                "Cruncher - raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));
        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertTrue(dialog.getHeaderText().contains("what was inferred"), dialog.getHeaderText());
        assertTrue(dialog.getContentText().contains("einsteinbinary_BRP4: jobs estimated at 1.750e+13 FLOPs each, the "
                        + "average estimate of its 19 tasks in the file"),
                dialog.getContentText());
        robot.interact(() -> dialog.getScene().getWindow().hide());
        GuiFixture.waitUntil(() -> f.model.snapshotProperty().get().projects().size() == 2
                && f.model.snapshotProperty().get().host().cpus() == 20);
        assertTrue(f.model.events().visibleLines().stream().noneMatch(l -> l.contains("\tA\t")),
                "the event log starts afresh: none of project A's events from before");
    }

    /**
     * A file opened while the demo's computer is still being detected stays open when the detection ends: the demo,
     * asked for first, started then and replaced it (review).
     */
    @Test
    void aFileOpenedWhileTheDemoStartsIsNotReplacedByIt(FxRobot robot) throws Exception {
        CountDownLatch fileOpen = new CountDownLatch(1);
        CountDownLatch detected = new CountDownLatch(1);
        robot.interact(() -> f.model.startDemo(() -> {
            try {
                fileOpen.await();
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
            detected.countDown();
            return HostProbe.probe(tmp);
        }, EmulatorDriver.Speed.HOUR_PER_SECOND, false, e -> { }));
        f.openAnswer = RAFFAEL.toFile();
        robot.clickOn("File").clickOn("Open client_state.xml...");
        GuiFixture.waitUntil(() -> f.model.titleProperty().get().equals(
                "Cruncher - raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));

        fileOpen.countDown();
        detected.await();
        for (Thread t : Thread.getAllStackTraces().keySet()) {
            if (t.getName().equals("cruncher-host-probe")) {
                t.join(60_000);
            }
        }
        WaitForAsyncUtils.waitForFxEvents();

        assertEquals("Cruncher - raffael-gb10-20cpu-cuda-einstein-milkyway.xml", f.model.titleProperty().get());
    }

    /** The demo says in the sample's bar what it is and where a volunteer's own client is opened (QA). */
    @Test
    void theDemoSaysWhatItIs(FxRobot robot) throws Exception {
        robot.interact(() -> f.model.startDemo(() -> HostProbe.probe(tmp), EmulatorDriver.Speed.HOUR_PER_SECOND,
                false, e -> { }));

        GuiFixture.waitUntil(() -> f.model.titleProperty().get().startsWith("Cruncher - Demo on "));
        assertEquals(ManagerModel.DEMO_HINT, f.model.sampleHintProperty().get());
    }

    /**
     * A sample's copy in DATA/samples opened as a file says what to watch in it too, as File > Open sample does; a
     * file that is no sample takes the bar away.
     */
    @Test
    void aSamplesCopyOpenedAsAFileSaysWhatToWatch(FxRobot robot) throws Exception {
        SampleScenarios.Sample deadlines = SampleScenarios.list().stream()
                .filter(x -> x.title().equals("Deadlines on one CPU")).findFirst().orElseThrow();
        f.openAnswer = SampleScenarios.copyTo(deadlines, f.samplesDir).resolve("client_state.xml").toFile();

        robot.clickOn("File").clickOn("Open client_state.xml...");

        GuiFixture.waitUntil(() -> f.model.sampleHintProperty().get().startsWith(
                "What to watch in \u201cDeadlines on one CPU\u201d: one-hour jobs due in 6 hours"));
        f.openAnswer = RAFFAEL.toFile();
        robot.clickOn("File").clickOn("Open client_state.xml...");
        GuiFixture.waitUntil(() -> f.model.titleProperty().get().equals(
                "Cruncher - raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));
        assertEquals("", f.model.sampleHintProperty().get());
    }

    /**
     * A saved state brings its past: two days of A and B, a point at the first event at least half a period (30 min)
     * after the last one; the engine wakes at least every period (1 h), so at least 48 points each, from day 0 to
     * day 2, are charted as soon as it opens.
     */
    @Test
    void openingASavedStateChartsItsDebtHistory(FxRobot robot) throws Exception {
        Scenario s = GuiFixture.twoProjects();
        Emulation e = new Emulation(s, 1, x -> { });
        e.advanceTo(s.startTime() + 2 * 86400);
        Path saved = tmp.resolve("client_state.xml");
        Files.writeString(saved, ClientStateWriter.write(e.checkpoint(), ""));
        f.openAnswer = saved.toFile();

        robot.clickOn("File").clickOn("Open client_state.xml...");

        GuiFixture.waitUntil(() -> f.model.titleProperty().get().equals("Cruncher - A and B")
                && f.model.projects().debtSeries().size() == 2
                && f.model.projects().debtSeries().get(0).getData().size() >= 48);
        var points = f.model.projects().debtSeries().get(0).getData();
        assertEquals(0.0, points.get(0).getXValue().doubleValue(), 1e-9);
        assertTrue(points.get(points.size() - 1).getXValue().doubleValue() >= 2 - 1.0 / 24,
                "the last point is near day 2: " + points.get(points.size() - 1));
    }

    /** The header names the file at fault where it is the one beside the file chosen (QA). */
    @Test
    void aBrokenFileBesideTheOneChosenIsNamedInTheHeader(FxRobot robot) throws Exception {
        Files.writeString(tmp.resolve("client_state.xml"), Files.readString(RAFFAEL));
        Files.writeString(tmp.resolve("global_prefs_override.xml"), "<global_preferences>\n<work_buf_min_days>");
        f.openAnswer = tmp.resolve("client_state.xml").toFile();

        robot.clickOn("File").clickOn("Open client_state.xml...");

        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertEquals("Cannot open client_state.xml: its global_prefs_override.xml cannot be read",
                dialog.getHeaderText());
        assertTrue(dialog.getContentText().startsWith(tmp.resolve("global_prefs_override.xml") + ":"),
                dialog.getContentText());
        robot.interact(() -> dialog.getScene().getWindow().hide());
    }

    @Test
    void aBrokenFileIsNamedWithItsProblemAndTheEmulationGoesOn(FxRobot robot) throws Exception {
        Path broken = tmp.resolve("client_state.xml");
        Files.writeString(broken, "<client_state>\n<project><master_url>http://x/</master_url>\n");
        EmulatorDriver before = f.model.driver();
        f.openAnswer = broken.toFile();

        robot.clickOn("File").clickOn("Open client_state.xml...");

        GuiFixture.waitUntil(() -> robot.lookup(".dialog-pane").tryQuery().isPresent());
        DialogPane dialog = robot.lookup(".dialog-pane").queryAs(DialogPane.class);
        assertEquals("Cannot open client_state.xml", dialog.getHeaderText());
        assertTrue(dialog.getContentText().startsWith(broken + ":"), dialog.getContentText());
        assertTrue(dialog.getContentText().contains("The emulation you had open stays open, running or paused as it was."));
        robot.interact(() -> dialog.getScene().getWindow().hide());
        assertSame(before, f.model.driver(), "the running emulation was not replaced");
        assertEquals("Cruncher - A and B", f.model.titleProperty().get());
    }

    /**
     * Opening another emulation does not wait for the one it replaces to stop, so that one may still publish once.
     * Here a second emulation (3 CPUs) publishes while the window shows the first (1 CPU): its engine thread
     * publishes first thing, and once it has ended and the FX thread has caught up, the window still shows the
     * first emulation's snapshot.
     */
    @Test
    void aSnapshotOfAnEmulationNotShownInTheWindowIsDropped(FxRobot robot) throws Exception {
        f.awaitTime(GuiFixture.twoProjects().startTime());
        Scenario other = new ScenarioBuilder(Host.cpuOnly(3, 1e9)).project("C", 100).cpuApp("c1", 7200, 864000)
                .build("C");
        EmulatorDriver stray = f.model.prepare(other, 1).driver();

        stray.start();
        stray.close();
        WaitForAsyncUtils.waitForFxEvents();

        EngineSnapshot shown = f.model.snapshotProperty().get();
        assertEquals(1, shown.host().cpus());
        assertEquals(2, shown.projects().size(), "A and B, not C");
    }

    @Test
    void saveStateWritesTheCurrentStateToTheDataFolder(FxRobot robot) throws Exception {
        StateStore store = new StateStore(tmp.resolve("state"));
        StateSaver saver = new StateSaver(store, f.model::notice);
        robot.interact(() -> {
            f.model.saveWith(saver);
            f.model.start(f.model.prepare(GuiFixture.twoProjects(), 1), EmulatorDriver.Speed.HOUR_PER_SECOND, false,
                    "");
        });
        robot.clickOn("Emulation").clickOn("Step one scheduling period");
        f.awaitTime(GuiFixture.twoProjects().startTime() + 3600);

        robot.clickOn("File").clickOn("Save state");

        // The notice says when the state is on the disk, not only that it is being saved.
        GuiFixture.waitUntil(() -> f.model.noticeProperty().get().matches(
                "State saved to .*client_state\\.xml at \\d\\d:\\d\\d:\\d\\d"));
        GuiFixture.waitUntil(() -> store.load().map(l -> l.scenario().startTime()
                >= GuiFixture.twoProjects().startTime() + 3600).orElse(false));
        assertEquals("A and B", store.load().orElseThrow().scenario().name());
        saver.close();
    }
}

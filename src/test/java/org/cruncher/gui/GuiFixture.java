package org.cruncher.gui;

import java.io.File;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;
import java.util.concurrent.Callable;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;

import javafx.scene.Parent;
import javafx.scene.Scene;
import javafx.stage.Stage;

import org.testfx.api.FxRobot;
import org.testfx.util.WaitForAsyncUtils;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.model.Host;
import org.cruncher.persist.ScenarioReader;

/** The main window on a prepared scenario, paused, for pane tests. */
final class GuiFixture {

    final ManagerModel model = new ManagerModel();
    /** What the save dialog answers; tests set it. */
    volatile File saveAs;
    /** What the open dialog answers; tests set it. */
    volatile File openAnswer;
    final MainWindowView main;
    final Scene scene;
    /** The data folder (File > Open sample copies samples into its samples folder); deleted on close. */
    final Path dataDir = temporaryFolder();
    final Path samplesDir = AppOptions.samplesDirIn(dataDir);

    private GuiFixture(Stage stage) {
        MainWindowView[] holder = new MainWindowView[1];
        Parent root = Fxml.load("MainWindow.fxml", CruncherApp.controllers(model, holder,
                (owner, title, name) -> saveAs, (owner, title, folder) -> openAnswer, java.util.Optional.empty(),
                dataDir));
        main = holder[0];
        scene = new Scene(root, 1400, 860);
        scene.getStylesheets().add(CruncherApp.class.getResource("cruncher.css").toExternalForm());
        stage.setScene(scene);
        stage.show();
    }

    private static Path temporaryFolder() {
        try {
            return Files.createTempDirectory("cruncher-samples");
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * One CPU at 1 GFLOPS; A and B with equal shares and 2-hour jobs due in 10 days. At the start both debts are 0:
     * A (the smaller URL) runs. After one period A has done a CPU-hour: A's debt -30 min, B's +30 min.
     */
    static Scenario twoProjects() {
        return new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", 7200, 864000)
                .project("B", 100).cpuApp("b1", 7200, 864000).build("A and B");
    }

    /** Shows the window on {@code stage} and starts {@code scenario}, paused. Call on the FX thread. */
    static GuiFixture open(Stage stage, Scenario scenario) {
        GuiFixture f = new GuiFixture(stage);
        f.model.start(f.model.prepare(scenario, 1), EmulatorDriver.Speed.HOUR_PER_SECOND, false, "");
        return f;
    }

    /**
     * Opens a real host's client_state.xml from the test corpus ({@code src/test/resources/corpus/client_state}) on
     * {@code stage}, shows {@code pane} and waits for its first snapshot. Call off the FX thread.
     */
    static GuiFixture openCorpusHost(FxRobot robot, Stage stage, String file, String pane) throws Exception {
        Scenario host = new ScenarioReader().read(
                Path.of("src/test/resources/corpus/client_state", file).toAbsolutePath());
        GuiFixture[] f = new GuiFixture[1];
        robot.interact(() -> {
            f[0] = open(stage, host);
            f[0].main.selectPane(pane);
        });
        waitUntil(() -> f[0].model.snapshotProperty().get() != null);
        return f[0];
    }

    /** Waits (up to 10 s) until {@code condition} holds, checking on the FX thread. */
    static void waitUntil(Callable<Boolean> condition) throws TimeoutException {
        WaitForAsyncUtils.waitFor(10, TimeUnit.SECONDS, () -> WaitForAsyncUtils.asyncFx(condition).get());
    }

    /** Waits for a snapshot at or after {@code time}. */
    EngineSnapshot awaitTime(double time) throws TimeoutException {
        waitUntil(() -> model.snapshotProperty().get() != null && model.snapshotProperty().get().time() >= time);
        return model.snapshotProperty().get();
    }

    void close() {
        model.close();
        try (Stream<Path> files = Files.walk(dataDir)) {
            files.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}

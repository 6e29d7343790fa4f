package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.awt.image.BufferedImage;
import java.nio.file.Path;
import java.util.List;

import javax.imageio.ImageIO;

import javafx.stage.Stage;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

import org.cruncher.engine.api.EngineSnapshot;

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
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of())));

        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get() != null);
        EngineSnapshot first = app.model().snapshotProperty().get();
        assertEquals(Runtime.getRuntime().availableProcessors(), first.host().cpus());
        assertEquals(5, first.projects().size());
        assertTrue(first.host().gpus().size() >= 1, "a real GPU, or the labelled emulated one");
        assertTrue(stage.getTitle().startsWith("Cruncher - Demo on"));
        GuiFixture.waitUntil(() -> app.model().snapshotProperty().get().time() > first.time() + 600);
        GuiFixture.waitUntil(() -> !app.model().tasks().rows().isEmpty());
        assertTrue(app.model().hostSummaryProperty().get().contains("CPUs"));
    }

    @Test
    void screenshotWritesThePaneAsPng(FxRobot robot) throws Exception {
        app = new CruncherApp();
        robot.interact(() -> app.start(stage, AppOptions.parse(List.of("--paused"))));
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

package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicReference;

import javafx.scene.Scene;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.junit.jupiter.api.io.TempDir;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.util.WaitForAsyncUtils;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.gui.tasks.TasksLayout;

/** The window is written as it is while it is open, not only on closing (QA: after kill -9 its speed was lost). */
@ExtendWith(ApplicationExtension.class)
class WindowPlacementTest {

    /**
     * A window kept on the Disk pane at a day a second, paused, is in window.properties before it closes; kept again
     * at 1 h/s, the file follows; left on the Timeline pane, the file says so once leave returns.
     */
    @Test
    void theWindowIsWrittenWhileOpenAndWhenLeft(FxRobot robot, @TempDir Path dir) throws Exception {
        Path file = dir.resolve(WindowMemory.FILE);
        AtomicReference<WindowPlacement> placement = new AtomicReference<>();
        AtomicReference<Stage> own = new AtomicReference<>();
        robot.interact(() -> {
            // A stage of its own: the tests' shared stage keeps its size for the other test classes.
            Stage s = new Stage();
            s.setScene(new Scene(new StackPane(), 300, 200));
            placement.set(WindowPlacement.restore(s, file, WindowMemory.NONE));
            s.show();
            own.set(s);
        });

        robot.interact(() -> placement.get().keep("disk", EmulatorDriver.Speed.DAY_PER_SECOND, true,
                TasksLayout.NONE, false));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> read(file).speed()
                .equals(Optional.of(EmulatorDriver.Speed.DAY_PER_SECOND)));
        assertEquals(Optional.of("disk"), read(file).pane());
        assertEquals(Optional.of(true), read(file).paused());

        robot.interact(() -> placement.get().keep("disk", EmulatorDriver.Speed.HOUR_PER_SECOND, true,
                TasksLayout.NONE, false));
        WaitForAsyncUtils.waitFor(5, TimeUnit.SECONDS, () -> read(file).speed()
                .equals(Optional.of(EmulatorDriver.Speed.HOUR_PER_SECOND)));

        robot.interact(() -> placement.get().leave("timeline", EmulatorDriver.Speed.HOUR_PER_SECOND, false,
                TasksLayout.NONE, true));
        assertEquals(Optional.of("timeline"), read(file).pane());
        assertEquals(Optional.of(false), read(file).paused());
        assertTrue(read(file).demoHintClosed(), "the demo's hint closed is remembered on leaving");
        robot.interact(() -> own.get().close());
    }

    private static WindowMemory read(Path file) {
        return WindowMemory.read(file, problem -> { });
    }
}

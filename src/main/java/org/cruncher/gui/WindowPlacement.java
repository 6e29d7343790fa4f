package org.cruncher.gui;

import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;

import javafx.application.Platform;
import javafx.beans.InvalidationListener;
import javafx.beans.Observable;
import javafx.geometry.Rectangle2D;
import javafx.stage.Screen;
import javafx.stage.Stage;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.gui.tasks.TasksLayout;
import org.cruncher.persist.IoReasons;

/**
 * Keeps the window as it was left ({@link WindowMemory}): puts it back where it was (if that is still on a screen;
 * kept within the screen, moved onto it as little as needed) and maximizes it if it was; follows its bounds while it
 * is neither maximized nor minimized, since those are what the next launch gets back; and writes how it is, from time
 * to time and when it is left. Runs on the FX thread; the file is written on a thread of its own.
 */
final class WindowPlacement {

    private final Stage stage;
    private final Path file;
    private final List<Observable> followed;
    private final InvalidationListener follow = o -> Platform.runLater(this::noteBounds);
    /** The window's bounds when last neither maximized nor minimized (null: not shown yet). */
    private Rectangle2D normalBounds;
    /** Writes the file in the order asked, off the FX thread. */
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "cruncher-window-memory");
        t.setDaemon(true);
        return t;
    });
    /** What was last handed to {@link #writer} by {@link #keep}. */
    private WindowMemory lastWritten;

    private WindowPlacement(Stage stage, Path file) {
        this.stage = stage;
        this.file = file;
        this.followed = List.of(stage.xProperty(), stage.yProperty(), stage.widthProperty(), stage.heightProperty(),
                stage.showingProperty());
    }

    /** Places {@code stage} as {@code memory} says and follows it, to be written to {@code file} on closing. */
    static WindowPlacement restore(Stage stage, Path file, WindowMemory memory) {
        WindowPlacement w = new WindowPlacement(stage, file);
        List<Rectangle2D> screens = Screen.getScreens().stream().map(Screen::getVisualBounds).toList();
        Optional<Rectangle2D> bounds = memory.boundsOn(screens);
        bounds.ifPresent(b -> {
            Rectangle2D on = ScreenFit.screenOf(b);
            Rectangle2D fitted = ScreenFit.fit(new Rectangle2D(b.getMinX(), b.getMinY(),
                    Math.max(b.getWidth(), stage.getMinWidth()), Math.max(b.getHeight(), stage.getMinHeight())), on);
            stage.setX(fitted.getMinX());
            stage.setY(fitted.getMinY());
            stage.setWidth(fitted.getWidth());
            stage.setHeight(fitted.getHeight());
        });
        stage.setMaximized(memory.maximized());
        w.normalBounds = bounds.orElse(null);
        w.followed.forEach(o -> o.addListener(w.follow));
        return w;
    }

    /**
     * Takes the bounds once the change has settled: some platforms move and resize a window before saying it is
     * maximized, and the maximized bounds are not the ones to give back.
     */
    private void noteBounds() {
        if (!stage.isMaximized() && !stage.isIconified() && stage.isShowing()) {
            normalBounds = new Rectangle2D(stage.getX(), stage.getY(), stage.getWidth(), stage.getHeight());
        }
    }

    /**
     * Writes how the window is now, with the pane shown, the emulation's speed and pause and the Tasks table's sort
     * and filters, if that changed since it was last written; on the writer's thread, not the FX thread's. A window
     * whose process is killed, or whose display is lost, comes back as it was (QA: after kill -9 the speed came back
     * as 1 h/s, the window being written only on closing).
     */
    void keep(String pane, EmulatorDriver.Speed speed, boolean paused, TasksLayout tasks, boolean demoHintClosed) {
        WindowMemory now = memory(pane, speed, paused, tasks, demoHintClosed);
        if (!now.equals(lastWritten)) {
            lastWritten = now;
            writer.execute(() -> write(now));
        }
    }

    /**
     * Writes how the window is left, as {@link #keep} does, stops following it, and waits (two seconds at most) for
     * the writes to end.
     */
    void leave(String pane, EmulatorDriver.Speed speed, boolean paused, TasksLayout tasks, boolean demoHintClosed) {
        followed.forEach(o -> o.removeListener(follow));
        WindowMemory left = memory(pane, speed, paused, tasks, demoHintClosed);
        writer.execute(() -> write(left));
        writer.shutdown();
        try {
            writer.awaitTermination(2, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private WindowMemory memory(String pane, EmulatorDriver.Speed speed, boolean paused, TasksLayout tasks,
                                boolean demoHintClosed) {
        return new WindowMemory(Optional.ofNullable(normalBounds), stage.isMaximized(), Optional.of(pane),
                Optional.of(speed), Optional.of(paused), tasks, demoHintClosed);
    }

    /** Writes {@code m} to the file; one that cannot be written is said on stderr. */
    private void write(WindowMemory m) {
        try {
            m.write(file);
        } catch (IOException e) {
            System.err.println("cruncher: cannot write " + file + ": " + IoReasons.of(e));
        }
    }
}

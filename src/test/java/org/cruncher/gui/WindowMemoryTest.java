package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import javafx.geometry.Rectangle2D;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.gui.tasks.TaskSort;
import org.cruncher.gui.tasks.TasksLayout;

class WindowMemoryTest {

    @TempDir
    Path tmp;

    private final List<String> problems = new ArrayList<>();

    @Test
    void whatIsWrittenIsReadBack() throws Exception {
        TasksLayout tasks = new TasksLayout(Optional.of(new TaskSort(List.of(new TaskSort.Key("deadline", true),
                new TaskSort.Key("project", false)))), Optional.of(true), Optional.of(false));
        WindowMemory left = new WindowMemory(Optional.of(new Rectangle2D(120, 80.5, 1200, 760)), true,
                Optional.of("work-fetch"), Optional.of(EmulatorDriver.Speed.DAY_PER_SECOND), Optional.of(true), tasks,
                true);
        Path file = tmp.resolve("data").resolve(WindowMemory.FILE);
        left.write(file);

        assertEquals(left, WindowMemory.read(file, problems::add));
        assertEquals(List.of(), problems);
    }

    @Test
    void aMissingFileIsTheFirstLaunchAndSaysNothing() {
        assertEquals(WindowMemory.NONE, WindowMemory.read(tmp.resolve(WindowMemory.FILE), problems::add));
        assertEquals(List.of(), problems);
    }

    /** Each value that makes no sense is left to its default, and one line names the file and every such value. */
    @Test
    void valuesThatMakeNoSenseAreLeftToTheDefaultsAndSaidInOneLine() throws Exception {
        Path file = tmp.resolve(WindowMemory.FILE);
        Files.writeString(file, "x=10\ny=20\nwidth=wide\nheight=700\nmaximized=maybe\npane=files\n"
                + "speed=WARP\npaused=true\ntasks.sort=colour ascending\ntasks.activeOnly=yes\n"
                + "tasks.atRiskOnly=true\ndemoHint.closed=perhaps\n");

        WindowMemory read = WindowMemory.read(file, problems::add);

        assertEquals(new WindowMemory(Optional.empty(), false, Optional.empty(), Optional.empty(), Optional.of(true),
                new TasksLayout(Optional.empty(), Optional.empty(), Optional.of(true)), false), read);
        assertEquals(List.of(file + ": the window's place and size, maximized maybe, pane files, speed WARP, "
                + "tasks.sort colour ascending, tasks.activeOnly yes, demoHint.closed perhaps not understood; left "
                + "to the default"), problems);
    }

    /** A window of 150 x 90 pixels is a mistake (its least size is 900 x 600), not a place to open. */
    @Test
    void aSizeTooSmallToBeAWindowIsNotRestored() throws Exception {
        Path file = tmp.resolve(WindowMemory.FILE);
        Files.writeString(file, "x=10\ny=20\nwidth=150\nheight=90\n");

        assertEquals(Optional.empty(), WindowMemory.read(file, problems::add).bounds());
        assertEquals(1, problems.size());
    }

    @Test
    void aFileThatCannotBeReadOpensAsOnAFirstLaunch() throws Exception {
        Path file = tmp.resolve(WindowMemory.FILE);
        Files.createDirectories(file);

        assertEquals(WindowMemory.NONE, WindowMemory.read(file, problems::add));
        assertEquals(1, problems.size());
        assertTrue(problems.get(0).startsWith(file + ": cannot be read ("), problems.get(0));
        assertTrue(problems.get(0).endsWith("the window opens as on a first launch"), problems.get(0));

        // Bytes that are not text at all.
        problems.clear();
        Path binary = tmp.resolve("binary.properties");
        Files.write(binary, new byte[] {(byte) 0xff, (byte) 0xfe, (byte) 0xc3, 0x28});
        assertEquals(WindowMemory.NONE, WindowMemory.read(binary, problems::add));
        assertEquals(List.of(binary + ": cannot be read (not UTF-8 text); the window opens as on a first launch"),
                problems);
    }

    /**
     * The window goes back where it was only if its title bar would be on a screen. Two screens side by side, 1920
     * and 1280 wide: a window left at x = 2000 on the second comes back there; with the second unplugged, its title
     * bar (x 2000 to 3000) is off the first (x 0 to 1920), so it is placed anew. One left half off the left edge
     * (x = -500, 1000 wide) keeps its place: 500 pixels of its title bar are on the screen.
     */
    @Test
    void aWindowLeftOnAScreenNoLongerThereIsPlacedAnew() {
        Rectangle2D first = new Rectangle2D(0, 0, 1920, 1040);
        Rectangle2D second = new Rectangle2D(1920, 0, 1280, 1000);
        WindowMemory onSecond = new WindowMemory(Optional.of(new Rectangle2D(2000, 100, 1000, 700)), false,
                Optional.empty(), Optional.empty(), Optional.empty(), TasksLayout.NONE, false);
        WindowMemory halfOff = new WindowMemory(Optional.of(new Rectangle2D(-500, 100, 1000, 700)), false,
                Optional.empty(), Optional.empty(), Optional.empty(), TasksLayout.NONE, false);

        assertTrue(onSecond.boundsOn(List.of(first, second)).isPresent());
        assertFalse(onSecond.boundsOn(List.of(first)).isPresent());
        assertTrue(halfOff.boundsOn(List.of(first)).isPresent());
        // A corner of 10 x 10 pixels on a 1440 x 880 screen, or a strip 5 pixels wide whose top is above the screen,
        // cannot be found and dragged back: placed anew.
        Rectangle2D small = new Rectangle2D(0, 0, 1440, 880);
        assertFalse(at(1430, 870).boundsOn(List.of(small)).isPresent());
        assertFalse(at(-995, -35).boundsOn(List.of(small)).isPresent());
        assertTrue(at(1340, 400).boundsOn(List.of(small)).isPresent(), "100 pixels of its title bar show");
    }

    private static WindowMemory at(double x, double y) {
        return new WindowMemory(Optional.of(new Rectangle2D(x, y, 1000, 700)), false, Optional.empty(),
                Optional.empty(), Optional.empty(), TasksLayout.NONE, false);
    }

    /** What the command line says wins; what it leaves unsaid comes from how the window was left. */
    @Test
    void theCommandLineWinsOverWhatWasRemembered() {
        WindowMemory left = new WindowMemory(Optional.empty(), false, Optional.of("disk"),
                Optional.of(EmulatorDriver.Speed.DAY_PER_SECOND), Optional.of(true), TasksLayout.NONE, false);

        AppOptions plain = AppOptions.parse(List.of()).remembering(left);
        assertEquals("disk", plain.paneShown());
        assertEquals(EmulatorDriver.Speed.DAY_PER_SECOND, plain.startSpeed());
        assertTrue(plain.paused());

        AppOptions told = AppOptions.parse(List.of("--pane", "events", "--speed", "1min")).remembering(left);
        assertEquals("events", told.paneShown());
        assertEquals(EmulatorDriver.Speed.MINUTE_PER_SECOND, told.startSpeed());

        AppOptions first = AppOptions.parse(List.of()).remembering(WindowMemory.NONE);
        assertEquals("tasks", first.paneShown());
        assertEquals(EmulatorDriver.Speed.HOUR_PER_SECOND, first.startSpeed());
        assertFalse(first.paused());
    }
}

package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.emulator.EmulatorDriver;

class AppOptionsTest {

    @Test
    void parseReadsScreenshotAfterAndPane() {
        AppOptions o = AppOptions.parse(List.of("--screenshot", "out.png", "--after", "3", "--pane", "Projects"));
        assertEquals(Path.of("out.png"), o.screenshot().orElseThrow());
        assertEquals(3, o.after());
        assertEquals("projects", o.paneShown());
    }

    @Test
    void defaultsRunTheDemoAtOneHourPerSecond() {
        AppOptions o = AppOptions.parse(List.of());
        assertTrue(o.screenshot().isEmpty() && o.scenario().isEmpty());
        assertEquals(EmulatorDriver.Speed.HOUR_PER_SECOND, o.startSpeed());
        assertEquals("tasks", o.paneShown());
        assertEquals(5, o.after());
    }

    @Test
    void parseRefusesUnknownAndIncompleteOptions() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--bogus")))
                .getMessage().contains("unknown option --bogus"));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("emulat")))
                .getMessage().startsWith("unknown command emulat (commands: emulate, check-state"));
        assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--screenshot")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--pane", "files")))
                .getMessage().contains("tasks, projects, timeline, work-fetch, disk, events, what-if, preferences, "
                        + "glossary, about"));
        assertEquals("disk", AppOptions.parse(List.of("--pane", "Disk")).paneShown());
        assertEquals("what-if", AppOptions.parse(List.of("--pane", "What-If", "--screenshot", "x.png")).paneShown());
        assertEquals("preferences", AppOptions.parse(List.of("--pane", "preferences", "--screenshot", "x.png"))
                .paneShown());
        assertEquals("timeline", AppOptions.parse(List.of("--pane", "Timeline")).paneShown());
        assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--after", "soon")));
        // Java's parsing took "5d" as 5 (a double literal) and "0x1p1" as 2: typos here.
        assertEquals("--after needs a number of seconds such as 10 or 2.5, not 5d",
                assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--after", "5d")))
                        .getMessage());
        assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--after", "0x1p1")));
    }

    /** A path Java cannot take is a one-line error naming it, not Java's exception. */
    @Test
    void aPathThatCannotBeOneIsSaidInOneLine() {
        assertEquals("cannot use the path x\\0y: nul character not allowed", assertThrows(
                IllegalArgumentException.class, () -> AppOptions.parse(List.of("--data-dir", "x\0y"))).getMessage());
    }

    /** --after and a dialog's --pane are for a screenshot: without one they were taken and did nothing (QA). */
    @Test
    void theScreenshotsOptionsNeedAScreenshot() {
        assertEquals("--after goes with --screenshot FILE: it is how long the window runs before the picture",
                assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--after", "2")))
                        .getMessage());
        assertEquals("--pane about goes with --screenshot FILE; the window opens on tasks, projects, timeline, "
                + "work-fetch, disk or events", assertThrows(IllegalArgumentException.class,
                () -> AppOptions.parse(List.of("--pane", "about"))).getMessage());
        assertEquals(2, AppOptions.parse(List.of("--after", "2", "--screenshot", "x.png")).after());
        assertEquals("disk", AppOptions.parse(List.of("--pane", "disk")).paneShown());
    }

    @Test
    void dataFolderIsWhereEachSystemKeepsApplicationData() {
        Map<String, String> env = Map.of("APPDATA", "/users/ada/roaming", "XDG_DATA_HOME", "/data/ada");
        assertEquals(Path.of("/users/ada/roaming", "Cruncher"),
                AppOptions.defaultDataDir("Windows 11", env::get, "/users/ada"));
        assertEquals(Path.of("/users/ada", "AppData", "Roaming", "Cruncher"),
                AppOptions.defaultDataDir("Windows 11", name -> null, "/users/ada"));
        assertEquals(Path.of("/Users/ada/Library/Application Support/Cruncher"),
                AppOptions.defaultDataDir("Mac OS X", env::get, "/Users/ada"));
        assertEquals(Path.of("/data/ada/cruncher"), AppOptions.defaultDataDir("Linux", env::get, "/home/ada"));
        // The XDG base directory spec ignores a relative $XDG_DATA_HOME; so do we.
        assertEquals(Path.of("/home/ada/.local/share/cruncher"),
                AppOptions.defaultDataDir("Linux", Map.of("XDG_DATA_HOME", "rel/dir")::get, "/home/ada"));
        assertEquals(Path.of("/home/ada/.local/share/cruncher"),
                AppOptions.defaultDataDir("Linux", name -> null, "/home/ada"));
    }

    @Test
    void aDataFolderThatIsAFileIsRefused(@org.junit.jupiter.api.io.TempDir Path tmp) throws Exception {
        Path file = java.nio.file.Files.writeString(tmp.resolve("notes.txt"), "x");
        assertEquals("--data-dir " + file + " is a file, not a folder", assertThrows(IllegalArgumentException.class,
                () -> AppOptions.parse(List.of("--data-dir", file.toString()))).getMessage());
    }

    @Test
    void aLinuxHostWithoutDisplayHasNoWindowButMonocleAndOtherSystemsNeedNone() {
        assertTrue(GuiMain.noDisplay("Linux", null, null, null));
        assertTrue(GuiMain.noDisplay("Linux", " ", "", null));
        assertEquals(false, GuiMain.noDisplay("Linux", ":99", null, null));
        assertEquals(false, GuiMain.noDisplay("Linux", null, "wayland-0", null));
        assertEquals(false, GuiMain.noDisplay("Linux", null, null, "Monocle"));
        assertEquals(false, GuiMain.noDisplay("Windows 11", null, null, null));
        assertEquals(false, GuiMain.noDisplay("Mac OS X", null, null, null));
    }

    /**
     * A command after a window option ("cruncher --stats emulate x") is not called unknown while the same message
     * lists it as a command: it is said that the command comes first. A word that is no command is still unknown.
     */
    @Test
    void aCommandAfterAWindowOptionIsSaidToComeFirst() {
        assertEquals("the command emulate must come first (cruncher emulate ...); --stats is an option of the window, "
                + "which opens without a command", assertThrows(IllegalArgumentException.class,
                        () -> AppOptions.parse(List.of("--stats", "emulate", "samples/x"))).getMessage());
        assertEquals("unknown command emulat (commands: emulate, check-state, serve-project, bench; cruncher --help)",
                assertThrows(IllegalArgumentException.class,
                        () -> AppOptions.parse(List.of("--stats", "emulat"))).getMessage());
    }
}

package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.emulator.EmulatorDriver;

class AppOptionsTest {

    @Test
    void parseReadsScreenshotAfterAndPane() {
        AppOptions o = AppOptions.parse(List.of("--screenshot", "out.png", "--after", "3", "--pane", "Projects"));
        assertEquals(Path.of("out.png"), o.screenshot().orElseThrow());
        assertEquals(3, o.after());
        assertEquals("projects", o.pane());
    }

    @Test
    void defaultsRunTheDemoAtOneHourPerSecond() {
        AppOptions o = AppOptions.parse(List.of());
        assertTrue(o.screenshot().isEmpty() && o.scenario().isEmpty());
        assertEquals(EmulatorDriver.Speed.HOUR_PER_SECOND, o.speed());
        assertEquals(5, o.after());
    }

    @Test
    void parseRefusesUnknownAndIncompleteOptions() {
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--bogus")))
                .getMessage().contains("unknown option --bogus"));
        assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--screenshot")));
        assertTrue(assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--pane", "files")))
                .getMessage().contains("tasks, projects, work-fetch, disk, events"));
        assertEquals("disk", AppOptions.parse(List.of("--pane", "Disk")).pane());
        assertThrows(IllegalArgumentException.class, () -> AppOptions.parse(List.of("--after", "soon")));
    }
}

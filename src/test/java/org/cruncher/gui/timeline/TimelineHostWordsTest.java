package org.cruncher.gui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.HostAvailability;

/** The words in the computer's row say what the tooltip and the status bar say. */
class TimelineHostWordsTest {

    /**
     * Over the disk limit is not a full disk: with "Use no more than 1 GB" the row said "disk full" beside 81.6 GB
     * free, while the tooltip and the status bar said "over the disk limit".
     */
    @Test
    void aComputerOverTheDiskLimitIsNotSaidToHaveAFullDisk() {
        assertEquals("over disk limit", TimelineChart.word(HostAvailability.DISK_FULL));
        assertEquals("off", TimelineChart.word(HostAvailability.OFF));
        assertEquals("", TimelineChart.word(HostAvailability.COMPUTING));
    }
}

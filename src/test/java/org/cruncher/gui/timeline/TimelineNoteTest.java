package org.cruncher.gui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** A band's "no ... application" note is drawn where it can be read, not under the hatching. */
class TimelineNoteTest {

    @Test
    void aNoteStartsWhereTheRecordBeginsWhenItFitsThere() {
        // The record begins at x = 900 of a band ending at 1300: a note of 160 pixels fits from 906 to 1066.
        assertEquals(906, TimelineChart.noteX(900, 160, 1300), 1e-9);
    }

    @Test
    void aNoteThatWouldRunPastTheBandStartsAtTheBandsStart() {
        // The record began at x = 1200, minutes ago: 1206 + 160 > 1300, so the note goes at the band's start
        // (LABEL_WIDTH + 6), on its own plain ground over the hatching.
        assertEquals(TimelineChart.LABEL_WIDTH + 6, TimelineChart.noteX(1200, 160, 1300), 1e-9);
    }

    @Test
    void withoutAnyHatchingANoteStartsAtTheBandsStart() {
        // The record covers the whole span: it begins at the band's start.
        assertEquals(TimelineChart.LABEL_WIDTH + 6,
                TimelineChart.noteX(TimelineChart.LABEL_WIDTH, 160, 1300), 1e-9);
    }
}

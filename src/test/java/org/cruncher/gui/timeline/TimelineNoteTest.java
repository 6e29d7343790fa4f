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
    void aNoteThatWouldRunPastTheBandEndsAtTheBandsEndBesideTheRecord() {
        // The record began at x = 1200, minutes ago: 1206 + 160 > 1300, so the note ends at 1300 - 6 = 1294 and
        // starts at 1134, beside the record, on its own plain ground over the hatching (at the band's start, a
        // week's view showed it far from the hours recorded).
        assertEquals(1134, TimelineChart.noteX(1200, 160, 1300), 1e-9);
        // Wider than the band itself: at the band's start.
        assertEquals(TimelineChart.LABEL_WIDTH + 6, TimelineChart.noteX(1200, 2000, 1300), 1e-9);
    }

    @Test
    void withoutAnyHatchingANoteStartsAtTheBandsStart() {
        // The record covers the whole span: it begins at the band's start.
        assertEquals(TimelineChart.LABEL_WIDTH + 6,
                TimelineChart.noteX(TimelineChart.LABEL_WIDTH, 160, 1300), 1e-9);
    }
}

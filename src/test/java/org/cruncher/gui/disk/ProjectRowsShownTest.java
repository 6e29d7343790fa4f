package org.cruncher.gui.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/**
 * The Disk pane shows fewer project rows in a short window, so that the files and the deletions below keep room,
 * but never so few that a project over its share is out of view. The split pane's least height is 202 pixels (the
 * files' title 22 and table 100, a header and three rows; the deletions' title 22 and table 52, a header and a
 * row; a divider of 6), and the project table's header and borders take 30.
 */
class ProjectRowsShownTest {

    @Test
    void aTallPaneShowsAtMostEightRows() {
        // (500 - 202 - 30) / 24 = 11.2 rows fit: the cap, 8.
        assertEquals(8, DiskPaneView.projectRowsThatFit(500, -1));
    }

    @Test
    void aShortPaneShowsTheRowsThatLeaveTheSplitPaneItsRoom() {
        // 1,280 by 720: about 330 pixels below the words, (330 - 232) / 24 = 4.1, so 4 rows.
        assertEquals(4, DiskPaneView.projectRowsThatFit(330, -1));
    }

    @Test
    void aVeryShortPaneStillShowsThreeRows() {
        assertEquals(3, DiskPaneView.projectRowsThatFit(200, -1));
    }

    @Test
    void aProjectOverItsShareStaysInView() {
        // The fifth row (index 4) is over its share: 5 rows, though 4 would leave the split pane its room.
        assertEquals(5, DiskPaneView.projectRowsThatFit(330, 4));
        // ... but never more than the cap: beyond it, the table scrolls.
        assertEquals(8, DiskPaneView.projectRowsThatFit(330, 11));
    }
}

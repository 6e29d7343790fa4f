package org.cruncher.gui.whatif;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;

import org.junit.jupiter.api.Test;

class ProjectColumnsTest {

    @Test
    void withRoomForThemTheColumnsKeepTheirFullWidths() {
        // The full widths add up to 170 + 110 + 3 x (70 + 100) = 790.
        assertArrayEquals(ProjectColumns.FULL, ProjectColumns.widths(790));
        assertArrayEquals(ProjectColumns.FULL, ProjectColumns.widths(1200));
    }

    @Test
    void shortOfRoomEachColumnGivesInProportionToWhatItCanGive() {
        // Least widths add up to 120 + 80 + 3 x (50 + 88) = 614; at 702 the columns give (790 - 702) / (790 - 614)
        // = half of what each can: the name 170 - 50 / 2 = 145, the share 110 - 15 = 95, an "as is" 70 - 10 = 60,
        // a "with changes" 100 - 6 = 94.
        assertArrayEquals(new double[] {145, 95, 60, 94, 60, 94, 60, 94}, ProjectColumns.widths(702));
    }

    @Test
    void belowTheLeastWidthsTheyStayAtTheirLeast() {
        assertArrayEquals(ProjectColumns.LEAST, ProjectColumns.widths(614));
        assertArrayEquals(ProjectColumns.LEAST, ProjectColumns.widths(400));
    }
}

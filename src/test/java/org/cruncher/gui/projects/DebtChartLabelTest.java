package org.cruncher.gui.projects;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

/** Where a share change's label goes on the debt chart. */
class DebtChartLabelTest {

    @Test
    void aLabelRightOfItsLineUnlessItWouldRunPastThePlotThenLeftOfIt() {
        // A plot 600 wide and a label 180 wide. A change at x = 100: its label starts at 100 + 3. A change at x = 580
        // (made now, at the chart's end): 583 + 180 would run past 600 and be cut ("share 200 -> 100" for 1000), so
        // it ends 3 left of the line, at 580 - 3 - 180 = 397.
        assertEquals(103, DebtChart.labelX(100, 180, 600));
        assertEquals(397, DebtChart.labelX(580, 180, 600));
        // A plot too narrow for the label either way: it starts at the plot's left edge.
        assertEquals(0, DebtChart.labelX(100, 180, 150));
    }

    @Test
    void labelsThatWouldOverlapGoToTheNextRowAndBeyondTheLastRowAreHidden() {
        // Five labels 100 wide starting 20 apart, at most 2 rows: the latest (x = 80) takes row 0; x = 60 overlaps
        // it (60..160 against 80..180, with a 6 px gap), so row 1; x = 40 overlaps both: hidden; and so are x = 20
        // and x = 0. A sixth label far right (x = 300) fits in row 0 before all of them.
        int[] rows = DebtChart.labelRows(new double[] {0, 20, 40, 60, 80, 300},
                new double[] {100, 100, 100, 100, 100, 100}, 2);

        assertArrayEquals(new int[] {-1, -1, -1, 1, 0, 0}, rows);
    }

    @Test
    void labelsFarApartShareTheFirstRow() {
        // 0..100 and 120..220: 20 px apart, more than the 6 px gap.
        assertArrayEquals(new int[] {0, 0}, DebtChart.labelRows(new double[] {0, 120}, new double[] {100, 100}, 4));
    }
}

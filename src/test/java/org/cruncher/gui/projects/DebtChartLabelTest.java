package org.cruncher.gui.projects;

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
}

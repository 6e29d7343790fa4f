package org.cruncher.gui.timeline;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/** The hatching of the time before the record began: 45-degree lines cut to its rectangle, without a clip. */
class TimelineHatchingTest {

    @Test
    void linesAreCutToTheRectangle() {
        // A rectangle at (100, 20), 20 wide and 10 high (bottom 30), lines 9 apart: d = -10, -1, 8, 17.
        // d = -10 starts left of the rectangle: s from 10 to 10, nothing inside.
        // d = -1: s from 1 to 10: (100, 29) to (109, 20).
        // d = 8: s from 0 to 10: (108, 30) to (118, 20).
        // d = 17: s from 0 to 20 - 17 = 3: (117, 30) to (120, 27), cut at the right edge.
        List<double[]> lines = TimelineChart.hatching(100, 20, 20, 10, 9);

        assertEquals(3, lines.size());
        assertArrayEquals(new double[] {100, 29, 109, 20}, lines.get(0), 1e-9);
        assertArrayEquals(new double[] {108, 30, 118, 20}, lines.get(1), 1e-9);
        assertArrayEquals(new double[] {117, 30, 120, 27}, lines.get(2), 1e-9);
    }

    @Test
    void everyLineStaysInsideTheRectangle() {
        // A tall, narrow area (a record that began just after the view's start, 50 projects' rows high).
        for (double[] l : TimelineChart.hatching(180, 30, 7, 2800, 9)) {
            for (int i = 0; i < 4; i += 2) {
                assertTrue(l[i] >= 180 - 1e-9 && l[i] <= 187 + 1e-9, "x " + l[i]);
                assertTrue(l[i + 1] >= 30 - 1e-9 && l[i + 1] <= 2830 + 1e-9, "y " + l[i + 1]);
            }
        }
    }
}

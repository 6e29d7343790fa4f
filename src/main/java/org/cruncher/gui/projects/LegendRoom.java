package org.cruncher.gui.projects;

import java.util.function.DoubleSupplier;

import javafx.geometry.Insets;
import javafx.scene.Node;
import javafx.scene.chart.Chart;
import javafx.scene.layout.Region;

/**
 * The least height of a chart that keeps its legend below it, where the window has that room. JavaFX drops a chart's
 * legend when the plot would be left under 150 pixels high beside it; in a window of 1,024 by 700 the Projects pane's
 * charts lost theirs, and with them which line is which project and which bar is which figure. A chart whose least
 * height counts its legend makes the split pane holding it give it that room, taking it from the table above. Where
 * even that would not leave the room (the stage's least size), the chart asks only for its plot: the legend goes, and
 * the axes stay whole rather than being cut off at the bottom: where the room is short even of the plot's least
 * height, the chart asks for no more than the room (but at least {@link #FLOOR}), and JavaFX draws it smaller.
 */
final class LegendRoom {

    /** The least height a chart asks for however short the room, pixels: its axes and a sliver of plot. */
    static final double FLOOR = 80;
    /** A pixel more than the sum, as the chart rounds each height to whole pixels. */
    private static final double ROUNDING = 1;

    private final Chart chart;
    private DoubleSupplier room = () -> Double.POSITIVE_INFINITY;

    LegendRoom(Chart chart) {
        this.chart = chart;
    }

    /** What the chart may have at most, pixels, as its holder works it out at each layout. */
    void setRoom(DoubleSupplier room) {
        this.room = room;
    }

    /**
     * {@code plotLeast} (the chart's own least height, its plot's) plus the chart's insets and its legend's height at
     * the chart's width, where that fits the room; else {@code plotLeast}, or the room where it is shorter still
     * (never under {@link #FLOOR}).
     */
    double leastHeight(double plotLeast) {
        double room = this.room.getAsDouble();
        double plot = Math.min(plotLeast, Math.max(FLOOR, room));
        Node legend = chart.lookup(".chart-legend");
        if (!chart.isLegendVisible() || !(legend instanceof Region r) || r.getChildrenUnmodifiable().isEmpty()) {
            return plot;
        }
        Insets in = chart.getInsets();
        double width = chart.getWidth() > 0 ? chart.getWidth() - in.getLeft() - in.getRight() : -1;
        double withLegend = in.getTop() + in.getBottom() + r.prefHeight(width) + plotLeast + ROUNDING;
        return withLegend <= room ? withLegend : plot;
    }
}

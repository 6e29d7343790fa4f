package org.cruncher.gui.projects;

import java.util.List;
import java.util.function.DoubleSupplier;

import javafx.application.Platform;
import javafx.geometry.Insets;
import javafx.geometry.Side;
import javafx.scene.Node;
import javafx.scene.chart.Chart;
import javafx.scene.layout.Region;
import javafx.scene.layout.TilePane;

/**
 * The least height of a chart that keeps its legend below it, where the window has that room, and the legend's side.
 * JavaFX drops a chart's legend when the plot would be left under 150 pixels high beside it; in a window of 1,024 by
 * 700 the Projects pane's charts lost theirs, and with them which line is which project and which bar is which
 * figure. A chart whose least height counts its legend makes the split pane holding it give it that room, taking it
 * from the table above. Where even that would not leave the room (800 by 600), the chart asks only for its plot and
 * its legend goes beside the plot, on the right, where the chart is wide enough (JavaFX keeps 200 pixels for the
 * plot there); the axes stay whole rather than being cut off at the bottom: where the room is short even of the
 * plot's least height, the chart asks for no more than the room (but at least {@link #FLOOR}), and JavaFX draws it
 * smaller. The debt chart uses it; the share chart, too narrow at 800 by 600 for its legend beside the plot too, has
 * a key above it instead ({@link ShareChart}).
 */
final class LegendRoom {

    /** The least height a chart asks for however short the room, pixels: its axes and a sliver of plot. */
    static final double FLOOR = 80;
    /** JavaFX's least height of a plot with its legend below, and least width with its legend beside, pixels. */
    private static final double PLOT_LEAST_HEIGHT = 150;
    private static final double PLOT_LEAST_WIDTH = 200;
    /** A pixel more than the sum, as the chart rounds each height to whole pixels. */
    private static final double ROUNDING = 1;

    private final Chart chart;
    private DoubleSupplier room = () -> Double.POSITIVE_INFINITY;
    /** Whether a change of the legend's side is on its way. */
    private boolean moving;

    LegendRoom(Chart chart) {
        this.chart = chart;
    }

    /** What the chart may have at most, pixels, as its holder works it out at each layout. */
    void setRoom(DoubleSupplier room) {
        this.room = room;
    }

    /**
     * {@code plotLeast} (the chart's own least height, its plot's) plus the chart's insets and its legend's height
     * below it at the chart's width, where that fits the room; else {@code plotLeast}, or the room where it is
     * shorter still (never under {@link #FLOOR}).
     */
    double leastHeight(double plotLeast) {
        double room = this.room.getAsDouble();
        double plot = Math.min(plotLeast, Math.max(FLOOR, room));
        TilePane legend = legend();
        if (legend == null) {
            return plot;
        }
        Insets in = chart.getInsets();
        double width = chart.getWidth() > 0 ? chart.getWidth() - in.getLeft() - in.getRight() : -1;
        double withLegend = in.getTop() + in.getBottom() + heightInRows(legend, width) + plotLeast + ROUNDING;
        return withLegend <= room ? withLegend : plot;
    }

    /**
     * Puts the legend below the plot where the chart is tall enough for both, else on its right where the chart is
     * wide enough for both (else below, where JavaFX drops it). Called at each layout of the chart; the side changes
     * after it, as a change during the layout left the chart's plot standing still.
     */
    void placeLegend() {
        Side side = side();
        if (side != null && side != chart.getLegendSide() && !moving) {
            moving = true;
            Platform.runLater(() -> {
                moving = false;
                Side now = side();
                if (now != null) {
                    chart.setLegendSide(now);
                }
            });
        }
    }

    /** Where the legend fits at the chart's size, or null where the chart has no legend or no size yet. */
    private Side side() {
        TilePane legend = legend();
        if (legend == null || chart.getWidth() <= 0) {
            return null;
        }
        Insets in = chart.getInsets();
        double width = chart.getWidth() - in.getLeft() - in.getRight();
        double height = chart.getHeight() - in.getTop() - in.getBottom();
        boolean below = heightInRows(legend, width) + PLOT_LEAST_HEIGHT + ROUNDING <= height
                || widthInColumns(legend, height) + PLOT_LEAST_WIDTH + ROUNDING > width;
        return below ? Side.BOTTOM : Side.RIGHT;
    }

    /** The chart's legend, or null where it has none or it is empty. */
    private TilePane legend() {
        Node legend = chart.lookup(".chart-legend");
        if (!chart.isLegendVisible() || !(legend instanceof TilePane t) || t.getChildrenUnmodifiable().isEmpty()) {
            return null;
        }
        return t;
    }

    /**
     * The legend's height laid out in rows across {@code width} (below the plot), whichever way it is laid out now:
     * its items are tiles of the widest item's width and the highest item's height, as JavaFX lays them.
     */
    static double heightInRows(TilePane legend, double width) {
        double[] tile = tile(legend);
        Insets in = legend.getInsets();
        double across = width < 0 ? Double.POSITIVE_INFINITY : width - in.getLeft() - in.getRight();
        int columns = (int) Math.max(1, Math.min(tile[2], Math.floor((across + legend.getHgap())
                / (tile[0] + legend.getHgap()))));
        int rows = (int) Math.ceil(tile[2] / columns);
        return Math.ceil(in.getTop() + in.getBottom() + rows * tile[1] + (rows - 1) * legend.getVgap());
    }

    /** The legend's width laid out in columns down {@code height} (beside the plot). */
    static double widthInColumns(TilePane legend, double height) {
        double[] tile = tile(legend);
        Insets in = legend.getInsets();
        double down = height - in.getTop() - in.getBottom();
        int rows = (int) Math.max(1, Math.min(tile[2], Math.floor((down + legend.getVgap())
                / (tile[1] + legend.getVgap()))));
        int columns = (int) Math.ceil(tile[2] / rows);
        return Math.ceil(in.getLeft() + in.getRight() + columns * tile[0] + (columns - 1) * legend.getHgap());
    }

    /** The widest item's width, the highest item's height and the number of items of {@code legend}. */
    private static double[] tile(TilePane legend) {
        List<Node> items = legend.getChildrenUnmodifiable();
        double width = 0;
        double height = 0;
        for (Node n : items) {
            width = Math.max(width, Math.ceil(n.prefWidth(-1)));
            height = Math.max(height, Math.ceil(n.prefHeight(-1)));
        }
        return new double[] {width, height, items.size()};
    }
}

package org.cruncher.gui.projects;

import javafx.beans.NamedArg;
import javafx.scene.chart.Axis;
import javafx.scene.chart.BarChart;
import javafx.scene.chart.CategoryAxis;

/**
 * The Projects pane's bars of share, target and work done per project, at least {@link #ROW} pixels high a project
 * so that every project's label is shown and readable: below that the axis left out every other label (at 800 by 600
 * with ten projects, and at 1,440 by 880 with more), and the pane scrolls the chart instead, its percentage axis
 * drawn below the scrolling rows ({@link ShareAxisStrip}). Its key is not its own
 * legend but a line above it (the pane's), which stays in view at any size: JavaFX dropped the legend at 800 by 600,
 * where the chart had room for it neither below nor beside the plot.
 */
public final class ShareChart extends BarChart<Number, String> {

    /** The least height of a project's row of bars, pixels: a label of 12 pixels and room between two. */
    static final double ROW = 18;

    public ShareChart(@NamedArg("xAxis") Axis<Number> xAxis, @NamedArg("yAxis") Axis<String> yAxis) {
        super(xAxis, yAxis);
        setLegendVisible(false);
    }

    /**
     * A row of {@link #ROW} pixels a project, the project axis's margins at its ends, and what the chart has besides
     * that axis (its insets and padding, the number axis below), as laid out (before it is, its insets and the number
     * axis).
     */
    public double rowsHeight() {
        int projects = getData().stream().mapToInt(series -> series.getData().size()).max().orElse(0);
        CategoryAxis down = (CategoryAxis) getYAxis();
        double besides = down.getHeight() > 0 ? getHeight() - down.getHeight()
                : snappedTopInset() + snappedBottomInset() + getXAxis().prefHeight(-1);
        return besides + down.getStartMargin() + down.getEndMargin() + projects * ROW;
    }
}

package org.cruncher.gui.projects;

import javafx.beans.NamedArg;
import javafx.scene.chart.Axis;
import javafx.scene.chart.BarChart;

/** The Projects pane's bars of share, target and work done per project, tall enough to keep its legend. */
public final class ShareChart extends BarChart<Number, String> {

    private final LegendRoom legendRoom = new LegendRoom(this);

    public ShareChart(@NamedArg("xAxis") Axis<Number> xAxis, @NamedArg("yAxis") Axis<String> yAxis) {
        super(xAxis, yAxis);
    }

    @Override
    protected double computeMinHeight(double width) {
        return legendRoom.leastHeight(super.computeMinHeight(width));
    }

    /** Puts the legend below the plot or beside it, as the chart's size allows, then lays the chart out. */
    @Override
    protected void layoutChildren() {
        legendRoom.placeLegend();
        super.layoutChildren();
    }

    LegendRoom legendRoom() {
        return legendRoom;
    }
}

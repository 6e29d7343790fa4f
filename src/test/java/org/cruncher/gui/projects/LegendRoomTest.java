package org.cruncher.gui.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.collections.FXCollections;
import javafx.scene.Scene;
import javafx.scene.chart.XYChart;
import javafx.scene.layout.Region;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** A chart asks for room for its legend below its plot where its holder has that room, and only then. */
@ExtendWith(ApplicationExtension.class)
class LegendRoomTest {

    /** JavaFX's least height of a chart's plot, which is also a chart's own least height. */
    private static final double PLOT_LEAST = 150;

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void aChartsLeastHeightCountsItsLegendWhileTheRoomHoldsIt(FxRobot robot) {
        DebtChart chart = new DebtChart(FXCollections.observableArrayList());
        double[] least = new double[5];
        robot.interact(() -> {
            for (String name : new String[] {"A", "B"}) {
                XYChart.Series<Number, Number> s = new XYChart.Series<>();
                s.setName(name);
                s.getData().add(new XYChart.Data<>(0, 0));
                chart.getData().add(s);
            }
            stage.setScene(new Scene(chart, 600, 400));
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.interact(() -> {
            Region legend = (Region) chart.lookup(".chart-legend");
            // Unbounded room: the plot's 150 pixels, the legend's height at the chart's width (one row of two
            // items), the chart's insets and a pixel for rounding.
            least[0] = chart.minHeight(-1);
            least[1] = PLOT_LEAST + legend.prefHeight(chart.getWidth() - chart.snappedLeftInset()
                    - chart.snappedRightInset()) + chart.snappedTopInset() + chart.snappedBottomInset() + 1;
            // Room for less than that: the plot alone, and JavaFX drops the legend.
            chart.legendRoom().setRoom(() -> least[1] - 1);
            chart.requestLayout();
            least[2] = chart.minHeight(-1);
            // Room for less than the plot (the stage's least window): the room, so that the axes are drawn in it
            // rather than cut off; never under the floor.
            chart.legendRoom().setRoom(() -> 120);
            chart.requestLayout();
            least[3] = chart.minHeight(-1);
            chart.legendRoom().setRoom(() -> 20);
            chart.requestLayout();
            least[4] = chart.minHeight(-1);
        });

        assertEquals(least[1], least[0], 1e-9);
        assertTrue(least[0] > PLOT_LEAST + 10, "a legend is at least a line high: " + least[0]);
        assertEquals(PLOT_LEAST, least[2], 1e-9);
        assertEquals(120, least[3], 1e-9);
        assertEquals(LegendRoom.FLOOR, least[4], 1e-9);
    }

    @Test
    void aChartWithoutSeriesAsksForItsPlotOnly(FxRobot robot) {
        DebtChart chart = new DebtChart(FXCollections.observableArrayList());
        double[] least = new double[1];
        robot.interact(() -> {
            stage.setScene(new Scene(chart, 600, 400));
            stage.show();
            least[0] = chart.minHeight(-1);
        });

        assertEquals(PLOT_LEAST, least[0], 1e-9);
    }
}

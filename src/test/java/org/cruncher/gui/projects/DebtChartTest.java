package org.cruncher.gui.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import javafx.collections.FXCollections;
import javafx.geometry.Point2D;
import javafx.scene.Scene;
import javafx.scene.chart.NumberAxis;
import javafx.scene.chart.XYChart;
import javafx.scene.shape.Path;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

/** The debt chart draws what its series hold. */
@ExtendWith(ApplicationExtension.class)
class DebtChartTest {

    private Stage stage;

    @Start
    void start(Stage stage) {
        this.stage = stage;
    }

    @Test
    void aLineHalvedAgainAndAgainIsStillDrawnOverItsWholeLength(FxRobot robot) {
        // 1,600 half-hourly points (a month at a day a second), the series halved each time it passes 600: every
        // point the series keeps is a point of the drawn line. Handing the chart back the very points it was removing
        // dropped them from the line, which then began at day 25.
        XYChart.Series<Number, Number> series = new XYChart.Series<>();
        DebtChart chart = new DebtChart(FXCollections.observableArrayList());
        robot.interact(() -> {
            chart.getData().add(series);
            stage.setScene(new Scene(chart, 800, 400));
            stage.show();
        });
        for (int day = 0; day < 34; day++) {
            int first = day * 48;
            robot.interact(() -> {
                for (int i = first; i < first + 48; i++) {
                    series.getData().add(new XYChart.Data<>(i / 48.0, i % 2 == 0 ? 1 : -1));
                }
                while (series.getData().size() > ProjectsPaneViewModel.MAX_POINTS) {
                    ProjectsPaneViewModel.thin(series);
                }
            });
            WaitForAsyncUtils.waitForFxEvents();
        }

        // The line's path has an element for each point (and one to begin it); it had 97 for 401 points.
        Path line = (Path) series.getNode();
        assertTrue(line.getElements().size() >= series.getData().size(),
                line.getElements().size() + " path elements for " + series.getData().size() + " points");
    }

    /**
     * The distance to a line is to its nearest segment: 3 above the middle of (0, 0)-(10, 0); 5 from (13, 4), past
     * its end (a 3-4-5 triangle); to a single point, to it; none to no point.
     */
    @Test
    void aPointsDistanceToALineIsToItsNearestSegment() {
        double[] xs = {0, 10, 10};
        double[] ys = {0, 0, -20};
        assertEquals(3, DebtChart.distance(xs, ys, 5, 3), 1e-9);
        assertEquals(5, DebtChart.distance(new double[] {0, 10}, new double[] {0, 0}, 13, 4), 1e-9);
        // Beside the second, upright segment: 2 to its left of (10, -10).
        assertEquals(2, DebtChart.distance(xs, ys, 8, -10), 1e-9);
        assertEquals(5, DebtChart.distance(new double[] {1}, new double[] {1}, 4, 5), 1e-9);
        assertEquals(Double.POSITIVE_INFINITY, DebtChart.distance(new double[0], new double[0], 0, 0));
    }

    /**
     * Three flat lines at debts 10, 0 and -10 over two days: the pointer on the first's line at day 1 names it and a
     * click picks it; 5 CPU hours below it (halfway to the next, many times {@code NEAR} pixels on a plot of some 300
     * pixels for 25 hours) the pointer is near no line: no name, and a click picks nothing.
     */
    @Test
    void hoveringNearALineNamesItsProjectAndClickingPicksIt(FxRobot robot) {
        DebtChart chart = new DebtChart(FXCollections.observableArrayList());
        List<XYChart.Series<Number, Number>> picked = new ArrayList<>();
        List<XYChart.Series<Number, Number>> lines = new ArrayList<>();
        for (int debt : new int[] {10, 0, -10}) {
            XYChart.Series<Number, Number> s = new XYChart.Series<>();
            s.setName("debt " + debt);
            s.getData().add(new XYChart.Data<>(0, debt));
            s.getData().add(new XYChart.Data<>(2, debt));
            lines.add(s);
        }
        robot.interact(() -> {
            chart.getData().setAll(lines);
            chart.setOnPick(picked::add);
            stage.setScene(new Scene(chart, 800, 400));
            stage.show();
        });
        WaitForAsyncUtils.waitForFxEvents();
        robot.moveTo(onScreen(chart, 1, 10));
        WaitForAsyncUtils.waitForFxEvents();
        assertTrue(chart.lineName().isShowing());
        assertEquals("debt 10 (click to pick out its line)", chart.lineName().getText());
        robot.clickOn(onScreen(chart, 1, 10));
        assertEquals(List.of(lines.get(0)), picked);
        // Once picked out, its name no longer asks for a click.
        robot.interact(() -> chart.pick(lines.get(0)));
        robot.moveTo(onScreen(chart, 1.2, 10));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals("debt 10 (picked out)", chart.lineName().getText());

        robot.moveTo(onScreen(chart, 1, 5));
        WaitForAsyncUtils.waitForFxEvents();
        assertFalse(chart.lineName().isShowing());
        robot.clickOn(onScreen(chart, 1, 5));
        assertEquals(List.of(lines.get(0)), picked);
        robot.interact(() -> chart.lineName().hide());
    }

    /** Where ({@code day}, {@code debt}) is on the screen. */
    private static Point2D onScreen(DebtChart chart, double day, double debt) {
        NumberAxis x = (NumberAxis) chart.getXAxis();
        NumberAxis y = (NumberAxis) chart.getYAxis();
        double sceneX = x.localToScene(x.getDisplayPosition(day), 0).getX();
        double sceneY = y.localToScene(0, y.getDisplayPosition(debt)).getY();
        return chart.getScene().getRoot().localToScreen(chart.getScene().getRoot().sceneToLocal(sceneX, sceneY));
    }
}

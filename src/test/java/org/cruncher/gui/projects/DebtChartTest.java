package org.cruncher.gui.projects;

import static org.junit.jupiter.api.Assertions.assertTrue;

import javafx.collections.FXCollections;
import javafx.scene.Scene;
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
}

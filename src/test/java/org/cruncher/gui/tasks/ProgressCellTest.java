package org.cruncher.gui.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import javafx.scene.Scene;
import javafx.scene.layout.Background;
import javafx.scene.layout.StackPane;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.Stop;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

import org.cruncher.gui.CruncherApp;

/** The progress cell: its percentage over a bar filled to that fraction, drawn as the cell's background. */
@ExtendWith(ApplicationExtension.class)
class ProgressCellTest {

    private static List<Stop> stops(Background b) {
        return ((LinearGradient) b.getFills().get(0).getFill()).getStops();
    }

    @Test
    void aThirdDoneIsABarFilledToAThird(FxRobot robot) {
        ProgressCell cell = new ProgressCell();
        robot.interact(() -> cell.updateItem(0.347, false));

        assertEquals("34.7 %", cell.getText());
        // Bar colour from 0 to 0.347, then the track from 0.347 to 1: a hard edge where the work done ends.
        assertEquals(List.of(new Stop(0, ProgressCell.BAR), new Stop(0.347, ProgressCell.BAR),
                new Stop(0.347, ProgressCell.TRACK), new Stop(1, ProgressCell.TRACK)), stops(cell.getBackground()));
    }

    @Test
    void aTaskNotQuiteDoneIsNotShownDone(FxRobot robot) {
        // 0.99995 would round to "100.0 %" with a second still to go: it reads 99.9 %; exactly done reads 100.0 %.
        ProgressCell cell = new ProgressCell();
        robot.interact(() -> cell.updateItem(0.99995, false));
        assertEquals("99.9 %", cell.getText());
        robot.interact(() -> cell.updateItem(1.0, false));
        assertEquals("100.0 %", cell.getText());
        // 0.347 is 346.99999... thousandths in binary: still 34.7 %, as the test above says.
        robot.interact(() -> cell.updateItem(0.347, false));
        assertEquals("34.7 %", cell.getText());
    }

    @Test
    void progressBeyondTheEndsIsHeldToThemAndAnEmptyRowShowsNothing(FxRobot robot) {
        ProgressCell cell = new ProgressCell();
        robot.interact(() -> cell.updateItem(1.2, false));
        assertEquals("100.0 %", cell.getText());
        assertEquals(1.0, stops(cell.getBackground()).get(1).getOffset(), 1e-12);

        robot.interact(() -> cell.updateItem(null, true));
        assertNull(cell.getText());
        assertNull(cell.getBackground());
    }

    @Test
    void theStylesheetsLeaveTheBarInPlace(FxRobot robot) {
        // Modena gives every table cell "-fx-background-color: null" and cruncher.css styles the progress cell's
        // text: neither may wipe the bar, which is set in code (it outranks the user-agent stylesheet).
        ProgressCell cell = new ProgressCell();
        robot.interact(() -> {
            Scene scene = new Scene(new StackPane(cell));
            scene.getStylesheets().add(CruncherApp.class.getResource("cruncher.css").toExternalForm());
            cell.updateItem(0.5, false);
            cell.applyCss();
        });

        assertEquals(0.5, stops(cell.getBackground()).get(1).getOffset(), 1e-12);
        assertEquals(11, cell.getFont().getSize(), 1e-9, "cruncher.css's progress text");
    }
}

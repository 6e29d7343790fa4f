package org.cruncher.gui.tasks;

import javafx.geometry.Insets;
import javafx.geometry.Pos;
import javafx.scene.control.TableCell;
import javafx.scene.layout.Background;
import javafx.scene.layout.BackgroundFill;
import javafx.scene.layout.CornerRadii;
import javafx.scene.paint.Color;
import javafx.scene.paint.CycleMethod;
import javafx.scene.paint.LinearGradient;
import javafx.scene.paint.Stop;

import org.cruncher.gui.text.Format;

/**
 * A task's progress: its percentage on a bar filled to that fraction. The bar is the cell's own background, not a
 * ProgressBar in the cell: with thousands of tasks the visible rows are laid out and styled again whenever tasks
 * come, go or change places (several times a second at full speed), and a ProgressBar with a label over it made the
 * progress cell cost as much styling as the rest of its row.
 */
final class ProgressCell extends TableCell<TaskRow, Number> {

    static final Color BAR = Color.web("#9ec5ea");
    static final Color TRACK = Color.web("#e3e8ef");
    private static final Insets INSETS = new Insets(3, 2, 3, 2);
    private static final CornerRadii RADII = new CornerRadii(3);

    ProgressCell() {
        getStyleClass().add("progress-cell");
        setAlignment(Pos.CENTER);
    }

    @Override
    protected void updateItem(Number item, boolean empty) {
        super.updateItem(item, empty);
        if (empty || item == null) {
            setText(null);
            setBackground(null);
            return;
        }
        double done = Math.max(0, Math.min(1, item.doubleValue()));
        // Rounded down to the tenth shown: a task with a second to go is at 99.9 %, not already at 100.0 %.
        setText(Format.percent(Math.floor(done * 1000 + 1e-9) / 1000));
        setBackground(bar(done));
    }

    /** A bar filled from the left to {@code done} (0 to 1), the rest of it the track. */
    static Background bar(double done) {
        LinearGradient fill = new LinearGradient(0, 0, 1, 0, true, CycleMethod.NO_CYCLE,
                new Stop(0, BAR), new Stop(done, BAR), new Stop(done, TRACK), new Stop(1, TRACK));
        return new Background(new BackgroundFill(fill, RADII, INSETS));
    }
}

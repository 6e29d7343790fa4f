package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.StackPane;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;

@ExtendWith(ApplicationExtension.class)
class ColumnFitTest {

    private TableView<String> table;
    private TableColumn<String, String> name;
    private TableColumn<String, String> figure;
    private TableColumn<String, String> why;

    private static TableColumn<String, String> column(double min) {
        TableColumn<String, String> c = new TableColumn<>();
        c.setMinWidth(min);
        c.setPrefWidth(min);
        return c;
    }

    /** The stage is the one every test shares: only the table's width is changed here, never the stage's. */
    @Start
    void start(Stage stage) {
        table = new TableView<>();
        name = column(150);
        figure = column(100);
        why = column(200);
        table.getColumns().setAll(List.of(name, figure, why));
        ColumnFit.fitOrScroll(table);
        stage.setScene(new Scene(new StackPane(table), 800, 300));
        stage.show();
    }

    private double needed() {
        return 20 + table.getInsets().getLeft() + table.getInsets().getRight();
    }

    @Test
    void columnsShareAWideTableAndScrollInANarrowOne(FxRobot robot) {
        // The minimum widths need 150 + 100 + 200 = 450 pixels, plus 20 for the scroll bar and the table's border.
        assertSame(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN, table.getColumnResizePolicy());
        // 800 wide: the last column takes what the others leave, so the columns fill the table.
        double filled = name.getWidth() + figure.getWidth() + why.getWidth();
        assertTrue(filled > 700, "columns fill " + filled);

        robot.interact(() -> table.setMaxWidth(400));
        assertEquals(400, table.getWidth(), 1e-9);
        assertSame(TableView.UNCONSTRAINED_RESIZE_POLICY, table.getColumnResizePolicy());
        // None is squeezed below its minimum: the columns run past the table's edge, which scrolls sideways.
        assertTrue(name.getWidth() >= 150 && figure.getWidth() >= 100 && why.getWidth() >= 200);
        assertTrue(name.getWidth() + figure.getWidth() + why.getWidth() > 400);

        robot.interact(() -> why.setVisible(false));
        // 150 + 100 = 250, and the margins, fit in 400: the columns share the width again.
        assertTrue(250 + needed() <= 400);
        assertSame(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN, table.getColumnResizePolicy());

        robot.interact(() -> figure.setMinWidth(300));
        // A minimum raised at run time counts too: 150 + 300 > 400.
        assertSame(TableView.UNCONSTRAINED_RESIZE_POLICY, table.getColumnResizePolicy());
    }
}

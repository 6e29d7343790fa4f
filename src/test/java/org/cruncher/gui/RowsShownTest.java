package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;
import javafx.scene.layout.VBox;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class RowsShownTest {

    private TableView<String> table;

    @Start
    void start(Stage stage) {
        table = new TableView<>();
        TableColumn<String, String> name = new TableColumn<>("Name");
        name.setPrefWidth(200);
        table.getColumns().setAll(List.of(name));
        table.getItems().setAll("CPU", "NVIDIA GPU");
        table.setColumnResizePolicy(TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN);
        RowsShown.upTo(table, 3);
        Region below = new Region();
        below.setPrefHeight(10_000);
        stage.setScene(new Scene(new VBox(table, below), 400, 300));
        stage.show();
    }

    /** What the header, {@code rows} rows of 24 pixels and the table's border (insets and 2) take. */
    private double tall(int rows) {
        double header = table.lookup(".column-header-background").getLayoutBounds().getHeight();
        return header + rows * RowsShown.ROW + table.snappedTopInset() + table.snappedBottomInset() + 2;
    }

    @Test
    void theTableIsAsTallAsItsRowsUpToTheCap(FxRobot robot) {
        // Two rows, though the filler below asks for all the height there is.
        assertEquals(tall(2), table.getHeight(), 0.5);

        // Five rows: three are shown (the cap), and the table scrolls.
        robot.interact(() -> table.getItems().setAll("a", "b", "c", "d", "e"));
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(tall(3), table.getHeight(), 0.5);

        // None: one row's height for the placeholder.
        robot.interact(() -> table.getItems().clear());
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(tall(1), table.getHeight(), 0.5);

        // Columns scrolling sideways: room for the scroll bar too, 16 pixels.
        robot.interact(() -> {
            table.getItems().setAll("CPU", "NVIDIA GPU");
            table.setColumnResizePolicy(TableView.UNCONSTRAINED_RESIZE_POLICY);
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(tall(2) + 16, table.getHeight(), 0.5);

        // A new list: its rows are followed.
        ObservableList<String> fresh = FXCollections.observableArrayList();
        robot.interact(() -> {
            table.setItems(fresh);
            fresh.addAll("a", "b", "c", "d");
        });
        WaitForAsyncUtils.waitForFxEvents();
        assertEquals(tall(3) + 16, table.getHeight(), 0.5);
    }
}

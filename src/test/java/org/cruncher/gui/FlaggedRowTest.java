package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.Comparator;
import java.util.List;

import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.css.PseudoClass;
import javafx.scene.Scene;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.stage.Stage;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;
import org.testfx.framework.junit5.Start;
import org.testfx.util.WaitForAsyncUtils;

@ExtendWith(ApplicationExtension.class)
class FlaggedRowTest {

    private static final PseudoClass WANTS = PseudoClass.getPseudoClass("wants-work");

    /** A row item whose flag changes in place, as the panes' rows do. */
    private record Item(String name, SimpleBooleanProperty flag) {
    }

    private final Item cpu = new Item("CPU", new SimpleBooleanProperty(true));
    private final Item gpu = new Item("GPU", new SimpleBooleanProperty(false));
    private TableView<Item> table;

    @Start
    void start(Stage stage) {
        table = new TableView<>(FXCollections.observableArrayList(cpu, gpu));
        TableColumn<Item, String> name = new TableColumn<>("Resource");
        name.setCellValueFactory(c -> new ReadOnlyStringWrapper(c.getValue().name()));
        table.getColumns().add(name);
        table.setRowFactory(t -> new FlaggedRow<>(WANTS, Item::flag));
        stage.setScene(new Scene(table, 300, 200));
        stage.show();
    }

    private List<Boolean> marks(FxRobot robot) {
        WaitForAsyncUtils.waitForFxEvents();
        return robot.lookup(n -> n instanceof TableRow<?> r && r.getItem() != null).queryAllAs(TableRow.class)
                .stream().sorted(Comparator.comparingInt(TableRow::getIndex))
                .map(r -> r.getPseudoClassStates().contains(WANTS)).toList();
    }

    @Test
    void aRowsMarkFollowsItsItemsFlagAsItChangesInPlace(FxRobot robot) {
        assertEquals(List.of(true, false), marks(robot));

        robot.interact(() -> {
            cpu.flag().set(false);
            gpu.flag().set(true);
        });

        assertEquals(List.of(false, true), marks(robot));
    }

    @Test
    void aRowGivenAnotherItemFollowsTheNewItemOnly(FxRobot robot) {
        robot.interact(() -> table.getItems().setAll(gpu, cpu));
        assertEquals(List.of(false, true), marks(robot));

        // The row that showed the CPU first no longer listens to it.
        robot.interact(() -> cpu.flag().set(false));

        assertEquals(List.of(false, false), marks(robot));
    }
}

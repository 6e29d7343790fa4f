package org.cruncher.gui;

import javafx.scene.control.TableView;
import javafx.scene.input.MouseEvent;

/**
 * A table that takes the keyboard focus with no row selected selects the row its focus outline is on (the first,
 * when none is): the buttons above it that act on the selected row are then usable at once, as the outline suggests
 * (keyboard QA: Tab into the Projects table outlined its first row while Suspend, No new tasks and Update now stayed
 * greyed out until Down or Space was pressed). Focus that comes with a mouse press is left alone: the click selects
 * what it selects, and a click on a header or below the rows selects nothing (review: it picked the first project). A
 * selection made by the user is left as it is.
 */
public final class FocusSelects {

    private FocusSelects() {
    }

    /** Has {@code table} select its focused row when it takes the focus from the keyboard with nothing selected. */
    public static void install(TableView<?> table) {
        boolean[] pressing = new boolean[1];
        table.addEventFilter(MouseEvent.MOUSE_PRESSED, e -> pressing[0] = true);
        table.addEventFilter(MouseEvent.MOUSE_RELEASED, e -> pressing[0] = false);
        table.focusedProperty().addListener((o, was, focused) -> {
            if (focused && !pressing[0] && table.getSelectionModel().isEmpty() && !table.getItems().isEmpty()) {
                int row = table.getFocusModel().getFocusedIndex();
                table.getSelectionModel().select(row >= 0 && row < table.getItems().size() ? row : 0);
            }
        });
    }
}

package org.cruncher.gui.text;

import java.util.function.Function;

import javafx.beans.value.ObservableValue;
import javafx.scene.control.TableCell;
import javafx.scene.control.TableColumn;
import javafx.scene.control.Tooltip;

/**
 * Table columns of text with a tooltip: the column's explanation (on its header too), or the cell's own text when it
 * may be cut.
 */
public final class TextColumns {

    private TextColumns() {
    }

    /**
     * A text column; {@code tip} explains the column on its header and each cell, or, when null, the cell shows its
     * own text.
     */
    public static <R> void text(TableColumn<R, String> col, Function<R, ObservableValue<String>> value, String tip) {
        if (tip != null) {
            ColumnHeaders.explain(col, tip);
        }
        col.setCellValueFactory(c -> value.apply(c.getValue()));
        col.setCellFactory(c -> new TableCell<>() {
            private final Tooltip tooltip = ColumnHeaders.wrapped(tip);

            @Override
            protected void updateItem(String item, boolean empty) {
                super.updateItem(item, empty);
                setText(empty ? null : item);
                String t = tip != null ? tip : item;
                if (!empty && t != null && !t.isEmpty()) {
                    tooltip.setText(t);
                    setTooltip(tooltip);
                } else {
                    setTooltip(null);
                }
            }
        });
    }
}

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
        text(col, value, tip, tip);
    }

    /**
     * A text column of sentences that its width may cut: {@code tip} explains the column on its header, and each
     * cell shows its own text whole on hovering (QA: the Work fetch pane's Why cells showed the column's explanation,
     * and a cut sentence could not be read).
     */
    public static <R> void sentences(TableColumn<R, String> col, Function<R, ObservableValue<String>> value,
                                     String tip) {
        text(col, value, tip, null);
    }

    private static <R> void text(TableColumn<R, String> col, Function<R, ObservableValue<String>> value, String header,
                                 String tip) {
        if (header != null) {
            ColumnHeaders.explain(col, header);
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

package org.cruncher.gui;

import javafx.scene.control.OverrunStyle;
import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;

/**
 * A text cell that shows its whole text on hovering, for columns whose text may be cut: a task's name, a project's
 * "why". One tooltip per cell, reused as the cell is.
 *
 * @param <S> the table's row type
 */
public final class WholeTextCell<S> extends TableCell<S, String> {

    private final Tooltip tooltip = new Tooltip();

    /** @param overrun where the text is cut when it does not fit */
    public WholeTextCell(OverrunStyle overrun) {
        setTextOverrun(overrun);
        tooltip.setWrapText(true);
        tooltip.setMaxWidth(600);
    }

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        setText(empty ? null : item);
        if (empty || item == null) {
            setTooltip(null);
        } else {
            tooltip.setText(item);
            setTooltip(tooltip);
        }
    }
}

package org.cruncher.gui.events;

import javafx.scene.control.TableCell;
import javafx.scene.control.Tooltip;

/**
 * An event's time as the column shows it ("3 Jan 14:05:09"), with its day of the week and year on hovering: an
 * emulated year crosses New Year, and the column has no room for the year on every row.
 */
final class EventTimeCell extends TableCell<EventRow, String> {

    private final Tooltip tooltip = new Tooltip();

    @Override
    protected void updateItem(String item, boolean empty) {
        super.updateItem(item, empty);
        EventRow row = empty || getTableRow() == null ? null : getTableRow().getItem();
        setText(empty ? null : item);
        if (row == null) {
            setTooltip(null);
        } else {
            tooltip.setText(row.getFullTime());
            setTooltip(tooltip);
        }
    }
}

package org.cruncher.gui;

import javafx.beans.InvalidationListener;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.value.ObservableIntegerValue;
import javafx.scene.Node;
import javafx.scene.control.TableView;
import javafx.scene.layout.Region;

/**
 * Sizes a short table to its rows, up to a cap, for a table laid out above a split pane rather than in it: on a
 * small screen a split pane would squeeze its last rows behind a scroll bar (the Work fetch pane's CPU row, the Disk
 * pane's project over its share). The table's rows get a fixed height, and its height follows the row count and the
 * header's height; beyond the cap it scrolls.
 */
public final class RowsShown {

    /** The height of one row, pixels: Modena's own at the default font. */
    public static final double ROW = 24;
    /** The header's height until the table has been laid out once. */
    private static final double HEADER = 26;
    private static final String HEADER_STYLE = ".column-header-background";
    /** Room for the sideways scroll bar while the columns scroll ({@link ColumnFit}). */
    public static final double SCROLL_BAR = 16;

    private RowsShown() {
    }

    /** Keeps up to {@code maxRows} of {@code table}'s rows in view (at least one, for its placeholder). */
    public static void upTo(TableView<?> table, int maxRows) {
        upTo(table, new ReadOnlyIntegerWrapper(maxRows));
    }

    /**
     * Keeps up to {@code maxRows} of {@code table}'s rows in view, a cap that may change (a pane short of height
     * shows fewer rows above its split pane, so that the split pane keeps room for its own tables).
     */
    public static void upTo(TableView<?> table, ObservableIntegerValue maxRows) {
        table.setFixedCellSize(ROW);
        InvalidationListener update = o -> {
            double h = height(table, maxRows.get());
            table.setMinHeight(h);
            table.setPrefHeight(h);
            table.setMaxHeight(h);
        };
        if (table.getItems() != null) {
            table.getItems().addListener(update);
        }
        table.itemsProperty().addListener((o, was, now) -> {
            if (was != null) {
                was.removeListener(update);
            }
            if (now != null) {
                now.addListener(update);
            }
            update.invalidated(o);
        });
        table.columnResizePolicyProperty().addListener(update);
        maxRows.addListener(update);
        Region[] header = new Region[1];
        InvalidationListener watchHeader = o -> {
            if (header[0] != null) {
                header[0].heightProperty().removeListener(update);
            }
            header[0] = table.lookup(HEADER_STYLE) instanceof Region r ? r : null;
            if (header[0] != null) {
                header[0].heightProperty().addListener(update);
            }
            update.invalidated(o);
        };
        table.skinProperty().addListener(watchHeader);
        watchHeader.invalidated(null);
    }

    /** The header, the rows shown and the table's borders; the rows shown are at least one and at most the cap. */
    static double height(TableView<?> table, int maxRows) {
        int rows = Math.max(1, Math.min(maxRows, table.getItems() == null ? 0 : table.getItems().size()));
        Node header = table.lookup(HEADER_STYLE);
        double headerHeight = header instanceof Region r && r.getHeight() > 0 ? r.getHeight() : HEADER;
        double sideways = table.getColumnResizePolicy() == TableView.UNCONSTRAINED_RESIZE_POLICY ? SCROLL_BAR : 0;
        return headerHeight + rows * ROW + sideways + table.snappedTopInset() + table.snappedBottomInset() + 2;
    }
}

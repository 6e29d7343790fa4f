package org.cruncher.gui;

import javafx.beans.InvalidationListener;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.util.Callback;

/**
 * Keeps a table's columns readable at any window width: while the columns' minimum widths fit, they share the
 * table's width (the last column takes what is left); when they do not, as on a 1024-pixel screen, the table
 * scrolls sideways instead of clipping its last columns out of reach.
 */
public final class ColumnFit {

    /** Room kept for the vertical scroll bar. */
    private static final double SCROLL_BAR = 20;

    private ColumnFit() {
    }

    /** Applies the rule to {@code table} now and whenever its width or its shown columns change. */
    public static void fitOrScroll(TableView<?> table) {
        Callback<TableView.ResizeFeatures, Boolean> fit = TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN;
        InvalidationListener choose = o -> {
            double needed = SCROLL_BAR;
            for (TableColumn<?, ?> c : table.getVisibleLeafColumns()) {
                needed += c.getMinWidth();
            }
            Callback<TableView.ResizeFeatures, Boolean> policy = table.getWidth() >= needed ? fit
                    : TableView.UNCONSTRAINED_RESIZE_POLICY;
            if (table.getColumnResizePolicy() != policy) {
                table.setColumnResizePolicy(policy);
            }
        };
        table.widthProperty().addListener(choose);
        table.getVisibleLeafColumns().addListener(choose);
        choose.invalidated(null);
    }
}

package org.cruncher.gui;

import java.util.Collections;
import java.util.IdentityHashMap;
import java.util.Set;

import javafx.beans.InvalidationListener;
import javafx.geometry.Insets;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;
import javafx.util.Callback;

/**
 * Keeps a table's columns readable at any window width: while the columns' minimum widths fit, they share the
 * table's width (the last column takes what is left); when they do not, as on a 1024-pixel screen, the table
 * scrolls sideways instead of clipping its last columns out of reach. Looked at again whenever the table's width,
 * its shown columns or a column's minimum width change.
 */
public final class ColumnFit {

    /** Room kept for the vertical scroll bar. */
    private static final double SCROLL_BAR = 20;

    private ColumnFit() {
    }

    /** Applies the rule to {@code table} now and whenever what it depends on changes. */
    public static void fitOrScroll(TableView<?> table) {
        InvalidationListener choose = o -> choose(table);
        Set<TableColumn<?, ?>> watched = Collections.newSetFromMap(new IdentityHashMap<>());
        InvalidationListener columns = o -> {
            for (TableColumn<?, ?> c : table.getVisibleLeafColumns()) {
                if (watched.add(c)) {
                    c.minWidthProperty().addListener(choose);
                }
            }
            choose(table);
        };
        table.widthProperty().addListener(choose);
        table.insetsProperty().addListener(choose);
        table.getVisibleLeafColumns().addListener(columns);
        columns.invalidated(null);
    }

    private static void choose(TableView<?> table) {
        Insets insets = table.getInsets();
        double needed = SCROLL_BAR + insets.getLeft() + insets.getRight();
        for (TableColumn<?, ?> c : table.getVisibleLeafColumns()) {
            needed += c.getMinWidth();
        }
        Callback<TableView.ResizeFeatures, Boolean> policy = table.getWidth() >= needed
                ? TableView.CONSTRAINED_RESIZE_POLICY_FLEX_LAST_COLUMN : TableView.UNCONSTRAINED_RESIZE_POLICY;
        if (table.getColumnResizePolicy() != policy) {
            table.setColumnResizePolicy(policy);
        }
    }
}

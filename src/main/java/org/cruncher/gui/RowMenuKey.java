package org.cruncher.gui;

import javafx.css.PseudoClass;
import javafx.geometry.Bounds;
import javafx.scene.Node;
import javafx.scene.control.ContextMenu;
import javafx.scene.control.TableRow;
import javafx.scene.control.TableView;
import javafx.scene.input.ContextMenuEvent;
import javafx.scene.input.KeyCode;
import javafx.scene.input.KeyCodeCombination;
import javafx.scene.input.KeyCombination;
import javafx.scene.input.KeyEvent;

/**
 * Opens a table row's menu from the keyboard: Shift+F10 or the Menu key. Those keys reach the control with the
 * focus, the table, while the menus are its rows' (and JavaFX on Linux does not turn them into a menu request, as it
 * does on Windows); so the table opens the menu of its focused cell's row, brought into view, under that row. A
 * click of the right button reaches the row itself, as before.
 */
public final class RowMenuKey {

    /** Where the menu opens: under the row, this far in from its left, where a right click would open it. */
    private static final double MENU_INSET = 20;
    private static final PseudoClass DISABLED = PseudoClass.getPseudoClass("disabled");
    private static final KeyCombination SHIFT_F10 = new KeyCodeCombination(KeyCode.F10, KeyCombination.SHIFT_DOWN);

    private RowMenuKey() {
    }

    /** Has {@code table} open its focused row's menu when the keyboard asks for a menu. */
    public static void install(TableView<?> table) {
        table.addEventHandler(ContextMenuEvent.CONTEXT_MENU_REQUESTED, e -> {
            if (e.isKeyboardTrigger() && openFocusedRowMenu(table)) {
                e.consume();
            }
        });
        table.addEventHandler(KeyEvent.KEY_PRESSED, e -> {
            if ((SHIFT_F10.match(e) || e.getCode() == KeyCode.CONTEXT_MENU) && openFocusedRowMenu(table)) {
                e.consume();
            }
        });
    }

    /** Opens the menu of the row of {@code table}'s focused cell, if it has one; says whether it is open. */
    private static boolean openFocusedRowMenu(TableView<?> table) {
        int focused = table.getFocusModel().getFocusedIndex();
        if (focused < 0) {
            return false;
        }
        TableRow<?> row = shownRow(table, focused);
        if (row == null) {
            table.scrollTo(focused);
            table.layout();
            row = shownRow(table, focused);
        }
        ContextMenu menu = row == null ? null : row.getContextMenu();
        if (menu == null) {
            return false;
        }
        if (!menu.isShowing()) {
            Bounds b = row.localToScreen(row.getBoundsInLocal());
            menu.show(row, b.getMinX() + MENU_INSET, b.getMaxY());
            outlineFirstItemThatActs(menu);
        }
        return true;
    }

    /**
     * Gives the keys to the first item of {@code menu} that is not disabled: the menu outlined its first item,
     * disabled or not ("Suspend task" of a suspended task), and Enter did nothing.
     */
    private static void outlineFirstItemThatActs(ContextMenu menu) {
        if (menu.getSkin() == null) {
            return;
        }
        for (Node item : menu.getSkin().getNode().lookupAll(".menu-item")) {
            if (item.isVisible() && !item.getPseudoClassStates().contains(DISABLED)
                    && !item.getStyleClass().contains("separator-menu-item")) {
                item.requestFocus();
                return;
            }
        }
    }

    /**
     * The row of {@code table} showing item {@code index} at its whole height, or null when it is scrolled out of
     * view. Only the height counts: a row wider than a table that scrolls sideways is still in view (QA at 800x600:
     * no row was ever "whole", and Shift+F10 did nothing).
     */
    private static TableRow<?> shownRow(TableView<?> table, int index) {
        Bounds view = table.localToScene(table.getLayoutBounds());
        for (Node n : table.lookupAll(".table-row-cell")) {
            if (n instanceof TableRow<?> row && row.getIndex() == index && row.isVisible()) {
                Bounds b = row.localToScene(row.getLayoutBounds());
                if (b.getMinY() >= view.getMinY() && b.getMaxY() <= view.getMaxY()) {
                    return row;
                }
            }
        }
        return null;
    }
}

package org.cruncher.gui;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.IdentityHashMap;
import java.util.List;
import java.util.Map;

import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.scene.control.TableColumn;

/**
 * Sorts a table's items in place in the order its columns give, as {@link TableColumn}'s own comparator does
 * (each sortable column of the sort order in turn, with its comparator and sort type; a stable sort), but reads
 * each row's cell values once instead of once per comparison, and leaves the list untouched (no change event, so
 * the table redraws nothing) when the order is already right.
 */
public final class TableSort {

    private TableSort() {
    }

    /**
     * Sorts {@code items} (each row at most once in it) by {@code sortOrder}; returns whether the order changed. A
     * change is one permutation of the list, which keeps the table's selection. Ties keep their order.
     */
    public static <S> boolean sort(ObservableList<S> items, List<? extends TableColumn<S, ?>> sortOrder) {
        return sort(items, sortOrder, (a, b) -> 0);
    }

    /**
     * As {@link #sort(ObservableList, List)}, rows the columns tie on in {@code tieBreak}'s order (the Tasks table's
     * ready-to-report tasks of one project, all "0 s" remaining, came in the order they had arrived in: 0007, 0003,
     * 0004; QA). Rows {@code tieBreak} ties on too keep their order.
     */
    public static <S> boolean sort(ObservableList<S> items, List<? extends TableColumn<S, ?>> sortOrder,
                                   Comparator<? super S> tieBreak) {
        List<TableColumn<S, ?>> columns = new ArrayList<>();
        for (TableColumn<S, ?> c : sortOrder) {
            if (c.isSortable() && c.getSortType() != null) {
                columns.add(c);
            }
        }
        int n = items.size();
        if (columns.isEmpty() || n < 2) {
            return false;
        }
        int k = columns.size();
        Object[][] values = new Object[n][k];
        for (int i = 0; i < n; i++) {
            S row = items.get(i);
            for (int j = 0; j < k; j++) {
                values[i][j] = columns.get(j).getCellData(row);
            }
        }
        @SuppressWarnings("unchecked")
        Comparator<Object>[] comparators = new Comparator[k];
        boolean[] descending = new boolean[k];
        for (int j = 0; j < k; j++) {
            @SuppressWarnings("unchecked")
            Comparator<Object> c = (Comparator<Object>) columns.get(j).getComparator();
            comparators[j] = c;
            descending[j] = columns.get(j).getSortType() == TableColumn.SortType.DESCENDING;
        }
        Integer[] order = new Integer[n];
        for (int i = 0; i < n; i++) {
            order[i] = i;
        }
        Arrays.sort(order, (a, b) -> {
            for (int j = 0; j < k; j++) {
                int r = descending[j] ? comparators[j].compare(values[b][j], values[a][j])
                        : comparators[j].compare(values[a][j], values[b][j]);
                if (r != 0) {
                    return r;
                }
            }
            return tieBreak.compare(items.get(a), items.get(b));
        });
        boolean same = true;
        for (int i = 0; i < n && same; i++) {
            same = order[i] == i;
        }
        if (same) {
            return false;
        }
        Map<S, Integer> rank = new IdentityHashMap<>(2 * n);
        for (int pos = 0; pos < n; pos++) {
            rank.put(items.get(order[pos]), pos);
        }
        FXCollections.sort(items, Comparator.comparingInt(rank::get));
        return true;
    }
}

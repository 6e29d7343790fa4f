package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;

import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ListChangeListener;
import javafx.collections.ObservableList;
import javafx.scene.control.TableColumn;
import javafx.scene.control.TableView;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.framework.junit5.ApplicationExtension;

/** Columns give their cells' values only inside a table, so they are put in one (never shown). */
@ExtendWith(ApplicationExtension.class)
class TableSortTest {

    record Item(String group, int rank, String label) {
    }

    private static <T> TableColumn<Item, T> column(java.util.function.Function<Item, T> value) {
        TableColumn<Item, T> c = new TableColumn<>();
        c.setCellValueFactory(f -> new ReadOnlyObjectWrapper<>(value.apply(f.getValue())));
        return c;
    }

    private final TableColumn<Item, String> group = column(Item::group);
    private final TableColumn<Item, Integer> rank = column(Item::rank);
    private final TableView<Item> table = new TableView<>();

    {
        table.getColumns().setAll(List.of(group, rank));
    }

    private static List<String> labels(List<Item> items) {
        return items.stream().map(Item::label).toList();
    }

    @Test
    void sortsAsTheColumnsComparatorDoesStablyAndInOnePermutation() {
        ObservableList<Item> items = FXCollections.observableArrayList(new Item("b", 1, "b1"), new Item("a", 1, "a1"),
                new Item("b", 2, "b2"), new Item("a", 2, "a2"), new Item("a", 2, "a2'"), new Item("c", 0, "c0"));
        rank.setSortType(TableColumn.SortType.DESCENDING);
        List<TableColumn<Item, ?>> order = List.of(group, rank);
        List<Item> expected = new ArrayList<>(items);
        expected.sort(Comparator.comparing(Item::group).thenComparing(Item::rank, Comparator.reverseOrder()));
        List<ListChangeListener.Change<? extends Item>> changes = new ArrayList<>();
        List<Boolean> permutations = new ArrayList<>();
        items.addListener((ListChangeListener<Item>) c -> {
            changes.add(c);
            while (c.next()) {
                permutations.add(c.wasPermutated());
            }
        });

        assertTrue(TableSort.sort(items, order));

        assertEquals(labels(expected), labels(items));
        assertEquals(List.of("a2", "a2'", "a1", "b2", "b1", "c0"), labels(items), "ties keep their order");
        assertEquals(1, changes.size());
        assertEquals(List.of(true), permutations);
    }

    /** Rows the columns tie on go in the tie-break's order: by label here. */
    @Test
    void aTieBreakOrdersTheRowsTheColumnsTieOn() {
        ObservableList<Item> items = FXCollections.observableArrayList(new Item("a", 1, "a7"), new Item("a", 1, "a3"),
                new Item("a", 0, "a9"), new Item("a", 1, "a4"));

        assertTrue(TableSort.sort(items, List.of(rank), Comparator.comparing(Item::label)));

        assertEquals(List.of("a9", "a3", "a4", "a7"), labels(items));
    }

    @Test
    void leavesAListInOrderUntouched() {
        ObservableList<Item> items = FXCollections.observableArrayList(new Item("a", 2, "a2"), new Item("a", 1, "a1"),
                new Item("b", 0, "b0"));
        List<ListChangeListener.Change<? extends Item>> changes = new ArrayList<>();
        items.addListener((ListChangeListener<Item>) changes::add);

        assertFalse(TableSort.sort(items, List.of(group)));

        assertEquals(List.of("a2", "a1", "b0"), labels(items));
        assertTrue(changes.isEmpty(), "no change event: the table redraws nothing");
    }

    @Test
    void skipsColumnsThatAreNotSortableAndUsesEachColumnsComparator() {
        ObservableList<Item> items = FXCollections.observableArrayList(new Item("b", 1, "b1"), new Item("A", 3, "A3"),
                new Item("a", 2, "a2"));
        group.setSortable(false);
        rank.setComparator(Comparator.comparing(r -> -r));

        assertTrue(TableSort.sort(items, List.of(group, rank)));

        assertEquals(List.of("A3", "a2", "b1"), labels(items));
        assertFalse(TableSort.sort(items, List.of(group)), "no sortable column: nothing to do");
    }
}

package org.cruncher.gui.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;

/** The Tasks table's sort order, as window.properties keeps it. */
class TaskSortTest {

    @Test
    void anOrderIsWrittenInWordsAndReadBack() {
        TaskSort order = new TaskSort(List.of(new TaskSort.Key("deadline", true), new TaskSort.Key("project", false)));

        assertEquals("deadline ascending, project descending", order.written());
        assertEquals(Optional.of(order), TaskSort.read(order.written()));
        // Case and spaces do not matter; an unsorted table is an empty list.
        assertEquals(Optional.of(order), TaskSort.read(" Deadline  ASCENDING,project descending "));
        assertEquals(Optional.of(new TaskSort(List.of())), TaskSort.read(""));
    }

    @Test
    void anOrderNamingWhatTheTableDoesNotHaveIsNotRead() {
        assertEquals(Optional.empty(), TaskSort.read("colour ascending"));
        assertEquals(Optional.empty(), TaskSort.read("deadline upwards"));
        assertEquals(Optional.empty(), TaskSort.read("deadline"));
        assertEquals(Optional.empty(), TaskSort.read("deadline ascending, deadline descending"));
        assertEquals(Optional.empty(), TaskSort.read("deadline ascending,"));
    }
}

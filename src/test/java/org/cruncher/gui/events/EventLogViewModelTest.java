package org.cruncher.gui.events;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.ResourceType;

/** The log keeps the newest {@link EventLogViewModel#MAX_ROWS} events and says when it has started dropping. */
class EventLogViewModelTest {

    private static List<EngineEvent> started(int from, int count) {
        List<EngineEvent> events = new ArrayList<>();
        for (int i = from; i < from + count; i++) {
            events.add(new EngineEvent(i, EventKind.TASK_STARTED, "A", "a_" + i, ResourceType.CPU,
                    "RUNNING_HIGHEST_DEBT", "+1 h"));
        }
        return events;
    }

    @Test
    void countsTheEventsPassedOverOnTheWayUntilAnotherEmulationStarts() {
        // 3 events shown and 40 passed over, then 2 more and 5 passed over: 45 never reached the log.
        EventLogViewModel log = new EventLogViewModel();
        log.add(started(0, 3), 40);
        log.add(started(3, 2), 5);
        log.add(List.of(), 0);

        assertEquals(5, log.allRows().size());
        assertEquals(45, log.passedOverProperty().get());
        assertEquals("5 events; 45 more came too fast to show", log.countText());
        // Filtered to none of them: the count says of how many, and that the 45 are of every kind and project.
        log.searchProperty().set("no such task");
        assertEquals("0 of 5 events; 45 more, of every kind and project, came too fast to show", log.countText());
        log.clear();
        assertEquals(0, log.passedOverProperty().get());
    }

    /** Each word searched for may be in any column: it found only the words together, in one column. */
    @Test
    void eachWordSearchedForMayBeInAnyColumn() {
        EventLogViewModel log = new EventLogViewModel();
        log.add(List.of(new EngineEvent(0, EventKind.RESULTS_REPORTED, "Pulsar Hunt", "", null, "NEED_WORK",
                "10 results reported"), new EngineEvent(1, EventKind.RESULTS_REPORTED, "Prime Search", "", null,
                "NEED_WORK", "2 results reported")), 0);

        // (Words that cannot be in a time of day, shown in the local time zone.)
        log.searchProperty().set("reported hunt");
        assertEquals(1, log.visibleRows().size());
        log.searchProperty().set("  Pulsar   REPORTED ");
        assertEquals(List.of("Pulsar Hunt"), log.visibleRows().stream().map(EventRow::getProject).toList());
        log.searchProperty().set("reported");
        assertEquals(2, log.visibleRows().size());
        log.searchProperty().set("Pulsar Prime");
        assertEquals(0, log.visibleRows().size());
    }

    /** An export that ends after another emulation replaced its events says nothing beside the new ones. */
    @Test
    void anExportOfEventsSinceForgottenSaysNothing() {
        EventLogViewModel log = new EventLogViewModel();
        log.add(started(0, 3), 0);
        long of = log.generation();
        log.exportDone(of, "3 events saved to a.tsv", false);
        assertEquals("3 events saved to a.tsv", log.exportOutcomeProperty().get());

        long started = log.generation();
        log.clear();
        log.exportDone(started, "3 events saved to b.tsv", false);
        assertEquals("", log.exportOutcomeProperty().get());
    }

    /**
     * Once the filters change, what the last export saved no longer describes the events shown: it is no longer
     * said ("408 events saved to ..." stood for 16 emulated days beside other events). A failure stays said.
     */
    @Test
    void anExportsOutcomeGoesWhenTheFiltersChangeAndAFailureStays() {
        EventLogViewModel log = new EventLogViewModel();
        log.add(started(0, 3), 0);
        log.exportDone(log.generation(), "3 events saved to /home/v/a.tsv", false);

        log.searchProperty().set("a_1");

        assertEquals("", log.exportOutcomeProperty().get());
        log.exportDone(log.generation(), "Could not save /home/v/a.tsv: no space left", true);
        log.searchProperty().set("");
        assertEquals("Could not save /home/v/a.tsv: no space left", log.exportOutcomeProperty().get());
    }

    @Test
    void keepsTheNewestAndSaysWhenFull() {
        EventLogViewModel log = new EventLogViewModel();
        log.add(started(0, EventLogViewModel.MAX_ROWS - 1), 0);
        assertFalse(log.isFull());

        // Two more: 20,001 events in all, so the oldest (a_0) goes and the newest (a_20000) comes first.
        log.add(started(EventLogViewModel.MAX_ROWS - 1, 2), 0);

        assertTrue(log.isFull());
        assertEquals(EventLogViewModel.MAX_ROWS, log.allRows().size());
        assertEquals("a_" + EventLogViewModel.MAX_ROWS, log.allRows().get(0).getTask());
        assertEquals("a_1", log.allRows().get(EventLogViewModel.MAX_ROWS - 1).getTask());
    }
}

package org.cruncher.gui.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.model.ResourceType;

/** An event's detail: its reason in words, then what the engine said of it. */
class EventRowTest {

    @Test
    void aTaskPreemptedForARescueSaysForWhomOnce() {
        // The engine's detail names the rescued task; the reason's words no longer say "made room" a second time.
        EventRow row = new EventRow(new EngineEvent(0, EventKind.TASK_PREEMPTED, "B", "b_1", ResourceType.CPU,
                TaskReason.WAITING_DEADLINE_RESCUE.name(), "made room for a_1 of A, which would miss its deadline"));

        assertEquals("deadline rescue: made room for a_1 of A, which would miss its deadline", row.getDetail());
    }

    @Test
    void aDetailWithoutAReasonStandsAlone() {
        EventRow row = new EventRow(new EngineEvent(0, EventKind.TASK_COMPLETED, "A", "a_1", ResourceType.CPU, "",
                "elapsed 1 h"));

        assertEquals("elapsed 1 h", row.getDetail());
    }

    @Test
    void aReasonThatOnlyRepeatsTheEventIsLeftOut() {
        // "Resource backed off" with the reason "backed off" read "backed off: no CPU task ...".
        EventRow row = new EventRow(new EngineEvent(0, EventKind.RESOURCE_BACKED_OFF, "A", "", ResourceType.CPU,
                "RESOURCE_BACKOFF", "no CPU task; not asking again for 9 min"));

        assertEquals("Resource backed off", row.getWhat());
        assertEquals("no CPU task; not asking again for 9 min", row.getDetail());
    }
}

package org.cruncher.gui.events;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.time.Instant;
import java.time.ZoneId;
import java.time.ZonedDateTime;
import java.time.format.TextStyle;
import java.util.Locale;

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

        assertEquals("deadline rescue (made room for a_1 of A, which would miss its deadline)", row.getDetail());
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
                "RESOURCE_BACKOFF",
                "no CPU task; no request for it for 9 min (a contact to report finished tasks may still ask)"));

        assertEquals("Resource backed off", row.getWhat());
        assertEquals("no CPU task; no request for it for 9 min (a contact to report finished tasks may still ask)",
                row.getDetail());
    }

    @Test
    void whatTheEngineSaidFollowsTheReasonInBrackets() {
        // "Task started pulsar_1: largest anticipated debt: +57 min" in a decisions list: two colons in a row.
        EventRow started = new EventRow(new EngineEvent(0, EventKind.TASK_STARTED, "P", "pulsar_1", ResourceType.CPU,
                TaskReason.RUNNING_HIGHEST_DEBT.name(), "+57 min"));
        EventRow preempted = new EventRow(new EngineEvent(0, EventKind.TASK_PREEMPTED, "C", "c_1", ResourceType.CPU,
                TaskReason.WAITING_LOWER_DEBT.name(), "-30 min vs A +30 min"));
        EventRow sent = new EventRow(new EngineEvent(0, EventKind.RPC_SENT, "A", "", ResourceType.CPU, "NEED_WORK",
                "CPU: 1 h 48 min for 1 instance; reporting 2"));

        assertEquals("largest anticipated debt (+57 min)", started.getDetail());
        assertEquals("lower anticipated debt (-30 min vs A +30 min)", preempted.getDetail());
        assertEquals("to fetch work (CPU: 1 h 48 min for 1 instance; reporting 2)", sent.getDetail());
    }

    /**
     * The exported line's time has the year, the window's column not (it has no room; hovering shows it with the day
     * of the week): 1,798,761,599 s is 2026-12-31 23:59:59 UTC, the last second of a year an emulation runs across.
     * All three in the local time zone.
     */
    @Test
    void theExportedTimeHasTheYearAndTheColumnsTimeNot() {
        ZonedDateTime t = Instant.ofEpochSecond(1_798_761_599L).atZone(ZoneId.systemDefault());
        String month = t.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH);
        String day = t.getDayOfWeek().getDisplayName(TextStyle.SHORT, Locale.ENGLISH);
        String clock = String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
        EventRow row = new EventRow(new EngineEvent(1_798_761_599, EventKind.TASK_COMPLETED, "A", "a_1",
                ResourceType.CPU, "", "elapsed 1 h"));

        assertEquals(String.format("%04d-%02d-%02d ", t.getYear(), t.getMonthValue(), t.getDayOfMonth()) + clock,
                row.line().split("\t")[0]);
        assertEquals(t.getDayOfMonth() + " " + month + " " + clock, row.getTime());
        assertEquals(day + " " + t.getDayOfMonth() + " " + month + " " + t.getYear() + " " + clock, row.getFullTime());
    }

    /**
     * Beside the newest event's time, a row of the same year has no year and one of another year has it (QA: "25 Apr
     * 19:00:00" after 9 emulated years). 1,777,143,600 s is 2026-04-25 19:00:00 UTC; the newest events 31 days and
     * 9 years (3,287 days) later. In the local time zone, as the column.
     */
    @Test
    void aRowOfAnotherYearThanTheNewestEventSaysItsYear() {
        long at = 1_777_143_600L;
        ZonedDateTime t = Instant.ofEpochSecond(at).atZone(ZoneId.systemDefault());
        String month = t.getMonth().getDisplayName(TextStyle.SHORT, Locale.ENGLISH);
        String clock = String.format("%02d:%02d:%02d", t.getHour(), t.getMinute(), t.getSecond());
        EventRow row = new EventRow(new EngineEvent(at, EventKind.TASK_COMPLETED, "A", "a_1", ResourceType.CPU, "",
                "elapsed 1 h"));

        assertEquals(t.getDayOfMonth() + " " + month + " " + clock, row.timeBeside(at + 31 * 86400.0));
        assertEquals(t.getDayOfMonth() + " " + month + " " + t.getYear() + " " + clock,
                row.timeBeside(at + 3287 * 86400.0));
        assertEquals(row.getTime(), row.timeBeside(Double.NaN), "an empty log has no newest event");
    }
}

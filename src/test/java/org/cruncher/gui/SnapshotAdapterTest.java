package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicLong;
import java.util.function.BiConsumer;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.HostView;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.Prefs;

class SnapshotAdapterTest {

    private static final long MS = 1_000_000L;
    private final AtomicLong wall = new AtomicLong();
    private final AtomicLong cpu = new AtomicLong();
    private final List<Long> waits = new ArrayList<>();
    private final List<Runnable> later = new ArrayList<>();
    /** The FX thread's queue, and what it was handed. */
    private final List<Runnable> fx = new ArrayList<>();
    private final List<EngineSnapshot> delivered = new ArrayList<>();
    private final List<EngineEvent> events = new ArrayList<>();

    private SnapshotAdapter adapter(BiConsumer<EngineSnapshot, List<EngineEvent>> sink) {
        return new SnapshotAdapter(fx::add, (nanos, r) -> {
            waits.add(nanos);
            later.add(r);
        }, new DeliveryPacer(wall::get, cpu::get), (s, e, passedOver) -> sink.accept(s, e));
    }

    private static EngineSnapshot snapshot(double time, int events) {
        return snapshot(time, events, 0);
    }

    /** A snapshot at {@code time} with {@code events} new events, the driver having dropped {@code dropped}. */
    private static EngineSnapshot snapshot(double time, int events, long dropped) {
        List<EngineEvent> list = new ArrayList<>();
        for (int i = 0; i < events; i++) {
            list.add(new EngineEvent(time, EventKind.TASK_STARTED, "A", "t" + i, null, "", ""));
        }
        return new EngineSnapshot(time, time + 3600, true, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, List.of(), List.of(), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0), list, dropped, null, null, List.of(),
                null, null);
    }

    @Test
    void keepsOnlyTheLatestSnapshotButEveryEvent() {
        // Three snapshots arrive before the FX thread runs: it is asked once, gets the last one and all 6 events.
        SnapshotAdapter a = adapter((s, e) -> {
            delivered.add(s);
            events.addAll(e);
        });
        EngineSnapshot last = snapshot(3, 3);

        a.accept(snapshot(1, 1));
        a.accept(snapshot(2, 2));
        a.accept(last);

        assertEquals(1, fx.size());
        fx.get(0).run();
        assertEquals(List.of(last), delivered);
        assertEquals(6, events.size());
        assertSame(last, delivered.get(0));
    }

    @Test
    void countsTheEventsPassedOverByTheDriverAndHere() {
        // The driver dropped 7 and 2 events from two snapshots; this adapter keeps MAX_PENDING_EVENTS and passes
        // over the 3 beyond: 7 + 2 + 3 = 12 reach the FX thread as a count, once, then 0.
        List<Long> counts = new ArrayList<>();
        SnapshotAdapter a = new SnapshotAdapter(fx::add, (nanos, r) -> later.add(r),
                new DeliveryPacer(wall::get, cpu::get), (s, e, passedOver) -> {
                    events.addAll(e);
                    counts.add(passedOver);
                });

        a.accept(snapshot(1, SnapshotAdapter.MAX_PENDING_EVENTS, 7));
        a.accept(snapshot(2, 3, 2));
        fx.get(0).run();
        a.accept(snapshot(3, 1, 0));
        fx.get(1).run();

        assertEquals(SnapshotAdapter.MAX_PENDING_EVENTS + 1, events.size());
        assertEquals(List.of(12L, 0L), counts);
    }

    @Test
    void asksAgainAfterEachDelivery() {
        SnapshotAdapter a = adapter((s, e) -> { });
        a.accept(snapshot(1, 0));
        fx.get(0).run();
        a.accept(snapshot(2, 0));
        assertEquals(2, fx.size());
    }

    @Test
    void aCostlySnapshotMakesTheNextWaitAndNewerOnesReplaceIt() {
        SnapshotAdapter a = adapter((s, e) -> {
            delivered.add(s);
            events.addAll(e);
        });
        a.accept(snapshot(1, 1));
        fx.get(0).run();
        // Showing it (and laying it out) took the FX thread 60 ms of the next 100: the next must be 300 ms after.
        wall.addAndGet(100 * MS);
        cpu.addAndGet(60 * MS);
        a.accept(snapshot(2, 1));
        fx.get(1).run();
        assertEquals(List.of(200 * MS), waits);
        assertEquals(1, delivered.size(), "the second waits");

        // While it waits, another arrives: the FX thread is not asked again, and the newest is shown in its place.
        EngineSnapshot third = snapshot(3, 2);
        a.accept(third);
        assertEquals(2, fx.size());
        wall.addAndGet(200 * MS);
        later.get(0).run();
        assertEquals(List.of(snapshot(1, 1).time(), 3.0), delivered.stream().map(EngineSnapshot::time).toList());
        assertSame(third, delivered.get(1));
        assertEquals(4, events.size(), "every event is kept: 1 + 1 + 2");
    }
}

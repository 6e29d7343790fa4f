package org.cruncher.gui;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.BiConsumer;
import java.util.function.Consumer;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;

/**
 * Carries snapshots from the engine thread to the FX thread without ever making the engine wait: it keeps only the
 * latest snapshot and at most one pending hand-over; events of snapshots overtaken by newer ones are kept (up to
 * {@link #MAX_PENDING_EVENTS}; those passed over, here or by the driver, are counted and the count delivered). A
 * {@link DeliveryPacer} may have a hand-over wait, so that showing snapshots keeps to
 * its share of the FX thread; meanwhile newer snapshots replace the one waiting.
 */
public final class SnapshotAdapter implements Consumer<EngineSnapshot> {

    /** Events waiting for the FX thread, at most. */
    public static final int MAX_PENDING_EVENTS = 20_000;

    private final AtomicReference<EngineSnapshot> latest = new AtomicReference<>();
    private final ConcurrentLinkedQueue<EngineEvent> events = new ConcurrentLinkedQueue<>();
    private final AtomicInteger pendingEvents = new AtomicInteger();
    private final AtomicLong passedOver = new AtomicLong();
    private final AtomicBoolean scheduled = new AtomicBoolean();
    private final Consumer<Runnable> fxThread;
    private final BiConsumer<Long, Runnable> fxLater;
    private final DeliveryPacer pacer;
    private final Sink sink;

    /** What the FX thread is handed. */
    @FunctionalInterface
    public interface Sink {
        /**
         * @param latest     the latest snapshot
         * @param events     the events since the last delivery, oldest first
         * @param passedOver events left out since the last delivery: too many came at once to keep
         */
        void deliver(EngineSnapshot latest, List<EngineEvent> events, long passedOver);
    }

    /**
     * @param fxThread runs a task on the FX thread ({@code Platform::runLater})
     * @param fxLater  runs a task on the FX thread after so many nanoseconds (called on the FX thread)
     * @param pacer    says how long a hand-over must wait
     * @param sink     receives the latest snapshot and the events since the last delivery, on the FX thread
     */
    public SnapshotAdapter(Consumer<Runnable> fxThread, BiConsumer<Long, Runnable> fxLater, DeliveryPacer pacer,
                           Sink sink) {
        this.fxThread = fxThread;
        this.fxLater = fxLater;
        this.pacer = pacer;
        this.sink = sink;
    }

    /** Called on the engine thread; returns at once. */
    @Override
    public void accept(EngineSnapshot snapshot) {
        long lost = snapshot.droppedEvents();
        for (EngineEvent e : snapshot.newEvents()) {
            if (pendingEvents.incrementAndGet() <= MAX_PENDING_EVENTS) {
                events.add(e);
            } else {
                pendingEvents.decrementAndGet();
                lost++;
            }
        }
        if (lost > 0) {
            passedOver.addAndGet(lost);
        }
        latest.set(snapshot);
        if (scheduled.compareAndSet(false, true)) {
            fxThread.accept(this::deliver);
        }
    }

    private void deliver() {
        long wait = pacer.waitNanos();
        if (wait > 0) {
            fxLater.accept(wait, this::deliver);
            return;
        }
        scheduled.set(false);
        EngineSnapshot s = latest.getAndSet(null);
        if (s == null) {
            // An accept between its events and its snapshot: they wait for the hand-over it asks for next.
            return;
        }
        List<EngineEvent> batch = new ArrayList<>();
        EngineEvent e;
        while ((e = events.poll()) != null) {
            pendingEvents.decrementAndGet();
            batch.add(e);
        }
        sink.deliver(s, batch, passedOver.getAndSet(0));
    }
}

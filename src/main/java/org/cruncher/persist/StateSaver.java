package org.cruncher.persist;

import java.io.IOException;
import java.nio.file.Path;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicLong;
import java.util.concurrent.atomic.AtomicReference;
import java.util.function.Consumer;

import org.cruncher.emulator.Checkpoint;

/**
 * Saves checkpoints to a {@link StateStore} on a thread of its own, so that neither the engine thread nor the GUI
 * waits for the disk: the engine only hands over a copy of its state; writing the XML and syncing it to disk happen
 * here. Checkpoints that arrive while one is being written are coalesced: only the newest is written next.
 *
 * <p>Each emulation saved is numbered ({@link #begin}); a checkpoint of one that was replaced, which its engine
 * thread may still hand over while it stops, is dropped, so it can never overwrite the new emulation's state.
 */
public final class StateSaver implements AutoCloseable {

    private record Pending(Checkpoint checkpoint, String openedFrom, long seq, long emulation) {
    }

    /** Someone to tell once a checkpoint queued after {@code after} is written. */
    private record Waiter(long after, Consumer<Path> saved) {
    }

    private final StateStore store;
    private final Consumer<String> onError;
    private final AtomicReference<Pending> pending = new AtomicReference<>();
    private final AtomicLong queued = new AtomicLong();
    /** The number of the emulation being saved now. */
    private final AtomicLong current = new AtomicLong();
    private final AtomicReference<Waiter> waiter = new AtomicReference<>();
    private final ExecutorService writer = Executors.newSingleThreadExecutor(r -> {
        Thread t = new Thread(r, "cruncher-state-writer");
        t.setDaemon(true);
        return t;
    });

    /**
     * @param onError told (on the writer thread) one line when a save fails; the next checkpoint tries again
     */
    public StateSaver(StateStore store, Consumer<String> onError) {
        this.store = store;
        this.onError = onError;
    }

    public StateStore store() {
        return store;
    }

    /**
     * From now on the checkpoints of a new emulation are saved: its number, for {@link #save}. Those of the
     * emulations before are dropped, queued or not (call {@link #keepEarlier} first to keep the last one).
     */
    public long begin() {
        return current.incrementAndGet();
    }

    /**
     * Queues {@code checkpoint} of emulation {@code emulation} ({@link #begin}) for saving; returns at once. It is
     * dropped if another emulation has begun since.
     */
    public void save(Checkpoint checkpoint, String openedFrom, long emulation) {
        if (emulation != current.get()) {
            return;
        }
        Pending next = new Pending(checkpoint, openedFrom, queued.incrementAndGet(), emulation);
        // A checkpoint of an emulation that was replaced meanwhile never displaces one of the emulation after it.
        Pending before = pending.getAndAccumulate(next, (held, offered) -> held != null
                && held.emulation() > offered.emulation() ? held : offered);
        if (before == null) {
            writer.execute(this::writeNewest);
        }
    }

    /**
     * Keeps the state being saved now, before another emulation's checkpoints replace it, under
     * {@code earlier/} ({@link StateStore#keepEarlier}): the newest one queued if there is one (it is taken from the
     * queue, so it cannot be mixed up with the next emulation's), else the one on disk. Returns at once;
     * {@code kept} is told the file, on the writer thread.
     */
    public void keepEarlier(String stamp, Consumer<Path> kept) {
        Pending p = pending.getAndSet(null);
        writer.execute(() -> {
            try {
                store.keepEarlier(stamp, p == null ? null : ClientStateWriter.write(p.checkpoint(), p.openedFrom()))
                        .ifPresent(kept);
            } catch (IOException | RuntimeException e) {
                onError.accept("Cannot keep the earlier state in " + store.dir() + ": " + e.getMessage());
            }
        });
    }

    /**
     * Tells {@code saved} (on the writer thread) the file, once a checkpoint queued after this call is written: File
     * > Save state asks for a checkpoint and wants to say when it is on the disk.
     */
    public void whenNextSaved(Consumer<Path> saved) {
        waiter.set(new Waiter(queued.get(), saved));
    }

    private void writeNewest() {
        Pending p = pending.getAndSet(null);
        if (p == null || p.emulation() != current.get()) {
            return;
        }
        try {
            store.save(ClientStateWriter.write(p.checkpoint(), p.openedFrom()));
            Waiter w = waiter.get();
            if (w != null && p.seq() > w.after() && waiter.compareAndSet(w, null)) {
                w.saved().accept(store.dir().resolve(StateStore.CURRENT));
            }
        } catch (IOException | RuntimeException e) {
            onError.accept("Cannot save the state in " + store.dir() + ": " + e.getMessage());
        }
    }

    /** Writes what is queued and stops, waiting up to {@code seconds}. */
    public void close(double seconds) {
        writer.shutdown();
        try {
            writer.awaitTermination((long) (seconds * 1000), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    @Override
    public void close() {
        close(5);
    }
}

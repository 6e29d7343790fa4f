package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.emulator.Checkpoint;
import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;

/**
 * The saver writes on its own thread, and a checkpoint of an emulation that was replaced never lands on top of the
 * new one's state: its engine thread may still hand one over while it stops.
 */
class StateSaverTest {

    @TempDir
    Path dir;

    private StateStore store;
    private Checkpoint first;
    private Checkpoint second;

    @BeforeEach
    void twoCheckpoints() throws Exception {
        store = new StateStore(dir);
        Scenario s = new ScenarioReader().read(Path.of("src/test/resources/scenarios/seed-75-25"));
        Emulation e = new Emulation(s, 1, x -> { });
        e.advanceTo(s.startTime() + 3600);
        first = e.checkpoint();
        e.advanceTo(s.startTime() + 7200);
        second = e.checkpoint();
    }

    private String current() throws Exception {
        return Files.readString(dir.resolve(StateStore.CURRENT));
    }

    @Test
    void theCurrentEmulationsCheckpointIsWritten() throws Exception {
        StateSaver saver = new StateSaver(store, problem -> { });
        long emulation = saver.begin();

        saver.save(first, "first", emulation);
        saver.close();

        assertEquals(ClientStateWriter.write(first, "first"), current());
    }

    @Test
    void aCheckpointOfTheEmulationBeforeIsDropped() throws Exception {
        StateSaver saver = new StateSaver(store, problem -> { });
        long before = saver.begin();
        long now = saver.begin();

        saver.save(second, "now", now);
        saver.save(first, "before", before);
        saver.close();

        assertEquals(ClientStateWriter.write(second, "now"), current());
    }

    @Test
    void aCheckpointQueuedBeforeAnotherEmulationBeganIsNotWrittenAfterIt() throws Exception {
        // The writer is held up keeping an earlier state while the first emulation queues a checkpoint; then the
        // next emulation begins. When the writer comes to that checkpoint it is no longer the current emulation's,
        // so the state on disk stays what it was.
        StateSaver saver = new StateSaver(store, problem -> { });
        long before = saver.begin();
        saver.save(first, "first", before);
        saver.close();
        String onDisk = current();
        StateSaver next = new StateSaver(store, problem -> { });
        long emulation = next.begin();
        CountDownLatch held = new CountDownLatch(1);
        next.keepEarlier("20261121-120000", kept -> {
            try {
                held.await(10, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
            }
        });
        next.save(second, "second", emulation);
        next.begin();
        held.countDown();
        next.close();

        assertEquals(onDisk, current());
    }
}

package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

/** The pacer keeps the snapshots shown to a fifth of the FX thread's time, and never more than a second apart. */
class DeliveryPacerTest {

    private static final long MS = 1_000_000L;

    private final AtomicLong wall = new AtomicLong(1_000 * MS);
    private final AtomicLong cpu = new AtomicLong(50 * MS);
    private final DeliveryPacer pacer = new DeliveryPacer(wall::get, cpu::get);

    @Test
    void cheapSnapshotsAreShownAsTheyCome() {
        assertEquals(0, pacer.waitNanos(), "the first is shown at once");
        // 100 ms later the thread used 15 ms (15 %, under the fifth): shown at once.
        wall.addAndGet(100 * MS);
        cpu.addAndGet(15 * MS);
        assertEquals(0, pacer.waitNanos());
    }

    @Test
    void aSnapshotThatCostMoreThanAFifthPutsTheNextOffUntilItIsAFifth() {
        pacer.waitNanos();
        // 100 ms later the thread had used 40 ms: the two must be 40 / 0.2 = 200 ms apart, so 100 ms more.
        wall.addAndGet(100 * MS);
        cpu.addAndGet(40 * MS);
        assertEquals(100 * MS, pacer.waitNanos());
        // Asked again when that time is up (the thread idle meanwhile): shown, and counted from here.
        wall.addAndGet(100 * MS);
        assertEquals(0, pacer.waitNanos());
        // 50 ms on, 5 ms used: 25 ms apart needed, 50 ms gone by.
        wall.addAndGet(50 * MS);
        cpu.addAndGet(5 * MS);
        assertEquals(0, pacer.waitNanos());
    }

    @Test
    void noSnapshotWaitsMoreThanASecondAfterTheLast() {
        pacer.waitNanos();
        // 300 ms of work in 400 ms would ask for 1.5 s apart; a second is the most: 600 ms more.
        wall.addAndGet(400 * MS);
        cpu.addAndGet(300 * MS);
        assertEquals(600 * MS, pacer.waitNanos());
    }
}

package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.model.Host;

class EmulatorDriverTest {

    private final BlockingQueue<EngineSnapshot> snapshots = new LinkedBlockingQueue<>();
    private EmulatorDriver driver;

    private static Scenario scenario() {
        return new ScenarioBuilder(Host.cpuOnly(2, 1e9)).project("A", 75).cpuApp("a1", 3600, 864000)
                .project("B", 25).cpuApp("b1", 3600, 864000).build("75/25");
    }

    @AfterEach
    void close() {
        if (driver != null) {
            driver.close();
        }
    }

    /** Waits (up to 10 s) for a snapshot matching {@code condition}. */
    private EngineSnapshot await(Predicate<EngineSnapshot> condition) throws InterruptedException {
        long end = System.nanoTime() + TimeUnit.SECONDS.toNanos(10);
        while (System.nanoTime() < end) {
            EngineSnapshot s = snapshots.poll(100, TimeUnit.MILLISECONDS);
            if (s != null && condition.test(s)) {
                return s;
            }
        }
        throw new AssertionError("no matching snapshot within 10 s");
    }

    @Test
    void startsPausedAndPublishesTheStartingState() throws Exception {
        Scenario s = scenario();
        driver = new EmulatorDriver(s, 1, snapshots::add);
        driver.start();

        EngineSnapshot first = await(x -> true);

        assertEquals(s.startTime(), first.time());
        assertFalse(first.driver().running());
        assertEquals(2, first.counts().running());
        assertFalse(first.newEvents().isEmpty(), "the first poll's decisions come with the first snapshot");
        assertNotNull(first.figures());
    }

    /**
     * The latest events go with each checkpoint (at most {@link EmulatorDriver#KEPT_EVENTS}), and a driver on a
     * scenario saved with events publishes them first, before its own first poll's.
     */
    @Test
    void theLatestEventsAreCheckpointedAndShownFirstAfterARestart() throws Exception {
        Scenario s = scenario();
        BlockingQueue<Checkpoint> saved = new LinkedBlockingQueue<>();
        driver = new EmulatorDriver(s, 1, snapshots::add);
        driver.onCheckpoint(saved::add);
        driver.setSpeed(EmulatorDriver.Speed.AS_FAST_AS_POSSIBLE);
        driver.start();
        driver.play();
        await(x -> x.time() > s.startTime() + 20 * 86400);
        driver.pause();
        await(x -> !x.driver().running());
        saved.clear();
        driver.checkpointNow();
        Checkpoint c = saved.poll(10, TimeUnit.SECONDS);
        driver.close();

        assertNotNull(c);
        assertEquals(EmulatorDriver.KEPT_EVENTS, c.events().size(), "twenty days hold more than are kept");
        assertTrue(c.events().get(c.events().size() - 1).time() <= c.time());

        Scenario restored = new Scenario(s.name(), c.state(), c.time(), s.servers(), s.availability(), s.notes(),
                c.history(), c.figures(), c.runs(), c.events());
        snapshots.clear();
        saved.clear();
        driver = new EmulatorDriver(restored, 1, snapshots::add);
        driver.onCheckpoint(saved::add);
        driver.start();
        EngineSnapshot first = await(x -> true);
        assertEquals(c.events(), first.newEvents().subList(0, c.events().size()));
        // Then the restart is said, before the restarted client's own decisions.
        assertEquals(org.cruncher.engine.api.EventKind.CLIENT_RESTARTED,
                first.newEvents().get(c.events().size()).kind());
        // Saved again at once, the restored events are still among the latest kept, before the new poll's own.
        driver.checkpointNow();
        Checkpoint again = saved.poll(10, TimeUnit.SECONDS);
        assertNotNull(again);
        List<EngineEvent> kept = again.events();
        assertEquals(EmulatorDriver.KEPT_EVENTS, kept.size());
        int fromPoll = first.newEvents().size() - c.events().size();
        assertEquals(c.events().subList(fromPoll, c.events().size()), kept.subList(0, kept.size() - fromPoll));
    }

    @Test
    void stepAdvancesExactlyToTheNextPeriodBoundary() throws Exception {
        Scenario s = scenario();
        driver = new EmulatorDriver(s, 1, snapshots::add);
        driver.start();
        await(x -> true);

        driver.stepPeriod();

        EngineSnapshot after = await(x -> x.time() > s.startTime());
        assertEquals(s.startTime() + 3600, after.time(), 1e-6);
        assertEquals(s.startTime() + 7200, after.nextPeriodBoundary(), 1e-6);
    }

    @Test
    void playingAsFastAsPossibleRunsDaysAndPauseStops() throws Exception {
        Scenario s = scenario();
        driver = new EmulatorDriver(s, 1, snapshots::add);
        driver.setSpeed(EmulatorDriver.Speed.AS_FAST_AS_POSSIBLE);
        driver.start();
        driver.play();

        EngineSnapshot running = await(x -> x.time() > s.startTime() + 2 * 86400);
        assertTrue(running.driver().running());
        driver.pause();
        EngineSnapshot paused = await(x -> !x.driver().running());
        snapshots.clear();
        // A checkpoint asked for wakes the paused engine, which publishes again: its time has not moved.
        driver.checkpointNow();
        EngineSnapshot later = await(x -> true);
        assertEquals(paused.time(), later.time(), "time stands still while paused");
    }

    @Test
    void commandWhilePausedIsAppliedAtOnce() throws Exception {
        driver = new EmulatorDriver(scenario(), 1, snapshots::add);
        driver.start();
        await(x -> true);

        driver.submit(new EngineCommand.SetResourceShare("https://a.example/", 300));

        EngineSnapshot s = await(x -> x.projects().get(0).resourceShare() == 300);
        assertEquals(0.923, s.projects().get(0).shareFraction(), 0.001); // 300 / 325
        assertTrue(s.newEvents().stream().anyMatch(e -> e.reason().equals("SHARE_CHANGED")));
    }

    @Test
    void aWhatIfStartsFromTheEmulationAsItIsWithTheUsersCommandsApplied() throws Exception {
        Scenario s = scenario();
        driver = new EmulatorDriver(s, 1, snapshots::add);
        driver.start();
        EngineSnapshot first = await(x -> true);
        String b = first.projects().stream().filter(p -> p.name().equals("B")).findFirst().orElseThrow().url();
        driver.submit(new EngineCommand.SetResourceShare(b, 75));

        WhatIf whatIf = driver.whatIf().get(10, TimeUnit.SECONDS);

        // Paused at the start: the what-if starts there, and B's new share is already in it (75 of 150).
        assertEquals(s.startTime(), whatIf.startTime());
        WhatIf.Outcome o = whatIf.run(java.util.List.of(), 1, () -> false, f -> { }).orElseThrow();
        assertEquals(0.5, o.targets().get(b), 1e-12);
        driver.close();
        assertTrue(driver.whatIf().isCompletedExceptionally(), "a stopped driver answers no more");
        try (EmulatorDriver unstarted = new EmulatorDriver(s, 1, snapshots::add)) {
            assertTrue(unstarted.whatIf().isCompletedExceptionally(), "nor does one not started");
        }
    }
}

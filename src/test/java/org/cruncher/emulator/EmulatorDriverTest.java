package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.concurrent.BlockingQueue;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Predicate;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.Host;
import org.cruncher.server.ProjectServer;
import org.cruncher.server.config.FaultMode;
import org.cruncher.server.config.ServerConfig;

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

    /**
     * A failure that ends the engine thread is handed over, not lost on standard error with a window left on its
     * last snapshot: here the second snapshot's listener fails, as an engine error would at a step.
     */
    @Test
    void aFailureThatStopsTheEmulationIsHandedOver() throws Exception {
        AtomicInteger published = new AtomicInteger();
        driver = new EmulatorDriver(scenario(), 1, snap -> {
            if (published.incrementAndGet() == 2) {
                throw new IllegalStateException("unhandled READY_TO_REPORT");
            }
        });
        CompletableFuture<RuntimeException> failure = new CompletableFuture<>();
        driver.onFailure(failure::complete);
        driver.start();
        driver.stepPeriod();

        RuntimeException e = failure.get(10, TimeUnit.SECONDS);

        assertEquals("unhandled READY_TO_REPORT", e.getMessage());
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
     * The emulation's own changes are saved at most every {@link EmulatorDriver#CHECKPOINT_EMULATION_SECONDS}: at a
     * day a second for three seconds, tasks end every few wall milliseconds (each a significant change) and none is
     * saved yet; a share the user changes is saved within {@link EmulatorDriver#CHECKPOINT_MIN_SECONDS}.
     */
    @Test
    void theEmulationsOwnChangesAreSavedSeldomAndTheUsersAtOnce() throws Exception {
        Scenario s = scenario();
        BlockingQueue<Checkpoint> saved = new LinkedBlockingQueue<>();
        driver = new EmulatorDriver(s, 1, snapshots::add);
        driver.onCheckpoint(saved::add);
        driver.setSpeed(EmulatorDriver.Speed.DAY_PER_SECOND);
        driver.start();
        driver.play();
        await(x -> x.time() > s.startTime() + 3 * 86400);
        driver.pause();
        await(x -> !x.driver().running());

        assertEquals(0, saved.size(), "three days of tasks ending, none saved within 20 s");
        String a = s.initialState().projects().iterator().next().url();
        driver.submit(new EngineCommand.SetResourceShare(a, 300));

        Checkpoint c = saved.poll(10, TimeUnit.SECONDS);
        assertNotNull(c, "the user's change is saved");
        assertEquals(300, c.state().project(a).orElseThrow().resourceShare(), 1e-9);
    }

    /**
     * The latest events go with each checkpoint (at most {@link EmulatorDriver#KEPT_EVENTS}), and a driver on a
     * scenario saved with events publishes them first, before its own first poll's.
     */
    @Test
    void theLatestEventsAreCheckpointedAndShownFirstAfterARestart() throws Exception {
        Scenario s = scenario();
        BlockingQueue<Checkpoint> saved = new LinkedBlockingQueue<>();
        playThenPause(s, 20, saved);
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

    /** A paused window closed and opened again: the second restart, at the same time, adds nothing to the log. */
    @Test
    void aRestartAtTheTimeOfTheLastOneIsNotSaidAgain() throws Exception {
        Scenario s = scenario();
        BlockingQueue<Checkpoint> saved = new LinkedBlockingQueue<>();
        playThenPause(s, 1, saved);
        Checkpoint before = checkpoint(saved);
        driver.close();

        Checkpoint once = restartPaused(s, before, saved);
        List<EngineEvent> onceEvents = once.events();
        int restart = indexOfLastRestart(onceEvents);
        assertTrue(restart >= 0, "the first restart is said");
        assertTrue(onceEvents.subList(restart, onceEvents.size()).stream()
                .anyMatch(e -> e.kind() == EventKind.PERIOD_SETTLED), "and its first pass settles the period");

        // Opened again at the same time: no second "Client restarted", no second "Period settled".
        Checkpoint twice = restartPaused(s, once, saved);
        assertEquals(onceEvents, twice.events());

        // Had the last restart said something else, this one is said, before what its pass says.
        List<EngineEvent> changed = new java.util.ArrayList<>(onceEvents);
        for (int i = restart; i < changed.size(); i++) {
            EngineEvent e = changed.get(i);
            if (e.kind() == EventKind.PERIOD_SETTLED) {
                changed.set(i, new EngineEvent(e.time(), e.kind(), e.project(), e.task(), e.resource(), e.reason(),
                        "9 tasks scheduled"));
            }
        }
        Checkpoint other = restartPaused(s, new Checkpoint(once.scenario(), once.state(), once.time(), once.seed(),
                once.history(), once.figures(), once.runs(), changed), saved);
        List<EngineEvent> all = other.events();
        int again = indexOfLastRestart(all);
        assertTrue(again > restart, "said again: " + all.subList(restart, all.size()));
        assertEquals(changed.subList(restart, changed.size()), all.subList(again - (changed.size() - restart), again));
        // This first pass (from a state already settled) says only that the period is settled: after the restart.
        assertEquals(List.of(all.get(again).kind(), EventKind.PERIOD_SETTLED), all.subList(again, all.size())
                .stream().map(EngineEvent::kind).toList());
        assertEquals("2 tasks scheduled", all.get(all.size() - 1).detail());

        // A first pass that says some of what the last restart said, then something new: the restart is said, then
        // everything the pass said, the events held back as echoes included. The state saved before the first
        // restart, with that restart's lines saved after it but its second debt line changed: the pass says the
        // first debt line alike, the second not.
        List<EngineEvent> onceTail = onceEvents.subList(restart, onceEvents.size());
        List<Integer> debts = new java.util.ArrayList<>();
        for (int i = 0; i < onceTail.size(); i++) {
            if (onceTail.get(i).kind() == EventKind.DEBT_CHANGED) {
                debts.add(i);
            }
        }
        assertEquals(2, debts.size(), onceTail.toString());
        List<EngineEvent> savedTail = new java.util.ArrayList<>(onceTail);
        EngineEvent second = savedTail.get(debts.get(1));
        savedTail.set(debts.get(1), new EngineEvent(second.time(), second.kind(), second.project(), second.task(),
                second.resource(), second.reason(), "debt 0 s -> +9 h"));
        List<EngineEvent> beforeAndTail = new java.util.ArrayList<>(before.events());
        beforeAndTail.addAll(savedTail);
        Checkpoint replayed = restartPaused(s, new Checkpoint(before.scenario(), before.state(), before.time(),
                before.seed(), before.history(), before.figures(), before.runs(), beforeAndTail), saved);
        List<EngineEvent> got = replayed.events();
        assertEquals(onceTail, got.subList(got.size() - onceTail.size(), got.size()));
        assertEquals(savedTail, got.subList(got.size() - 2 * onceTail.size(), got.size() - onceTail.size()));
    }

    /** The saved tail of a restart is the run of events at its time from its "Client restarted" on. */
    @Test
    void theLastRestartIsFoundOnlyAtItsOwnTime() {
        EngineEvent earlier = new EngineEvent(100, EventKind.PERIOD_SETTLED, "", "", null, "", "1 task scheduled");
        EngineEvent restart = new EngineEvent(200, EventKind.CLIENT_RESTARTED, "", "", null, "", "");
        EngineEvent settled = new EngineEvent(200, EventKind.PERIOD_SETTLED, "", "", null, "", "2 tasks scheduled");
        EngineEvent later = new EngineEvent(300, EventKind.PERIOD_SETTLED, "", "", null, "", "2 tasks scheduled");
        assertEquals(List.of(restart, settled), EmulatorDriver.lastRestartAt(List.of(earlier, restart, settled), 200));
        // Restored at another time, or with something after the restart, or no restart at all: none.
        assertEquals(List.of(), EmulatorDriver.lastRestartAt(List.of(earlier, restart, settled), 300));
        assertEquals(List.of(), EmulatorDriver.lastRestartAt(List.of(restart, settled, later), 300));
        assertEquals(List.of(), EmulatorDriver.lastRestartAt(List.of(earlier), 100));
        assertEquals(List.of(), EmulatorDriver.lastRestartAt(List.of(), 100));
    }

    /** A driver on {@code s}, checkpointing into {@code saved}, played at full speed past {@code days} and paused. */
    private void playThenPause(Scenario s, double days, BlockingQueue<Checkpoint> saved) throws InterruptedException {
        driver = new EmulatorDriver(s, 1, snapshots::add);
        driver.onCheckpoint(saved::add);
        driver.setSpeed(EmulatorDriver.Speed.AS_FAST_AS_POSSIBLE);
        driver.start();
        driver.play();
        await(x -> x.time() > s.startTime() + days * 86400);
        driver.pause();
        await(x -> !x.driver().running());
    }

    private Checkpoint restartPaused(Scenario s, Checkpoint c, BlockingQueue<Checkpoint> saved) throws Exception {
        snapshots.clear();
        saved.clear();
        driver = new EmulatorDriver(withEvents(s, c), 1, snapshots::add);
        driver.onCheckpoint(saved::add);
        driver.start();
        await(x -> true);
        Checkpoint again = checkpoint(saved);
        driver.close();
        return again;
    }

    private static Scenario withEvents(Scenario s, Checkpoint c) {
        return new Scenario(s.name(), c.state(), c.time(), s.servers(), s.availability(), s.notes(), c.history(),
                c.figures(), c.runs(), c.events());
    }

    private Checkpoint checkpoint(BlockingQueue<Checkpoint> saved) throws InterruptedException {
        saved.clear();
        driver.checkpointNow();
        Checkpoint c = saved.poll(10, TimeUnit.SECONDS);
        assertNotNull(c);
        return c;
    }

    private static int indexOfLastRestart(List<EngineEvent> events) {
        for (int i = events.size() - 1; i >= 0; i--) {
            if (events.get(i).kind() == EventKind.CLIENT_RESTARTED) {
                return i;
            }
        }
        return -1;
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

    /**
     * Decision 0046: time stands still while a loopback project's reply is awaited, which may take minutes; the
     * window is told what the emulation waits for, and a what-if is answered meanwhile (it waited for the reply).
     * The server answers the first request at once: the 2.4-h low-water mark, three one-hour jobs on the 1-GFLOPS
     * CPU. Then it takes 300 s: at 37 min, the 3 h queued less the 37 min run fall below 2 h 24 min, and that
     * request waits.
     */
    @Test
    void aWhatIfIsAnsweredAndTheWaitShownWhileASlowLoopbackServerHoldsTheStep() throws Exception {
        try (ProjectServer server = ProjectServer.start(ServerConfig.defaults(), ProjectServer.loopback(0))) {
            Scenario s = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("Loop", 100, server.rootUrl())
                    .cpuApp("cpu_app", 3600, 864000).build("slow loopback");
            driver = new EmulatorDriver(s, 1, snapshots::add);
            driver.setSpeed(EmulatorDriver.Speed.DAY_PER_SECOND);
            driver.start();
            // Paused until the first request is answered; only then does the server turn slow.
            await(x -> x.driver().waitingFor().isEmpty());
            server.setSlowSeconds(300);
            server.setMode(FaultMode.SLOW);
            driver.play();

            EngineSnapshot waiting = await(x -> !x.driver().waitingFor().isEmpty());
            WhatIf whatIf = driver.whatIf().get(10, TimeUnit.SECONDS);

            assertEquals(server.rootUrl(), waiting.driver().waitingFor());
            assertEquals(s.startTime() + 37 * 60, waiting.time(), 1);
            assertEquals(waiting.time(), whatIf.startTime(), 1);
            assertFalse(waiting.driver().changesWait());
            // A share typed meanwhile waits for the reply, and the window is told so (it looked ignored).
            driver.submit(new EngineCommand.SetResourceShare(server.rootUrl(), 50));
            EngineSnapshot held = await(x -> x.driver().changesWait());
            assertEquals(server.rootUrl(), held.driver().waitingFor());
            assertEquals(100, held.projects().get(0).resourceShare());
            driver.close();
        }
    }

    /**
     * A loopback server that hangs from the start does not hold the driver's making (the window said "Starting..."
     * for five minutes, QA): the first poll's reply is waited for on the engine thread, the window told which server
     * it waits for at the start time, and a what-if is answered meanwhile.
     */
    @Test
    void aServerSlowFromTheStartIsWaitedForOnTheEngineThread() throws Exception {
        try (ProjectServer server = ProjectServer.start(ServerConfig.defaults(), ProjectServer.loopback(0))) {
            server.setSlowSeconds(300);
            server.setMode(FaultMode.SLOW);
            Scenario s = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("Loop", 100, server.rootUrl())
                    .cpuApp("cpu_app", 3600, 864000).build("slow loopback from the start");

            driver = assertTimeoutPreemptively(Duration.ofSeconds(30), () -> new EmulatorDriver(s, 1, snapshots::add));
            driver.start();
            EngineSnapshot waiting = await(x -> !x.driver().waitingFor().isEmpty());
            WhatIf whatIf = driver.whatIf().get(10, TimeUnit.SECONDS);

            assertEquals(s.startTime(), waiting.time());
            assertEquals(s.startTime(), whatIf.startTime());
            driver.close();
        }
    }
}

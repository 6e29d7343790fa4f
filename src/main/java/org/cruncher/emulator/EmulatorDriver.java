package org.cruncher.emulator;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.EnumSet;
import java.util.List;
import java.util.Objects;
import java.util.Set;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.locks.LockSupport;
import java.util.function.Consumer;

import org.cruncher.engine.api.DriverStatus;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.policy.workfetch.FetchPolicies;

/**
 * Runs an {@link Emulation} on its own thread, paced for watching: paused, at a chosen speed (emulated seconds per
 * wall second), or as fast as possible; one scheduling period at a time on request. Publishes an
 * {@link EngineSnapshot} to its listener at most {@link #PUBLISH_HZ} times a second of wall time, on the engine
 * thread; the listener must return at once (the GUI keeps the latest and draws it on its own thread).
 *
 * <p>Threads: {@link #play}, {@link #pause}, {@link #setSpeed}, {@link #stepPeriod}, {@link #submit} and
 * {@link #whatIf} may be called from any thread; everything else happens on the engine thread, which owns the emulation.
 */
public final class EmulatorDriver implements AutoCloseable {

    /** The speeds offered: emulated seconds per wall second. */
    public enum Speed {
        REAL_TIME(1), MINUTE_PER_SECOND(60), TEN_MINUTES_PER_SECOND(600), HOUR_PER_SECOND(3600),
        DAY_PER_SECOND(86400), AS_FAST_AS_POSSIBLE(Double.POSITIVE_INFINITY);

        private final double factor;

        Speed(double factor) {
            this.factor = factor;
        }

        public double factor() {
            return factor;
        }
    }

    /** Snapshots per second of wall time, at most. */
    public static final int PUBLISH_HZ = 10;
    /** Events saved with a checkpoint, the latest: the decisions the window shows go on across a restart. */
    public static final int KEPT_EVENTS = 1000;
    /** Events carried by one snapshot, at most (the oldest beyond are dropped and counted). */
    public static final int MAX_EVENTS_PER_SNAPSHOT = 5000;

    private static final long PUBLISH_INTERVAL_NANOS = 1_000_000_000L / PUBLISH_HZ;
    private static final long FRAME_NANOS = 20_000_000L;
    /** Paced speeds advance by at most this many wall seconds a step, so that a stall does not jump the clock. */
    private static final double MAX_WALL_STEP = 0.25;
    /**
     * The running time the window shows counts at most this many wall seconds a step: a step longer than that was
     * the computer asleep, not running. (It counted {@link #MAX_WALL_STEP}, so on a loaded machine, where steps at
     * the fastest speed take longer, it said "in 8 min of running" after 20.)
     */
    private static final double MAX_COUNTED_WALL_STEP = 5;
    /** A change the user made (a share, preferences, a task suspended) is saved within this many wall seconds. */
    public static final double CHECKPOINT_MIN_SECONDS = 2;
    /**
     * The emulation's own significant changes (tasks ending, jobs arriving) are saved at most this often (wall
     * seconds): at an hour a second they came every second or two, and a state of half a megabyte written and synced
     * that often came to a gigabyte an hour on the volunteer's disk.
     */
    public static final double CHECKPOINT_EMULATION_SECONDS = 20;
    /** The state is saved at least this often (wall seconds) while the emulation runs. */
    public static final double CHECKPOINT_MAX_SECONDS = 60;
    private static final Set<EventKind> SIGNIFICANT = EnumSet.of(EventKind.TASK_COMPLETED, EventKind.TASK_FAILED,
            EventKind.JOBS_RECEIVED, EventKind.RESULTS_REPORTED, EventKind.RPC_FAILED, EventKind.RESOURCE_BACKED_OFF,
            EventKind.RESOURCE_BACKOFF_ENDED, EventKind.FILE_DELETED, EventKind.PERIOD_SETTLED);
    private static final Set<EventKind> BY_THE_USER = EnumSet.of(EventKind.PREFS_CHANGED, EventKind.USER_ACTION);

    private final Emulation emulation;
    private final Consumer<EngineSnapshot> listener;
    private final ArrayDeque<EngineEvent> events = new ArrayDeque<>();
    /** The latest {@link #KEPT_EVENTS} events, oldest first: saved with each checkpoint, shown again on restoring. */
    private final ArrayDeque<EngineEvent> recent = new ArrayDeque<>();
    /** The saved events of a restart at this very time, not said again (see {@link #lastRestartAt}). */
    private final List<EngineEvent> echoes = new ArrayList<>();
    /** The events of this restart's first pass held back as echoes, said after all if it says something new. */
    private final List<EngineEvent> held = new ArrayList<>();
    private final EngineEvent restart;
    private final ConcurrentLinkedQueue<CompletableFuture<WhatIf>> whatIfs = new ConcurrentLinkedQueue<>();
    private final Thread thread;
    private long droppedEvents;

    private volatile boolean playing;
    private volatile Speed speed = Speed.HOUR_PER_SECOND;
    private volatile boolean stepRequested;
    private volatile boolean closed;
    private volatile boolean dirty = true;
    private volatile double wallSeconds;
    private double maxChunk = 3600;
    private volatile Consumer<Checkpoint> checkpoints;
    private volatile Consumer<RuntimeException> failures = e -> { };
    private volatile boolean checkpointRequested;
    private boolean significantChange;
    private boolean userChange;
    private long lastCheckpoint = System.nanoTime();
    /** Set on the engine thread once the first poll's loopback replies are taken up. */
    private boolean started;
    /** When the engine thread last published a snapshot (System.nanoTime), 0 before the first. */
    private long lastPublish;

    /**
     * A paused driver for {@code scenario}; call {@link #start} to begin publishing.
     *
     * @param listener receives each snapshot on the engine thread
     */
    public EmulatorDriver(Scenario scenario, long seed, Consumer<EngineSnapshot> listener) {
        this.listener = Objects.requireNonNull(listener);
        // The events saved with the state come first, in the first snapshot, as they were before the restart.
        List<EngineEvent> past = scenario.events();
        for (EngineEvent e : past.subList(Math.max(0, past.size() - KEPT_EVENTS), past.size())) {
            keep(e);
            events.addLast(e);
        }
        restart = new EngineEvent(scenario.startTime(), EventKind.CLIENT_RESTARTED, "", "", null, "",
                "the emulation goes on from its saved state; the first scheduling pass settles the period so far");
        echoes.addAll(lastRestartAt(past, scenario.startTime()));
        if (!past.isEmpty() && echoes.isEmpty()) {
            // Said before the restarted client's own first decisions, which would otherwise read as repeats.
            record(restart);
        }
        this.emulation = new Emulation(scenario, seed, this::record, FetchPolicies.createDefault(), true, true);
        // The first pass runs in the emulation's constructor: what it said alike stays unsaid, and the rest of the
        // log is recorded as it comes (a user's command at the same time included).
        echoes.clear();
        held.clear();
        this.thread = new Thread(this::loop, "cruncher-engine");
        this.thread.setDaemon(true);
        emulation.whileWaiting(this::whileWaitingForAReply);
    }

    /** Starts the engine thread (paused until {@link #play}). */
    public void start() {
        thread.start();
    }

    public void play() {
        playing = true;
        wake();
    }

    public void pause() {
        playing = false;
        wake();
    }

    public void setSpeed(Speed s) {
        speed = Objects.requireNonNull(s);
        wake();
    }

    /**
     * The projects' debts over time as the emulation records them, a point each half scheduling period whatever the
     * speed: the window's debt chart reads what is new from it, safe from any thread.
     */
    public DebtHistory debtHistory() {
        return emulation.debtHistory();
    }

    public Speed speed() {
        return speed;
    }

    /** Advances to the end of the current scheduling period (when paused: one period per call). */
    public void stepPeriod() {
        stepRequested = true;
        wake();
    }

    /**
     * Queues a user command; it is applied at the engine thread's next turn, also while paused, but while a step waits
     * for a loopback project's reply only once the reply has come (the snapshots' {@code changesWait} says so).
     */
    public void submit(EngineCommand command) {
        emulation.engine().submit(command);
        wake();
    }

    /**
     * Hands a {@link Checkpoint} of the emulation to {@code sink} (on the engine thread; the sink must only queue
     * it) after the user's commands (within {@link #CHECKPOINT_MIN_SECONDS}), after the emulation's significant
     * changes (tasks ending, jobs arriving, results reported, backoffs, deletions; at most every
     * {@link #CHECKPOINT_EMULATION_SECONDS}), at least every {@link #CHECKPOINT_MAX_SECONDS} of wall time while it
     * runs, and when {@link #checkpointNow} asks.
     */
    public void onCheckpoint(Consumer<Checkpoint> sink) {
        this.checkpoints = sink;
    }

    /**
     * Hands {@code sink} (on the engine thread, as it ends) a failure that stopped the emulation: an engine error no
     * input should cause.
     */
    public void onFailure(Consumer<RuntimeException> sink) {
        this.failures = Objects.requireNonNull(sink);
    }

    /** Asks for a checkpoint at the engine thread's next turn (File > Save state, closing the window). */
    public void checkpointNow() {
        checkpointRequested = true;
        wake();
    }

    /**
     * The emulation as it is at the engine thread's next turn (the user's commands applied), to ask what the next
     * days would bring; the future fails if the driver stops first. While a step waits for a loopback project's reply
     * it is answered at once, without the commands not yet applied, and with that project's request unanswered.
     */
    public CompletableFuture<WhatIf> whatIf() {
        CompletableFuture<WhatIf> f = new CompletableFuture<>();
        whatIfs.add(f);
        wake();
        if (closed || !thread.isAlive()) {
            f.completeExceptionally(new IllegalStateException(closed ? "the emulation has stopped"
                    : "the emulation has not started"));
            whatIfs.remove(f);
        }
        return f;
    }

    /**
     * On the engine thread, every tenth of a second while a step waits for a loopback project's reply, which may take
     * minutes (decision 0046): a what-if is answered, without the commands not yet applied (they are applied
     * between steps), a checkpoint asked for (File > Save state) is handed over, and the window is told what the
     * emulation waits for.
     */
    private void whileWaitingForAReply() {
        answerWhatIfs(false);
        // Not while the first poll's replies are still to come: the window's first save would hold a request sent
        // and not answered (review).
        if (started) {
            maybeCheckpoint();
        }
        if (System.nanoTime() - lastPublish >= PUBLISH_INTERVAL_NANOS) {
            lastPublish = System.nanoTime();
            publish();
        }
    }

    /** On the engine thread (or any thread once it has ended): answers the what-ifs asked for. */
    private void answerWhatIfs() {
        answerWhatIfs(true);
    }

    /** As {@link #answerWhatIfs()}, applying the user's commands first if {@code withCommands}. */
    private void answerWhatIfs(boolean withCommands) {
        if (whatIfs.isEmpty()) {
            return;
        }
        if (!closed && withCommands) {
            emulation.applyCommands();
        }
        CompletableFuture<WhatIf> f;
        while ((f = whatIfs.poll()) != null) {
            if (closed) {
                f.completeExceptionally(new IllegalStateException("the emulation has stopped"));
            } else {
                f.complete(new WhatIf(emulation.checkpoint()));
            }
        }
    }

    private void wake() {
        dirty = true;
        LockSupport.unpark(thread);
    }

    /**
     * Tells the engine thread to stop and returns at once: it ends after the step it is in, handing over a
     * checkpoint asked for, and may publish once more meanwhile.
     */
    public void stop() {
        closed = true;
        // A step waiting for a loopback project's reply ends now rather than after the HTTP timeouts.
        emulation.close();
        LockSupport.unpark(thread);
    }

    /** Stops the engine thread and waits (briefly) for it to end; a checkpoint asked for is still handed over. */
    @Override
    public void close() {
        stop();
        try {
            thread.join(TimeUnit.SECONDS.toMillis(2));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * The events of the last restart, if the emulation was saved again at the very time it restarted, before it
     * went on: a window closed and opened again while paused. That restart is not said again, nor what its first
     * pass said that this one's says alike ("Period settled: 2 tasks scheduled"), so that each reopening does not
     * add a pair of lines for nothing that happened. Empty otherwise.
     */
    static List<EngineEvent> lastRestartAt(List<EngineEvent> past, double time) {
        for (int i = past.size() - 1; i >= 0; i--) {
            EngineEvent e = past.get(i);
            if (e.time() != time) {
                return List.of();
            }
            if (e.kind() == EventKind.CLIENT_RESTARTED) {
                return past.subList(i, past.size());
            }
        }
        return List.of();
    }

    private void record(EngineEvent e) {
        if (!echoes.isEmpty()) {
            boolean sameTime = e.time() == restart.time();
            if (sameTime && echoes.remove(e)) {
                held.add(e);
                return;
            }
            echoes.clear();
            if (sameTime) {
                // Something the last restart did not say: this restart is said after all, before all its first
                // pass said, the events held back as echoes included.
                List<EngineEvent> before = new ArrayList<>(held);
                held.clear();
                record(restart);
                before.forEach(this::record);
            }
            held.clear();
        }
        if (SIGNIFICANT.contains(e.kind())) {
            significantChange = true;
        } else if (BY_THE_USER.contains(e.kind())) {
            userChange = true;
        }
        events.addLast(e);
        if (events.size() > MAX_EVENTS_PER_SNAPSHOT) {
            events.removeFirst();
            droppedEvents++;
        }
        keep(e);
    }

    private void keep(EngineEvent e) {
        recent.addLast(e);
        if (recent.size() > KEPT_EVENTS) {
            recent.removeFirst();
        }
    }

    private void loop() {
        try {
            run();
        } catch (RuntimeException e) {
            // The engine thread ends here: the window must say so, not keep a last snapshot that no longer moves.
            failures.accept(e);
        } finally {
            closed = true;
            emulation.close();
            answerWhatIfs();
        }
    }

    private void run() {
        long lastWall = System.nanoTime();
        publish();
        // A loopback reply to the first poll is waited for here, the window told of it (decision 0046).
        emulation.finishStart();
        started = true;
        while (!closed) {
            emulation.applyCommands();
            answerWhatIfs();
            if (stepRequested) {
                stepRequested = false;
                emulation.advanceTo(emulation.nextStepTime());
                dirty = true;
            }
            long wallNow = System.nanoTime();
            double step = (wallNow - lastWall) / 1e9;
            lastWall = wallNow;
            if (playing) {
                advance(Math.min(step, MAX_WALL_STEP));
                wallSeconds += Math.min(step, MAX_COUNTED_WALL_STEP);
                dirty = true;
            }
            if (dirty && System.nanoTime() - lastPublish >= PUBLISH_INTERVAL_NANOS) {
                dirty = false;
                lastPublish = System.nanoTime();
                publish();
            }
            maybeCheckpoint();
            if (!playing && !dirty && !stepRequested && !emulation.engine().hasPendingCommands()) {
                LockSupport.parkNanos(this, PUBLISH_INTERVAL_NANOS * 5);
            } else if (!(playing && speed == Speed.AS_FAST_AS_POSSIBLE)) {
                LockSupport.parkNanos(this, FRAME_NANOS);
            }
        }
        // The user's last commands (a share typed as the window closed) are in the checkpoint asked for at the end.
        emulation.applyCommands();
        maybeCheckpoint();
    }

    private void maybeCheckpoint() {
        Consumer<Checkpoint> sink = checkpoints;
        if (sink == null) {
            return;
        }
        double since = (System.nanoTime() - lastCheckpoint) / 1e9;
        boolean due = checkpointRequested || (userChange && since >= CHECKPOINT_MIN_SECONDS)
                || (significantChange && since >= CHECKPOINT_EMULATION_SECONDS)
                || (playing && since >= CHECKPOINT_MAX_SECONDS);
        if (due) {
            checkpointRequested = false;
            significantChange = false;
            userChange = false;
            lastCheckpoint = System.nanoTime();
            sink.accept(emulation.checkpoint().withEvents(List.copyOf(recent)));
        }
    }

    /** Paced: emulated time follows wall time x speed. Fastest: chunks sized to take about one frame each. */
    private void advance(double dtWall) {
        Speed s = speed;
        if (s != Speed.AS_FAST_AS_POSSIBLE) {
            emulation.advanceTo(emulation.now() + dtWall * s.factor());
            return;
        }
        long t0 = System.nanoTime();
        emulation.advanceTo(emulation.now() + maxChunk);
        double took = Math.max(1e-6, (System.nanoTime() - t0) / 1e9);
        maxChunk = Math.max(600, Math.min(30 * 86400, maxChunk * (FRAME_NANOS / 1e9) / took));
    }

    private void publish() {
        List<EngineEvent> batch = new ArrayList<>(events);
        events.clear();
        long dropped = droppedEvents;
        droppedEvents = 0;
        DriverStatus status = new DriverStatus(emulation.startTime(), playing, wallSeconds, emulation.clientRunning(),
                emulation.waitingFor(), emulation.engine().hasPendingCommands());
        listener.accept(emulation.engine().snapshot(batch, dropped, emulation.figuresSoFar(), status));
    }
}

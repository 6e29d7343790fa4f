package org.cruncher.engine;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Queue;
import java.util.Set;
import java.util.concurrent.ConcurrentLinkedQueue;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.api.DeletionView;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.api.DriverStatus;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.EventReason;
import org.cruncher.engine.api.EventSink;
import org.cruncher.engine.api.FiguresView;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.ProjectResourceState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.policy.cpusched.CandidateDigests;
import org.cruncher.engine.policy.cpusched.DebtChange;
import org.cruncher.engine.policy.cpusched.MidPeriodScheduler;
import org.cruncher.engine.policy.cpusched.PeriodScheduler;
import org.cruncher.engine.policy.cpusched.RescueRoom;
import org.cruncher.engine.policy.cpusched.RunPlan;
import org.cruncher.engine.policy.disk.DiskLimits;
import org.cruncher.engine.policy.rpc.ReportDues;
import org.cruncher.engine.policy.rpc.ReportPolicy;
import org.cruncher.engine.policy.rpc.ResourceDebt;
import org.cruncher.engine.policy.rpc.RpcBackoff;
import org.cruncher.engine.policy.workfetch.FetchContext;
import org.cruncher.engine.policy.workfetch.FetchDecision;
import org.cruncher.engine.policy.workfetch.LongTermDebt;
import org.cruncher.engine.policy.workfetch.ResourceBackoff;
import org.cruncher.engine.policy.workfetch.ForecastCourse;
import org.cruncher.engine.policy.workfetch.QueuedJobs;
import org.cruncher.engine.policy.workfetch.RoundRobinSimulation;
import org.cruncher.engine.policy.workfetch.WorkFetchPolicy;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerTransport;
import org.cruncher.engine.rpc.WorkRequest;

/**
 * The mechanism: owns the client state, calls the policies in one fixed order, and applies their decisions.
 * Single-threaded: every method runs on the engine thread; replies from the transport are queued and handled at the
 * next {@link #poll}. The order of one poll (after BOINC's poll loop):
 * <ol>
 *   <li>charge the resources used since the last poll to the long-term debts ({@link LongTermDebt}, seed 003);</li>
 *   <li>apply the user's commands (share, preferences, suspend...), in the order given;</li>
 *   <li>handle finished tasks (seed 000's handle_finished_apps: their work joins their project's account);</li>
 *   <li>handle ended file transfers and RPC replies that arrived; abort results whose deadline passed before they
 *       started; poll the disk (seed 004's data_manager_poll); a resource backed off for want of disk space is
 *       asked again where the room came (decision 0037);</li>
 *   <li>at a period boundary, settle debts and reschedule every instance ({@link PeriodScheduler}); otherwise, if an
 *       instance came free or work arrived, fill free instances ({@link MidPeriodScheduler});</li>
 *   <li>forecast the queue ({@link RoundRobinSimulation}); results it sees missing their deadline go into deadline
 *       rescue, and if one is waiting, every instance is given out again at once;</li>
 *   <li>work fetch and reporting: at most one RPC at a time; the reply may bring work, which is scheduled at once;</li>
 *   <li>work out when the engine next needs to be polled if nothing else happens.</li>
 * </ol>
 */
public final class Engine {

    /**
     * Debts are clamped to this many seconds of the whole host's work (BOINC clamped its short-term debt to +-1 day;
     * src/docs/decisions/0038).
     */
    public static final double DEBT_BOUND_SECONDS = 86400;
    /** BOINC's EXIT_UNSTARTED_LATE: a result aborted because it could not start before its deadline. */
    public static final int EXIT_UNSTARTED_LATE = 200;
    private static final int MAX_RPCS_PER_POLL = 32;
    /**
     * A project is sent the same reports again at most once a minute (BOINC looks for overdue results every
     * WORK_FETCH_PERIOD, 60 s). Without it, a server that replied without acknowledging the results reported left
     * them due at once again: 32 RPCs a second (review of seed 002's "avoid an RPC storm"). Per project, not BOINC's
     * one scan for all: on 50 projects, one report a minute in all put other projects' reports off and cost 4 % more
     * RPCs. A result not in the last report goes at once: held a minute, one due 30 s before its deadline was
     * reported after it (review).
     */
    static final double REPORT_SCAN_SECONDS = 60;

    private final ClientState state;
    private final TaskControl control;
    private final WorkFetchPolicy fetchPolicy;
    private final RandomGenerator random;
    private final EventSink events;

    private final SchedulerSessions sessions;
    private final DeadlineRescue rescue;
    private final RunHistory runs = new RunHistory();
    private final DiskManager disk;
    private final Queue<TransferOutcome> transfers = new ConcurrentLinkedQueue<>();
    private final Queue<Project> userRequests = new ConcurrentLinkedQueue<>();
    private final Queue<EngineCommand> commands = new ConcurrentLinkedQueue<>();
    private final Map<Project, Double> pendingShares = new LinkedHashMap<>();
    private final Map<Result, TaskVerdict> verdicts = new HashMap<>();
    /** The tasks that were running when computing was suspended for disk space: the ones it holds. */
    private final CandidateDigests candidateDigests = new CandidateDigests();
    private final QueuedJobs queuedJobs = new QueuedJobs();
    private final ReportDues reportDues = new ReportDues();
    /**
     * The projects whose wait for room on disk ended, with the room their next job needs, until they are asked for
     * work or contacted at all: projects over their share go on yielding them that room (decision 0043). It was
     * cleared at each poll, so a project whose contact was still deferred lost the room before it could ask
     * (review).
     */
    private final Map<Project, Double> roomCame = new LinkedHashMap<>();
    /** When each project in {@link #roomCame} got its room. */
    private final Map<Project, Double> roomCameAt = new HashMap<>();
    /**
     * The waits for room that ended, of projects in {@link #roomCame} not asked for work since and not backed off
     * again (see {@link #waitAgainIfTheRoomWent}).
     */
    private final List<DiskManager.RoomCame> endedWaits = new ArrayList<>();

    private double now = Double.NaN;
    /** The time a snapshot is of, when later than the last poll ({@link #showTime}), and the host's status then. */
    private double shownTime = Double.NaN;
    private HostStatus shownStatus;
    private double nextPeriodBoundary = Double.NEGATIVE_INFINITY;
    private boolean freeInstancePass;
    private HostStatus hostStatus = HostStatus.ALL_ALLOWED;
    private FetchDecision lastFetch;
    private FetchContext context;
    /** The projects that may be asked for each resource at the last poll ({@link FetchContext#fetchable}). */
    private Map<ResourceType, Set<Project>> lastSharing;
    /** The forecast run for a snapshot while the last poll's course no longer covers the time shown. */
    private RoundRobinSimulation.Forecast shownForecast;
    /** The queue as that forecast reads it: its own, so that the decisions' {@link #queuedJobs} is never touched. */
    private final QueuedJobs shownQueue = new QueuedJobs();
    private boolean forecastStale = true;
    /**
     * Whether an active task may still be marked held for disk: from the start (a restored state's marks) and from
     * each suspension for disk until computing resumes, when the marks are cleared.
     */
    private boolean mayHoldForDisk = true;
    /**
     * No result that has not started can pass its deadline before this time (the earliest such deadline), unless
     * results arrive or a command changes them: until then the late-result check skips its scan of the queue.
     */
    private double nextLateCheck = Double.NEGATIVE_INFINITY;
    /** Each project's (by URL) last report-only RPC: what it reported, and until when that is not sent again. */
    private final Map<String, LastReport> lastReports = new HashMap<>();
    /** Per resource ({@link ResourceType#ordinal}): the instances idle when the forecast was last run. */
    private double[] forecastIdle = new double[ResourceType.values().length];
    private double nextWake = Double.POSITIVE_INFINITY;
    private long schedulingPasses;
    /** Whether some verdict says the GPU tasks hold the CPUs a task needs (looked at again after each pass). */
    private boolean heldVerdicts;
    private boolean restarted;

    /** An engine whose files are only counted ({@link FileStore#NONE}). */
    public Engine(ClientState state, TaskControl control, SchedulerTransport transport, WorkFetchPolicy fetchPolicy,
                  RandomGenerator random, EventSink events) {
        this(state, control, transport, fetchPolicy, random, events, FileStore.NONE);
    }

    public Engine(ClientState state, TaskControl control, SchedulerTransport transport, WorkFetchPolicy fetchPolicy,
                  RandomGenerator random, EventSink events, FileStore files) {
        this.state = Objects.requireNonNull(state);
        this.control = Objects.requireNonNull(control);
        this.fetchPolicy = Objects.requireNonNull(fetchPolicy);
        this.random = Objects.requireNonNull(random);
        this.events = events == null ? EventSink.NONE : events;
        this.disk = new DiskManager(state, files, (kind, p, r, reason, detail) ->
                emit(kind, p, r, r == null ? null : r.resource(), reason, detail));
        this.rescue = new DeadlineRescue(state, this::emit);
        this.sessions = new SchedulerSessions(state, Objects.requireNonNull(transport), disk, control, random,
                this::emit);
    }

    public ClientState state() {
        return state;
    }

    /** The time of the last poll. */
    public double now() {
        return now;
    }

    /**
     * The time a snapshot is of: the last poll's, or later where time has passed with nothing for the engine to do
     * ({@link #showTime}).
     */
    public double shownTime() {
        return Double.isNaN(shownTime) || shownTime < now ? now : shownTime;
    }

    /**
     * Time has passed to {@code time} with nothing due for the engine (no task ended, no reply, no wake time), the
     * host being as {@code status} says (the client may be off, so that nothing runs): a snapshot is of that time and
     * that status, and the Timeline's record follows, but nothing is decided. Deciding at times the events did not
     * bring would make what the engine does depend on when a window happened to look at it.
     */
    public void showTime(double time, HostStatus status) {
        if (!(time <= shownTime) && !(time < now)) {
            shownTime = time;
            shownStatus = status;
            if (!Double.isNaN(now)) {
                runs.record(time, state, status, disk.suspended());
            } else {
                runs.recordHost(time, state, status, disk.suspended());
            }
        }
    }

    /** The host status a snapshot is of: the last poll's, or the one {@link #showTime} was given since. */
    HostStatus shownHostStatus() {
        return shownTime() > now && shownStatus != null ? shownStatus : hostStatus;
    }

    /** The time of the next period boundary. */
    public double nextPeriodBoundary() {
        return nextPeriodBoundary;
    }

    /** Why each runnable task is or is not running, as last decided. */
    public Map<Result, TaskVerdict> verdicts() {
        return Collections.unmodifiableMap(verdicts);
    }

    /** The round-robin forecast made at the last poll (null before the first poll). */
    public RoundRobinSimulation.Forecast forecast() {
        return context == null ? null : context.forecast();
    }

    /**
     * The forecast whose job ends a snapshot at {@code time} shows: the last poll's while its course covers
     * {@code time} ({@link ForecastCourse#LIFETIME}), else one run at {@code time} for the showing only, kept while
     * its own course covers the time shown. The engine polls only when something happens, so in a quiet hour the
     * last poll's ends stood still: a task running alone to meet its deadline showed the end it would have at its
     * share an hour before, with ten minutes left. The decisions keep the last poll's forecast; this one changes
     * nothing, so the emulation is the same whether or not a window looks. Before the first poll (a state restored
     * with the computer off, shown until it is on again) it is one run for the showing.
     */
    public RoundRobinSimulation.Forecast forecastShown(double time) {
        RoundRobinSimulation.Forecast made = forecast();
        if (made != null && made.course().covers(time) || Double.isNaN(time)) {
            return made;
        }
        if (shownForecast == null || !shownForecast.course().covers(time)
                || made != null && shownForecast.course().origin() < made.course().origin()) {
            shownForecast = RoundRobinSimulation.run(state, time, FetchContext.fetchable(state, state.resources(),
                    time, null), state.prefs().workBufTotalSeconds(),
                    r -> FetchContext.cushion(r, state.prefs().workBufMinSeconds()), shownQueue);
        }
        return shownForecast;
    }

    /** The last work-fetch decision (null before the first poll). */
    public FetchDecision lastFetchDecision() {
        return lastFetch;
    }

    public HostStatus hostStatus() {
        return hostStatus;
    }

    /** CPU scheduling passes run so far (period and mid-period). */
    public long schedulingPasses() {
        return schedulingPasses;
    }

    /** The latest scheduler RPC sessions, newest first (at most {@link SchedulerSessions#RECENT}). */
    public List<RpcView> recentRpcs() {
        return sessions.recent();
    }

    /** Takes up the scheduler RPC sessions saved before a restart (newest first), for the Work fetch pane. */
    public void resumeRpcs(List<RpcView> saved) {
        sessions.resume(saved);
    }

    /** The disk now (seed 004): limits, usage per project and share, files, recent deletions. */
    public DiskView diskView() {
        return disk.view(now);
    }

    /** Whether computing is suspended because the client uses more disk than allowed and nothing more can go. */
    public boolean diskSuspended() {
        return disk.suspended();
    }

    /** Bytes the client uses above its total disk limit now (0 if within it). */
    public double diskExcess() {
        return DiskLimits.of(state).excess();
    }

    /** Files deleted to make room so far, per reason. */
    public Map<DeletionReason, Long> diskDeletions() {
        return disk.deletionCounts();
    }

    /** The most all projects' files took at once, bytes. */
    public long peakDiskUsage() {
        return disk.peakUsage();
    }

    /** The most {@code p}'s files took at once, bytes. */
    public long peakDiskUsage(Project p) {
        return disk.peakUsage(p);
    }

    /** Queues a user command; safe from any thread. It is applied at the next poll, on the engine thread. */
    public void submit(EngineCommand command) {
        commands.add(Objects.requireNonNull(command));
    }

    /** True if commands wait to be applied. */
    public boolean hasPendingCommands() {
        return !commands.isEmpty();
    }

    /**
     * An immutable picture of the engine now, with the driver's additions.
     *
     * @param newEvents events since the previous snapshot
     * @param dropped   events dropped since the previous snapshot
     * @param figures   figures of merit so far (null if none)
     * @param driver    how the engine is driven (null if unknown)
     */
    public EngineSnapshot snapshot(List<EngineEvent> newEvents, long dropped, FiguresView figures,
                                   DriverStatus driver) {
        return SnapshotFactory.build(this, newEvents, dropped, figures, driver);
    }

    /** The driver tells the engine what the host allows; takes effect at the next poll. */
    public void setHostStatus(HostStatus status) {
        if (!status.equals(hostStatus)) {
            this.hostStatus = status;
            this.forecastStale = true;
        }
    }

    /**
     * When the engine next needs a poll if nothing else happens (no task ends, no reply arrives): the next period
     * boundary, a work-fetch re-check, a report falling due, or a backoff ending. Always later than the last poll.
     */
    public double nextWakeTime() {
        return nextWake;
    }

    /** Runs one poll at {@code time} (see the class comment for the order). */
    public void poll(double time) {
        if (!Double.isNaN(now) && time < now) {
            throw new IllegalArgumentException("time went backwards: " + time + " < " + now);
        }
        now = time;
        if (!restarted) {
            disk.start();
            restartRunningTasks();
        }
        accountLongTermDebt();
        applyCommands();
        handleFinishedTasks();
        handleTransfers();
        handleReplies();
        abortLateUnstartedResults();
        diskPoll();
        askAgainWhereRoomCame();
        waitAgainIfTheRoomWent();
        boolean rescued = false;
        for (int i = 0; i < MAX_RPCS_PER_POLL; i++) {
            if (disk.suspended()) {
                freeInstancePass = false;
            } else if (now >= nextPeriodBoundary) {
                periodPass();
            } else if (freeInstancePass) {
                midPeriodPass();
            }
            context = fetchContext();
            List<Result> newlyRescued = rescued ? List.of() : rescue.mark(context.forecast(), now);
            if (!newlyRescued.isEmpty()) {
                rescued = true;
                makeRoomForRescue(newlyRescued);
                continue;
            }
            boolean sent = rpcStep(context);
            handleReplies();
            handleTransfers();
            if (sent) {
                waitAgainIfTheRoomWent();
            }
            if (!sent && !freeInstancePass && (now < nextPeriodBoundary || disk.suspended())) {
                break;
            }
        }
        nextWake = computeNextWake();
        runs.record(now, state, hostStatus, disk.suspended());
    }

    /** What ran when, over the last week (the Timeline pane's). */
    RunHistory runHistory() {
        return runs;
    }

    /** The latest files deleted to make room, newest first (to be saved with the state). */
    public List<DeletionView> recentDeletions() {
        return disk.recentDeletions();
    }

    /** Takes up the files last deleted to make room before a restart (newest first), for the Disk pane. */
    public void resumeDeletions(List<DeletionView> saved) {
        disk.resume(saved);
    }

    /** What ran when, over the last week, as a view that will not change (to be saved with the state). */
    public RunHistoryView runs() {
        return runs.view(state);
    }

    /** Goes on from the history of what ran that was saved with the state; before the first poll only. */
    public void resumeRuns(RunHistoryView saved) {
        runs.resume(saved, state);
    }

    /**
     * At the first poll, tasks that were running when the state was saved are restarted from their checkpoints; the
     * first scheduling pass, right after, settles the period so far and decides anew which run, as a restarted BOINC
     * client does (boinc-engine.md §8 item 6: it cannot tell which tasks were running, so a task near its end may
     * be preempted by the debt order; a rescue is worked out again from a new forecast).
     */
    private void restartRunningTasks() {
        restarted = true;
        for (ActiveTask t : state.activeTasks()) {
            if (t.isScheduled()) {
                control.resume(t);
                disk.used(t.result(), now);
            }
        }
    }

    // ---- 1. user commands ----------------------------------------------------------------------------------

    private void applyCommands() {
        EngineCommand c;
        while ((c = commands.poll()) != null) {
            apply(c);
            forecastStale = true;
            nextLateCheck = Double.NEGATIVE_INFINITY;
        }
    }

    private void apply(EngineCommand command) {
        if (command instanceof EngineCommand.Together c) {
            c.commands().forEach(this::apply);
        } else if (command instanceof EngineCommand.SetPrefs c) {
            state.setPrefs(c.prefs());
            emit(EventKind.PREFS_CHANGED, null, null, null, null, () -> describe(state.prefs()));
            forcePeriodPass();
        } else if (command instanceof EngineCommand.UpdateProject c) {
            state.project(c.projectUrl()).ifPresent(this::requestUpdate);
        } else if (command instanceof EngineCommand.SetTaskSuspended c) {
            state.project(c.projectUrl()).flatMap(p -> state.result(p, c.resultName()))
                    .ifPresent(r -> setTaskSuspended(r, c.suspended()));
        } else if (command instanceof EngineCommand.SetResourceShare c) {
            state.project(c.projectUrl()).ifPresent(p -> setResourceShare(p, c.share()));
        } else if (command instanceof EngineCommand.SetProjectSuspended c) {
            state.project(c.projectUrl()).ifPresent(p -> setProjectSuspended(p, c.suspended()));
        } else if (command instanceof EngineCommand.SetNoNewTasks c) {
            state.project(c.projectUrl()).ifPresent(p -> setNoNewTasks(p, c.noNewTasks()));
        }
    }

    /**
     * The user's "update": the project's scheduler is contacted at once, whatever its backoffs. As in BOINC
     * (handle_project_update sets min_rpc_time to 0), the contact deferral is cleared, so that a master-file read
     * the project is waiting for goes first and the request goes to the schedulers it lists, not to ones that failed
     * (review of seed 002: after three failed reads an update went to the old URLs, and the read waited a day).
     */
    private void requestUpdate(Project p) {
        p.contact().clearDeferral();
        userRequests.add(p);
        emit(EventKind.USER_ACTION, p, null, null, EventReason.UPDATE, () -> "contacting the scheduler now, "
                + "whatever the backoffs");
    }

    /** A new share takes effect at the period's end, which comes at once: debts settle with the share they ran under. */
    private void setResourceShare(Project p, double share) {
        double old = pendingShares.getOrDefault(p, p.resourceShare());
        pendingShares.put(p, share);
        emit(EventKind.USER_ACTION, p, null, null, EventReason.SHARE_CHANGED,
                () -> "resource share " + Units.number(old) + " -> " + Units.number(share));
        forcePeriodPass();
    }

    /**
     * Suspending or resuming a project changes who has work (seed 001: a project with nothing to run is left out and
     * its debt reset), so the period so far is settled first, as it ran: the project's work before a suspension is
     * paid as usual, and a resumed project is owed nothing for the time it could not run. A suspension then fills
     * the instances it freed, within the period; a resume starts a new period, which takes the project as it now is.
     */
    private void setProjectSuspended(Project p, boolean suspended) {
        emit(EventKind.USER_ACTION, p, null, null,
                suspended ? EventReason.PROJECT_SUSPENDED : EventReason.PROJECT_RESUMED, () -> "");
        if (p.suspendedByUser() != suspended) {
            countRunningWork();
            settleDebts(PeriodScheduler.begin(state, state.resources()));
            chargeRunningTasksThePeriodLeft();
        }
        p.setSuspendedByUser(suspended);
        if (suspended) {
            for (ActiveTask t : new ArrayList<>(state.activeTasks())) {
                if (t.project() == p && t.isScheduled()) {
                    preempt(t, EventKind.TASK_SUSPENDED, EventReason.PROJECT_SUSPENDED, () -> "");
                }
            }
            freeInstancePass = true;
        } else {
            forcePeriodPass();
        }
    }

    private void setNoNewTasks(Project p, boolean none) {
        if (p.detachWhenDone()) {
            return;
        }
        p.setNoNewTasks(none);
        emit(EventKind.USER_ACTION, p, null, null, none ? EventReason.NO_NEW_TASKS : EventReason.NEW_TASKS_ALLOWED,
                () -> "");
    }

    /**
     * Suspends or resumes a task still to be computed. A task that has ended meanwhile (the user's click can come
     * after its end, from a menu opened before it) is left as it is, with nothing logged: there is nothing to run.
     */
    private void setTaskSuspended(Result r, boolean suspended) {
        if (!r.stillToCompute()) {
            return;
        }
        r.setSuspendedByUser(suspended);
        emit(EventKind.USER_ACTION, r.project(), r, r.resource(),
                suspended ? EventReason.TASK_SUSPENDED : EventReason.TASK_RESUMED, () -> "");
        ActiveTask t = state.activeTask(r).orElse(null);
        if (suspended && t != null && t.isScheduled()) {
            preempt(t, EventKind.TASK_SUSPENDED, TaskReason.SUSPENDED_BY_USER, () -> "");
        }
        verdicts.remove(r);
        freeInstancePass = true;
    }

    /**
     * Ends the period now, so that every instance is given out again after a share or preference change (debts
     * settle with what held until now).
     */
    private void forcePeriodPass() {
        nextPeriodBoundary = Math.min(nextPeriodBoundary, now);
    }

    private void applyPendingShares() {
        pendingShares.forEach((p, share) -> {
            boolean wasBackup = p.resourceShare() == 0 && share > 0;
            p.setResourceShare(share);
            if (wasBackup) {
                startsOwedNothing(p);
            }
        });
        pendingShares.clear();
    }

    /**
     * A backup project given a share starts with its debts at 0 (decision 0023): at share 0 it paid for all it ran
     * and accrued nothing, so its debt had fallen by every hour it ran alone, and once given its share back it lost
     * the processors it competes for until that was repaid (QA: -20 h 36 min after 20 hours at share 0, a day off
     * the GPU).
     */
    private void startsOwedNothing(Project p) {
        double before = p.debt();
        p.setDebt(0);
        for (ResourceType type : ResourceType.values()) {
            p.resourceState(type).setLongTermDebt(0);
        }
        if (before != 0) {
            emit(EventKind.DEBT_CHANGED, p, null, null, EventReason.SHARE_CHANGED,
                    () -> String.format("debt %s -> 0 s: no longer a backup project, it starts owed nothing",
                            Units.cpuTime(before, cpuFlops())));
        }
    }

    /**
     * The preferences in force, in BOINC's terms: a max_ncpus_pct of 0 (or above 100) means all the CPUs; a disk
     * limit of 0 GB or 0 % is none (seed 004).
     */
    private static String describe(Prefs p) {
        boolean all = p.maxNcpusPct() <= 0 || p.maxNcpusPct() >= 100;
        List<String> disk = new ArrayList<>();
        if (p.diskMaxUsedGb() > 0) {
            disk.add("at most " + Units.number(p.diskMaxUsedGb()) + " GB");
        }
        if (p.diskMaxUsedPct() > 0) {
            disk.add("at most " + Units.number(p.diskMaxUsedPct()) + "% of it");
        }
        if (p.diskMinFreeGb() > 0) {
            disk.add("leave " + Units.number(p.diskMinFreeGb()) + " GB free");
        }
        return String.format("switch between tasks every %s min, work buffer %s + %s days, %s; disk: %s",
                Units.number(p.cpuSchedulingPeriodMinutes()), Units.number(p.workBufMinDays()),
                Units.number(p.workBufAdditionalDays()), all ? "use all the CPUs"
                        : "use at most " + Units.number(p.maxNcpusPct()) + "% of the CPUs",
                disk.isEmpty() ? "no limit" : String.join(", ", disk));
    }

    // ---- long-term debt, deadlines ------------------------------------------------------------------------

    /** Seed 003's debt accounting for the time since the last poll: what each project's running jobs used. */
    private void accountLongTermDebt() {
        double[][] used = new double[state.projects().size()][ResourceType.values().length];
        boolean any = false;
        for (ActiveTask t : state.activeTasks()) {
            double dt = t.takeElapsedSinceLastAccounting();
            if (dt <= 0 || !state.holds(t.project())) {
                continue;
            }
            any = true;
            var v = t.appVersion();
            double[] mine = used[t.project().slot()];
            mine[ResourceType.CPU.ordinal()] += dt * v.avgNcpus();
            if (v.usesCoprocessor()) {
                mine[v.coprocType().ordinal()] += dt * v.coprocCount();
            }
        }
        if (any) {
            LongTermDebt.accrue(state.projects(), state.resources(), used, now);
        }
        double[] cpu = new double[used.length];
        for (int i = 0; i < used.length; i++) {
            cpu[i] = used[i][ResourceType.CPU.ordinal()];
        }
        ResourceDebt.accrue(state.projects(), cpu, now);
    }

    /**
     * Results never started whose deadline has come are aborted (BOINC's abort_unstarted_late_jobs, at its deadline:
     * the engine wakes then, {@link #computeNextWake}): computing them would be wasted work.
     */
    private void abortLateUnstartedResults() {
        if (now < nextLateCheck) {
            return;
        }
        double next = Double.POSITIVE_INFINITY;
        for (Result r : state.results()) {
            if (state.taskOf(r) != null || !mayStart(r)) {
                continue;
            }
            if (r.isComputable() && r.reportDeadline() <= now) {
                r.finish(ResultState.ABORTED, EXIT_UNSTARTED_LATE, now, 0, 0, 0);
                disk.releaseOutputs(r);
                forecastStale = true;
                verdicts.remove(r);
                emit(EventKind.TASK_FAILED, r.project(), r, r.resource(), EventReason.NOT_STARTED_BY_DEADLINE,
                        () -> "aborted: its deadline passed before it could start");
            } else {
                next = Math.min(next, r.reportDeadline());
            }
        }
        disk.collectReleased();
        nextLateCheck = next;
    }

    /** Whether {@code r} is or may become computable: downloaded or downloading, and not finished. */
    private static boolean mayStart(Result r) {
        ResultState s = r.state();
        return !r.readyToReport()
                && (s == ResultState.FILES_DOWNLOADED || s == ResultState.NEW || s == ResultState.FILES_DOWNLOADING);
    }

    /**
     * Seed 004's data_manager_poll, through {@link DiskManager#poll}: results given up to make room leave the
     * scheduler's view; when computing is suspended for disk every running task is preempted, and when it resumes
     * the instances are given out again at once.
     */
    private void diskPoll() {
        DiskManager.PollResult r = disk.poll(now);
        for (Result given : r.givenUp()) {
            verdicts.remove(given);
            state.activeTask(given).ifPresent(t -> t.setHeldForDisk(false));
            forecastStale = true;
        }
        if (r.suspendedNow()) {
            mayHoldForDisk = true;
            forecastStale = true;
            for (ActiveTask t : new ArrayList<>(state.activeTasks())) {
                if (t.isScheduled()) {
                    t.setHeldForDisk(true);
                    preempt(t, EventKind.TASK_SUSPENDED, TaskReason.SUSPENDED_FOR_DISK,
                            () -> "computing suspended: not enough disk space");
                }
            }
        }
        if (r.resumedNow()) {
            forecastStale = true;
            forcePeriodPass();
        }
        if (!disk.suspended() && mayHoldForDisk) {
            mayHoldForDisk = false;
            for (ActiveTask t : state.activeTasks()) {
                t.setHeldForDisk(false);
            }
        }
    }

    /**
     * A resource backed off because its server's tasks needed more disk space than this computer offered is asked
     * again as soon as that room is there, not at the end of its doubling backoff (src/docs/decisions/0037): while
     * it waited hours, another project's smaller tasks took the space as it came free. One that waits for room
     * after a reply filled it is asked again once a batch's room is there (decision 0040).
     */
    private void askAgainWhereRoomCame() {
        roomCame.keySet().removeIf(p -> p.contact().lastRpcTime() > roomCameAt.get(p) || p.suspendedByUser()
                || p.noNewTasks() || p.detachWhenDone() || !state.projects().contains(p));
        roomCameAt.keySet().retainAll(roomCame.keySet());
        endedWaits.removeIf(c -> !roomCame.containsKey(c.project())
                || c.project().resourceState(c.type()).isBackedOff(now));
        for (DiskManager.RoomCame c : disk.roomCame(now)) {
            endedWaits.add(c);
            c.project().resourceState(c.type()).endWait();
            roomCame.merge(c.project(), c.neededBytes(), Math::min);
            roomCameAt.put(c.project(), now);
            String tasks = c.app().isEmpty() ? "its " + c.type().displayName() + " tasks"
                    : "its " + c.app() + " tasks";
            emit(EventKind.RESOURCE_BACKOFF_ENDED, c.project(), null, c.type(), EventReason.ROOM_ON_DISK,
                    () -> c.batch() ? "room for more of " + tasks + " is there: it may be asked again"
                            : tasks + " need " + Units.size((long) c.neededBytes()) + ": it may be asked again");
        }
    }

    /**
     * A resource whose wait for room ended waits again if a reply took that room before its project was asked for
     * work (review: two waits ended on one room; the project asked first took it, and the other was asked at once,
     * offered 12 MB for a 200 MB job and refused, once per job of its all day). Looked at after each reply: in the
     * poll that sent it, or, over HTTP, in the poll that takes it in (second review).
     */
    private void waitAgainIfTheRoomWent() {
        for (Iterator<DiskManager.RoomCame> it = endedWaits.iterator(); it.hasNext(); ) {
            DiskManager.RoomCame c = it.next();
            Project p = c.project();
            var rs = p.resourceState(c.type());
            if (!roomCame.containsKey(p) || rs.isBackedOff(now)) {
                it.remove();
                continue;
            }
            if (disk.roomOnNextRequest(p, now) >= c.neededBytes()) {
                continue;
            }
            it.remove();
            if (c.batch()) {
                rs.waitForRoom(now + ResourceBackoff.MAX_INTERVAL, c.app(), c.neededBytes());
            } else {
                rs.backOff(now + ResourceBackoff.MAX_INTERVAL, rs.backoffInterval(), true);
            }
            roomCame.remove(p);
            Project took = sessions.lastSent();
            String whose = took == null || took == p ? "another project's" : took.name() + "'s";
            emit(EventKind.RESOURCE_BACKED_OFF, p, null, c.type(), EventReason.WAITING_FOR_ROOM,
                    () -> "the room went to " + whose + " tasks first; asked again when there is room, or in "
                            + Units.duration(ResourceBackoff.MAX_INTERVAL));
        }
    }

    /**
     * The forecast for now: the last one read along its own course if it still holds, else a new one. It is read
     * along its course for up to {@link ForecastCourse#LIFETIME} (src/docs/decisions/0020), with shares among the
     * projects that may be asked now (0021), unless something changed the queue or the host: work arrived, a result
     * failed or was given up, the user gave a command, the host's status changed, or more instances have nothing to
     * run than when it was made (0014). A reply without work, a failed contact or a backoff changes only who may be
     * asked.
     */
    private FetchContext fetchContext() {
        Map<ResourceType, Set<Project>> sharing = FetchContext.fetchable(state, state.resources(), now,
                context == null ? null : lastSharing);
        lastSharing = sharing;
        double[] idle = idleInstances();
        Set<Project> noRoom = disk.projectsWithoutRoom(now);
        Set<Project> yielding = disk.projectsYieldingRoom(now, roomCame, idle).keySet();
        if (context != null && !forecastStale && context.forecast().course().covers(now)
                && !moreIdle(idle, forecastIdle)) {
            return new FetchContext(state, state.resources(), now,
                    context.forecast().at(now, state, sharing, queuedJobs), noRoom, yielding);
        }
        forecastStale = false;
        forecastIdle = idle;
        return FetchContext.of(state, now, sharing, queuedJobs).withDiskRoom(noRoom, yielding);
    }

    /** Whether some resource has more instances idle in {@code now} than in {@code then} (both by ordinal). */
    private static boolean moreIdle(double[] now, double[] then) {
        for (int i = 0; i < now.length; i++) {
            if (now[i] > then[i] + 1e-9) {
                return true;
            }
        }
        return false;
    }

    /**
     * Per resource ({@link ResourceType#ordinal}; 0 where the host has none), the instances with nothing running on
     * them now (CPUs in whole units).
     */
    private double[] idleInstances() {
        double[] used = new double[ResourceType.values().length];
        for (ActiveTask t : state.activeTasks()) {
            if (t.isScheduled()) {
                AppVersion v = t.result().appVersion();
                used[ResourceType.CPU.ordinal()] += v.avgNcpus();
                if (v.usesCoprocessor()) {
                    used[v.primaryResource().ordinal()] += v.usage(v.primaryResource());
                }
            }
        }
        double[] idle = new double[used.length];
        for (ProcessingResource r : state.resources().inServiceOrder()) {
            double free = Math.max(0, r.instances() - used[r.type().ordinal()]);
            idle[r.type().ordinal()] = r.type() == ResourceType.CPU ? Math.floor(free + 1e-9) : free;
        }
        return idle;
    }

    /**
     * Newly rescued results start at once (src/docs/decisions/0022): the running tasks that must give way are
     * preempted, and a pass for free instances starts the rescued results first. The period and the debts go on.
     */
    private void makeRoomForRescue(List<Result> newlyRescued) {
        for (RescueRoom.GiveWay g : RescueRoom.plan(state, state.resources(), newlyRescued)) {
            ActiveTask t = g.task();
            Result rescued = g.rescued();
            TaskVerdict v = new TaskVerdict(TaskReason.WAITING_DEADLINE_RESCUE, t.result().resource(),
                    g.priority(), rescued.project().name(), Double.NaN);
            preempt(t, EventKind.TASK_PREEMPTED, v.reason(),
                    () -> "made room for " + rescued.name() + " of " + rescued.project().name()
                            + ", which would miss its deadline");
            verdicts.put(t.result(), v.at(now));
        }
        freeInstancePass = true;
    }

    // ---- 2. finished tasks -------------------------------------------------------------------------------------

    private void handleFinishedTasks() {
        for (ActiveTask task : new ArrayList<>(state.activeTasks())) {
            if (!task.exited()) {
                continue;
            }
            Result r = task.result();
            r.project().addWorkDoneThisPeriod(r.resource(), task.workThisPeriod());
            boolean ok = task.exitStatus() == 0;
            if (ok) {
                disk.outputsWritten(r, now);
            } else {
                disk.releaseOutputs(r);
            }
            if (ok && r.outputBytes() > 0) {
                r.finishComputing(0, now, task.work(), task.cpuTime(), task.elapsedTime());
                control.upload(r, r.outputBytes(), transfers::add);
            } else {
                r.finish(ok ? ResultState.FILES_UPLOADED : ResultState.COMPUTE_ERROR, task.exitStatus(), now,
                        task.work(), task.cpuTime(), task.elapsedTime());
            }
            state.deactivate(r);
            verdicts.remove(r);
            emit(ok ? EventKind.TASK_COMPLETED : EventKind.TASK_FAILED, r.project(), r, r.resource(),
                    ok ? null : TaskReason.COMPUTATION_ERROR,
                    () -> String.format("elapsed %s, work worth %s on one CPU", Units.duration(task.elapsedTime()),
                            Units.duration(task.work() / cpuFlops())));
            if (!ok) {
                computationFailed(r.project(), "task " + r.name() + " failed (exit status " + task.exitStatus() + ")");
            }
            freeInstancePass = true;
        }
        disk.collectReleased();
    }

    /**
     * Takes up the file transfers that ended: a result whose input arrived may run; a failure is reported; the
     * transfer of a result given up meanwhile (for disk space, while it downloaded) is of no more use. Only a
     * failure changes what the forecast sees: a result is queued for it while its input downloads as after, and a
     * result whose output uploads has left the queue already.
     */
    private void handleTransfers() {
        TransferOutcome next;
        while ((next = transfers.poll()) != null) {
            TransferOutcome t = next;
            Result r = t.result();
            if (state.result(r.project(), r.name()).orElse(null) != r || r.state() != (t.upload()
                    ? ResultState.FILES_UPLOADING : ResultState.FILES_DOWNLOADING)) {
                continue;
            }
            if (!t.succeeded()) {
                forecastStale = true;
                r.transferFailed(t.upload(), now);
                disk.releaseOutputs(r);
                verdicts.remove(r);
                String what = t.upload() ? "upload" : "download";
                emit(EventKind.TASK_FAILED, r.project(), r, r.resource(), t.upload() ? EventReason.UPLOAD_FAILED
                        : EventReason.DOWNLOAD_FAILED, () -> what + " failed: " + t.failure());
                computationFailed(r.project(), what + " of " + r.name() + " failed");
            } else if (t.upload()) {
                r.uploaded();
                disk.releaseOutputs(r);
                emit(EventKind.TASK_UPLOADED, r.project(), r, r.resource(), null, () -> "output uploaded");
            } else {
                r.setState(ResultState.FILES_DOWNLOADED);
                disk.downloaded(r, now);
                freeInstancePass = true;
                emit(EventKind.TASK_DOWNLOADED, r.project(), r, r.resource(), null, () -> "input downloaded");
            }
        }
        disk.collectReleased();
    }

    /** Seed 002: a failed computation defers contact with its project, so that failures do not cycle quickly. */
    private void computationFailed(Project p, String why) {
        RpcBackoff.Change change = RpcBackoff.afterComputationFailure(p.contact(), now, random);
        change.applyTo(p.contact());
        forecastStale = true;
        emit(EventKind.RPC_DEFERRED, p, null, null, RpcDeferral.COMPUTATION_FAILURE,
                () -> why + "; no contact for " + Units.duration(p.minRpcTime() - now) + ", failure "
                        + change.failures() + (change.masterFetchPending() ? "; the master file will be read again"
                        : ""));
    }

    // ---- 3. CPU scheduling ------------------------------------------------------------------------------------

    /** Counts the running tasks' work since the period began with their projects' work this period. */
    private void countRunningWork() {
        for (ActiveTask t : state.activeTasks()) {
            t.project().addWorkDoneThisPeriod(t.result().resource(), t.workThisPeriod());
            t.markPeriodStart();
        }
    }

    /**
     * After the period so far is settled in its middle, a running task's work up to now is paid: what its project can
     * still expect of it (seed 000's expected pay-off) is only its work in the part of the period left.
     */
    private void chargeRunningTasksThePeriodLeft() {
        double left = Math.max(0, nextPeriodBoundary - now);
        for (ActiveTask t : state.activeTasks()) {
            if (t.isScheduled()) {
                t.setExpectedPayOff(state.resources().peakFlops(t.appVersion()) * left);
            }
        }
    }

    /**
     * Seed 001's settlement of the period so far (its running work counted first): every debt settled, with an
     * event for each that moved, and the period's work cleared. True if a debt moved. A debt that reaches its bound
     * says so once, when it gets there; held there, it no longer moves and says nothing more.
     */
    private boolean settleDebts(PeriodScheduler.Pass pass) {
        boolean debtsChanged = false;
        for (DebtChange d : pass.settle(debtBound())) {
            d.project().setDebt(d.after());
            if (d.before() == d.after()) {
                continue;
            }
            debtsChanged = true;
            // Said only where it moved as shown, or was reset or clamped (which it says why): a lone project's
            // "0 s -> 0 s" every period said nothing.
            if (d.reset() || d.clamped()
                    || !Units.cpuTime(d.before(), cpuFlops()).equals(Units.cpuTime(d.after(), cpuFlops()))) {
                emit(EventKind.DEBT_CHANGED, d.project(), null, null,
                        !d.reset() ? null : d.project().suspendedByUser() ? EventReason.PROJECT_SUSPENDED
                                : EventReason.NO_RUNNABLE_RESULTS,
                        () -> String.format("debt %s -> %s (accrued %s, paid %s%s%s)",
                                Units.cpuTime(d.before(), cpuFlops()), Units.cpuTime(d.after(), cpuFlops()),
                                Units.cpuTime(d.accrued(), cpuFlops()), Units.cpuTime(d.paid(), cpuFlops()),
                                d.fromBound() == 0 ? "" : "; " + Units.cpuTime(d.fromBound(), cpuFlops())
                                        + " of what the limit cut from other debts",
                                d.clamped() ? "; held at its limit, a day of this computer's work" : ""));
            }
        }
        for (Project p : state.projects()) {
            p.resetWorkDoneThisPeriod();
        }
        return debtsChanged;
    }

    private void periodPass() {
        schedulingPasses++;
        countRunningWork();
        double period = state.prefs().schedulingPeriodSeconds();
        candidateDigests.judgedAll(state);
        PeriodScheduler.Pass pass = PeriodScheduler.begin(state, state.resources());
        boolean debtsChanged = settleDebts(pass);
        applyPendingShares();
        RunPlan plan = pass.allocate(period);
        Map<Result, RunPlan.Start> chosen = new HashMap<>();
        for (RunPlan.Start s : plan.toRun()) {
            chosen.put(s.result(), s);
        }
        int preempted = 0;
        for (ActiveTask t : new ArrayList<>(state.activeTasks())) {
            if (t.isScheduled() && !chosen.containsKey(t.result())) {
                TaskVerdict v = plan.verdicts().get(t.result());
                preempt(t, EventKind.TASK_PREEMPTED, v == null ? null : v.reason(), () -> describe(v));
                preempted++;
            }
        }
        verdicts.clear();
        keepVerdicts(plan);
        heldVerdicts = anyHeldByGpuTasks(plan.verdicts());
        applyStarts(plan);
        for (Project p : state.projects()) {
            p.setAnticipatedDebt(plan.priorities().getOrDefault(p, p.debt()));
        }
        nextPeriodBoundary = now + period;
        freeInstancePass = false;
        // A period with nothing to run, before and after, and no debt to settle says nothing: a host without work
        // logged "0 tasks scheduled" every hour. (The event also tells the driver to save the settled state soon.)
        if (!plan.toRun().isEmpty() || preempted > 0 || debtsChanged) {
            // While the host may not compute, the tasks scheduled wait for it: said, or "started" read as running.
            boolean held = !hostStatus.computeAllowed();
            emit(EventKind.PERIOD_SETTLED, null, null, null, null,
                    () -> Units.count(plan.toRun().size(), "task") + " scheduled"
                            + (held && !plan.toRun().isEmpty() ? ", to run when computing is allowed" : ""));
        }
    }

    private void preempt(ActiveTask t, EventKind kind, Enum<?> reason, Supplier<String> detail) {
        // Its work so far this period counts now (seed 000's start_apps: the expected future debt accounts for the
        // tasks that ran this period), not only at the period's end: its pay-off no longer stands for it.
        t.project().addWorkDoneThisPeriod(t.result().resource(), t.workThisPeriod());
        t.markPeriodStart();
        t.setSchedulerState(SchedulerState.PREEMPTED);
        t.setExpectedPayOff(0);
        control.preempt(t);
        emit(kind, t.project(), t.result(), t.result().resource(), reason, detail);
    }

    private void midPeriodPass() {
        schedulingPasses++;
        freeInstancePass = false;
        double period = state.prefs().schedulingPeriodSeconds();
        double fractionLeft = (nextPeriodBoundary - now) / period;
        RunPlan plan = MidPeriodScheduler.plan(state, state.resources(), period, fractionLeft, verdicts,
                candidateDigests);
        keepVerdicts(plan);
        heldVerdicts |= anyHeldByGpuTasks(plan.verdicts());
        applyStarts(plan);
        for (Project p : state.projects()) {
            p.setAnticipatedDebt(plan.priorities().getOrDefault(p, p.anticipatedDebt()));
        }
        if (heldVerdicts) {
            releaseHeldVerdicts();
        }
    }

    /** Keeps a pass's verdicts, stamped with its time: their debts are this moment's (the words say when). */
    private void keepVerdicts(RunPlan plan) {
        plan.verdicts().forEach((r, v) -> verdicts.put(r, v.at(now)));
    }

    private static boolean anyHeldByGpuTasks(Map<Result, TaskVerdict> given) {
        for (TaskVerdict v : given.values()) {
            if (v.reason() == TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS) {
                return true;
            }
        }
        return false;
    }

    /** Whether the running GPU tasks hold every usable CPU between them. */
    private boolean gpuTasksHoldEveryCpu() {
        return state.cpusOfRunningGpuTasks() >= state.resources().cpu().instances() - 1e-9;
    }

    /** Per resource ({@link ResourceType#ordinal}): whether every instance of it runs a task (CPUs: false). */
    private boolean[] gpusAllBusy() {
        double[] busy = new double[ResourceType.values().length];
        for (ActiveTask t : state.activeTasks()) {
            if (t.isScheduled() && t.appVersion().usesCoprocessor()) {
                busy[t.appVersion().coprocType().ordinal()] += t.appVersion().coprocCount();
            }
        }
        boolean[] all = new boolean[busy.length];
        for (ProcessingResource r : state.resources().inServiceOrder()) {
            all[r.type().ordinal()] = r.type() != ResourceType.CPU && busy[r.type().ordinal()] >= r.instances() - 1e-9;
        }
        return all;
    }

    /**
     * A mid-period pass judges again only the projects that got an instance; the tasks it left waiting keep their
     * verdict, which may no longer be true of them. A CPU task told that the GPU tasks hold every CPU, once they no
     * longer do, finds every CPU busy with other tasks (the pass filled what the GPU tasks left); a GPU task told
     * that the GPU tasks' CPU time leaves none for it (decision 0039), once every GPU of its type is busy, waits
     * for a GPU like any other. Both wait for an instance to come free, or the next period. The others keep theirs.
     */
    private void releaseHeldVerdicts() {
        boolean cpusHeld = gpuTasksHoldEveryCpu();
        boolean[] gpusBusy = gpusAllBusy();
        boolean anyLeft = false;
        for (Map.Entry<Result, TaskVerdict> e : verdicts.entrySet()) {
            if (e.getValue().reason() == TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS) {
                Result r = e.getKey();
                boolean stale = r.resource() == ResourceType.CPU ? !cpusHeld : gpusBusy[r.resource().ordinal()];
                if (stale) {
                    e.setValue(new TaskVerdict(TaskReason.WAITING_NO_FREE_INSTANCE, r.resource(),
                            r.project().anticipatedDebt(), null, Double.NaN, 0, now));
                } else {
                    anyLeft = true;
                }
            }
        }
        heldVerdicts = anyLeft;
    }

    private void applyStarts(RunPlan plan) {
        for (RunPlan.Start s : plan.toRun()) {
            Result r = s.result();
            ActiveTask task = s.task();
            TaskVerdict v = plan.verdicts().get(r);
            TaskReason reason = v == null ? null : v.reason();
            if (task == null) {
                task = state.activate(r);
                task.setSchedulerState(SchedulerState.SCHEDULED);
                task.setExpectedPayOff(s.expectedPayOff());
                disk.used(r, now);
                control.start(task);
                emit(EventKind.TASK_STARTED, r.project(), r, r.resource(), reason, () -> describe(v));
            } else {
                boolean wasRunning = task.isScheduled();
                task.setSchedulerState(SchedulerState.SCHEDULED);
                task.setExpectedPayOff(s.expectedPayOff());
                if (!wasRunning) {
                    disk.used(r, now);
                    control.resume(task);
                    emit(EventKind.TASK_RESUMED, r.project(), r, r.resource(), reason, () -> describe(v));
                }
            }
        }
    }

    private double debtBound() {
        return DEBT_BOUND_SECONDS * state.resources().capacityFlops();
    }

    // ---- 4. work fetch and reporting ---------------------------------------------------------------------------

    /**
     * One step of contacting schedulers, one session at a time: a read of a master file that is due (or that the
     * user's update of a suspended project calls for); else the user's "update" (which ignores the backoffs and the
     * project's suspension; never to the master URL); else a work request; else a report that is due (to each
     * project at most once a minute), with work piggybacked, or any report of a project that yields its disk room to
     * another (decision 0043), as the files of its finished tasks are that room, or of one that has no room
     * (computing waits for disk, or none can be made for it) and whose report frees files (decision 0018).
     */
    private boolean rpcStep(FetchContext ctx) {
        if (sessions.busy()) {
            return false;
        }
        lastFetch = fetchPolicy.decide(ctx);
        if (!hostStatus.networkAllowed()) {
            return false;
        }
        for (Project p : state.projects()) {
            if (p.contact().needsMasterRead() && p.minRpcTime() <= now
                    && (!p.suspendedByUser() || userRequests.contains(p))) {
                sessions.readMaster(p);
                return true;
            }
        }
        Project user = userRequests.poll();
        // An update of a project that lists no scheduler had its master file read above; if the read found none,
        // there is nowhere to send it: never to the master URL.
        if (user != null && !user.contact().schedulerUrls().isEmpty()) {
            for (ResourceType type : ResourceType.values()) {
                user.resourceState(type).clearBackoff();
            }
            sessions.send(user, RpcReason.USER_REQUEST, piggyback(ctx, user), now);
            return true;
        }
        if (lastFetch.fetches() && lastFetch.request().asksForWork()) {
            roomCame.remove(lastFetch.project());
            if (disk.nearlyFullFor(lastFetch.project(), now)) {
                lastFetch = lastFetch.askingOnly(lastFetch.request().shortOfJobsOnly());
            }
            sessions.send(lastFetch.project(), RpcReason.NEED_WORK, lastFetch.request(), now);
            return true;
        }
        for (Project p : state.projects()) {
            double due = earliestReportDue(p);
            boolean makesRoom = due < Double.POSITIVE_INFINITY && !reportedInVain(p)
                    && (ctx.yieldsDiskRoom(p) || ctx.hasNoDiskRoom(p) && disk.ackFreesRoom(p));
            if (ReportPolicy.mayContact(p, now) && (due <= now || makesRoom) && nextReport(p) <= now) {
                sessions.send(p, RpcReason.RESULTS_DUE, piggyback(ctx, p), now);
                lastReports.put(p.url(), new LastReport(now + REPORT_SCAN_SECONDS, readyToReport(p)));
                return true;
            }
        }
        return false;
    }

    /**
     * The work to ask {@code p} for with a report or an update: none if no disk room can be made for it, or it
     * yields its room to a project within its disk share (decision 0043); and not for a resource that waits for room
     * on disk (decision 0040). Such a wait is the disk's, not seed 003's backoff for a server without work, which a
     * piggybacked request ignores as BOINC's does (decision 0012): asked with each report, a project over its disk
     * share refilled the room its reported tasks freed, and held it for good while the project within its share
     * waited (QA: disk-75-25, B at 3.7 GB of its 2.5 GB for a year).
     */
    private WorkRequest piggyback(FetchContext ctx, Project p) {
        if (ctx.hasNoDiskRoom(p) || ctx.yieldsDiskRoom(p)) {
            return WorkRequest.NONE;
        }
        WorkRequest w = fetchPolicy.piggyback(ctx, p);
        Map<ResourceType, ResourceRequest> kept = new EnumMap<>(ResourceType.class);
        w.perResource().forEach((type, r) -> {
            ProjectResourceState rs = p.resourceState(type);
            if (!(rs.waitsForRoom() && rs.isBackedOff(now))) {
                kept.put(type, r);
            }
        });
        return kept.size() == w.perResource().size() ? w : new WorkRequest(kept);
    }

    /** A report-only RPC's results, and until when they are not sent again ({@link #REPORT_SCAN_SECONDS}). */
    private record LastReport(double until, Set<String> reported) {
    }

    /**
     * When {@code p} may be sent a report-only RPC next: at once, unless its last was less than a minute ago and
     * every result it has to report was in it.
     */
    private double nextReport(Project p) {
        LastReport last = lastReports.get(p.url());
        if (last == null || last.until() <= now || !heldEveryReadyResult(last, p)) {
            return Double.NEGATIVE_INFINITY;
        }
        return last.until();
    }

    /**
     * Whether {@code p}'s last report-only RPC was answered and held every result it has to report now: its server
     * kept them unacknowledged, so reporting them again before they are due, to make disk room, would only repeat
     * (once a minute, up to a day early; review). A failed report is tried again, after its backoff.
     */
    private boolean reportedInVain(Project p) {
        LastReport last = lastReports.get(p.url());
        return last != null && p.rpcFailures() == 0 && heldEveryReadyResult(last, p);
    }

    /** Whether report {@code last} held every result {@code p} has to report now. */
    private boolean heldEveryReadyResult(LastReport last, Project p) {
        for (Result r : state.resultsOf(p)) {
            if (r.readyToReport() && !last.reported().contains(r.name())) {
                return false;
            }
        }
        return true;
    }

    private Set<String> readyToReport(Project p) {
        Set<String> names = new HashSet<>();
        for (Result r : state.resultsOf(p)) {
            if (r.readyToReport()) {
                names.add(r.name());
            }
        }
        return names;
    }

    private double earliestReportDue(Project p) {
        return reportDues.earliest(state, p);
    }

    /** Takes up the sessions that ended since the last look: what left and what arrived changes the queue. */
    private void handleReplies() {
        SchedulerSessions.Taken taken = sessions.takeEnded(now, transfers::add);
        for (Result r : taken.acknowledged()) {
            verdicts.remove(r);
        }
        for (Result r : taken.arrived()) {
            nextLateCheck = Math.min(nextLateCheck, r.reportDeadline());
        }
        if (!taken.arrived().isEmpty()) {
            forecastStale = true;
            freeInstancePass = true;
        }
    }

    // ---- 5. next wake -----------------------------------------------------------------------------------------

    private double computeNextWake() {
        double next = nextPeriodBoundary;
        // A deadline to come (one already past belongs to a result not yet downloaded: looked at in every poll, it
        // must not make one every second).
        if (nextLateCheck > now) {
            next = Math.min(next, nextLateCheck);
        }
        if (lastFetch != null) {
            next = Math.min(next, lastFetch.recheckAt());
        }
        if (hostStatus.networkAllowed()) {
            for (Project p : state.projects()) {
                double due = earliestReportDue(p);
                if (!Double.isInfinite(due)) {
                    next = Math.min(next, Math.max(Math.max(due, nextReport(p)), ReportPolicy.earliestContact(p)));
                }
            }
        }
        return next > now ? next : now + 1;
    }

    // ---- events -----------------------------------------------------------------------------------------------

    private double cpuFlops() {
        return state.host().cpuFlops();
    }

    private String describe(TaskVerdict v) {
        if (v == null) {
            return "";
        }
        if (v.rival() != null) {
            String own = Units.cpuTime(v.ownPriority(), cpuFlops());
            String rival = Units.cpuTime(v.rivalPriority(), cpuFlops());
            // Level once rounded: the exact figures, or the URL order between equals, put the rival first.
            boolean sibling = v.reason() == TaskReason.WAITING_SIBLING_PREFERRED;
            if (own.equals(rival)) {
                return sibling
                        ? String.format("%s took other %ss level with its project in anticipated debt (%s); %s "
                                + "came first", v.rival(), v.resource().displayName(), own, v.rival())
                        : String.format("%s, level with %s once rounded; %s came first", own, v.rival(), v.rival());
            }
            // Its project won instances for other tasks; the rival took others with more than its project had at
            // that moment. "-1 h vs B -20 min" alone read as if its own project had won against B.
            return sibling
                    ? String.format("%s took other %ss with anticipated debt %s, against its project's %s then",
                            v.rival(), v.resource().displayName(), rival, own)
                    : String.format("%s vs %s %s", own, v.rival(), rival);
        }
        if (!Double.isNaN(v.ownPriority())) {
            String debt = Units.cpuTime(v.ownPriority(), cpuFlops());
            // The reason's words name the debt only when it was the largest ("largest anticipated debt: +1 h").
            return v.reason() == TaskReason.RUNNING_HIGHEST_DEBT ? debt : "anticipated debt " + debt;
        }
        return "";
    }

    /** Emits an event whose reason is {@code reason}'s name ("" for null): a reason is always an enum constant. */
    private void emit(EventKind kind, Project p, Result r, ResourceType type, Enum<?> reason,
                      Supplier<String> detail) {
        if (events == EventSink.NONE) {
            return;
        }
        events.accept(new EngineEvent(now, kind, p == null ? "" : p.name(), r == null ? "" : r.name(), type,
                reason == null ? "" : reason.name(), detail.get()));
    }
}

package org.cruncher.emulator;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.DoubleConsumer;

import org.cruncher.engine.Engine;
import org.cruncher.engine.HostStatus;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.EventSink;
import org.cruncher.engine.api.FiguresView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.policy.cpusched.ShareTargets;
import org.cruncher.engine.policy.workfetch.FetchPolicies;
import org.cruncher.engine.policy.workfetch.WorkFetchPolicy;

/**
 * One emulation of a scenario: the engine, simulated execution and simulated servers in event-driven virtual time.
 * The next event is the earliest of: a task's end, the engine's next wake-up (period boundary, work-fetch re-check,
 * report due, backoff end), a change of the host's availability, and the end. Between events nothing changes, so
 * time jumps straight to the next one.
 *
 * <p>The host is really off while off: no task progresses and the engine is not polled (the client is not running);
 * while on but not allowed to compute, the engine runs but tasks do not progress.
 *
 * <p>A project whose URL is on this computer is contacted over real HTTP ({@link LoopbackRouting}, decision 0046):
 * virtual time stands still while such an exchange is under way, the engine being polled again at the same time
 * once its outcome came, and its jobs' files move at once. {@link #close} ends those exchanges.
 */
public final class Emulation implements AutoCloseable {

    /** {@link #advanceTo(double, DoubleConsumer)} reports when the event count's low bits are all 0. */
    private static final long PROGRESS_EVENTS = 1023;
    /**
     * The most polls at one time that take up HTTP outcomes: beyond, an outcome waits for the next event's poll (the
     * engine's own limits, backoffs and report spacing, end such a chain long before).
     */
    private static final int MAX_HTTP_ROUNDS = 100;

    private final Scenario scenario;
    private final long seed;
    private final ClientState state;
    private final Engine engine;
    private final LoopbackRouting network;
    private Runnable whileWaiting = () -> { };
    /** The first poll's loopback replies are still to be taken up ({@link #finishStart}). */
    private boolean startPending;
    private final SimulatedExecution execution;
    private final SimulatedTransfers transfers;
    private final HostProcesses host;
    private final FiguresOfMerit figures;
    private final DebtHistory history;
    /** The projects the figures measure: those with a server here. */
    private final Set<String> measured;
    /** The projects' targets on the host under the shares the figures now measure against, by URL. */
    private Map<String, Double> shareTargets;
    private double nextHistorySample;
    private final EmulatedFileStore files = new EmulatedFileStore();
    private double maxDiskExcess;
    private double diskSuspendedSeconds;
    private double now;
    private HostStatus status;
    private boolean running;
    /** Where the computer's going off and on is said, as the engine says its decisions. */
    private final EventSink sink;
    /** When the computer last went off. */
    private double offSince = Double.NaN;
    /** When computing, and GPU computing, last stopped being allowed while the computer was on. */
    private double notAllowedSince = Double.NaN;
    private double gpusSuspendedSince = Double.NaN;
    /**
     * Whether that stop was said: one shorter than {@link #LEAST_SAID} is not, nor its end (an active_frac of
     * 0.9999 stops computing for a third of a second at a time: "allowed again after 0 s"; on_frac likewise).
     */
    private boolean notAllowedSaid;
    /** Whether the computer's last going off was said (one off for less than {@link #LEAST_SAID} is not). */
    private boolean offSaid;
    private boolean gpusSuspendedSaid;
    private static final double LEAST_SAID = 60;
    private long events;

    /** An emulation of {@code scenario} with the default work-fetch policy. */
    public Emulation(Scenario scenario, long seed, EventSink sink) {
        this(scenario, seed, sink, FetchPolicies.createDefault());
    }

    /** An emulation of {@code scenario}; projects whose URLs are on this computer are contacted over HTTP. */
    public Emulation(Scenario scenario, long seed, EventSink sink, WorkFetchPolicy fetchPolicy) {
        this(scenario, seed, sink, fetchPolicy, true);
    }

    /**
     * @param loopbackOverHttp whether projects whose URLs are on this computer are contacted over HTTP; if not (a
     *                         what-if, which must not touch a real server), their simulated servers answer
     */
    Emulation(Scenario scenario, long seed, EventSink sink, WorkFetchPolicy fetchPolicy, boolean loopbackOverHttp) {
        this(scenario, seed, sink, fetchPolicy, loopbackOverHttp, false);
    }

    /**
     * @param startLater whether the first poll's loopback replies are waited for at {@link #finishStart}, on the
     *                   thread that runs the emulation, rather than here: the window's driver builds the emulation
     *                   while the window says "Starting...", and a hung local server held it there five minutes
     *                   (QA); the engine's polls are the same either way
     */
    Emulation(Scenario scenario, long seed, EventSink sink, WorkFetchPolicy fetchPolicy, boolean loopbackOverHttp,
              boolean startLater) {
        this.scenario = scenario;
        this.seed = seed;
        this.sink = sink == null ? EventSink.NONE : sink;
        this.state = scenario.initialState().copy();
        RandomStreams streams = new RandomStreams(seed);
        this.now = scenario.startTime();
        this.history = scenario.history().copy();
        JobCatalog catalog = new JobCatalog();
        List<Project> emulated = new ArrayList<>();
        for (ServerSpec spec : scenario.servers()) {
            emulated.add(state.project(spec.projectUrl()).orElseThrow(() ->
                    new IllegalArgumentException("server for unknown project " + spec.projectUrl())));
        }
        knowSchedulers(emulated, scenario.servers(), loopbackOverHttp);
        List<Project> measuredProjects = new ArrayList<>(emulated);
        for (Project p : state.projects()) {
            if (loopbackOverHttp && LoopbackRouting.onThisComputer(p.url()) && !measuredProjects.contains(p)) {
                measuredProjects.add(p);
            }
        }
        this.figures = new FiguresOfMerit(measuredProjects, scenario.figures());
        this.measured = Set.copyOf(measuredProjects.stream().map(Project::url).toList());
        this.shareTargets = targets();
        InProcessTransport transport = new InProcessTransport(figures);
        this.network = new LoopbackRouting(transport, figures, loopbackOverHttp);
        for (int i = 0; i < emulated.size(); i++) {
            ServerSpec spec = scenario.servers().get(i);
            transport.add(spec.projectUrl(), new SimulatedProjectServer(spec, emulated.get(i).appVersions(),
                    state::resources, state.timeStats(), now, streams, catalog, figures,
                    state.resultsOf(emulated.get(i)).stream().map(Result::name).toList()));
        }
        Map<String, TransferSpec> transferSpecs = new HashMap<>();
        for (ServerSpec spec : scenario.servers()) {
            if (!LoopbackRouting.onThisComputer(spec.projectUrl())) {
                transferSpecs.put(spec.projectUrl(), spec.transfers());
            }
        }
        this.transfers = new SimulatedTransfers(transferSpecs, streams.stream("transfers"));
        transfers.advanceTo(now);
        this.execution = new SimulatedExecution(state, catalog, transfers);
        for (Project p : state.projects()) {
            state.files().filesOf(p.url()).stream().filter(FileInfo::present).forEach(files::create);
        }
        this.engine = new Engine(state, execution, network, fetchPolicy, streams.stream("client.backoff"), sink,
                files);
        engine.resumeRuns(scenario.runs());
        engine.resumeDeletions(scenario.deletions());
        engine.resumeRpcs(scenario.rpcs());
        this.host = scenario.availability().processes(now, streams);
        this.status = host.status(now);
        this.running = host.clientRunning(now);
        execution.setHostStatus(status);
        engine.setHostStatus(status);
        // A saved state whose log ends with the computer off goes on from there: on now, it says it is on again
        // after that long; still off, it does not say so twice.
        EngineEvent lastOnOff = null;
        for (EngineEvent x : scenario.events()) {
            if (x.kind() == EventKind.COMPUTER_OFF || x.kind() == EventKind.COMPUTER_ON) {
                lastOnOff = x;
            }
        }
        boolean savedOff = lastOnOff != null && lastOnOff.kind() == EventKind.COMPUTER_OFF;
        if (savedOff) {
            offSince = lastOnOff.time();
            offSaid = true;
        }
        if (running) {
            if (savedOff) {
                sayComputerOnOrOff();
            }
            startPending = startLater;
            poll();
        } else {
            if (!savedOff) {
                sayComputerOnOrOff();
            }
            // Not polled while off: the Timeline's row of the computer learns it is off from here.
            engine.showTime(now, status);
        }
        history.record(now, state.projects());
        nextHistorySample = now + state.prefs().schedulingPeriodSeconds() / 2;
    }

    /**
     * An emulated project whose client state and server both name no scheduler (BOINC's emulator format, which has
     * no master file) is given its URL as its scheduler, as a first master read would list it; else the engine would
     * read a master file before every scenario's first request. A project over real HTTP reads its master file.
     */
    private static void knowSchedulers(List<Project> emulated, List<ServerSpec> servers, boolean loopbackOverHttp) {
        for (int i = 0; i < emulated.size(); i++) {
            Project p = emulated.get(i);
            boolean overHttp = loopbackOverHttp && LoopbackRouting.onThisComputer(p.url());
            if (!overHttp && servers.get(i).schedulerUrls().isEmpty() && p.contact().schedulerUrls().isEmpty()) {
                p.contact().setSchedulerUrls(List.of(p.url()));
            }
        }
    }

    public Engine engine() {
        return engine;
    }

    /**
     * Says in the event log that the computer went off or came on (BOINC's on_frac), which the engine cannot see: it
     * is not polled while the computer is off. The Timeline showed "nothing running" there, and the log said nothing.
     * An off shorter than {@link #LEAST_SAID} is not said, nor its end ("on again after 0 s off").
     */
    private void sayComputerOnOrOff() {
        if (running) {
            if (offSaid) {
                String after = Double.isNaN(offSince) ? "" : " after " + Units.duration(now - offSince) + " off";
                sink.accept(new EngineEvent(now, EventKind.COMPUTER_ON, "", "", null, "",
                        "the computer is on again" + after + "; BOINC resumes its tasks"));
            }
            offSaid = false;
        } else if (host.nextClientStart(now) - now < LEAST_SAID) {
            offSaid = false;
        } else {
            offSince = now;
            offSaid = true;
            sink.accept(new EngineEvent(now, EventKind.COMPUTER_OFF, "", "", null, "",
                    String.format(Locale.ROOT, "the computer is off (it is on %.0f %% of the time, BOINC's on_frac): "
                            + "nothing computes or asks for work until it is on again",
                            100 * state.timeStats().onFrac())));
        }
    }

    /**
     * Says in the event log that computing, or GPU computing, stopped or started being allowed while the computer
     * is on (BOINC's active_frac and gpu_active_frac), which the Timeline's row of the computer shows: the log said
     * nothing, and went on listing the passes' decisions. The computer coming on not allowed to compute says so too.
     */
    private void sayComputingAllowedOrNot(HostStatus was, boolean wasRunning) {
        if (!running) {
            return;
        }
        boolean wasAllowed = wasRunning && was.computeAllowed();
        // Coming on, only "not allowed" is news; while on, either change is.
        boolean changed = wasRunning ? status.computeAllowed() != wasAllowed : !status.computeAllowed();
        if (changed) {
            if (status.computeAllowed()) {
                if (notAllowedSaid) {
                    sink.accept(new EngineEvent(now, EventKind.COMPUTING_ALLOWED, "", "", null, "",
                            "computing is allowed again" + after(notAllowedSince) + "; BOINC resumes its tasks"));
                }
                notAllowedSaid = false;
            } else if (host.computeMayChange(now) - now >= LEAST_SAID) {
                notAllowedSince = now;
                notAllowedSaid = true;
                sink.accept(new EngineEvent(now, EventKind.COMPUTING_SUSPENDED, "", "", null, "",
                        String.format(Locale.ROOT, "the computer is on but not allowed to compute (allowed %.0f %% "
                                + "of the time it is on, BOINC's active_frac: in use, or outside the hours the "
                                + "preferences allow); tasks wait until it is", 100 * state.timeStats().activeFrac())));
            } else {
                notAllowedSaid = false;
            }
        }
        boolean gpus = state.resources().inServiceOrder().size() > 1;
        if (gpus && wasAllowed && status.computeAllowed() && was.gpuAllowed() != status.gpuAllowed()) {
            if (status.gpuAllowed()) {
                if (gpusSuspendedSaid) {
                    sink.accept(new EngineEvent(now, EventKind.GPU_COMPUTING_ALLOWED, "", "", null, "",
                            "GPU computing is allowed again" + after(gpusSuspendedSince)));
                }
                gpusSuspendedSaid = false;
            } else if (host.gpuMayChange(now) - now >= LEAST_SAID) {
                gpusSuspendedSince = now;
                gpusSuspendedSaid = true;
                sink.accept(new EngineEvent(now, EventKind.GPU_COMPUTING_SUSPENDED, "", "", null, "",
                        String.format(Locale.ROOT, "GPU computing is suspended (allowed %.0f %% of the time, "
                                + "BOINC's gpu_active_frac): GPU tasks wait, the CPUs go on",
                                100 * state.timeStats().gpuActiveFrac())));
            } else {
                gpusSuspendedSaid = false;
            }
        }
    }

    /** " after 25 min" since {@code since}, or "" if it is not known. */
    private String after(double since) {
        return Double.isNaN(since) ? "" : " after " + Units.duration(now - since);
    }

    /** The projects' debts over time as this emulation records them (a live object, safe to read from any thread). */
    public DebtHistory debtHistory() {
        return history;
    }

    public ClientState state() {
        return state;
    }

    /** Emulated time now, seconds since the epoch. */
    public double now() {
        return now;
    }

    public double startTime() {
        return scenario.startTime();
    }

    /**
     * Where a step of one scheduling period ends: at the period's end, where the engine gives out every instance
     * anew. While the client is off, nothing is decided before it runs again (where its first poll starts a new
     * period, if the last has lapsed): the step ends there. Where no such time comes (a host off for good, or a period held while computing is
     * suspended for disk), a period from now, so that a step always moves time on.
     */
    public double nextStepTime() {
        double period = state.prefs().schedulingPeriodSeconds();
        double boundary = engine.nextPeriodBoundary();
        double next = running ? boundary : host.nextClientStart(now);
        return next > now && Double.isFinite(next) ? next : now + period;
    }

    /** Whether the emulated client is running now (the host is on). */
    public boolean clientRunning() {
        return running;
    }

    public HostStatus hostStatus() {
        return status;
    }

    /** Events processed so far. */
    public long events() {
        return events;
    }

    /** The emulation now, as a copy that later events do not change (for saving). */
    public Checkpoint checkpoint() {
        // The host's on/off processes as they stand, so that a restart goes on with the period it is in.
        Scenario here = scenario.withAvailability(scenario.availability().resumingFrom(host.saved(now)));
        return new Checkpoint(here, state.copy(), now, seed, history.copy(), figures.totals(), engine.runs(),
                List.of(), engine.recentDeletions(), engine.recentRpcs());
    }

    /** Runs the emulation forward to {@code end}, one event at a time. */
    public void advanceTo(double end) {
        advanceTo(end, null);
    }

    /**
     * As {@link #advanceTo(double)}, telling {@code progress} the emulated time every 1,024 events (for a command
     * line's progress report, or to stop a what-if no longer wanted by throwing; the events are the same with or
     * without it).
     */
    public void advanceTo(double end, DoubleConsumer progress) {
        while (now < end) {
            double event = running ? engine.nextWakeTime() : Double.POSITIVE_INFINITY;
            event = Math.min(event, execution.nextCompletion(now));
            event = Math.min(event, transfers.nextCompletion());
            event = Math.min(event, host.nextChange(now));
            // The debts are sampled at their own times, not at the next event's, so that a run cut into slices
            // (the window's frames) records what a run in one go does.
            double next = Math.min(Math.min(end, event), nextHistorySample);
            double dt = next - now;
            Set<String> computing = execution.computingProjects();
            boolean atEvent = event <= next;
            atEvent |= execution.advance(now, next, figures, atEvent);
            figures.addTime(dt, status.computeAllowed(), capacity(), usableCapacity(), computing);
            if (running && engine.diskSuspended()) {
                diskSuspendedSeconds += dt;
            }
            now = next;
            transfers.advanceTo(now);
            HostStatus was = status;
            status = host.status(now);
            boolean wasRunning = running;
            running = host.clientRunning(now);
            if (running != wasRunning) {
                sayComputerOnOrOff();
            }
            sayComputingAllowedOrNot(was, wasRunning);
            execution.setHostStatus(status);
            if (atEvent) {
                events++;
            }
            if (running && atEvent) {
                engine.setHostStatus(status);
                poll();
            } else {
                engine.showTime(now, running ? engine.hostStatus() : status);
            }
            if (now >= nextHistorySample) {
                history.record(now, state.projects());
                nextHistorySample = now + state.prefs().schedulingPeriodSeconds() / 2;
            }
            if (progress != null && (events & PROGRESS_EVENTS) == 0) {
                progress.accept(now);
            }
        }
    }


    /**
     * Applies the user's pending commands now, between events: the engine polls at the current time (also while
     * the emulated client is off: the user's action is not lost, and tasks still cannot run).
     */
    public void applyCommands() {
        if (engine.hasPendingCommands()) {
            // While the computer is off it neither computes nor reaches the network: the engine is told so, or it
            // would run tasks and contact projects with what the host allowed when it was last on.
            if (!running) {
                engine.setHostStatus(status);
            }
            poll();
        }
    }

    /** The figures of merit so far, for snapshots. */
    public FiguresView figuresSoFar() {
        EmulationReport r = report(0);
        return new FiguresView(r.idleFraction(), r.usableIdleFraction(), r.wastedFraction(), r.shareViolation(),
                r.targetViolation(), r.monotony(), r.rpcsPerJob(), measured);
    }

    /** Work per second the host offers now: the CPUs, plus the GPUs if they may compute. */
    private double capacity() {
        double c = state.resources().cpu().capacityFlops();
        if (status.gpuAllowed()) {
            c = state.resources().capacityFlops();
        }
        return c;
    }

    /**
     * The part of {@link #capacity()} on processors some project has an application for that the host admits (not
     * one needing more CPUs than the user allows): the rest idles whatever the scheduler does.
     */
    private double usableCapacity() {
        double c = 0;
        for (ProcessingResource r : state.resources().inServiceOrder()) {
            if (r.type() != ResourceType.CPU && !status.gpuAllowed()) {
                continue;
            }
            for (Project p : state.projects()) {
                if (state.resources().admitsSomeVersion(p, r.type())) {
                    c += r.type() == ResourceType.CPU ? state.resources().cpu().capacityFlops() : r.capacityFlops();
                    break;
                }
            }
        }
        return c;
    }

    /**
     * Polls the engine now, and notes how long each project's scheduler may not be contacted. An HTTP exchange the
     * poll started is waited for, and the engine polled again at the same time to take up its outcome.
     */
    private void poll() {
        boolean userCommands = engine.hasPendingCommands();
        engine.poll(now);
        if (!startPending) {
            takeUpReplies();
        }
        newStretchIfTheSharesChanged(userCommands);
        if (userCommands) {
            history.record(now, state.projects());
        }
        notePoll();
    }

    /** Waits for the HTTP exchanges the last poll started, and polls again at the same time to take them up. */
    private void takeUpReplies() {
        for (int round = 0; network.awaitReplies(whileWaiting) && round < MAX_HTTP_ROUNDS; round++) {
            engine.poll(now);
        }
    }

    /** Notes, after a poll, the disk's excess and how long each project's scheduler may not be contacted. */
    private void notePoll() {
        maxDiskExcess = Math.max(maxDiskExcess, engine.diskExcess());
        for (Project p : state.projects()) {
            if (p.minRpcTime() > now) {
                figures.deferred(p.url(), p.minRpcTime() - now);
            }
        }
    }

    /**
     * On the thread that runs the emulation, before anything else: takes up the replies of the first poll's loopback
     * exchanges, if the emulation was made to start later; nothing otherwise.
     */
    void finishStart() {
        if (startPending) {
            startPending = false;
            takeUpReplies();
            notePoll();
        }
    }

    /**
     * When the user's commands changed a share, or what the shares come to on the host (a project suspended or
     * resumed, the CPUs allowed), the figures measure the work from now on against the new shares and targets, and
     * the work done so far against those it was done under. Only commands change them, so the targets are worked out
     * again only after commands.
     */
    private void newStretchIfTheSharesChanged(boolean userCommands) {
        Map<String, Double> now = userCommands ? targets() : shareTargets;
        if (figures.sharesChanged() || !now.equals(shareTargets)) {
            figures.takeNewShares(shareTargets);
            shareTargets = now;
        }
    }

    /** Each project's target on the host now, by URL (seed 003's equal processing given the usable processors). */
    Map<String, Double> targets() {
        Map<String, Double> byUrl = new HashMap<>();
        ShareTargets.of(state.projects(), state.resources()).forEach((p, t) -> byUrl.put(p.url(), t.fraction()));
        return byUrl;
    }

    /** The figures of merit so far. */
    public EmulationReport report(double wallSeconds) {
        return figures.report(scenario.name(), seed, now - scenario.startTime(), wallSeconds,
                state.prefs().schedulingPeriodSeconds(), events, diskFigures(), targets());
    }

    /** Bytes the emulated file store holds now (the files the engine has made present). */
    double storedBytes() {
        return files.bytesStored();
    }

    /** How the emulation used the disk; null if nothing limits the client's disk. */
    private DiskFigures diskFigures() {
        DiskView view = engine.diskView();
        if (!Double.isFinite(view.totalLimit())) {
            return null;
        }
        Map<String, Long> deletions = new TreeMap<>();
        engine.diskDeletions().forEach((reason, count) -> deletions.put(reason.name(), count));
        List<DiskFigures.ProjectDisk> projects = new ArrayList<>();
        for (ServerSpec spec : scenario.servers()) {
            Project p = state.project(spec.projectUrl()).orElseThrow();
            double limit = view.projects().stream().filter(v -> v.url().equals(p.url())).findFirst()
                    .map(ProjectDiskView::limit).orElse(0.0);
            projects.add(new DiskFigures.ProjectDisk(p.name(), p.url(), limit, engine.peakDiskUsage(p)));
        }
        return new DiskFigures(view.totalLimit(), view.source().name(), engine.peakDiskUsage(), maxDiskExcess,
                deletions, diskSuspendedSeconds, files.bytesWritten(), files.bytesDeleted(), projects);
    }

    /**
     * What to do, on the emulation's thread, every tenth of a second that a step waits for a loopback project's
     * reply (decision 0046): the driver answers a what-if and shows the wait, which may last minutes. It must not
     * advance or poll this emulation.
     */
    public void whileWaiting(Runnable task) {
        whileWaiting = Objects.requireNonNull(task);
    }

    /** The URL of the loopback exchange the emulation waits for (safe from any thread), or "" if none. */
    public String waitingFor() {
        return network.waitingFor();
    }

    /**
     * Ends the emulation's HTTP exchanges and stops their threads (safe from any thread, more than once): a wait for
     * a reply ends at once, and replies still to come are dropped.
     */
    @Override
    public void close() {
        network.close();
    }

    /** Runs {@code scenario} for {@code days} and reports; wall time covers the run only, not the loading. */
    public static EmulationReport run(Scenario scenario, double days, long seed, EventSink sink) {
        return run(scenario, days, seed, sink, FetchPolicies.createDefault());
    }

    /** Runs {@code scenario} for {@code days} with {@code fetchPolicy} and returns its figures of merit. */
    public static EmulationReport run(Scenario scenario, double days, long seed, EventSink sink,
                                      WorkFetchPolicy fetchPolicy) {
        return run(scenario, days, seed, sink, fetchPolicy, null);
    }

    /** As {@link #run(Scenario, double, long, EventSink, WorkFetchPolicy)}, with a progress report (see advanceTo). */
    public static EmulationReport run(Scenario scenario, double days, long seed, EventSink sink,
                                      WorkFetchPolicy fetchPolicy, DoubleConsumer progress) {
        try (Emulation emulation = new Emulation(scenario, seed, sink, fetchPolicy)) {
            long t0 = System.nanoTime();
            emulation.advanceTo(scenario.startTime() + days * 86400, progress);
            double wall = (System.nanoTime() - t0) / 1e9;
            return emulation.report(wall);
        }
    }
}

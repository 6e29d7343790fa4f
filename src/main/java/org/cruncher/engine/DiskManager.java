package org.cruncher.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Set;
import java.util.function.Supplier;

import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.api.DeletionView;
import org.cruncher.engine.api.DiskRefusal;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.EventReason;
import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.api.FileView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.api.RoomWait;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.ServerDiskShortfall;
import org.cruncher.engine.policy.disk.Deletion;
import org.cruncher.engine.policy.disk.DeletionOrder;
import org.cruncher.engine.policy.disk.DiskAccount;
import org.cruncher.engine.policy.disk.DiskLimits;
import org.cruncher.engine.policy.disk.DiskPoll;
import org.cruncher.engine.policy.disk.FileHolds;
import org.cruncher.engine.policy.disk.PollPlan;
import org.cruncher.engine.policy.disk.RoomYield;
import org.cruncher.engine.policy.disk.SpaceMaker;
import org.cruncher.engine.policy.disk.SpacePlan;
import org.cruncher.engine.rpc.DiskShortfall;
import org.cruncher.engine.rpc.DiskSpaceReport;
import org.cruncher.engine.rpc.JobFile;
import org.cruncher.engine.rpc.NewJob;

/**
 * The disk mechanism (seed 004). It keeps the file table in step with the jobs: a new job's files are placed with
 * {@link SpaceMaker} (room made by its deletions, or the job refused), inputs become present when downloaded and
 * outputs when written, uploaded outputs and the files of acknowledged results are cleaned up (unless sticky).
 * When usage is over the total limit it runs {@link DiskPoll} and applies its plan; if that is not enough,
 * computing is suspended until there is room. The store is told what to create and delete. Files deleted to make
 * room are counted per reason and the latest are kept for the window.
 */
final class DiskManager {

    /** Deletions kept for the window. */
    static final int RECENT_DELETIONS = 50;

    /** How the manager reports events (the engine's emitter). */
    interface Events {
        void emit(EventKind kind, Project p, Result r, Enum<?> reason, Supplier<String> detail);
    }

    /**
     * What becomes of a new job's files.
     *
     * @param inputs        its input file names (to give its result)
     * @param outputs       its output file names
     * @param downloadBytes bytes of its inputs not already on the host
     * @param refusal       null if admitted; else why not, in words
     */
    record Admission(List<String> inputs, List<String> outputs, double downloadBytes, String refusal,
                     boolean neverFits) {
        boolean admitted() {
            return refusal == null;
        }
    }

    private final ClientState state;
    private final FileStore store;
    private final Events events;
    private final Deque<DeletionView> recent = new ArrayDeque<>();
    private final Map<DeletionReason, Long> counts = new EnumMap<>(DeletionReason.class);
    private boolean suspended;
    private Object failedPollKey;
    private Object noRoomKey;
    private Set<Project> noRoom = Set.of();
    /**
     * Below this part of the space the projects may use, free for a project's request, the disk is nearly full for
     * it: a request asks only for the resources short of jobs for their instances then, if it asks for any (decision
     * 0043).
     */
    static final double NEARLY_FULL = 0.25;
    /** What {@link #projectsYieldingRoom} found last: who yields room to whom (decision 0043), for the Disk pane. */
    private Map<Project, Project> lastYielding = Map.of();
    /** The projects whose results' outputs were released since the last {@link #collectReleased}, in order. */
    private final Set<Project> released = new LinkedHashSet<>();
    private long peakTotal;
    private final Map<String, Long> peakByProject = new HashMap<>();

    DiskManager(ClientState state, FileStore store, Events events) {
        this.state = state;
        this.store = Objects.requireNonNull(store);
        this.events = events;
    }

    /** The latest files deleted to make room, newest first. */
    List<DeletionView> recentDeletions() {
        return List.copyOf(recent);
    }

    /** Takes up the files deleted to make room before a restart, newest first, as the latest deletions. */
    void resume(List<DeletionView> saved) {
        recent.clear();
        for (DeletionView d : saved) {
            if (recent.size() < RECENT_DELETIONS) {
                recent.addLast(d);
            }
        }
    }

    /** Computing is suspended because usage is over the limit and nothing more could go. */
    boolean suspended() {
        return suspended;
    }

    /** At the first poll: what other programs take on the disk, from its free space and the client's usage. */
    void start() {
        if (Double.isNaN(state.otherDiskUsage())) {
            double other = state.host().diskTotal() - state.host().diskFree() - state.clientDiskUsage();
            state.setOtherDiskUsage(Math.max(0, other));
        }
        for (Project p : state.projects()) {
            notePeak(p);
        }
    }

    // ---- new jobs ---------------------------------------------------------------------------------------------

    /**
     * Places a new job's files (seed 004's associate_file): inputs not yet on the host and the space of its
     * outputs, after the deletions {@link SpaceMaker} plans; or refuses the job, deleting nothing.
     */
    Admission admit(Project p, NewJob job, double now) {
        for (String name : job.fileNames()) {
            if (!FileInfo.isSafeName(name)) {
                return refused("the server named a file '" + name + "', which could reach outside the project's "
                        + "folder");
            }
        }
        List<FileInfo> fresh = new ArrayList<>();
        List<String> inputs = new ArrayList<>();
        double download = 0;
        for (JobFile f : job.inputs()) {
            inputs.add(f.name());
            if (state.files().get(p.url(), f.name()).isEmpty() && fresh.stream().noneMatch(x -> x.name().equals(f.name()))) {
                fresh.add(file(p, f, FileRole.INPUT, now));
                download += f.nbytes();
            }
        }
        List<String> outputs = new ArrayList<>();
        for (JobFile f : job.outputs()) {
            outputs.add(f.name());
            if (state.files().get(p.url(), f.name()).isEmpty()) {
                fresh.add(file(p, f, FileRole.OUTPUT, now));
            }
        }
        long needed = 0;
        for (FileInfo f : fresh) {
            needed += f.nbytes();
        }
        SpacePlan plan = SpaceMaker.plan(state, p, needed, job.fileNames(), now);
        if (!plan.granted()) {
            DiskAccount account = DiskAccount.of(state);
            return new Admission(List.of(), List.of(), 0, "it needs " + Units.size(needed) + " and at most "
                    + Units.size(Math.max(0, plan.reachable())) + " could be made free for " + p.name()
                    + " (its share: " + Units.size(account.limit(p)) + ", it uses " + Units.size(account.usage(p))
                    + ")", needed > account.limits().allProjectsLimit());
        }
        for (Deletion d : plan.deletions()) {
            delete(d.file(), d.reason(), now, () -> "to store " + job.resultName() + " of " + p.name());
        }
        for (FileInfo f : fresh) {
            state.files().add(f);
        }
        notePeak(p);
        return new Admission(inputs, outputs, download, null, false);
    }

    /** A refusal of a job that might fit another time. */
    private static Admission refused(String why) {
        return new Admission(List.of(), List.of(), 0, why, false);
    }

    private static FileInfo file(Project p, JobFile f, FileRole role, double now) {
        return new FileInfo(p.url(), f.name(), role, "", f.nbytes(), f.priority(), now,
                FileInfo.expiry(now, f.expDays()), f.sticky() && role == FileRole.INPUT, false);
    }

    // ---- file life cycle --------------------------------------------------------------------------------------

    /** {@code r}'s inputs are on the disk now. */
    void downloaded(Result r, double now) {
        for (String name : r.inputFiles()) {
            state.files().get(r.project().url(), name).ifPresent(f -> {
                f.touch(now);
                present(f);
            });
        }
    }

    /** {@code r} starts or resumes: its files are used now. */
    void used(Result r, double now) {
        for (String name : r.inputFiles()) {
            state.files().get(r.project().url(), name).ifPresent(f -> f.touch(now));
        }
    }

    /** {@code r} has run to its end: its outputs are written. */
    void outputsWritten(Result r, double now) {
        for (String name : r.outputFiles()) {
            state.files().get(r.project().url(), name).ifPresent(f -> {
                f.touch(now);
                present(f);
            });
        }
    }

    /**
     * {@code r}'s outputs were uploaded, or will never be written (it failed): they go at the next
     * {@link #collectReleased}, once for all the results released since. Collected at each release, the thousands of
     * uploads that end in one poll on a host of 4,096 CPUs each looked through all their project's results: minutes
     * per emulated hour (QA).
     */
    void releaseOutputs(Result r) {
        if (!r.outputFiles().isEmpty()) {
            r.setFiles(r.inputFiles(), List.of());
            released.add(r.project());
        }
    }

    /** Deletes the files no result refers to any more in each project whose outputs were released since the last. */
    void collectReleased() {
        if (released.isEmpty()) {
            return;
        }
        List<Project> projects = new ArrayList<>(released);
        released.clear();
        projects.forEach(this::collect);
    }

    /** {@code p}'s files no result refers to any more go, unless they are kept (sticky, app or data files). */
    void collect(Project p) {
        Set<String> referenced = new HashSet<>();
        for (Result r : state.resultsOf(p)) {
            referenced.addAll(r.inputFiles());
            referenced.addAll(r.outputFiles());
        }
        for (FileInfo f : new ArrayList<>(state.files().filesOf(p.url()))) {
            if (!referenced.contains(f.name()) && goesUnreferenced(f)) {
                delete(f, null, Double.NaN, null);
            }
        }
    }

    /** Whether {@code f} goes once no result refers to it: not if it is sticky, an app's or a data file. */
    private static boolean goesUnreferenced(FileInfo f) {
        return !f.sticky() && f.role() != FileRole.APP && f.role() != FileRole.DATA;
    }

    private void present(FileInfo f) {
        if (!f.present()) {
            f.setPresent(true);
            try {
                store.create(f);
            } catch (RuntimeException e) {
                events.emit(EventKind.DISK_ERROR, state.project(f.projectUrl()).orElse(null), null,
                        EventReason.STORE_ERROR,
                        () -> "could not write " + f.name() + ": " + e.getMessage());
            }
        }
    }

    private void delete(FileInfo f, DeletionReason reason, double now, Supplier<String> why) {
        if (!state.files().remove(f)) {
            return;
        }
        if (f.present()) {
            try {
                store.delete(f);
            } catch (RuntimeException e) {
                events.emit(EventKind.DISK_ERROR, state.project(f.projectUrl()).orElse(null), null,
                        EventReason.STORE_ERROR,
                        () -> "could not delete " + f.name() + ": " + e.getMessage());
            }
        }
        if (reason == null) {
            return;
        }
        Project p = state.project(f.projectUrl()).orElse(null);
        String name = p == null ? f.projectUrl() : p.name();
        // Seed 004 deletes expired files first: the reason says so, else the order among equals looked arbitrary.
        boolean expired = f.isExpired(now);
        String detail = (expired ? "it had expired; " : "") + why.get();
        counts.merge(reason, 1L, Long::sum);
        recent.addFirst(new DeletionView(now, name, f.name(), f.nbytes(), reason, detail));
        while (recent.size() > RECENT_DELETIONS) {
            recent.removeLast();
        }
        String what = f.name() + " (" + Units.size(f.nbytes()) + ", priority " + f.priority()
                + (expired ? ", expired" : "") + ") ";
        events.emit(EventKind.FILE_DELETED, p, null, reason, () -> what + why.get());
    }

    private void notePeak(Project p) {
        peakTotal = Math.max(peakTotal, state.files().totalUsage());
        peakByProject.merge(p.url(), state.files().usage(p.url()), Math::max);
    }

    // ---- data_manager_poll ------------------------------------------------------------------------------------

    /** What one poll changed. */
    record PollResult(List<Result> givenUp, boolean suspendedNow, boolean resumedNow) {
        static final PollResult NONE = new PollResult(List.of(), false, false);
    }

    /**
     * Seed 004's data_manager_poll: nothing while usage is within the total limit (resuming computing if it was
     * suspended for disk); otherwise the {@link DiskPoll} plan is carried out, and computing is suspended if it
     * cannot bring usage under the limit. A plan that failed is not made again until files, results or
     * preferences change.
     */
    PollResult poll(double now) {
        DiskLimits limits = DiskLimits.of(state);
        if (limits.excess() <= 0) {
            failedPollKey = null;
            if (suspended) {
                suspended = false;
                events.emit(EventKind.DISK_RESUMED, null, null, EventReason.DISK_SPACE_AVAILABLE,
                        () -> "computing resumes: the client uses " + Units.size(state.clientDiskUsage()) + " of the "
                                + Units.size(limits.totalLimit()) + " allowed");
                return new PollResult(List.of(), false, true);
            }
            return PollResult.NONE;
        }
        Object key = List.of(state.files().version(), state.results().size(), state.prefs());
        if (key.equals(failedPollKey)) {
            return PollResult.NONE;
        }
        PollPlan plan = DiskPoll.plan(state, now);
        List<Result> givenUp = new ArrayList<>();
        Map<Project, Long> before = new HashMap<>();
        DiskAccount account = DiskAccount.of(state);
        for (Project p : state.projects()) {
            before.put(p, state.files().usage(p.url()));
        }
        for (Result r : plan.givenUp()) {
            r.finish(ResultState.ABORTED, Result.EXIT_DISK_SPACE, now, 0, 0, 0);
            r.setFiles(List.of(), List.of());
            givenUp.add(r);
            events.emit(EventKind.TASK_FAILED, r.project(), r, EventReason.GIVEN_UP_FOR_DISK,
                    () -> "given up to bring disk usage under the limit; it will be reported as not done");
        }
        for (Deletion d : plan.deletions()) {
            Project p = state.project(d.file().projectUrl()).orElseThrow();
            delete(d.file(), d.reason(), now, () -> overLimitDetail(limits, account, p, before.get(p)));
        }
        boolean suspendedNow = false;
        if (plan.suspend()) {
            failedPollKey = List.of(state.files().version(), state.results().size(), state.prefs());
            if (!suspended) {
                suspended = true;
                suspendedNow = true;
                DiskLimits after = DiskLimits.of(state);
                events.emit(EventKind.DISK_SUSPENDED, null, null, limits.source(),
                        () -> suspensionMessage(after, state.prefs()));
            }
        } else if (suspended) {
            suspended = false;
            events.emit(EventKind.DISK_RESUMED, null, null, EventReason.DISK_SPACE_AVAILABLE,
                    () -> "computing resumes: the client is within its disk limit again");
            return new PollResult(givenUp, false, true);
        }
        return new PollResult(givenUp, suspendedNow, false);
    }

    private static String overLimitDetail(DiskLimits limits, DiskAccount account, Project p, long usageBefore) {
        return "to bring the client's " + Units.size(limits.coreUsage() + limits.projectsUsage()) + " under its "
                + Units.size(limits.totalLimit()) + " limit; " + p.name() + " held " + Units.size(usageBefore)
                + " against its " + Units.size(account.limit(p)) + " share";
    }

    /** The message computing is suspended with: what is over, which preference binds, and what the user can do. */
    static String suspensionMessage(DiskLimits l, Prefs prefs) {
        String pref;
        switch (l.source()) {
            case MAX_USED_GB:
                pref = "\"Use no more than " + Units.number(prefs.diskMaxUsedGb()) + " GB\"";
                break;
            case MAX_USED_PCT:
                pref = "\"Use no more than " + Units.number(prefs.diskMaxUsedPct()) + " % of total\"";
                break;
            case MIN_FREE_GB:
                pref = "\"Leave at least " + Units.number(prefs.diskMinFreeGb()) + " GB free\"";
                break;
            default:
                pref = "the disk";
                break;
        }
        // As the Disk pane's banner: where the client's own files alone pass the limit, no task holds "the rest".
        String held = l.coreUsage() >= l.totalLimit()
                ? "; the client's own files alone take " + Units.size(l.coreUsage()) + ", so no task fits under it, "
                + "whatever is given up."
                : ", and the rest is held by tasks and results (giving up those not started would not bring it under "
                + "the limit).";
        return "computing suspended: the client's files take " + Units.size(l.coreUsage() + l.projectsUsage())
                + ", more than the " + Units.size(l.totalLimit()) + " allowed by " + pref + held + " Raise the "
                + "limit in Preferences or free space on the disk; computing resumes by itself when there is room.";
    }

    // ---- work fetch and requests ------------------------------------------------------------------------------

    /**
     * The projects no room could be made for even by trimming offenders and deleting their own expendable files
     * (every project while computing is suspended for disk): asking them for work would be in vain.
     */
    Set<Project> projectsWithoutRoom(double now) {
        if (suspended) {
            return new LinkedHashSet<>(state.projects());
        }
        DiskLimits limits = DiskLimits.of(state);
        if (limits.free() > 0) {
            noRoomKey = null;
            return Set.of();
        }
        Object key = List.of(state.files().version(), state.results().size(), state.prefs(), (long) (now / 600));
        if (!key.equals(noRoomKey)) {
            Set<Project> none = new LinkedHashSet<>();
            for (Project p : state.projects()) {
                if (SpaceMaker.report(state, p, now).freeIfSelfTrimmed() <= 0) {
                    none.add(p);
                }
            }
            noRoom = none;
            noRoomKey = key;
        }
        return noRoom;
    }

    /**
     * The bytes {@code r}'s own files take on disk, its outputs at their largest: what another job like it needs
     * (a sticky input is kept for the next job, and not counted).
     */
    double bytesOf(Result r) {
        double bytes = r.outputBytes();
        for (String name : r.inputFiles()) {
            FileInfo f = state.files().get(r.project().url(), name).orElse(null);
            bytes += f == null || f.sticky() ? 0 : f.nbytes();
        }
        return bytes;
    }

    /** The disk figures now, for {@code p}. */
    DiskSpaceReport report(Project p, double now) {
        return SpaceMaker.report(state, p, now);
    }

    /**
     * The disk figures for a request to {@code p} that reports its finished tasks: their files count as free, since
     * the server's acknowledgement deletes them before the jobs it sends download (decision 0041). Without them, a
     * wait for room that ended on the room the report would make was refused for disk, and the next contact a
     * minute later brought the jobs.
     */
    DiskSpaceReport requestReport(Project p, double now) {
        return SpaceMaker.report(state, p, now, freedOnAck(p));
    }

    /**
     * The room a project waiting for room after a reply filled it waits for: not one task's, but the part of what
     * it may hold ({@code capacity}: its files and its room) that the work buffer's own hysteresis leaves between
     * its two marks, work_buf_additional / (work_buf_min + work_buf_additional): five sixths by default, none without
     * an additional buffer (decision 0040).
     */
    private double batchRoom(double capacity) {
        Prefs prefs = state.prefs();
        return (1 - prefs.workBufMinSeconds() / prefs.workBufTotalSeconds()) * capacity;
    }

    /**
     * Whether {@code p} has fewer tasks for {@code type} waiting to start than the resource has instances: the next
     * to end would leave an instance without one of its tasks, so it may not wait for a batch's room then.
     */
    private boolean fewQueued(Project p, ResourceType type) {
        int instances = state.resources().get(type).map(r -> r.instances()).orElse(1);
        int queued = 0;
        for (Result r : state.resultsOf(p)) {
            if (r.stillToCompute() && r.resource() == type && state.activeTask(r).isEmpty() && ++queued >= instances) {
                return false;
            }
        }
        return true;
    }

    /**
     * Whether the server's acknowledgement of {@code p}'s finished tasks would free some of its files: a project
     * without room, or one over the limit while computing waits for disk, reports them at once (decision 0018).
     */
    boolean ackFreesRoom(Project p) {
        return freedOnAck(p) > 0;
    }

    /**
     * The bytes the server's acknowledgement of {@code p}'s finished tasks would free: each file only those tasks
     * refer to, once, that {@link #collect} deletes then (a sticky, app or data file is kept, and so is one a task
     * still to run needs).
     */
    private double freedOnAck(Project p) {
        Set<String> freed = new HashSet<>();
        Set<String> kept = new HashSet<>();
        for (Result r : state.resultsOf(p)) {
            Set<String> into = r.readyToReport() ? freed : kept;
            into.addAll(r.inputFiles());
            into.addAll(r.outputFiles());
        }
        freed.removeAll(kept);
        double bytes = 0;
        for (String name : freed) {
            FileInfo f = state.files().get(p.url(), name).orElse(null);
            bytes += f == null || !goesUnreferenced(f) ? 0 : f.nbytes();
        }
        return bytes;
    }

    /** A resource whose wait for room on disk may end: the room its project's next {@code app} task needs came. */
    record RoomCame(Project project, ResourceType type, String app, double neededBytes, boolean batch) {
    }

    /**
     * The resources backed off for disk whose room is there now, each with what it waited for; they may be asked
     * again at once rather than at the end of their backoff:
     * <ul>
     *   <li>after a refusal (decision 0037): the room the next request would offer (the space free once greater
     *       offenders were trimmed, the figure the server's second pass goes by, with the files of the finished tasks
     *       it reports, decision 0041) has grown since the refused request and reaches what its smallest such task
     *       needed. A server whose shortfall needs no more than was offered (it counts disk otherwise) is left
     *       to its backoff, so that it is not asked again at every poll;</li>
     *   <li>after a reply that filled the room (decision 0040): the room its next contact would have, counting the
     *       files of the finished tasks it reports, holds the next task and a batch's room ({@link #batchRoom}), or
     *       the resource has fewer tasks left to start than instances.</li>
     * </ul>
     */
    List<RoomCame> roomCame(double now) {
        List<RoomCame> ready = List.of();
        for (Project p : state.projects()) {
            if (!backedOffForDisk(p, now)) {
                continue;
            }
            // The room the next request offers, its reported tasks' files counted as free (decision 0041), and the
            // room now.
            double freed = freedOnAck(p);
            double afterReporting = SpaceMaker.report(state, p, now, freed).freeIfOffendersTrimmed();
            double room = Math.max(0, afterReporting - freed);
            ServerDiskShortfall s = p.diskShortfall();
            for (var r : state.resources().inServiceOrder()) {
                var rs = p.resourceState(r.type());
                if (!rs.backedOffForDisk() || !rs.isBackedOff(now)) {
                    continue;
                }
                RoomCame came = null;
                if (rs.waitsForRoom()) {
                    if (afterReporting >= rs.roomWaitBytes() && (fewQueued(p, r.type())
                            || afterReporting >= batchRoom(state.files().usage(p.url()) + room))) {
                        came = new RoomCame(p, r.type(), rs.roomWaitApp(), rs.roomWaitBytes(), true);
                    }
                } else if (s != null && s.neededBytes() > s.offeredIfTrimmed()
                        && afterReporting > s.offeredIfTrimmed() && afterReporting >= s.neededBytes()) {
                    came = new RoomCame(p, r.type(), s.appName(), s.neededBytes(), false);
                }
                if (came != null) {
                    if (ready.isEmpty()) {
                        ready = new ArrayList<>();
                    }
                    ready.add(came);
                }
            }
        }
        return ready;
    }

    /**
     * The room {@code p}'s next request would offer once offenders were trimmed, the files of the finished tasks it
     * reports counted as free (decision 0041): what {@link #roomCame} measures a wait's room by.
     */
    double roomOnNextRequest(Project p, double now) {
        return SpaceMaker.report(state, p, now, freedOnAck(p)).freeIfOffendersTrimmed();
    }

    private boolean backedOffForDisk(Project p, double now) {
        for (var r : state.resources().inServiceOrder()) {
            var rs = p.resourceState(r.type());
            if (rs.backedOffForDisk() && rs.isBackedOff(now)) {
                return true;
            }
        }
        return false;
    }

    /**
     * Who yields room to whom now (decision 0043, {@link RoomYield}); kept for the Disk pane. {@code roomCame}: the
     * projects whose wait ended in this poll and that were not yet asked, with the room their next job needs;
     * {@code idle}: the instances with nothing to run, by resource ordinal.
     */
    Map<Project, Project> projectsYieldingRoom(double now, Map<Project, Double> roomCame, double[] idle) {
        lastYielding = RoomYield.of(state, now, roomCame, idle, this::freedOnAck);
        return lastYielding;
    }

    /**
     * Whether the disk is nearly full for {@code p}: the room its next request could offer, counting the files of
     * the tasks it reports (decision 0041), is less than {@link #NEARLY_FULL} of what the projects may use
     * (decision 0043).
     */
    boolean nearlyFullFor(Project p, double now) {
        DiskLimits limits = DiskLimits.of(state);
        double all = limits.allProjectsLimit();
        // The room offered is at least the free space: worked out only where that alone is under the mark.
        return Double.isFinite(all) && limits.free() < NEARLY_FULL * all
                && SpaceMaker.report(state, p, now, freedOnAck(p)).freeIfOffendersTrimmed() < NEARLY_FULL * all;
    }

    /** Names of {@code p}'s sticky files on the host, for its scheduler. */
    List<String> stickyFiles(Project p) {
        List<String> names = new ArrayList<>();
        for (FileInfo f : state.files().filesOf(p.url())) {
            if (f.sticky() && f.present()) {
                names.add(f.name());
            }
        }
        return names;
    }

    /**
     * A reply from {@code p} at {@code now} to a request that offered {@code offered} bytes once offenders were
     * trimmed: remember a disk shortfall until its next job, or, while a resource is still backed off for it, until
     * that backoff ends: its room coming ends it ({@link #roomCame}), and a job for another resource had wiped the
     * figure it goes by (review).
     */
    void replied(Project p, DiskShortfall shortfall, double offered, boolean gotJobs, double now) {
        if (shortfall != null) {
            p.setDiskShortfall(new ServerDiskShortfall(shortfall.appName(), shortfall.neededBytes(),
                    shortfall.availableBytes(), offered, now));
        } else if (gotJobs && !backedOffForServerDiskCheck(p, now)) {
            p.setDiskShortfall(null);
        }
    }

    /** Whether a resource of {@code p} is backed off after a server's disk check (not waiting for a batch's room). */
    private boolean backedOffForServerDiskCheck(Project p, double now) {
        for (var r : state.resources().inServiceOrder()) {
            var rs = p.resourceState(r.type());
            if (rs.backedOffForDisk() && !rs.waitsForRoom() && rs.isBackedOff(now)) {
                return true;
            }
        }
        return false;
    }

    private static DiskRefusal refusal(ServerDiskShortfall s) {
        return s == null ? null : new DiskRefusal(s.appName(), s.neededBytes(), s.availableBytes(), s.time());
    }

    // ---- figures and view -------------------------------------------------------------------------------------

    /** Files deleted to make room so far, per reason. */
    Map<DeletionReason, Long> deletionCounts() {
        return new EnumMap<>(counts);
    }

    long peakUsage() {
        return peakTotal;
    }

    long peakUsage(Project p) {
        return peakByProject.getOrDefault(p.url(), 0L);
    }

    /** The disk now, for a snapshot. */
    DiskView view(double now) {
        DiskAccount account = DiskAccount.of(state);
        DiskLimits l = account.limits();
        FileHolds holds = FileHolds.of(state);
        Set<Project> without = projectsWithoutRoom(now);
        Map<Project, Project> yielding = lastYielding;
        List<ProjectDiskView> projects = new ArrayList<>();
        for (Project p : state.projects()) {
            List<FileInfo> deletable = DeletionOrder.candidates(state.files().filesOf(p.url()), holds,
                    p.deletionPolicy(), FileInfo.P_HIGH, now);
            List<FileView> files = new ArrayList<>();
            int rank = 0;
            for (FileInfo f : deletable) {
                if (files.size() >= ProjectDiskView.MAX_FILES) {
                    break;
                }
                files.add(view(f, FileHold.NONE, "", ++rank));
            }
            for (FileInfo f : state.files().filesOf(p.url())) {
                if (files.size() >= ProjectDiskView.MAX_FILES) {
                    break;
                }
                FileHold h = holds.hold(f);
                if (h != FileHold.NONE) {
                    files.add(view(f, h, holds.holder(f), 0));
                }
            }
            projects.add(new ProjectDiskView(p.url(), p.name(), account.usage(p), account.limit(p),
                    p.deletionPolicy(), state.files().filesOf(p.url()).size(), files, refusal(p.diskShortfall()),
                    without.contains(p), roomWaits(p, now),
                    yielding.containsKey(p) ? yielding.get(p).name() : ""));
        }
        return new DiskView(l.diskTotal(), l.diskFree(), l.coreUsage(), l.totalLimit(), l.source(),
                l.maxUsedGbLimit(), l.minFreeLimit(), l.maxUsedPctLimit(), l.allProjectsLimit(), l.projectsUsage(),
                suspended, projects, recentDeletions(), counts);
    }

    /**
     * {@code p}'s resources waiting for room on disk, with the room each waits for and the room now; none while it
     * may not be asked for work (suspended, no new tasks, to be removed when done), as the room would not bring its
     * request (QA: the Disk pane said when a project set to "no new tasks" would be asked again).
     */
    private List<RoomWait> roomWaits(Project p, double now) {
        List<RoomWait> waits = List.of();
        if (p.suspendedByUser() || p.noNewTasks() || p.detachWhenDone()) {
            return waits;
        }
        double afterReporting = Double.NaN;
        double room = Double.NaN;
        for (var r : state.resources().inServiceOrder()) {
            var rs = p.resourceState(r.type());
            if (!rs.waitsForRoom() || !rs.isBackedOff(now)) {
                continue;
            }
            if (waits.isEmpty()) {
                waits = new ArrayList<>();
                double freed = freedOnAck(p);
                afterReporting = SpaceMaker.report(state, p, now, freed).freeIfOffendersTrimmed();
                room = Math.max(0, afterReporting - freed);
            }
            // As roomCame decides: the next task's room alone once few of its tasks are left to start.
            boolean batch = !fewQueued(p, r.type());
            double wanted = batch ? Math.max(rs.roomWaitBytes(), batchRoom(state.files().usage(p.url()) + room))
                    : rs.roomWaitBytes();
            waits.add(new RoomWait(r.type(), rs.roomWaitApp(), rs.roomWaitBytes(), wanted, batch, afterReporting,
                    rs.backoffUntil()));
        }
        return waits;
    }

    private static FileView view(FileInfo f, FileHold hold, String holder, int rank) {
        return new FileView(f.name(), f.role(), f.nbytes(), f.priority(), f.arrival(), f.expiry(), f.lastUsed(),
                f.sticky(), f.present(), hold, holder, rank);
    }
}

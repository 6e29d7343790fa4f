package org.cruncher.engine;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeSet;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.EventReason;
import org.cruncher.engine.api.RequestView;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.policy.rpc.RpcBackoff;
import org.cruncher.engine.policy.workfetch.ResourceBackoff;
import org.cruncher.engine.rpc.DiskShortfall;
import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.MasterPage;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.ReportedResult;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.SchedulerTransport;
import org.cruncher.engine.rpc.WorkRequest;

/**
 * The client's side of its scheduler sessions, one at a time ({@link SchedulerOp}): it sends the requests the
 * engine decides on and takes up how each session ended (seeds 002, 003 and 004):
 * <ol>
 *   <li>a request reports every result ready to report and asks for the work the engine chose;</li>
 *   <li>a reply clears the failures (and the master-file read they called for), defers the next contact by its
 *       request_delay (capped), removes the results it acknowledged, takes the deletion policy and the server's
 *       disk verdict, and stores each new job it has room for (one it has none for is aborted at once, so that the
 *       project hears of it); each resource that was
 *       asked for and brought nothing is backed off, each that brought work is cleared and accrues debt again;</li>
 *   <li>a failed session, or a project that says it is down, backs contact off at random and exponentially,
 *       reading the master file again every few failures;</li>
 *   <li>a master-file read brings the scheduler URLs: new ones reset the failures.</li>
 * </ol>
 * The last {@link #RECENT} sessions are kept for the window.
 */
final class SchedulerSessions {

    /** Scheduler RPCs kept for the window's list. */
    static final int RECENT = 50;
    /**
     * The longest a resource waits for room after a reply filled its project's room on disk, seconds: seed 003's
     * longest backoff. The room is this client's own figure, the one its requests offer the server, so asking before
     * it comes would bring a refusal; not randomised, as nothing but the room ends these waits together.
     */
    static final double ROOM_WAIT = ResourceBackoff.MAX_INTERVAL;

    /** What the sessions that ended changed in the queue: results acknowledged and gone, results arrived. */
    record Taken(List<Result> acknowledged, List<Result> arrived) {

        static final Taken NOTHING = new Taken(List.of(), List.of());
    }

    private final ClientState state;
    private final SchedulerOp op;
    private final DiskManager disk;
    private final TaskControl control;
    private final RandomGenerator random;
    private final EventEmitter events;
    private final Deque<RpcView> recent = new ArrayDeque<>();
    /** The project the last request went to. */
    private Project lastSent;

    SchedulerSessions(ClientState state, SchedulerTransport transport, DiskManager disk, TaskControl control,
                      RandomGenerator random, EventEmitter events) {
        this.state = state;
        this.op = new SchedulerOp(transport);
        this.disk = disk;
        this.control = control;
        this.random = random;
        this.events = events;
    }

    /** Whether a session is under way. */
    boolean busy() {
        return op.busy();
    }

    /** The latest sessions, newest first (at most {@link #RECENT}). */
    List<RpcView> recent() {
        return List.copyOf(recent);
    }

    /** Takes up the sessions saved before a restart, newest first, as the latest ones; before the first poll only. */
    void resume(List<RpcView> saved) {
        recent.clear();
        for (RpcView r : saved) {
            if (recent.size() < RECENT) {
                recent.addLast(r);
            }
        }
    }

    /** Starts a read of {@code p}'s master file, for its list of schedulers. */
    void readMaster(Project p) {
        events.emit(EventKind.MASTER_FETCH, p, null, null, EventReason.MASTER_FETCH,
                () -> "reading the master file for the scheduler list");
        op.startMasterFetch(p);
    }

    /** The project last sent a request (null before the first). */
    Project lastSent() {
        return lastSent;
    }

    /** Sends {@code p} a request for {@code work}, reporting every result of it ready to report. */
    void send(Project p, RpcReason reason, WorkRequest work, double now) {
        List<ReportedResult> reported = new ArrayList<>();
        for (Result r : state.resultsOf(p)) {
            if (r.readyToReport()) {
                reported.add(new ReportedResult(r.name(), r.exitStatus(), r.finalCpuTime(), r.finalElapsedTime(),
                        r.finalWork(), r.reportDeadline(), r.completedTime(), r.state()));
            }
        }
        double total = state.totalResourceShare();
        SchedulerRequest request = new SchedulerRequest(p.url(), p.url(), now, reason, work, reported,
                total > 0 ? p.resourceShare() / total : 0, state.host(), disk.requestReport(p, now),
                disk.stickyFiles(p),
                p.durationCorrectionFactor());
        p.contact().setLastRpcTime(now);
        lastSent = p;
        events.emit(EventKind.RPC_SENT, p, null, null, reason, () -> describe(work, reported.size()));
        op.startRpc(p, request);
    }

    /**
     * Takes up the sessions that ended since the last look; a new job whose input must be downloaded is handed to
     * the task control, which tells {@code transfers} when the download ends.
     */
    Taken takeEnded(double now, Consumer<TransferOutcome> transfers) {
        List<SchedulerOp.Ended> ended = op.poll();
        if (ended.isEmpty()) {
            return Taken.NOTHING;
        }
        List<Result> acknowledged = new ArrayList<>();
        List<Result> arrived = new ArrayList<>();
        for (SchedulerOp.Ended e : ended) {
            if (e.master() != null) {
                master(e.project(), e.master(), now);
            } else if (e.rpc().succeeded() && !e.rpc().reply().projectIsDown()) {
                reply(e.project(), e.rpc().request(), e.rpc().reply(), now, transfers, acknowledged, arrived);
                record(e, null, now);
            } else {
                String why = e.rpc().succeeded() ? "the project is down" : e.rpc().failure();
                failure(e.project(), why, e.attempts(), e.rpc().succeeded()
                        ? RpcBackoff.requestDelay(e.rpc().reply().requestDelay()) : 0, now);
                record(e, why, now);
            }
        }
        return new Taken(acknowledged, arrived);
    }

    private void record(SchedulerOp.Ended e, String failure, double now) {
        SchedulerRequest q = e.rpc().request();
        SchedulerReply reply = e.rpc().reply();
        Map<ResourceType, Integer> jobs = new EnumMap<>(ResourceType.class);
        if (failure == null) {
            for (NewJob job : reply.jobs()) {
                e.project().appVersion(job.appName(), job.versionNum(), job.planClass())
                        .ifPresent(v -> jobs.merge(v.primaryResource(), 1, Integer::sum));
            }
        }
        Map<ResourceType, RequestView> asked = new EnumMap<>(ResourceType.class);
        q.work().perResource().forEach((type, r) -> asked.put(type, new RequestView(r.seconds(), r.instances())));
        recent.addFirst(new RpcView(now, e.project().name(), q.reason().name(), asked,
                q.reported().size(), jobs, failure == null ? reply.acked().size() : 0,
                failure == null ? reply.requestDelay() : 0, failure, e.attempts(),
                failure == null && reply.diskShortfall() != null));
        while (recent.size() > RECENT) {
            recent.removeLast();
        }
    }

    private void reply(Project p, SchedulerRequest request, SchedulerReply reply, double now,
                       Consumer<TransferOutcome> transfers, List<Result> acknowledged, List<Result> arrived) {
        var contact = p.contact();
        contact.setRpcFailures(0);
        contact.setMasterFetchPending(false);
        // A scheduler that answers ends the run of failed master reads too (review of seed 002: two failed reads
        // months ago made the next single one wait a day).
        contact.setMasterFetchFailures(0);
        contact.recordSuccess(now);
        contact.clearDeferral();
        double delay = RpcBackoff.requestDelay(reply.requestDelay());
        if (delay > 0) {
            contact.defer(now + delay, RpcDeferral.REQUEST_DELAY);
        }
        if (reply.requestDelay() > delay) {
            events.emit(EventKind.RPC_SUCCEEDED, p, null, null, EventReason.REQUEST_DELAY_CAPPED,
                    () -> "request_delay of " + Units.duration(reply.requestDelay()) + " capped at "
                            + Units.duration(delay));
        }
        events.emit(EventKind.RPC_SUCCEEDED, p, null, null, request.reason(),
                () -> Units.count(reply.jobs().size(), "new task") + (delay > 0
                        ? ", next contact in " + Units.duration(delay) : ""));
        takeAcknowledged(p, request, reply, acknowledged);
        if (reply.deletionPolicy() != null) {
            p.setDeletionPolicy(reply.deletionPolicy());
        }
        disk.replied(p, reply.diskShortfall(), request.disk().freeIfOffendersTrimmed(), !reply.jobs().isEmpty(), now);
        if (reply.diskShortfall() != null) {
            var d = reply.diskShortfall();
            events.emit(EventKind.JOB_REFUSED_FOR_DISK, p, null, null, EventReason.SERVER_DISK_CHECK,
                    () -> "a job of " + d.appName() + " needs " + Units.size(d.neededBytes())
                            + " and this computer offered " + Units.size(d.availableBytes()));
        }
        Map<ResourceType, Integer> received = new EnumMap<>(ResourceType.class);
        Set<ResourceType> refused = EnumSet.noneOf(ResourceType.class);
        Set<ResourceType> tooLarge = EnumSet.noneOf(ResourceType.class);
        List<Result> stored = new ArrayList<>();
        for (NewJob job : reply.jobs()) {
            Result r = store(p, job, now, transfers, refused, tooLarge);
            if (r != null) {
                arrived.add(r);
                stored.add(r);
                received.merge(r.resource(), 1, Integer::sum);
                p.resourceState(r.resource()).setLastLatency(job.reportDeadline() - now);
                p.resourceState(r.resource()).setLastRuntime(r.estimatedRuntime()
                        * r.appVersion().usage(r.resource()));
            }
        }
        if (!received.isEmpty()) {
            events.emit(EventKind.JOBS_RECEIVED, p, null, null, request.reason(), () -> describe(received));
        }
        Map<ResourceType, RoomShort> waits = roomShortWhereTheDiskFilled(p, request, reply, stored, refused, now);
        backOffWhatBroughtNothing(p, request, reply, received, refused, tooLarge, waits.keySet(), now);
        waits.forEach((type, w) -> waitForRoom(p, type, w, now));
    }

    private void takeAcknowledged(Project p, SchedulerRequest request, SchedulerReply reply,
                                  List<Result> acknowledged) {
        int acked = 0;
        for (String name : reply.acked()) {
            Result r = state.result(p, name).orElse(null);
            if (r != null && r.readyToReport()) {
                state.removeResult(r);
                acknowledged.add(r);
                acked++;
            }
        }
        if (acked > 0) {
            disk.collect(p);
            int count = acked;
            events.emit(EventKind.RESULTS_REPORTED, p, null, null, request.reason(),
                    () -> Units.count(count, "result") + " reported");
        }
    }

    /**
     * Stores a new job if there is room for its files (null if it was ignored or refused; a refusal for disk space
     * adds the job's resource to {@code refused}, and to {@code tooLarge} too if it is larger than all the space the
     * projects may use).
     */
    private Result store(Project p, NewJob job, double now, Consumer<TransferOutcome> transfers,
                         Set<ResourceType> refused, Set<ResourceType> tooLarge) {
        var version = p.appVersion(job.appName(), job.versionNum(), job.planClass()).orElse(null);
        if (version == null) {
            events.emit(EventKind.JOB_IGNORED, p, null, null, EventReason.UNKNOWN_APP_VERSION, () -> job.resultName()
                    + " is a job of " + job.appName() + ", and the project has sent no version of that app");
            return null;
        }
        if (state.result(p, job.resultName()).isPresent()) {
            events.emit(EventKind.JOB_IGNORED, p, null, null, EventReason.DUPLICATE_RESULT,
                    () -> job.resultName() + " is already here");
            return null;
        }
        DiskManager.Admission admission = disk.admit(p, job, now);
        if (!admission.admitted()) {
            Result aborted = new Result(job.resultName(), p, job.workunit(), version, now, job.reportDeadline(),
                    ResultState.ABORTED);
            aborted.finish(ResultState.ABORTED, Result.EXIT_DISK_SPACE, now, 0, 0, 0);
            state.addResult(aborted);
            refused.add(version.primaryResource());
            if (admission.neverFits()) {
                tooLarge.add(version.primaryResource());
            }
            events.emit(EventKind.JOB_REFUSED_FOR_DISK, p, aborted, version.primaryResource(), EventReason.NO_ROOM,
                    () -> "not stored: " + admission.refusal());
            return null;
        }
        boolean download = admission.downloadBytes() > 0;
        Result r = new Result(job.resultName(), p, job.workunit(), version, now, job.reportDeadline(),
                download ? ResultState.FILES_DOWNLOADING : ResultState.FILES_DOWNLOADED);
        r.setOutputBytes(job.outputBytes());
        r.setFiles(admission.inputs(), admission.outputs());
        state.addResult(r);
        if (download) {
            control.download(r, admission.downloadBytes(), transfers);
        } else {
            disk.downloaded(r, now);
        }
        return r;
    }

    /**
     * The room a resource's next job needs and the room left, where the disk filled: the next job is of {@code app}
     * and needs {@code bytes}; {@code room} is left; {@code filledBy} is the resource whose jobs filled it, or null
     * when it is the resource's own.
     */
    private record RoomShort(String app, double bytes, double room, ResourceType filledBy) {
    }

    /**
     * The resources that wait for room after this reply (decision 0040): each whose reply brought less work than was
     * asked while the project's room on disk left is less than the smallest of the jobs it brought (its next job
     * would not fit: the server stopped there); and beside them each other resource whose next job, of any app
     * it runs, would not fit either as far as this client can tell (decision 0042), unless a backoff from before the
     * request, or a refusal for disk, holds it: its next request could bring only a refusal. A resource waits with
     * no backoff interval since work came: it is asked again once room for a batch of jobs is there (decisions 0037
     * and 0040), or after at most {@link #ROOM_WAIT}. Asking again at once brought a refusal for disk each time the
     * disk filled, and asking whenever one job's room came brought one job per contact.
     */
    private Map<ResourceType, RoomShort> roomShortWhereTheDiskFilled(Project p, SchedulerRequest request,
                                                                     SchedulerReply reply, List<Result> stored,
                                                                     Set<ResourceType> refused, double now) {
        // What came, counted as the request counts it: wall seconds (run time over the computing fraction) and
        // instances, each by the job's use of the resource.
        Map<ResourceType, double[]> brought = new EnumMap<>(ResourceType.class);
        double fraction = Math.max(1e-6, state.timeStats().cpuComputingFraction());
        for (Result r : stored) {
            double[] b = brought.computeIfAbsent(r.resource(), t -> new double[2]);
            double usage = r.appVersion().usage(r.resource());
            b[0] += r.estimatedRuntime() / fraction * usage;
            b[1] += usage;
        }
        // Only a reply short of what was asked may have stopped for disk: the room is worked out for those alone.
        Map<ResourceType, Result> smallest = new EnumMap<>(ResourceType.class);
        for (Result r : stored) {
            var asked = request.work().perResource().get(r.resource());
            double[] b = brought.get(r.resource());
            if (asked != null && (b[0] < asked.seconds() || b[1] < asked.instances())) {
                smallest.merge(r.resource(), r, (a, c) -> disk.bytesOf(c) < disk.bytesOf(a) ? c : a);
            }
        }
        if (smallest.isEmpty()) {
            return Map.of();
        }
        double room = disk.report(p, now).freeIfOffendersTrimmed();
        Map<ResourceType, RoomShort> waits = new EnumMap<>(ResourceType.class);
        smallest.forEach((type, job) -> {
            double needed = disk.bytesOf(job);
            if (room < needed) {
                waits.put(type, new RoomShort(job.appVersion().appName(), needed, room, null));
            }
        });
        if (waits.isEmpty()) {
            return waits;
        }
        ResourceType filledBy = waits.keySet().iterator().next();
        for (var r : state.resources().inServiceOrder()) {
            ResourceType other = r.type();
            if (waits.containsKey(other) || refused.contains(other) || forDisk(p, reply.diskShortfall(), other)
                    || p.resourceState(other).isBackedOff(request.time())) {
                continue;
            }
            RoomShort next = nextJobsRoom(p, other, waits);
            if (next != null && next.bytes() > room) {
                waits.put(other, new RoomShort(next.app(), next.bytes(), room, filledBy));
            }
        }
        return waits;
    }

    /**
     * The least room a next job of {@code p} for {@code type} needs, as far as this client can tell, with its app:
     * the job the disk filled on for an app a wait names, otherwise the smallest task of the app on this computer
     * still to report. Null when {@code p} has no version for {@code type}, or an app of it has no such task (its
     * jobs' size is not known here: the server is asked).
     */
    private RoomShort nextJobsRoom(Project p, ResourceType type, Map<ResourceType, RoomShort> waits) {
        Set<String> apps = new TreeSet<>();
        for (var v : p.appVersions()) {
            if (v.primaryResource() == type) {
                apps.add(v.appName());
            }
        }
        RoomShort least = null;
        for (String app : apps) {
            double bytes = Double.POSITIVE_INFINITY;
            for (RoomShort w : waits.values()) {
                if (w.app().equals(app)) {
                    bytes = Math.min(bytes, w.bytes());
                }
            }
            if (bytes == Double.POSITIVE_INFINITY) {
                for (Result q : state.resultsOf(p)) {
                    if (!q.readyToReport() && q.appVersion().appName().equals(app)) {
                        bytes = Math.min(bytes, disk.bytesOf(q));
                    }
                }
            }
            if (bytes == Double.POSITIVE_INFINITY) {
                return null;
            }
            if (least == null || bytes < least.bytes()) {
                least = new RoomShort(app, bytes, 0, null);
            }
        }
        return least;
    }

    private void waitForRoom(Project p, ResourceType type, RoomShort w, double now) {
        double wait = ROOM_WAIT;
        p.resourceState(type).waitForRoom(now + wait, w.app(), w.bytes());
        String what = w.filledBy() == null ? "the disk holds no more of its " + type.displayName() + " tasks: the next"
                : "the disk holds no more of its " + type.displayName() + " tasks either, now that "
                + w.filledBy().displayName() + " tasks filled it: the next " + w.app() + " task";
        events.emit(EventKind.RESOURCE_BACKED_OFF, p, null, type, EventReason.WAITING_FOR_ROOM,
                () -> what + " would need " + Units.size(w.bytes()) + " and " + Units.size(Math.max(0, w.room()))
                        + " is left; asked again when there is room, or in " + Units.duration(wait));
    }

    /**
     * Whether a reply's disk shortfall concerns {@code type}: it names the app of the smallest job that did not fit,
     * so that app's resources; every resource asked for when it names no app of the project (a blank name from a
     * server), rather than none.
     */
    private static boolean forDisk(Project p, DiskShortfall shortfall, ResourceType type) {
        if (shortfall == null) {
            return false;
        }
        boolean named = p.appVersions().stream().anyMatch(v -> v.appName().equals(shortfall.appName()));
        return !named || p.appVersions().stream().anyMatch(v -> v.appName().equals(shortfall.appName())
                && v.primaryResource() == type);
    }

    /**
     * Seed 003: a resource that brought work is no longer backed off and accrues debt again; one asked for that
     * brought nothing is backed off (unless it already was when asked, or it is {@code waiting} for room on disk
     * that another resource's jobs filled, decision 0042). A reply with no job at all stops the debt of every
     * resource asked for. Jobs this computer refused for disk space count as none for the backoff (decision 0018):
     * asking again at once would bring jobs it cannot store; but the server did send them: they set D(P, R), as
     * stored jobs do, and the debt goes on. Not a job larger than all the space the projects may use: it never fits,
     * and the debt would only grow (review).
     */
    private void backOffWhatBroughtNothing(Project p, SchedulerRequest request, SchedulerReply reply,
                                           Map<ResourceType, Integer> received, Set<ResourceType> refused,
                                           Set<ResourceType> tooLarge,
                                           Set<ResourceType> waiting, double now) {
        for (ResourceType type : received.keySet()) {
            p.resourceState(type).setAccumulatesDebt(true);
            p.resourceState(type).clearBackoff();
        }
        Set<ResourceType> mightFit = EnumSet.copyOf(refused);
        mightFit.removeAll(tooLarge);
        for (ResourceType type : mightFit) {
            p.resourceState(type).setAccumulatesDebt(true);
        }
        // A server whose disk check found no room for its tasks has work for their resource: D(P, R) is set, as
        // by a job (second review: a project never yet sent a job kept D clear, "Supplies jobs: No").
        if (reply.diskShortfall() != null) {
            for (ResourceType type : request.work().perResource().keySet()) {
                if (forDisk(p, reply.diskShortfall(), type)) {
                    p.resourceState(type).setAccumulatesDebt(true);
                }
            }
        }
        for (ResourceType type : request.work().perResource().keySet()) {
            var rs = p.resourceState(type);
            // A server whose check found no room for its tasks had work: it is likely to send jobs once the room is
            // there, as D(P, R) means (QA: "Supplies jobs: No" beside "its server had work").
            if (received.isEmpty() && mightFit.isEmpty() && !forDisk(p, reply.diskShortfall(), type)) {
                rs.setAccumulatesDebt(false);
            }
            if (!received.containsKey(type) && !rs.isBackedOff(request.time()) && !waiting.contains(type)) {
                double interval = ResourceBackoff.nextInterval(rs.backoffInterval());
                boolean forDisk = refused.contains(type) || forDisk(p, reply.diskShortfall(), type);
                // The server's check needed more room than was offered: asking before that room is there brings the
                // same answer (review: refused four times in 40 minutes, offered 12 MB for a 200 MB job each time).
                // The room's coming ends the backoff (decision 0037); the longest backoff is the limit.
                // Only where the room the request offered falls short of the job by this computer's own count,
                // which is what ends the backoff (DiskManager.roomCame); a server that counts disk otherwise keeps
                // seed 003's doubling (review: else 24 h with nothing to end them).
                boolean untilRoom = !refused.contains(type) && forDisk && reply.diskShortfall().neededBytes()
                        > request.disk().freeIfOffendersTrimmed();
                double wait = untilRoom ? ResourceBackoff.MAX_INTERVAL : ResourceBackoff.wait(interval, random);
                rs.backOff(now + wait, interval, forDisk);
                String why = refused.contains(type) ? "its " + type.displayName() + " tasks were refused: no room "
                        + "on disk for them" : "no " + type.displayName() + " task" + (forDisk
                        ? ": the server's tasks need more disk space than this computer offered" : "");
                events.emit(EventKind.RESOURCE_BACKED_OFF, p, null, type, EventReason.RESOURCE_BACKOFF,
                        () -> why + "; no request for it " + (untilRoom ? "until that room is there, or for "
                                : "for ") + Units.duration(wait) + " (a contact to report finished tasks may still ask)");
            }
        }
    }

    /**
     * Every scheduler URL failed, or the project said it is down (then its request_delay also holds, and the later
     * of the two times wins): random exponential backoff, and the master file every MASTER_FETCH_PERIOD failures.
     * Reported results stay queued: only a reply that acknowledges them removes them.
     */
    private void failure(Project p, String why, int attempts, double requestDelay, double now) {
        var contact = p.contact();
        contact.recordFailure(now);
        RpcBackoff.Change change = RpcBackoff.afterFailedSession(contact, now, random);
        change.applyTo(contact);
        if (requestDelay > 0) {
            contact.defer(now + requestDelay, RpcDeferral.REQUEST_DELAY);
        }
        double wait = p.minRpcTime() - now;
        events.emit(EventKind.RPC_FAILED, p, null, null, EventReason.RPC_BACKOFF,
                () -> why + (attempts > 1 ? " (" + attempts + " scheduler URLs)" : "") + "; failure "
                        + change.failures() + ", retry in " + Units.duration(wait)
                        + (change.masterFetchPending() ? "; the master file will be read again" : ""));
    }

    /** A master-file read ended: new scheduler URLs reset the failures; a failure backs off (a day after three). */
    private void master(Project p, MasterOutcome m, double now) {
        var contact = p.contact();
        List<String> urls = m.succeeded() ? MasterPage.schedulerUrls(m.page()) : List.of();
        if (urls.isEmpty()) {
            RpcBackoff.Change change = RpcBackoff.afterFailedMasterFetch(contact, now, random);
            change.applyTo(contact);
            String why = m.succeeded() ? "the master file lists no scheduler" : m.failure();
            events.emit(EventKind.RPC_FAILED, p, null, null, EventReason.MASTER_FETCH_FAILED,
                    () -> why + "; master read failure " + change.masterFetchFailures() + ", retry in "
                            + Units.duration(change.until() - now));
            return;
        }
        List<String> before = contact.schedulerUrls();
        boolean added = urls.stream().anyMatch(u -> !before.contains(u));
        contact.setSchedulerUrls(urls);
        contact.setMasterFetchPending(false);
        contact.setMasterFetchFailures(0);
        if (added) {
            contact.setRpcFailures(0);
            contact.clearDeferral();
        }
        events.emit(EventKind.MASTER_FETCH, p, null, null, EventReason.MASTER_FETCHED,
                () -> urls.size() + (urls.size() == 1 ? " scheduler" : " schedulers")
                        + (added ? ", new: failures reset" : ", none new"));
    }

    private static String describe(Map<ResourceType, Integer> received) {
        StringBuilder sb = new StringBuilder();
        received.forEach((type, n) -> sb.append(sb.length() == 0 ? "" : ", ").append(n).append(' ')
                .append(type.displayName()).append(n == 1 ? " task" : " tasks"));
        return sb.toString();
    }

    private static String describe(WorkRequest work, int reported) {
        StringBuilder sb = new StringBuilder();
        work.perResource().forEach((type, r) -> {
            sb.append(sb.length() == 0 ? "" : "; ").append(type.displayName()).append(": ")
                    .append(Units.duration(r.seconds()));
            if (r.instances() > 0) {
                sb.append(" for ").append(Units.number(r.instances()))
                        .append(r.instances() == 1 ? " instance" : " instances");
            }
        });
        if (sb.length() == 0) {
            sb.append("no work requested");
        }
        return sb.append("; reporting ").append(reported).toString();
    }
}

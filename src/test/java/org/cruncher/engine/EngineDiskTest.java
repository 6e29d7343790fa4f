package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.RoomWait;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.EventReason;
import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ProjectResourceState;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.model.ServerDiskShortfall;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.policy.disk.DiskLimits;
import org.cruncher.engine.policy.workfetch.ResourceBackoff;
import org.cruncher.engine.policy.workfetch.RoundRobinFetch;
import org.cruncher.engine.rpc.DiskShortfall;
import org.cruncher.engine.rpc.JobFile;
import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.SchedulerTransport;
import org.cruncher.testing.StateBuilder;

/**
 * Seed 004 in the engine: a job's files through their life, the total limit lowered below usage, jobs that cannot
 * fit, and the figures and flags that travel with requests and replies. The disk is 100 GiB with 90 GiB free;
 * "use no more than N GB" sets the limit.
 */
class EngineDiskTest {

    private static final double G = DiskLimits.GB;
    private static final double T0 = 100_000;

    private final EngineTest.RecordingControl control = new EngineTest.RecordingControl();
    private final Server server = new Server();
    private final List<EngineEvent> events = new ArrayList<>();

    /**
     * Acknowledges every report (unless told not to); gives each request to A the next scripted reply (none left: no
     * job).
     */
    private static final class Server implements SchedulerTransport {
        final List<SchedulerRequest> requests = new ArrayList<>();
        final List<Function<SchedulerRequest, SchedulerReply>> forA = new ArrayList<>();
        boolean acknowledges = true;

        @Override
        public void send(SchedulerRequest request, Consumer<RpcOutcome> done) {
            requests.add(request);
            List<String> acked = acknowledges ? request.reported().stream().map(r -> r.name()).toList() : List.of();
            SchedulerReply reply = request.projectUrl().equals("http://a/") && !forA.isEmpty()
                    ? forA.remove(0).apply(request) : new SchedulerReply(0, List.of(), List.of(), List.of());
            done.accept(RpcOutcome.success(request, new SchedulerReply(reply.requestDelay(), reply.jobs(), acked,
                    reply.messages(), false, reply.deletionPolicy(), reply.diskShortfall())));
        }

        @Override
        public void fetchMaster(String projectUrl, Consumer<MasterOutcome> done) {
            done.accept(MasterOutcome.failed(projectUrl, "no master file here"));
        }

        SchedulerRequest lastTo(String url) {
            for (int i = requests.size() - 1; i >= 0; i--) {
                if (requests.get(i).projectUrl().equals(url)) {
                    return requests.get(i);
                }
            }
            throw new AssertionError("no request to " + url);
        }
    }

    private static StateBuilder host(double limitGb) {
        return StateBuilder.cpus(1).disk(100 * G, 90 * G).prefs(Prefs.DEFAULTS.withDisk(limitGb, 90, 0.1));
    }

    private Engine engine(StateBuilder b) {
        return new Engine(b.state(), control, server, new RoundRobinFetch(), new SplittableRandom(7), events::add);
    }

    /** A one-hour job of A's CPU app, due in 10 days, with these files. */
    private static NewJob job(String name, List<JobFile> inputs, List<JobFile> outputs) {
        return new NewJob(name, Workunit.of(name + "_wu", "A_cpu", 3600e9), "A_cpu", 1, "", T0 + 864000, inputs,
                outputs);
    }

    private static SchedulerReply jobs(NewJob... jobs) {
        return new SchedulerReply(0, List.of(jobs), List.of(), List.of());
    }

    private List<String> files(StateBuilder b, String project) {
        return b.state().files().filesOf(b.project(project).url()).stream().map(FileInfo::name).toList();
    }

    private long events(EventKind kind) {
        return events.stream().filter(e -> e.kind() == kind).count();
    }

    @Test
    void aJobsFilesArriveWithItAndGoWhenNoLongerNeededButTheStickyOneStays() {
        // Input 1 GiB, a sticky app file 2 GiB, output 0.5 GiB (reserved until written): 3.5 GiB for A.
        StateBuilder b = host(10).project("A", 100);
        server.forA.add(r -> jobs(job("r1", List.of(JobFile.of("wu1_in", G), new JobFile("app_data", 2 * G, 3, 30,
                true)), List.of(JobFile.of("r1_out", 0.5 * G)))));
        Engine e = engine(b);
        e.poll(T0);

        // The first request offered the whole 10 GiB to the only project.
        assertEquals(10 * G, server.requests.get(0).disk().free(), 0);
        assertEquals(List.of("wu1_in", "app_data", "r1_out"), files(b, "A"));
        assertEquals((long) (3.5 * G), b.state().files().usage("http://a/"));
        FileInfo out = b.state().files().get("http://a/", "r1_out").orElseThrow();
        assertFalse(out.present(), "an output is reserved, not written, while its job runs");
        FileInfo sticky = b.state().files().get("http://a/", "app_data").orElseThrow();
        assertEquals(3, sticky.priority());
        assertEquals(T0 + 30 * 86400, sticky.expiry(), 1e-6);
        Result r1 = b.state().result(b.project("A"), "r1").orElseThrow();
        ActiveTask t = b.state().activeTask(r1).orElseThrow();

        // It runs to its end: the output is written, uploaded (at once here) and deleted; the result is reported
        // with the next request and acknowledged, and its input goes. The sticky file stays, and the next request
        // says so.
        t.setProgress(3600, 3600, 3600e9, 1);
        t.markExited(0);
        e.poll(T0 + 3600);
        assertTrue(b.state().result(b.project("A"), "r1").isEmpty(), "reported and acknowledged");
        assertEquals(List.of("app_data"), files(b, "A"));
        assertEquals((long) (2 * G), b.state().files().usage("http://a/"));
        assertEquals(List.of("app_data"), server.lastTo("http://a/").stickyFiles());
        assertTrue(e.diskDeletions().isEmpty(), "clean-up of files no job needs is not a deletion for space");
    }

    @Test
    void whileSuspendedForDiskATaskPreemptedBeforeIsCountedPreemptedNotHeld() {
        // One CPU: A's task a1 runs, a2 (same deadline, later name) was started and preempted. The limit falls to
        // 4 GB with 5 GiB of input held: computing suspends. Only a1 was running: it is held (and counted where
        // running tasks are, "when it resumes, it runs 1 task"); a2 stays counted as preempted.
        StateBuilder b = host(10).project("A", 100);
        Result a1 = b.job("A", "A_cpu", 36000, T0 + 1e7);
        Result a2 = b.job("A", "A_cpu", 36000, T0 + 1e7);
        b.activate(a1, SchedulerState.SCHEDULED);
        b.activate(a2, SchedulerState.PREEMPTED).setProgress(600, 600, 600e9, 600.0 / 36000);
        b.input(a1, "a_in", 5 * G);
        Engine e = engine(b);
        e.poll(T0);
        assertTrue(b.state().activeTask(a1).orElseThrow().isScheduled());
        assertFalse(b.state().activeTask(a2).orElseThrow().isScheduled());

        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withDisk(4, 90, 0.1)));
        e.poll(T0 + 10);
        assertTrue(e.diskSuspended());
        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);
        assertEquals(1, s.counts().running(), "held: a1 only");
        assertEquals(1, s.counts().preempted(), "a2");
        ProjectView pa = s.projects().get(0);
        assertEquals(1, pa.running());
        assertEquals(1, pa.waiting());
    }

    @Test
    void lowerTheLimitTheNextPollTrimsSuspendsWhenItCannotAndResumesWhenThereIsRoom() {
        // A (75) runs a task whose input takes 5 GiB; B (25) keeps two 2 GiB expendable files: 9 GiB of 10.
        StateBuilder b = host(10).project("A", 75).project("B", 25);
        Result running = b.job("A", "A_cpu", 36000, T0 + 1e7);
        b.activate(running, SchedulerState.SCHEDULED);
        b.input(running, "a_in", 5 * G);
        b.file("B", "b1", 2 * G, 1, 0, 10, 1e12);
        b.file("B", "b2", 2 * G, 1, 0, 20, 1e12);
        Engine e = engine(b);
        e.poll(T0);
        assertFalse(e.diskSuspended());

        // 7 GB: 2 GiB over. B's limit is 1.75 GiB and it offends most: its least recently used file b1 goes.
        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withDisk(7, 90, 0.1)));
        e.poll(T0 + 10);
        assertEquals(List.of("b2"), files(b, "B"));
        assertEquals(1L, e.diskDeletions().get(DeletionReason.OVER_LIMIT_OFFENDER));
        assertEquals(0, e.diskExcess());
        assertFalse(e.diskSuspended());

        // 4 GB: 3 GiB over; b2 goes and 1 GiB is still over, all of it the running task's: computing suspends.
        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withDisk(4, 90, 0.1)));
        e.poll(T0 + 20);
        assertEquals(List.of(), files(b, "B"));
        assertTrue(e.diskSuspended());
        assertEquals(1 * G, e.diskExcess(), 1);
        assertTrue(control.calls.contains("preempt " + running.name()));
        EngineEvent suspended = events.stream().filter(x -> x.kind() == EventKind.DISK_SUSPENDED).findFirst()
                .orElseThrow();
        assertTrue(suspended.detail().contains("\"Use no more than 4 GB\""), suspended.detail());
        assertTrue(suspended.detail().contains("Raise the limit in Preferences"), suspended.detail());
        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);
        TaskView task = s.tasks().get(0);
        assertEquals(TaskStatus.SUSPENDED_FOR_DISK, task.status());
        assertEquals(TaskReason.SUSPENDED_FOR_DISK, task.verdict().reason());
        // No finish is forecast while computing waits for room (the forecast had it ending as if it ran).
        assertTrue(Double.isNaN(task.expectedEnd()), "expected end " + task.expectedEnd());
        assertFalse(s.computing());
        assertTrue(s.disk().suspended());
        assertTrue(e.lastFetchDecision().projects().stream()
                .allMatch(p -> p.block() == FetchBlock.NO_DISK_ROOM));

        // Back to 10 GB: computing resumes at once and the task runs again.
        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withDisk(10, 90, 0.1)));
        e.poll(T0 + 30);
        assertFalse(e.diskSuspended());
        assertEquals(1, events(EventKind.DISK_RESUMED));
        assertEquals("resume " + running.name(), control.calls.get(control.calls.size() - 1));
        assertTrue(b.state().activeTask(running).orElseThrow().isScheduled());
    }

    /**
     * A reply whose server had work too large for the disk names the app of its smallest job: only that app's
     * resource is said to be backed off for disk. Asked for CPU and GPU work, A's server had a CPU job that did not
     * fit; the GPU row said its GPU tasks needed more disk space too.
     */
    @Test
    void aDiskShortfallBacksOffForDiskOnlyTheResourceOfItsApp() {
        StateBuilder b = askedForCpuAndGpuWork("A_cpu");

        var asked = server.lastTo("http://a/").work().perResource().keySet();
        assertTrue(asked.contains(ResourceType.CPU) && asked.contains(ResourceType.NVIDIA), asked.toString());
        assertTrue(b.project("A").resourceState(ResourceType.CPU).backedOffForDisk());
        assertTrue(b.project("A").resourceState(ResourceType.NVIDIA).isBackedOff(T0));
        assertFalse(b.project("A").resourceState(ResourceType.NVIDIA).backedOffForDisk());
    }

    /**
     * One CPU and one NVIDIA GPU under a 1 GB limit; A, with a CPU and a GPU app and no job, is asked for work for
     * both at the first poll, and its server replies with no job and a disk shortfall naming {@code app}.
     */
    private StateBuilder askedForCpuAndGpuWork(String app) {
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).disk(100 * G, 90 * G)
                .prefs(Prefs.DEFAULTS.withDisk(1, 90, 0.1)).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.2, 2e9);
        server.forA.add(r -> new SchedulerReply(0, List.of(), List.of(), List.of(), false, null,
                new DiskShortfall(app, 2 * G, G)));
        engine(b).poll(T0);
        return b;
    }

    /**
     * Limit 1 GiB, 2 CPUs, A and B at 100 each; A's task runs with a 0.4 GiB input (0.6 GiB free), and A's server
     * sends a 0.5 GiB job when asked.
     */
    private StateBuilder twoCpusWithARunningTaskOf0_4GiB() {
        StateBuilder b = StateBuilder.cpus(2).disk(100 * G, 90 * G).prefs(Prefs.DEFAULTS.withDisk(1, 90, 0.1))
                .project("A", 100).project("B", 100);
        Result running = b.job("A", "A_cpu", 36000, T0 + 864000);
        b.input(running, "run_in", 0.4 * G);
        b.activate(running, SchedulerState.SCHEDULED);
        server.forA.add(r -> jobs(job("half", List.of(JobFile.of("half_in", 0.5 * G)), List.of())));
        return b;
    }

    /**
     * Two waits that end on the same room: the project asked first takes it, and the other waits again rather than
     * being asked at once for jobs there is no room for (review: refused once per job all day). Limit 1 GiB, 2 CPUs,
     * A and B at 100 each; A's running task holds 0.4 GiB, so 0.6 GiB is free, and both wait for 0.5 GiB. A, with
     * the larger long-term debt, is asked first and gets a 0.5 GiB job: 0.1 GiB is left, and B waits again.
     */
    @Test
    void aWaitWhoseRoomAnotherTookFirstWaitsAgain() {
        StateBuilder b = twoCpusWithARunningTaskOf0_4GiB();
        for (String name : List.of("A", "B")) {
            ProjectResourceState cpu = b.project(name).resourceState(ResourceType.CPU);
            cpu.setAccumulatesDebt(true);
            cpu.waitForRoom(T0 + 86400, name + "_cpu", 0.5 * G);
        }
        b.project("A").resourceState(ResourceType.CPU).setLongTermDebt(86400);
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(List.of("http://a/"), server.requests.stream().map(SchedulerRequest::projectUrl).toList());
        assertTrue(b.project("B").resourceState(ResourceType.CPU).waitsForRoom());
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.RESOURCE_BACKED_OFF
                && "B".equals(x.project()) && x.detail().startsWith("the room went to A's tasks first")),
                events.toString());
    }

    /**
     * The room may go in a later poll than the one the wait ended in (second review): the host of the test above,
     * with B's contact deferred until T0 + 600 and A's CPU backed off (no job last time) until T0 + 60. B's wait ends
     * at T0; A is asked at T0 + 60 and takes the room; B waits again then, and is not asked at T0 + 600 to be
     * refused.
     */
    @Test
    void aWaitWhoseRoomAnotherTookInALaterPollWaitsAgain() {
        StateBuilder b = twoCpusWithARunningTaskOf0_4GiB();
        b.project("A").resourceState(ResourceType.CPU).backOff(T0 + 60, ResourceBackoff.nextInterval(0));
        b.project("B").resourceState(ResourceType.CPU).waitForRoom(T0 + 86400, "B_cpu", 0.5 * G);
        b.project("B").contact().defer(T0 + 600, RpcDeferral.REQUEST_DELAY);
        Engine e = engine(b);

        e.poll(T0);
        assertFalse(b.project("B").resourceState(ResourceType.CPU).isBackedOff(T0), "B's wait ended");
        e.poll(T0 + 60);
        e.poll(T0 + 600);

        assertEquals(List.of("http://a/"), server.requests.stream().map(SchedulerRequest::projectUrl).distinct()
                .toList());
        assertTrue(b.project("B").resourceState(ResourceType.CPU).waitsForRoom());
    }

    /**
     * A server that counts disk otherwise (it needed 0.5 GB and had 0.3 GB, while the request offered about 5 GB)
     * keeps seed 003's doubling backoff, 300 to 600 s at first: the room this computer counts is there already, so
     * its coming could never end a backoff until the room (review: 24 h and one request in 3 hours).
     */
    @Test
    void aServerThatCountsDiskOtherwiseKeepsTheDoublingBackoff() {
        StateBuilder b = host(5).project("A", 100);
        server.forA.add(r -> new SchedulerReply(0, List.of(), List.of(), List.of(), false, null,
                new DiskShortfall("A_cpu", 0.5 * G, 0.3 * G)));
        Engine e = engine(b);

        e.poll(T0);

        var cpu = b.project("A").resourceState(ResourceType.CPU);
        assertTrue(server.lastTo("http://a/").disk().freeIfOffendersTrimmed() > 4 * G);
        assertTrue(cpu.backoffUntil() <= T0 + 600 && cpu.backoffUntil() >= T0 + 300, "until " + (cpu.backoffUntil()
                - T0));
    }

    /**
     * A job for another resource does not wipe the figure that ends a resource's backoff until room (review): 1 GB
     * limit, A's CPU job needs 2 GB, so the CPU waits for that room; GPU jobs then arrive. When the user allows 5 GB
     * the room is there, and the CPU is asked again at the next poll rather than after 24 h.
     */
    @Test
    void aJobForAnotherResourceLeavesTheWaitForRoomItsEnd() {
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).disk(100 * G, 90 * G)
                .prefs(Prefs.DEFAULTS.withDisk(1, 90, 0.1)).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.2, 2e9);
        server.forA.add(r -> new SchedulerReply(0, List.of(), List.of(), List.of(), false, null,
                new DiskShortfall("A_cpu", 2 * G, G)));
        for (int i = 0; i < 20; i++) {
            String name = "g" + i;
            server.forA.add(r -> new SchedulerReply(0, List.of(new NewJob(name, Workunit.of(name + "_wu", "A_gpu",
                    3600e9), "A_gpu", 1, "", T0 + 864000, List.of(), List.of())), List.of(), List.of()));
        }
        Engine e = engine(b);
        for (int minute = 0; minute < 30; minute++) {
            e.poll(T0 + 60 * minute);
        }
        var cpu = b.project("A").resourceState(ResourceType.CPU);
        assertTrue(cpu.isBackedOff(T0 + 1800), "the CPU waits for room");
        assertTrue(cpu.backoffUntil() > T0 + 86000, "until the room is there, or 24 h");
        long cpuAsked = server.requests.stream().filter(r -> r.work().perResource().containsKey(ResourceType.CPU))
                .count();

        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withDisk(5, 90, 0.1)));
        e.poll(T0 + 1800);
        e.poll(T0 + 1860);

        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.RESOURCE_BACKOFF_ENDED
                && x.resource() == ResourceType.CPU && x.time() >= T0 + 1800), "the room ended the CPU's wait");
        assertTrue(server.requests.stream().filter(r -> r.work().perResource().containsKey(ResourceType.CPU))
                .count() > cpuAsked, "the CPU is asked again");
    }

    /**
     * A resource backed off because its server's tasks needed more disk space than offered is asked again as soon
     * as the room is there (decision 0037), not at the end of its doubling backoff, during which another project's
     * smaller tasks took the space as it came free. Under a 1 GB limit A's server needed 2 GiB for its smallest job
     * and found 1 GiB; a minute later nothing has changed and A waits; once the user allows 5 GB, 5 GiB are free
     * (nothing is stored yet), at least the 2 GiB: A is asked again in that poll.
     */
    @Test
    void aResourceBackedOffForDiskIsAskedAgainOnceTheRoomIsThere() {
        StateBuilder b = host(1).project("A", 100);
        server.forA.add(r -> new SchedulerReply(0, List.of(), List.of(), List.of(), false, null,
                new DiskShortfall("A_cpu", 2 * G, G)));
        Engine e = engine(b);
        var cpu = b.project("A").resourceState(ResourceType.CPU);
        assertFalse(cpu.accumulatesDebt(), "A has never sent a job");
        e.poll(T0);
        assertTrue(cpu.backedOffForDisk() && cpu.isBackedOff(T0 + 60), "backed off for disk");
        // Its server had work: D(A, CPU) is set, as by a job (QA and review: "Supplies jobs: No" beside "its server
        // had work").
        assertTrue(cpu.accumulatesDebt());
        // Until the room is there, or for the longest backoff, 24 h: not at the end of a doubling backoff of 5 to 10
        // minutes, which brought the same refusal again and again while the room had not come (review).
        assertEquals(T0 + ResourceBackoff.MAX_INTERVAL, cpu.backoffUntil(), 1e-6);
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.RESOURCE_BACKED_OFF && x.detail().contains(
                "no request for it until that room is there, or for 24 h 00 min")), events.toString());
        long asked = server.requests.stream().filter(r -> r.projectUrl().equals("http://a/")).count();

        e.poll(T0 + 60);
        assertTrue(cpu.isBackedOff(T0 + 60), "1 GiB is still all there is");
        assertEquals(0, events(EventKind.RESOURCE_BACKOFF_ENDED));

        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withDisk(5, 90, 0.1)));
        e.poll(T0 + 120);
        EngineEvent ended = events.stream().filter(x -> x.kind() == EventKind.RESOURCE_BACKOFF_ENDED).findFirst()
                .orElseThrow();
        assertEquals("A", ended.project());
        assertEquals(ResourceType.CPU, ended.resource());
        // Shown after the reason's "room on disk for its server's tasks", which it does not repeat.
        assertEquals("its A_cpu tasks need 2 GB: it may be asked again",
                ended.detail());
        assertEquals(asked + 1, server.requests.stream().filter(r -> r.projectUrl().equals("http://a/")).count());
        // That reply had no job and said nothing of disk: an ordinary backoff, which no room ends; its interval
        // doubled on from the one before (the wait ended, the interval stayed: only a job resets it).
        assertFalse(cpu.backedOffForDisk());
        assertTrue(cpu.backoffInterval() > ResourceBackoff.nextInterval(0), "interval " + cpu.backoffInterval());
    }

    /**
     * The room that ends a refusal's backoff counts the files the next request's reported tasks free, as the request
     * offers them (decision 0041). Limit 1 GiB; A's running task holds a 0.6 GiB input: 0.4 GiB offered, its server
     * needs 0.5 GiB and refuses. The task ends: with it reported, 0.4 + 0.6 = 1 GiB could be offered, more than the
     * 0.4 refused and at least the 0.5 needed: asked again at once, two minutes on (the shortest backoff is 5). It
     * waited out the backoff with a CPU idle (QA).
     */
    @Test
    void aRefusalsBackoffEndsOnTheRoomTheReportWouldMake() {
        StateBuilder b = host(1).project("A", 100);
        Result running = b.job("A", "A_cpu", 2700, T0 + 864000);
        b.input(running, "run_in", 0.6 * G);
        b.activate(running, SchedulerState.SCHEDULED);
        server.forA.add(r -> new SchedulerReply(0, List.of(), List.of(), List.of(), false, null,
                new DiskShortfall("A_cpu", 0.5 * G, r.disk().freeIfOffendersTrimmed())));
        Engine e = engine(b);
        e.poll(T0);
        assertEquals(0.4 * G, server.lastTo("http://a/").disk().freeIfOffendersTrimmed(), 1);
        assertTrue(b.project("A").resourceState(ResourceType.CPU).backedOffForDisk());

        ActiveTask t = b.state().activeTask(running).orElseThrow();
        t.setProgress(2700, 2700, 2700e9, 1);
        t.markExited(0);
        e.poll(T0 + 120);

        assertEquals(2, server.requests.size(), "asked again when the task ended");
        assertEquals(1, server.lastTo("http://a/").reported().size());
    }

    /**
     * A server whose shortfall needs no more than the request offered (it counts disk otherwise, or sent no size)
     * does not end the backoff: with the room already there, ending it would ask again at every poll. Nor does
     * the same room as at the refusal: only room that came since.
     */
    @Test
    void aShortfallTheRoomAlreadyHeldDoesNotMakeARequestAtEveryPoll() {
        StateBuilder b = host(1).project("A", 100);
        for (int i = 0; i < 5; i++) {
            server.forA.add(r -> new SchedulerReply(0, List.of(), List.of(), List.of(), false, null,
                    new DiskShortfall("A_cpu", 0, G)));
        }
        Engine e = engine(b);
        for (int minute = 0; minute < 5; minute++) {
            e.poll(T0 + 60 * minute);
        }
        assertEquals(1, server.requests.stream().filter(r -> r.projectUrl().equals("http://a/")).count());
        assertEquals(0, events(EventKind.RESOURCE_BACKOFF_ENDED));
    }

    /** A shortfall naming no app of the project (a blank name from a server) concerns every resource asked for. */
    @Test
    void aDiskShortfallNamingNoAppBacksOffForDiskEveryResourceAskedFor() {
        StateBuilder b = askedForCpuAndGpuWork("");

        assertTrue(b.project("A").resourceState(ResourceType.CPU).backedOffForDisk());
        assertTrue(b.project("A").resourceState(ResourceType.NVIDIA).backedOffForDisk());
    }

    /**
     * A reply that fills the project's room on disk with less work than was asked makes the resource wait for room,
     * not ask again at once for a refusal; and it waits for a batch's room (decision 0040). Limit 1 GB, one CPU: A
     * asks for the low-water mark's 2.4 hours and gets three 45-minute jobs of 0.3 GiB each (2.25 hours): 0.1 GiB
     * is left, less than such a job needs. A's CPU waits (for disk, no interval since work came, at most ROOM_WAIT), and the next poll sends
     * nothing. It is asked again when the room its next contact would have (counting finished tasks' files) reaches
     * 5/6 of what A held and had free, 5/6 x 1 GiB = 0.83 GiB, or when no A task is left to start: after the first
     * job ends 0.4 GiB, and one job still waits; after the second, 0.7 GiB, but the last has started: asked then.
     */
    @Test
    void aReplyThatFillsTheDiskWaitsForABatchsRoom() {
        StateBuilder b = host(1).project("A", 100);
        server.forA.add(r -> jobs(shortJob("r1"), shortJob("r2"), shortJob("r3")));
        Engine e = engine(b);
        e.poll(T0);

        ProjectResourceState cpu = b.project("A").resourceState(ResourceType.CPU);
        assertTrue(cpu.backedOffForDisk());
        assertEquals(0, cpu.backoffInterval());
        assertEquals(T0 + SchedulerSessions.ROOM_WAIT, cpu.backoffUntil());
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.RESOURCE_BACKED_OFF
                && x.detail().startsWith("the disk holds no more of its CPU tasks: the next would need 307 MB and "
                + "102 MB is left; asked again when there is room, or in ")), events.toString());
        e.poll(T0 + 60);
        assertEquals(1, server.requests.size(), "no request for a refusal");
        // The Disk pane says what it waits for: 5/6 of the 1 GiB it may hold (0.9 used + 0.1 free), 0.1 GiB now (to
        // within the bytes the files' sizes were rounded to).
        RoomWait wait = e.snapshot(List.of(), 0, null, null).disk().projects().get(0).roomWaits().get(0);
        assertEquals(ResourceType.CPU, wait.type());
        assertEquals("A_cpu", wait.appName());
        assertEquals(0.3 * G, wait.neededBytes(), 100);
        assertEquals(G * 5 / 6, wait.roomWanted(), 100);
        assertTrue(wait.forBatch(), "two of A's tasks wait to start on one CPU");
        assertEquals(0.1 * G, wait.roomNow(), 100);
        assertEquals(T0 + SchedulerSessions.ROOM_WAIT, wait.until());

        // Set to "no new tasks", it is not asked whatever the room: the pane says no wait (QA).
        e.submit(new EngineCommand.SetNoNewTasks("http://a/", true));
        e.poll(T0 + 120);
        assertEquals(List.of(), e.snapshot(List.of(), 0, null, null).disk().projects().get(0).roomWaits());
        e.submit(new EngineCommand.SetNoNewTasks("http://a/", false));
        e.poll(T0 + 180);

        finish(b, e, "r1", T0 + 2700);
        assertEquals(1, server.requests.size(), "0.4 GiB, and r3 still to start");
        finish(b, e, "r2", T0 + 5400);
        e.poll(e.nextWakeTime());
        assertEquals(2, server.requests.size(), "r3 started: asked again at the next poll");
        SchedulerRequest again = server.lastTo("http://a/");
        assertEquals(2, again.reported().size());
        // The request offers the room the wait ended on (decision 0041): r1's and r2's inputs go with the ack, so
        // 1 GiB - r3's 0.3 GiB = 0.7 GiB, not the 0.1 GiB free before the ack, which the server refused.
        assertEquals(0.7 * G, again.disk().free(), 1);
        assertEquals(0.7 * G, again.disk().freeIfOffendersTrimmed(), 1);
        assertEquals(0.7 * G, again.disk().freeIfSelfTrimmed(), 1);
    }

    /**
     * A wait for room is the resource's own: another resource's reply does not end it, nor hold it to its own wait
     * (review). One CPU and one GPU, limit 1 GB; A's GPU has two 0.3 GiB tasks (one runs, one waits) and waits for a
     * batch's room, 5/6 x 1 GiB, with 0.4 GiB free; its CPU waits for a 0.1 GiB task's room, with no CPU task left
     * to start, after a GPU reply cleared the project's record of what its server said. The CPU is asked again
     * (0.4 GiB holds its task and it has none to start); the GPU still waits (0.4 GiB is no batch). It was keyed on
     * the project's record: cleared, the CPU waited out its 24 hours.
     */
    @Test
    void aWaitForRoomIsTheResourcesOwn() {
        StateBuilder b = host(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.2, 2e9);
        b.input(b.job("A", "A_gpu", 3600, T0 + 864000), "g1_in", 0.3 * G);
        b.input(b.job("A", "A_gpu", 3600, T0 + 864000), "g2_in", 0.3 * G);
        Project a = b.project("A");
        a.resourceState(ResourceType.NVIDIA).waitForRoom(T0 + 86400, "A_gpu", 0.3 * G);
        a.resourceState(ResourceType.CPU).waitForRoom(T0 + 86400, "A_cpu", 0.1 * G);
        a.setDiskShortfall(null);
        Engine e = engine(b);

        e.poll(T0);

        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.RESOURCE_BACKOFF_ENDED
                && x.resource() == ResourceType.CPU && x.detail().equals("room for more of its A_cpu tasks is "
                + "there: it may be asked again")), events.toString());
        assertTrue(events.stream().noneMatch(x -> x.kind() == EventKind.RESOURCE_BACKOFF_ENDED
                && x.resource() == ResourceType.NVIDIA), events.toString());
        assertTrue(a.resourceState(ResourceType.NVIDIA).waitsForRoom());
    }

    /**
     * The jobs of one resource that fill the disk leave no room for the next job of another resource that runs the
     * same app, so that resource waits for room too, rather than take seed 003's backoff for a server with no work
     * and then a refusal for disk at each contact (decision 0042; QA's host ran one app on its CPUs and GPU and had
     * 42 refusals in 10 days). One CPU and one GPU, both running A_cpu; limit 1 GB. Both are idle and asked; the
     * server sends three 0.3 GiB CPU jobs (0.1 GiB left, less than another 0.3 GiB job) and no GPU job. The GPU waits
     * for an A_cpu task's room. Its wait ends when one job's room is there, as it has no task to start: after r1 ends,
     * 1 GiB - r2's and r3's 0.6 GiB = 0.4 GiB could be offered, and it alone is asked (the CPU still waits for a
     * batch's room, 5/6 GiB, as r3 is still to start).
     */
    @Test
    void aResourceOfTheSameAppWaitsForRoomBesideTheOneThatFilledIt() {
        StateBuilder b = host(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100);
        b.project("A").addAppVersion(AppVersion.gpu("A_cpu", ResourceType.NVIDIA, 1, 0.2, 2e9));
        server.forA.add(r -> jobs(shortJob("r1"), shortJob("r2"), shortJob("r3")));
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(Set.of(ResourceType.CPU, ResourceType.NVIDIA),
                server.lastTo("http://a/").work().perResource().keySet());
        ProjectResourceState gpu = b.project("A").resourceState(ResourceType.NVIDIA);
        assertTrue(gpu.waitsForRoom(), "a wait for room, not a backoff with an interval");
        assertEquals("A_cpu", gpu.roomWaitApp());
        assertEquals(0.3 * G, gpu.roomWaitBytes(), 100);
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.RESOURCE_BACKED_OFF
                && x.resource() == ResourceType.NVIDIA && x.detail().startsWith("the disk holds no more of its "
                + "NVIDIA GPU tasks either, now that CPU tasks filled it: the next A_cpu task would need 307 MB and "
                + "102 MB is left; asked again when there is room")), events.toString());
        assertTrue(events.stream().noneMatch(x -> x.kind() == EventKind.RESOURCE_BACKED_OFF
                && x.reason().equals(EventReason.RESOURCE_BACKOFF.name())), events.toString());

        e.poll(T0 + 600);
        assertEquals(1, server.requests.size(), "no request for a refusal");
        finish(b, e, "r1", T0 + 2700);
        assertEquals(2, server.requests.size());
        assertEquals(Set.of(ResourceType.NVIDIA), server.lastTo("http://a/").work().perResource().keySet());
    }

    /**
     * A resource of another app waits for room beside the one whose jobs filled the disk when a task of its app here
     * says how much room its next job needs (decision 0042). One CPU and one GPU; limit 1 GB; A's GPU runs a 10-hour
     * A_gpu task with a 0.3 GiB input, so only the CPU is asked; two 0.3 GiB CPU jobs leave 0.1 GiB. The GPU is not
     * asked, yet its next A_gpu job (0.3 GiB, as far as this client can tell) would be refused: it waits too.
     */
    @Test
    void aResourceOfAnotherAppWaitsWhenItsTasksHereNeedMoreThanIsLeft() {
        StateBuilder b = host(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.2, 2e9);
        b.input(b.job("A", "A_gpu", 36000, T0 + 864000), "g1_in", 0.3 * G);
        server.forA.add(r -> jobs(shortJob("r1"), shortJob("r2")));
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(Set.of(ResourceType.CPU), server.lastTo("http://a/").work().perResource().keySet());
        ProjectResourceState gpu = b.project("A").resourceState(ResourceType.NVIDIA);
        assertTrue(gpu.waitsForRoom());
        assertEquals("A_gpu", gpu.roomWaitApp());
        assertEquals(0.3 * G, gpu.roomWaitBytes(), 100);
    }

    /**
     * With no task of its app here, a resource's next job's size is not known to this client: the server is asked,
     * and a reply that brings nothing for it backs it off as seed 003 says (decision 0042). The host above, but the
     * GPU idle with no A_gpu task: both are asked, the CPU jobs fill the disk, and the GPU takes an ordinary backoff.
     */
    @Test
    void aResourceWhoseJobsSizeIsNotKnownHereIsNotHeldForRoom() {
        StateBuilder b = host(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.2, 2e9);
        server.forA.add(r -> jobs(shortJob("r1"), shortJob("r2"), shortJob("r3")));
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(Set.of(ResourceType.CPU, ResourceType.NVIDIA),
                server.lastTo("http://a/").work().perResource().keySet());
        ProjectResourceState gpu = b.project("A").resourceState(ResourceType.NVIDIA);
        assertFalse(gpu.waitsForRoom());
        assertTrue(gpu.isBackedOff(T0 + 1));
        assertEquals(ResourceBackoff.nextInterval(0), gpu.backoffInterval());
    }

    /**
     * A file the ack does not delete is not offered as free (decision 0041): a finished task's input that is also its
     * app's file (0.6 GiB) stays. 1 GiB - 0.6 GiB = 0.4 GiB offered; the server sends one 0.3 GiB job and nothing is
     * refused. It was counted free: 1 GiB offered, three jobs sent, two aborted for want of room (review).
     */
    @Test
    void anAppFileOfAReportedTaskIsNotOfferedAsFree() {
        StateBuilder b = host(1).project("A", 100);
        Result done = b.job("A", "A_cpu", 3600, T0 + 864000);
        b.state().files().add(new FileInfo(b.project("A").url(), "A_exe", FileRole.APP, "A_cpu", 0.6 * G,
                FileInfo.P_LOW, 0, FileInfo.expiry(0, Double.NaN), false, true));
        done.setFiles(List.of("A_exe"), List.of());
        done.finish(ResultState.FILES_UPLOADED, 0, T0 - 10, 3600e9, 3600, 3600);
        server.forA.add(r -> r.disk().free() >= 0.9 * G ? jobs(shortJob("n1"), shortJob("n2"), shortJob("n3"))
                : jobs(shortJob("n1")));
        Engine e = engine(b);

        e.poll(T0);

        SchedulerRequest request = server.lastTo("http://a/");
        assertEquals(1, request.reported().size());
        assertEquals(0.4 * G, request.disk().free(), 1);
        assertTrue(b.state().resultsOf(b.project("A")).stream().noneMatch(r -> r.state() == ResultState.ABORTED));
        assertTrue(files(b, "A").contains("A_exe"));
    }

    /**
     * A project over its disk share leaves the room its finished tasks free to a project within its share that was
     * refused for disk (decision 0043; QA: the offender took that room at each of its contacts, and the other did
     * no work in 5 days). Limit 1 GiB, one CPU, A and B at 100 each: 0.5 GiB shares. A holds 0.9 GiB (a queued task's
     * 0.6 GiB input, a finished one's 0.3 GiB): 0.4 GiB over. B holds nothing; its server needed 0.2 GiB and 0.1 was
     * offered. A, short of work (1 hour queued, below the 2.4-hour low water), is not asked for any, but reports at
     * once: the ack frees 0.3 GiB, 0.4 GiB is free, and at the next poll B's backoff ends and B is asked.
     */
    @Test
    void anOffenderLeavesTheRoomItsTasksFreeToAProjectWithinItsShare() {
        StateBuilder b = offenderBesideStarved(host(1), 0.6 * G, 0.3 * G);
        Engine e = engine(b);

        e.poll(T0);

        SchedulerRequest first = server.requests.get(0);
        assertEquals("http://a/", first.projectUrl());
        assertFalse(first.work().asksForWork(), "A yields: no work asked");
        assertEquals(1, first.reported().size());
        assertTrue(e.lastFetchDecision().projects().stream().anyMatch(x -> x.project() == b.project("A")
                && x.block() == FetchBlock.YIELDS_DISK_ROOM), e.lastFetchDecision().toString());
        assertEquals("B", e.snapshot(List.of(), 0, null, null).disk().projects().get(0).yieldsTo());

        e.poll(T0 + 60);

        SchedulerRequest next = server.requests.get(1);
        assertEquals("http://b/", next.projectUrl());
        assertTrue(next.work().asksForWork());
        assertEquals(0.4 * G, next.disk().freeIfOffendersTrimmed(), 1);
    }

    /**
     * The room stays left to the starved project until it is asked, not for one poll only (review): the host of the
     * test above, with B's contact deferred for 10 minutes (its server's request_delay). B's backoff ends at the
     * poll after A reports; B may not be asked until T0 + 600. A, still over its share and short of work, asks for
     * none meanwhile; it took the room at the next poll, and B was refused again once it could ask.
     */
    @Test
    void theRoomIsLeftToTheStarvedProjectUntilItIsAsked() {
        StateBuilder b = offenderBesideStarved(host(1), 0.6 * G, 0.3 * G);
        b.project("B").contact().defer(T0 + 600, RpcDeferral.REQUEST_DELAY);
        Engine e = engine(b);

        for (double t = T0; t < T0 + 600; t += 60) {
            e.poll(t);
        }

        assertTrue(server.requests.stream().filter(r -> r.projectUrl().equals("http://a/"))
                .noneMatch(r -> r.work().asksForWork()), "A asked for none of the room");
        assertTrue(server.requests.stream().noneMatch(r -> r.projectUrl().equals("http://b/")));
        e.poll(T0 + 600);
        SchedulerRequest toB = server.lastTo("http://b/");
        assertTrue(toB.work().asksForWork());
        assertEquals(0.4 * G, toB.disk().freeIfOffendersTrimmed(), 1);
    }

    /**
     * An offender yields only room that comes back, and only while it could hold the waiting project's next job
     * (decision 0043): A's 0.6 GiB is its app's file, which stays; its finished task's 0.3 GiB and the 0.1 GiB free
     * make 0.4 GiB, less than the 0.45 GiB B's server needed (within B's 0.5 GiB share). Yielding would idle A's CPU
     * for nothing: A is asked for work as before.
     */
    @Test
    void anOffenderDoesNotYieldRoomThatCouldNotHoldTheNextJob() {
        StateBuilder b = host(1).project("A", 100).project("B", 100);
        b.state().files().add(new FileInfo(b.project("A").url(), "A_exe", FileRole.APP, "A_cpu", 0.6 * G,
                FileInfo.P_LOW, 0, FileInfo.expiry(0, Double.NaN), false, true));
        Result done = b.job("A", "A_cpu", 3600, T0 + 864000);
        b.input(done, "a_done_in", 0.3 * G);
        done.finish(ResultState.FILES_UPLOADED, 0, T0 - 10, 3600e9, 3600, 3600);
        refusedForDisk(b.project("B"), 0.45 * G);
        Engine e = engine(b);

        e.poll(T0);

        SchedulerRequest first = server.requests.get(0);
        assertEquals("http://a/", first.projectUrl());
        assertTrue(first.work().asksForWork());
        assertEquals("", e.snapshot(List.of(), 0, null, null).disk().projects().get(0).yieldsTo());
    }

    /**
     * Only a project with nothing left to compute is given room (decision 0043): one that still has work is short,
     * not starved, and an offender that yielded to it idled processors for hours in a reviewer's variants. The host
     * of the test above, B with a 10-minute task still to run: A is asked for work as before.
     */
    @Test
    void aProjectWithWorkLeftIsNotGivenRoom() {
        StateBuilder b = offenderBesideStarved(host(1), 0.6 * G, 0.3 * G);
        b.job("B", "B_cpu", 600, T0 + 864000);
        Engine e = engine(b);

        e.poll(T0);

        assertAIsAskedForWorkFirst();
    }

    /**
     * Nor is a project whose server is failing given room (decision 0043): it could not take it, and the room held
     * for it idled the offender's processors (QA: a flaky server). The first test's host, B's last contact failed.
     */
    @Test
    void aProjectWhoseServerFailsIsNotGivenRoom() {
        StateBuilder b = offenderBesideStarved(host(1), 0.6 * G, 0.3 * G);
        b.project("B").contact().setRpcFailures(1);
        Engine e = engine(b);

        e.poll(T0);

        assertAIsAskedForWorkFirst();
    }

    /**
     * An offender with an instance that has nothing to run does not yield (decision 0043): its processors would
     * idle for the room. Two CPUs: A's task runs on one, the other has nothing; A is asked for work.
     */
    @Test
    void anOffenderWithAnIdleProcessorDoesNotYield() {
        StateBuilder b = offenderBesideStarved(StateBuilder.cpus(2).disk(100 * G, 90 * G)
                .prefs(Prefs.DEFAULTS.withDisk(1, 90, 0.1)), 0.6 * G, 0.3 * G);
        Engine e = engine(b);

        e.poll(T0);

        assertAIsAskedForWorkFirst();
    }

    /**
     * An offender is judged on what its report's acknowledgement leaves (decision 0043; review: it reported alone,
     * fell within its share and asked again in the same second). A holds 0.9 GiB against its 0.5 GiB share, 0.6 of
     * it a finished task's: 0.3 GiB once reported, within its share. It is asked for work with the report, in one
     * contact; the ack frees 0.6 GiB, and at the next poll B's backoff ends and B is asked.
     */
    @Test
    void anOffenderThatItsReportBringsWithinItsShareReportsAndAsksInOneContact() {
        StateBuilder b = offenderBesideStarved(host(1), 0.3 * G, 0.6 * G);
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(1, server.requests.size());
        SchedulerRequest first = server.requests.get(0);
        assertEquals("http://a/", first.projectUrl());
        assertTrue(first.work().asksForWork());
        assertEquals(1, first.reported().size());
        e.poll(T0 + 60);
        assertEquals("http://b/", server.requests.get(1).projectUrl());
    }

    /**
     * With the disk nearly full (less than a quarter of the 1 GiB the projects may use free for the request), a
     * request asks only for the resources short of jobs for their instances (decision 0043): the server gave the
     * room to a GPU with work queued, and the CPUs about to run dry got none (QA: 12 % idle). One CPU with nothing
     * to run (1 instance asked); one GPU running A's 1-hour task, below "Store at least" but with a job for its one
     * instance (0 asked); A holds 0.8 GiB, 0.2 GiB free. Without the rule both were asked.
     */
    @Test
    void aNearlyFullDiskAsksOnlyForResourcesShortOfJobs() {
        StateBuilder b = host(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.2, 2e9);
        b.input(b.job("A", "A_gpu", 3600, T0 + 864000), "g1_in", 0.8 * G);
        Engine e = engine(b);

        e.poll(T0);

        SchedulerRequest first = server.requests.get(0);
        assertEquals(Set.of(ResourceType.CPU), first.work().perResource().keySet());
        assertEquals(1, first.work().get(ResourceType.CPU).instances());
    }

    /**
     * A report does not ask work for a resource that waits for room on disk (decision 0040): the wait is the disk's,
     * not seed 003's backoff for a server without work, which a piggybacked request ignores (decision 0012). QA on
     * disk-75-25: B, over its disk share, was asked with each report, refilled the room its reported tasks freed,
     * and held 3.7 GB of its 2.5 GB share for a year while A waited for room.
     * Limit 2 GB, 1 CPU; A (share 75) runs a task with a 0.2 GiB input; B (share 25) holds three queued tasks of
     * 0.3 GiB each and a finished one of 0.3 GiB, finished two days ago, so its report is due now. B's CPU waits for
     * 0.3 GiB of room. By hand: B's limit is 25 % of the 2 GB less the client's own use, under 0.5 GiB; B uses 1.2 GiB
     * (0.9 GiB once its report is acknowledged): an offender either way. A request to B offers the free space, about
     * 0.46 GiB (1.86 GiB less 1.4 GiB), plus the reported 0.3 GiB, so without the rule B would be asked for CPU work
     * with its report and sent a 0.3 GiB job into room A waits for. With it, B reports and asks for nothing; A, with
     * a task left to compute, is not starved, so decision 0043's yield does not apply.
     */
    @Test
    void aReportAsksNoWorkForAResourceThatWaitsForRoom() {
        StateBuilder b = host(2).project("A", 75).project("B", 25);
        Result running = b.job("A", "A_cpu", 36000, T0 + 864000);
        b.input(running, "a_run_in", 0.2 * G);
        b.activate(running, SchedulerState.SCHEDULED);
        for (int i = 0; i < 3; i++) {
            b.input(b.job("B", "B_cpu", 600, T0 + 864000), "b_queued_in_" + i, 0.3 * G);
        }
        Result finished = b.job("B", "B_cpu", 600, T0 + 864000);
        b.input(finished, "b_done_in", 0.3 * G);
        finished.finish(ResultState.FILES_UPLOADED, 0, T0 - 2 * 86400, 600e9, 600, 600);
        b.project("B").resourceState(ResourceType.CPU).waitForRoom(T0 + 86400, "B_cpu", 0.3 * G);
        Engine e = engine(b);

        e.poll(T0);

        List<SchedulerRequest> toB = server.requests.stream().filter(r -> r.projectUrl().equals("http://b/"))
                .toList();
        assertEquals(1, toB.size(), server.requests.toString());
        assertEquals(List.of(finished.name()), toB.get(0).reported().stream().map(r -> r.name()).toList());
        assertFalse(toB.get(0).work().get(ResourceType.CPU).asksForWork(), toB.get(0).work().toString());
        assertTrue(b.project("B").resourceState(ResourceType.CPU).waitsForRoom());
    }

    private void assertAIsAskedForWorkFirst() {
        SchedulerRequest first = server.requests.get(0);
        assertEquals("http://a/", first.projectUrl());
        assertTrue(first.work().asksForWork());
    }

    /**
     * Projects A and B at 100 each on {@code host}: A with a queued task whose input takes {@code queued} bytes and
     * a finished, uploaded one whose input takes {@code done}; B with nothing, refused for disk (0.2 GiB needed).
     */
    private static StateBuilder offenderBesideStarved(StateBuilder host, double queued, double done) {
        StateBuilder b = host.project("A", 100).project("B", 100);
        b.input(b.job("A", "A_cpu", 3600, T0 + 864000), "a_queued_in", queued);
        Result finished = b.job("A", "A_cpu", 3600, T0 + 864000);
        b.input(finished, "a_done_in", done);
        finished.finish(ResultState.FILES_UPLOADED, 0, T0 - 10, 3600e9, 3600, 3600);
        refusedForDisk(b.project("B"), 0.2 * G);
        return b;
    }

    /** {@code p}'s CPU backed off for disk for an hour: its server needed {@code needed} and 0.1 GiB was offered. */
    private static void refusedForDisk(Project p, double needed) {
        p.setDiskShortfall(new ServerDiskShortfall("B_cpu", needed, 0.1 * G, 0.1 * G, T0 - 60));
        p.resourceState(ResourceType.CPU).backOff(T0 + 3600, ResourceBackoff.nextInterval(0), true);
    }

    /** A 45-minute job of A's CPU app, due in 10 days, with a 0.3 GiB input. */
    private static NewJob shortJob(String name) {
        return new NewJob(name, Workunit.of(name + "_wu", "A_cpu", 2700e9), "A_cpu", 1, "", T0 + 864000,
                List.of(JobFile.of(name + "_in", 0.3 * G)), List.of());
    }

    /** {@code name}'s task, running, ends at {@code time}; the engine polls then. */
    private static void finish(StateBuilder b, Engine e, String name, double time) {
        ActiveTask t = b.state().activeTask(b.state().result(b.project("A"), name).orElseThrow()).orElseThrow();
        t.setProgress(2700, 2700, 2700e9, 1);
        t.markExited(0);
        e.poll(time);
    }

    @Test
    void aJobThatCannotFitIsRefusedAndReportedAsNotDone() {
        // Limit 1 GB, a job with a 2 GiB input: nothing can be made free for it.
        StateBuilder b = host(1).project("A", 100);
        server.forA.add(r -> jobs(job("big", List.of(JobFile.of("big_in", 2 * G)), List.of())));
        Engine e = engine(b);
        e.poll(T0);

        // The refused job is kept only to be reported as not done (exit status 196); no request for CPU work
        // follows at once (the reply brought no task A could keep: backed off), but the report falls due.
        // Decision 0018: a refused job counts as none for seed 003's backoff, so A's CPU is backed off for the
        // first interval, 600 s (a wait of 300 to 600 s). This job, 2 GiB against the 1 GB all projects may use,
        // never fits: it does not set D(A, CPU), which would have A's debt grow for ever (review); one that fits
        // another time does (the test below).
        ProjectResourceState cpu = b.project("A").resourceState(ResourceType.CPU);
        assertEquals(600, cpu.backoffInterval(), 1e-9);
        assertTrue(cpu.backoffUntil() >= T0 + 300 && cpu.backoffUntil() <= T0 + 600, "until " + cpu.backoffUntil());
        assertFalse(cpu.accumulatesDebt());
        // The backoff keeps its cause, for the Work fetch pane to say it was not the server's lack of work.
        assertTrue(cpu.backedOffForDisk());
        assertTrue(e.snapshot(List.of(), 0, null, null).projects().get(0).fetch().stream()
                .anyMatch(f -> f.resource() == ResourceType.CPU && f.backoffForDisk()));
        EngineEvent backedOff = events.stream().filter(x -> x.kind() == EventKind.RESOURCE_BACKED_OFF).findFirst()
                .orElseThrow();
        assertTrue(backedOff.detail().startsWith("its CPU tasks were refused: no room on disk for them; no request for it for"),
                backedOff.detail());
        Result big = b.state().result(b.project("A"), "big").orElseThrow();
        assertEquals(ResultState.ABORTED, big.state());
        assertEquals(Result.EXIT_DISK_SPACE, big.exitStatus());
        TaskView shown = e.snapshot(List.of(), 0, null, null).tasks().get(0);
        assertEquals(TaskStatus.ABORTED, shown.status());
        assertEquals(TaskReason.ABORTED_FOR_DISK, shown.verdict().reason());
        for (int i = 0; i < 20 && b.state().result(b.project("A"), "big").isPresent(); i++) {
            e.poll(e.nextWakeTime());
        }
        assertTrue(server.requests.stream().anyMatch(q -> q.reported().stream()
                .anyMatch(x -> x.name().equals("big") && x.exitStatus() == Result.EXIT_DISK_SPACE)));
        assertEquals(List.of(), files(b, "A"));
        EngineEvent refused = events.stream().filter(x -> x.kind() == EventKind.JOB_REFUSED_FOR_DISK).findFirst()
                .orElseThrow();
        assertTrue(refused.detail().contains("needs 2 GB"), refused.detail());
    }

    /**
     * A job refused for want of room now, but which fits another time, sets D(A, CPU): the server sent a job, and
     * A's CPU debt goes on (review: cleared, A paid for what it ran and accrued nothing until a job was stored). Limit
     * 1 GiB; A's queued task holds a 0.7 GiB input, which may not be deleted; a 0.5 GiB job comes: 0.3 GiB is free.
     */
    @Test
    void aJobRefusedForNowSetsTheDebtFlag() {
        StateBuilder b = host(1).project("A", 100);
        b.input(b.job("A", "A_cpu", 3600, T0 + 864000), "queued_in", 0.7 * G);
        server.forA.add(r -> jobs(job("half", List.of(JobFile.of("half_in", 0.5 * G)), List.of())));
        Engine e = engine(b);

        e.poll(T0);

        ProjectResourceState cpu = b.project("A").resourceState(ResourceType.CPU);
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.JOB_REFUSED_FOR_DISK), events.toString());
        assertTrue(cpu.backedOffForDisk());
        assertTrue(cpu.accumulatesDebt());
    }

    @Test
    void aFileNameThatCouldLeaveTheProjectFolderIsRefused() {
        StateBuilder b = host(10).project("A", 100);
        server.forA.add(r -> jobs(job("evil", List.of(JobFile.of("../../etc/passwd", 10)), List.of())));
        Engine e = engine(b);
        e.poll(T0);
        assertEquals(List.of(), files(b, "A"));
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.JOB_REFUSED_FOR_DISK
                && x.detail().contains("'../../etc/passwd'")));
    }

    @Test
    void theProjectsDeletionPolicyComesWithAReplyAndGoesBackWithTheNextRequest() {
        StateBuilder b = host(10).project("A", 100);
        server.forA.add(r -> new SchedulerReply(0, List.of(job("r1", List.of(JobFile.of("in", G)), List.of())),
                List.of(), List.of(), false, new DeletionPolicy(true, false), null));
        Engine e = engine(b);
        e.poll(T0);
        assertEquals(new DeletionPolicy(true, false), b.project("A").deletionPolicy());
        e.submit(new EngineCommand.UpdateProject("http://a/"));
        e.poll(T0 + 60);
        assertTrue(server.lastTo("http://a/").disk().policy().priority());
    }

    @Test
    void whenEveryByteIsHeldNoProjectIsAskedForWork() {
        // Limit 2 GB, all of it the running task's input: nothing is free and nothing can be freed.
        StateBuilder b = host(2).project("A", 50).project("B", 50);
        Result running = b.job("A", "A_cpu", 36000, T0 + 1e7);
        b.activate(running, SchedulerState.SCHEDULED);
        b.input(running, "a_in", 2 * G);
        Engine e = engine(b);
        e.poll(T0);
        assertFalse(e.diskSuspended());
        assertTrue(server.requests.isEmpty());
        assertTrue(e.lastFetchDecision().projects().stream()
                .filter(p -> p.type() == ResourceType.CPU)
                .allMatch(p -> p.block() == FetchBlock.NO_DISK_ROOM));
    }

    /**
     * Limit 2 GB; A's running task's input takes 1 GiB and a finished, uploaded task's input 1.5 GiB (its result
     * not yet reported): 2.5 GiB, 0.5 GiB over.
     */
    private StateBuilder overByAFinishedTasksInput() {
        StateBuilder b = host(2).project("A", 100);
        Result running = b.job("A", "A_cpu", 36000, T0 + 1e7);
        b.activate(running, SchedulerState.SCHEDULED);
        b.input(running, "a_in", 1 * G);
        Result finished = b.job("A", "A_cpu", 3600, T0 + 864000);
        b.input(finished, "a_done_in", 1.5 * G);
        finished.finish(ResultState.FILES_UPLOADED, 0, T0 - 10, 3600e9, 3600, 3600);
        return b;
    }

    /**
     * Computing waits for disk space while a finished task's input is part of what passes the limit: the report that
     * frees it goes at once, not when it is due (decision 0003: up to a day after the task ended). Limit 2 GB; a
     * running task's input takes 1 GiB and a finished, uploaded task's input 1.5 GiB: 2.5 GiB, 0.5 GiB over. Nothing
     * is expendable and no queued task can be given up: computing is suspended. The acknowledgement deletes the 1.5
     * GiB: 1 GiB of 2 GiB, and computing resumes at the next poll. Before, the host stood idle for 24 hours.
     */
    @Test
    void whileSuspendedForDiskAReportThatFreesRoomGoesAtOnce() {
        StateBuilder b = overByAFinishedTasksInput();
        Result finished = b.state().resultsOf(b.project("A")).stream().filter(Result::readyToReport).findFirst()
                .orElseThrow();
        Engine e = engine(b);

        e.poll(T0);
        assertEquals(1, events(EventKind.DISK_SUSPENDED));
        assertEquals(1, server.requests.size());
        assertEquals(List.of(finished.name()), server.requests.get(0).reported().stream().map(r -> r.name()).toList());
        assertEquals(List.of("a_in"), files(b, "A"));

        e.poll(T0 + 60);
        assertFalse(e.diskSuspended());
        assertEquals(1, events(EventKind.DISK_RESUMED));
    }

    /**
     * As above, but the server answers without acknowledging the report: the report that would free the room went
     * once; reporting it again every minute until it is due (a day after the task ended) would only repeat. Polls
     * every minute for an hour: one report-only request.
     */
    @Test
    void aReportThatWouldFreeRoomIsNotRepeatedWhileTheServerKeepsItUnacknowledged() {
        StateBuilder b = overByAFinishedTasksInput();
        server.acknowledges = false;
        Engine e = engine(b);

        for (int minute = 0; minute <= 60; minute++) {
            e.poll(T0 + 60 * minute);
        }

        assertEquals(1, server.requests.stream().filter(r -> r.reason() == RpcReason.RESULTS_DUE).count());
        assertTrue(e.diskSuspended(), "the room never came");
    }

    /**
     * The event that suspends computing says why nothing could be given up. Limit 1 GB; the client's own files take
     * 1.5 GiB and the projects' 0.2 GiB: the client's files alone pass the limit, so no task or result holds "the
     * rest" (the Disk pane's banner says so; the event said the rest was held by tasks and results).
     */
    @Test
    void theSuspensionEventSaysWhenTheClientsOwnFilesAlonePassTheLimit() {
        Prefs prefs = Prefs.DEFAULTS.withDisk(1, 90, 0.1);
        String own = DiskManager.suspensionMessage(DiskLimits.of(prefs, 100 * G, 90 * G, 1.5 * G, 0.2 * G), prefs);
        assertTrue(own.startsWith("computing suspended: the client's files take 1.7 GB, more than the 1 GB allowed by "
                + "\"Use no more than 1 GB\"; the client's own files alone take 1.5 GB, so no task fits under it, "
                + "whatever is given up."), own);
        // The client's own 0.5 GiB and the projects' 1 GiB: held by tasks and results, as before.
        String held = DiskManager.suspensionMessage(DiskLimits.of(prefs, 100 * G, 90 * G, 0.5 * G, 1 * G), prefs);
        assertTrue(held.contains("more than the 1 GB allowed by \"Use no more than 1 GB\", and the rest is held by "
                + "tasks and results"), held);
    }
}

package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.SplittableRandom;
import java.util.function.Consumer;
import java.util.function.Function;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.policy.workfetch.BufferShareFetch;
import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.SchedulerTransport;
import org.cruncher.testing.StateBuilder;

class EngineTest {

    private static final double T0 = 100_000;
    private static final double HOUR = 3600e9;

    /** Records what the engine asks the executor to do. */
    static final class RecordingControl implements TaskControl {
        final List<String> calls = new ArrayList<>();

        @Override
        public void start(ActiveTask task) {
            calls.add("start " + task.result().name());
        }

        @Override
        public void resume(ActiveTask task) {
            calls.add("resume " + task.result().name());
        }

        @Override
        public void preempt(ActiveTask task) {
            calls.add("preempt " + task.result().name());
        }

        @Override
        public void abort(ActiveTask task) {
            calls.add("abort " + task.result().name());
        }
    }

    /**
     * Answers each request with the next scripted function of it (an empty reply when none is left), and each
     * master-file read with the next scripted page (a failure when none is left).
     */
    static final class ScriptedTransport implements SchedulerTransport {
        final Deque<Function<SchedulerRequest, RpcOutcome>> answers = new ArrayDeque<>();
        final List<SchedulerRequest> requests = new ArrayList<>();
        final Deque<String> masterPages = new ArrayDeque<>();
        final List<String> masterReads = new ArrayList<>();

        @Override
        public void fetchMaster(String projectUrl, Consumer<MasterOutcome> done) {
            masterReads.add(projectUrl);
            String page = masterPages.poll();
            done.accept(page == null ? MasterOutcome.failed(projectUrl, "cannot connect")
                    : MasterOutcome.read(projectUrl, page));
        }

        @Override
        public void send(SchedulerRequest request, Consumer<RpcOutcome> done) {
            requests.add(request);
            Function<SchedulerRequest, RpcOutcome> a = answers.poll();
            done.accept(a == null ? RpcOutcome.success(request, new SchedulerReply(0, List.of(), List.of(),
                    List.of())) : a.apply(request));
        }
    }

    private final RecordingControl control = new RecordingControl();
    private final ScriptedTransport transport = new ScriptedTransport();

    private Engine engine(StateBuilder b) {
        return new Engine(b.state(), control, transport, new BufferShareFetch(), new SplittableRandom(3), null);
    }

    @Test
    void periodPassSettlesDebtsFromWorkDoneAndPreemptsLowerDebt() {
        // 1 CPU, A and B 50/50, each with plenty of work. At T0 the first pass starts A (tie, smaller URL).
        // A then computes a full hour (1 CPU-hour of work). At T0 + 1 h: A's debt = 0.5 x 1 h - 1 h = -0.5 h,
        // B's = +0.5 h: B's task starts and A's is preempted.
        StateBuilder b = StateBuilder.halfAndHalf();
        Engine e = engine(b);
        e.poll(T0);
        ActiveTask a = b.state().activeTasks().iterator().next();
        assertEquals("A", a.project().name());

        a.setProgress(3600, 3600, HOUR, 0.1);
        e.poll(T0 + 3600);

        assertEquals(-0.5 * HOUR, b.project("A").debt(), 1);
        assertEquals(0.5 * HOUR, b.project("B").debt(), 1);
        assertEquals("preempt " + a.result().name(), control.calls.get(control.calls.size() - 2));
        assertTrue(control.calls.get(control.calls.size() - 1).startsWith("start B_cpu"));
        assertEquals(T0 + 7200, e.nextPeriodBoundary());
    }

    @Test
    void aProjectSuspendedAndResumedInMidPeriodIsOwedNothingForTheTimeItCouldNotRun() {
        // 1 CPU, A and B 50/50. A runs first (tie, smaller URL). At 10 min you suspend A: the period so far is
        // settled as it ran, A +0.5 x 10 - 10 = -5 min and B +5 min, and B takes the CPU A freed (within the period).
        // B runs 40 min; at 50 min you resume A: that stretch is settled with A left out, as it had nothing to run
        // (seed 001): its debt goes to 0, and B +40 - 40 stays at +5 min. (A was owed +15 min for the time it was
        // suspended before this was settled first.)
        StateBuilder b = StateBuilder.halfAndHalf();
        Engine e = engine(b);
        e.poll(T0);
        ActiveTask a = b.state().activeTasks().iterator().next();
        assertEquals("A", a.project().name());

        a.setProgress(600, 600, HOUR / 6, 0.01);
        e.submit(new EngineCommand.SetProjectSuspended(b.project("A").url(), true));
        e.poll(T0 + 600);
        assertEquals(-HOUR / 12, b.project("A").debt(), 1);
        assertEquals(HOUR / 12, b.project("B").debt(), 1);
        assertEquals(T0 + 3600, e.nextPeriodBoundary(), 1e-6, "a suspension does not start a new period");
        ActiveTask bTask = b.state().activeTasks().stream().filter(t -> t.isScheduled()).findFirst().orElseThrow();
        assertEquals("B", bTask.project().name());

        bTask.setProgress(2400, 2400, HOUR * 2 / 3, 0.04);
        e.submit(new EngineCommand.SetProjectSuspended(b.project("A").url(), false));
        e.poll(T0 + 3000);

        assertEquals(0, b.project("A").debt(), 1);
        assertEquals(HOUR / 12, b.project("B").debt(), 1);
    }

    @Test
    void aSuspensionInMidPeriodChargesTheTasksStillRunningOnlyThePeriodLeft() {
        // 2 CPUs; A, B and C 1/3 each, owed +90, +40 and +20 CPU-minutes. The period pass gives A the first CPU (its
        // anticipated debt 90 - 60 = 30) and B the second (40 beats A's 30 and C's 20). Both run 30 min; suspending B
        // then settles that half period: 60 CPU-min done, 20 owed to each, so A 90 + 20 - 30 = 80, B 40 + 20 - 30 =
        // 30, C 20 + 20 = 40. B's CPU is free. A's task still runs, for the 30 min of the period left: A's expected
        // future debt is 80 - 30 = +50, above C's +40, so A's second task takes the CPU, charged 30 min: A +20.
        // (Charging A's running task its whole hour again, 80 - 60 = 20, gave the CPU to C.)
        double minute = HOUR / 60;
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 3, 7200).project("B", 100)
                .cpuJobs("B", 3, 7200).project("C", 100).cpuJobs("C", 3, 7200);
        b.project("A").setDebt(90 * minute);
        b.project("B").setDebt(40 * minute);
        b.project("C").setDebt(20 * minute);
        Engine e = engine(b);
        e.poll(T0);
        List<ActiveTask> first = b.state().activeTasks().stream().filter(ActiveTask::isScheduled).toList();
        assertEquals(List.of("A", "B"), first.stream().map(t -> t.project().name()).sorted().toList());

        for (ActiveTask t : first) {
            t.setProgress(1800, 1800, 30 * minute, 0.25);
        }
        e.submit(new EngineCommand.SetProjectSuspended(b.project("B").url(), true));
        e.poll(T0 + 1800);

        assertEquals(80 * minute, b.project("A").debt(), 1);
        assertEquals(40 * minute, b.project("C").debt(), 1);
        assertEquals(List.of("A", "A"), b.state().activeTasks().stream().filter(ActiveTask::isScheduled)
                .map(t -> t.project().name()).toList());
        assertEquals(20 * minute, b.project("A").anticipatedDebt(), 1);
    }

    @Test
    void finishedTaskIsAccountedAndItsInstanceRefilledMidPeriod() {
        // A's first task finishes 15 min into the period having done 0.25 CPU-hours: that work joins A's account
        // (seed 000's handle_finished_apps) and the free CPU gets A's next result at once, charged 3/4 of a period.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 3, 900);
        Engine e = engine(b);
        e.poll(T0);
        ActiveTask first = b.state().activeTasks().iterator().next();

        first.setProgress(900, 900, 0.25 * HOUR, 1);
        first.markExited(0);
        e.poll(T0 + 900);

        Result done = first.result();
        assertTrue(done.readyToReport());
        assertEquals(ResultState.FILES_UPLOADED, done.state());
        assertEquals(0.25 * HOUR, b.project("A").workDoneThisPeriod(), 1);
        ActiveTask second = b.state().activeTasks().iterator().next();
        assertEquals(0.75 * HOUR, second.expectedPayOff(), 1);
    }

    @Test
    void failedRpcBacksOffProjectAndCountsFailures() {
        // The first contact fails: failure 1 -> min_rpc_time in now + [60, 120] s (seed 002 backoff).
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        transport.answers.add(req -> RpcOutcome.failed(req, "connection refused"));
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(1, b.project("A").rpcFailures());
        double wait = b.project("A").minRpcTime() - T0;
        assertTrue(wait >= 60 && wait <= 120, "wait " + wait);
        assertTrue(e.nextWakeTime() <= b.project("A").minRpcTime());
    }

    @Test
    void replyWithJobsClearsFailuresAndStartsJobsAtOnce() {
        StateBuilder b = StateBuilder.cpus(2).project("A", 100);
        b.project("A").contact().setRpcFailures(3);
        transport.answers.add(req -> RpcOutcome.success(req, new SchedulerReply(120, List.of(
                job("a1", req.time() + 86400), job("a2", req.time() + 86400)), List.of(), List.of())));
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(0, b.project("A").rpcFailures());
        assertEquals(T0 + 120, b.project("A").minRpcTime());
        assertEquals(2, b.state().activeTasks().size());
        assertEquals(List.of("start a1", "start a2"), control.calls);
    }

    @Test
    void emptyReplyBacksOffTheRequestedResource() {
        // A request for CPU work that returns no job backs A off for the CPU for 600 x U(0.5, 1) s (seed 003).
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Engine e = engine(b);

        e.poll(T0);

        var rs = b.project("A").resourceState(ResourceType.CPU);
        assertEquals(600, rs.backoffInterval());
        assertTrue(rs.backoffUntil() >= T0 + 300 && rs.backoffUntil() <= T0 + 600);
        assertEquals(1, transport.requests.size());
    }

    @Test
    void reportsRideOnTheNextRequestAndAreAcknowledged() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 600);
        Engine e = engine(b);
        e.poll(T0);
        ActiveTask t = b.state().activeTasks().iterator().next();
        t.setProgress(600, 600, 600e9, 1);
        t.markExited(0);
        transport.answers.add(req -> RpcOutcome.success(req, new SchedulerReply(0, List.of(),
                req.reported().stream().map(x -> x.name()).toList(), List.of())));

        e.poll(T0 + 600);

        SchedulerRequest last = transport.requests.get(transport.requests.size() - 1);
        assertEquals(1, last.reported().size());
        assertFalse(b.state().results().stream().anyMatch(Result::readyToReport));
    }

    @Test
    void aJobWithAnUnknownVersionOrATakenNameIsIgnoredAndSaysWhy() {
        // The reply carries a1, a job of an app the project has no version of (another version of a known app would
        // run on the version at hand), and a1 again: the first is stored, the other two are not, each with an event
        // that says why.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100);
        NewJob unknown = new NewJob("a7", Workunit.of("a7_wu", "A_gpu", 3.6e12), "A_gpu", 7, "cuda", T0 + 86400);
        transport.answers.add(req -> RpcOutcome.success(req, new SchedulerReply(0, List.of(
                job("a1", req.time() + 86400), unknown, job("a1", req.time() + 86400)), List.of(), List.of())));
        List<EngineEvent> events = new ArrayList<>();
        Engine e = new Engine(b.state(), control, transport, new BufferShareFetch(), new SplittableRandom(3),
                events::add);

        e.poll(T0);

        assertEquals(List.of("a1"), b.state().results().stream().map(Result::name).toList());
        List<String> ignored = events.stream().filter(x -> x.kind() == EventKind.JOB_IGNORED)
                .map(x -> x.reason() + ": " + x.detail()).toList();
        assertEquals(List.of("UNKNOWN_APP_VERSION: a7 is a job of A_gpu, and the project has sent no version of that app",
                "DUPLICATE_RESULT: a1 is already here"), ignored);
    }

    @Test
    void aPeriodWithNothingToRunBeforeOrAfterLogsNothing() {
        // A host attached to a project with no work: periods pass at T0 and T0 + 1 h with no task to settle, and
        // the log stays quiet; once a job is there, the next period says it scheduled it.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        List<EngineEvent> events = new ArrayList<>();
        Engine e = new Engine(b.state(), control, new ScriptedTransport(), new BufferShareFetch(),
                new SplittableRandom(3), events::add);
        e.poll(T0);
        e.poll(T0 + 3600);
        assertTrue(events.stream().noneMatch(x -> x.kind() == EventKind.PERIOD_SETTLED), events.toString());

        b.cpuJobs("A", 1, 7200);
        e.poll(T0 + 7200);
        assertEquals(List.of("1 task scheduled"), events.stream().filter(x -> x.kind() == EventKind.PERIOD_SETTLED)
                .map(EngineEvent::detail).toList());
    }

    @Test
    void aPeriodSettledWhileTheHostMayNotComputeSaysItsTasksWaitForIt() {
        // On but not allowed to compute (BOINC's active_frac): the pass still schedules A's job, which runs once
        // computing is allowed; the log said "1 task scheduled" and "Task started" as if it ran.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 7200);
        List<EngineEvent> events = new ArrayList<>();
        Engine e = new Engine(b.state(), control, new ScriptedTransport(), new BufferShareFetch(),
                new SplittableRandom(3), events::add);
        e.setHostStatus(new HostStatus(false, false, true));
        e.poll(T0);

        assertEquals(List.of("1 task scheduled, to run when computing is allowed"), events.stream()
                .filter(x -> x.kind() == EventKind.PERIOD_SETTLED).map(EngineEvent::detail).toList());
    }

    @Test
    void timeMustNotGoBackwards() {
        Engine e = engine(StateBuilder.cpus(1).project("A", 1));
        e.poll(T0);
        assertThrows(IllegalArgumentException.class, () -> e.poll(T0 - 1));
    }

    private static NewJob job(String name, double deadline) {
        return new NewJob(name, Workunit.of(name + "_wu", "A_cpu", 3.6e12), "A_cpu", 1, "", deadline);
    }
}

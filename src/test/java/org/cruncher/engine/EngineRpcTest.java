package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.policy.rpc.RpcBackoff;
import org.cruncher.engine.policy.workfetch.RoundRobinFetch;
import org.cruncher.engine.rpc.MasterPage;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.testing.StateBuilder;

/** Seed 002 in the engine: backoff, master-file re-reads, scheduler URLs, request_delay; clock and random injected. */
class EngineRpcTest {

    private static final double T0 = 100_000;

    private final EngineTest.RecordingControl control = new EngineTest.RecordingControl();
    private final EngineTest.ScriptedTransport transport = new EngineTest.ScriptedTransport();
    private final List<EngineEvent> events = new ArrayList<>();

    private Engine engine(StateBuilder b) {
        return new Engine(b.state(), control, transport, new RoundRobinFetch(), new SplittableRandom(42),
                events::add);
    }

    /** One CPU, project A with no work: it asks for work at every chance. */
    private static StateBuilder hungry() {
        return StateBuilder.cpus(1).project("A", 100);
    }

    /** As {@link #hungry}, its CPU busy with a 30-h job, and a result that ended two days before T0, unreported. */
    private static StateBuilder busyWithAReportTwoDaysOverdue() {
        StateBuilder b = hungry();
        Result running = b.job("A", "A_cpu", 30 * 3600, T0 + 10 * 86400);
        b.activate(running, SchedulerState.SCHEDULED);
        Result done = b.job("A", "A_cpu", 600, T0 + 10 * 86400);
        done.finish(ResultState.FILES_UPLOADED, 0, T0 - 2 * 86400, 600e9, 600, 600);
        return b;
    }

    private static RpcOutcome refused(SchedulerRequest r) {
        return RpcOutcome.failed(r, "connection refused");
    }

    private static RpcOutcome reply(SchedulerRequest r, double requestDelay) {
        return RpcOutcome.success(r, new SchedulerReply(requestDelay, List.of(),
                r.reported().stream().map(x -> x.name()).toList(), List.of()));
    }

    @Test
    void failuresBackOffExponentiallyWithinTheDocumentedRangeUpToTheCap() {
        // Every contact fails. After failure n the wait is min(60 x 2^n, 14400) x U(0.5, 1): 60-120 s, 120-240 s,
        // ... up to 7200-14400 s from n = 8; the next attempt comes when the wait is over, not before.
        StateBuilder b = hungry();
        for (int i = 0; i < 12; i++) {
            transport.answers.add(EngineRpcTest::refused);
        }
        Engine e = engine(b);
        var contact = b.project("A").contact();
        double t = T0;
        e.poll(t);
        for (int n = 1; n <= 9; n++) {
            assertEquals(n, contact.rpcFailures());
            double sent = transport.requests.get(transport.requests.size() - 1).time();
            double wait = contact.minRpcTime() - sent;
            double cap = Math.min(60 * Math.pow(2, n), 14400);
            assertTrue(wait >= cap / 2 && wait <= cap, "failure " + n + ": wait " + wait + " not in [" + cap / 2
                    + ", " + cap + "]");
            assertEquals(RpcDeferral.RPC_FAILURES, contact.deferral(sent));
            double allowed = contact.minRpcTime();
            int before = transport.requests.size();
            while (transport.requests.size() == before) {
                t = e.nextWakeTime();
                e.poll(t);
            }
            assertTrue(t >= allowed - 1e-9, "attempt at " + t + " before the backoff ended at " + allowed);
        }
    }

    @Test
    void aReplyClearsFailuresAndBackoff() {
        StateBuilder b = hungry();
        transport.answers.add(EngineRpcTest::refused);
        transport.answers.add(r -> reply(r, 0));
        Engine e = engine(b);
        e.poll(T0);
        assertEquals(1, b.project("A").rpcFailures());

        e.poll(b.project("A").minRpcTime());

        assertEquals(0, b.project("A").rpcFailures());
        assertEquals(0, b.project("A").minRpcTime());
    }

    @Test
    void everyTenthFailureTheMasterFileIsReadAndNewSchedulersResetTheFailures() {
        // Nine failures already; the tenth (this session) sets the master-read flag. The master file lists a new
        // scheduler URL: failures go back to 0, the backoff is cleared, and the next RPC goes to the new URL.
        StateBuilder b = hungry();
        var contact = b.project("A").contact();
        contact.setRpcFailures(9);
        transport.answers.add(EngineRpcTest::refused);
        transport.masterPages.add(MasterPage.of("A", List.of("http://sched2.a/cgi")));
        Engine e = engine(b);

        e.poll(T0);
        assertEquals(10, contact.rpcFailures());
        assertTrue(contact.masterFetchPending());
        e.poll(contact.minRpcTime());

        assertEquals(List.of("http://a/"), transport.masterReads);
        assertEquals(List.of("http://sched2.a/cgi"), contact.schedulerUrls());
        assertFalse(contact.masterFetchPending());
        assertEquals(0, contact.rpcFailures());
        SchedulerRequest last = transport.requests.get(transport.requests.size() - 1);
        assertEquals("http://sched2.a/cgi", last.schedulerUrl());
    }

    /**
     * A reply ends a run of failures, and with it the master-file read its tenth failure called for (seed 002: the
     * master file is read again after consecutive failures; review). Nine failures, a tenth: the read is pending.
     * The user's update reads it first (as BOINC's does), and the read fails, so it stays pending; the update's
     * request goes all the same and gets a reply: nothing is pending, and no read follows the one the update made.
     */
    @Test
    void aReplyAfterTheTenthFailureCancelsTheMasterRead() {
        StateBuilder b = hungry();
        var contact = b.project("A").contact();
        contact.setRpcFailures(9);
        transport.answers.add(EngineRpcTest::refused);
        transport.answers.add(r -> reply(r, 0));
        Engine e = engine(b);
        e.poll(T0);
        assertTrue(contact.masterFetchPending());

        e.submit(new EngineCommand.UpdateProject("http://a/"));
        e.poll(T0 + 10);

        assertEquals(List.of("http://a/"), transport.masterReads);
        assertEquals(2, transport.requests.size());
        assertFalse(contact.masterFetchPending());
        assertEquals(0, contact.masterFetchFailures());
        e.poll(T0 + 20);
        assertEquals(List.of("http://a/"), transport.masterReads);
    }

    @Test
    void aProjectThatListsNoSchedulerHasItsMasterFileReadFirst() {
        // BOINC's init_op_project: a project with no scheduler URL gets its master file read, not a request at its
        // master URL. A is hungry and lists none: its master file is read (it lists http://sched.a/cgi), then the
        // work request goes there.
        StateBuilder b = hungry();
        var contact = b.project("A").contact();
        contact.setSchedulerUrls(List.of());
        transport.masterPages.add(MasterPage.of("A", List.of("http://sched.a/cgi")));
        transport.answers.add(r -> reply(r, 0));
        Engine e = engine(b);

        e.poll(T0);
        e.poll(T0 + 1);

        assertEquals(List.of("http://a/"), transport.masterReads, "read once");
        assertEquals(List.of("http://sched.a/cgi"), contact.schedulerUrls());
        assertEquals(List.of("http://sched.a/cgi"),
                transport.requests.stream().map(SchedulerRequest::schedulerUrl).toList(), "none at the master URL");
    }

    /**
     * The user's update of a project that lists no scheduler, whose master file cannot be read: the update reads it
     * (its first read, at T0, failed and backed off; the update clears that), finds no scheduler again, and sends
     * nothing: a request at the master URL went instead.
     */
    @Test
    void anUpdateWhoseMasterReadFindsNoSchedulerSendsNoRequestToTheMasterUrl() {
        StateBuilder b = hungry();
        b.project("A").contact().setSchedulerUrls(List.of());
        Engine e = engine(b);
        e.poll(T0);
        assertEquals(List.of("http://a/"), transport.masterReads);

        e.submit(new EngineCommand.UpdateProject("http://a/"));
        e.poll(T0 + 10);

        assertEquals(List.of("http://a/", "http://a/"), transport.masterReads, "the update read it once");
        assertTrue(transport.requests.isEmpty(), "none at the master URL");
    }

    /**
     * A project the user suspended is not contacted on its own, but the user's update contacts it whatever its state
     * (as BOINC's does): one that lists no scheduler has its master file read first, and the request goes to the
     * scheduler it lists (it went to the master URL, as the read skipped suspended projects).
     */
    @Test
    void anUpdateOfASuspendedProjectThatListsNoSchedulerReadsItsMasterFileFirst() {
        StateBuilder b = hungry();
        b.project("A").contact().setSchedulerUrls(List.of());
        b.project("A").setSuspendedByUser(true);
        transport.masterPages.add(MasterPage.of("A", List.of("http://sched.a/cgi")));
        Engine e = engine(b);
        e.poll(T0);
        assertTrue(transport.masterReads.isEmpty() && transport.requests.isEmpty(), "suspended: nothing on its own");

        e.submit(new EngineCommand.UpdateProject("http://a/"));
        e.poll(T0 + 10);

        assertEquals(List.of("http://a/"), transport.masterReads);
        assertEquals(List.of("http://sched.a/cgi"),
                transport.requests.stream().map(SchedulerRequest::schedulerUrl).toList());
        assertEquals(RpcReason.USER_REQUEST, transport.requests.get(0).reason());
    }

    @Test
    void threeFailedMasterReadsWaitADay() {
        StateBuilder b = hungry();
        var contact = b.project("A").contact();
        contact.setMasterFetchPending(true);
        Engine e = engine(b);

        e.poll(T0);
        e.poll(contact.minRpcTime());
        e.poll(contact.minRpcTime());

        assertEquals(3, transport.masterReads.size());
        assertEquals(3, contact.masterFetchFailures());
        assertEquals(RpcDeferral.MASTER_FETCH_FAILURES, contact.deferral(e.now()));
        assertEquals(e.now() + RpcBackoff.MASTER_FETCH_INTERVAL, contact.minRpcTime(), 1e-6);
        assertTrue(transport.requests.isEmpty(), "no scheduler RPC while the master file is to be read");
    }

    @Test
    void aSessionTriesEachSchedulerUrlInTurnBeforeItFails() {
        // Two scheduler URLs: the first refuses, the second answers. One session, no failure counted.
        StateBuilder b = hungry();
        b.project("A").contact().setSchedulerUrls(List.of("http://s1.a/", "http://s2.a/"));
        transport.answers.add(EngineRpcTest::refused);
        transport.answers.add(r -> reply(r, 0));
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(List.of("http://s1.a/", "http://s2.a/"),
                transport.requests.stream().limit(2).map(SchedulerRequest::schedulerUrl).toList());
        assertEquals(0, b.project("A").rpcFailures());
        assertEquals(2, e.recentRpcs().get(e.recentRpcs().size() - 1).attempts());
    }

    @Test
    void requestDelayIsObeyedAndAnAbsurdOneIsCappedAt28Days() {
        StateBuilder b = hungry();
        transport.answers.add(r -> reply(r, 365 * 86400));
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(T0 + 28 * 86400, b.project("A").minRpcTime(), 1e-6);
        assertEquals(RpcDeferral.REQUEST_DELAY, b.project("A").contact().deferral(T0));
        assertTrue(events.stream().anyMatch(x -> x.reason().equals("REQUEST_DELAY_CAPPED")
                && x.detail().contains("capped at 28 d")), events.toString());
    }

    @Test
    void aProjectThatSaysItIsDownCountsAsAFailureAndItsRequestDelayHolds() {
        // <project_is_down/> with request_delay 1 h: a failure (1st: 60-120 s backoff), and the hour wins.
        StateBuilder b = hungry();
        transport.answers.add(r -> RpcOutcome.success(r, new SchedulerReply(3600, List.of(), List.of(), List.of(),
                true)));
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(1, b.project("A").rpcFailures());
        assertEquals(T0 + 3600, b.project("A").minRpcTime(), 1e-6);
    }

    @Test
    void aFailedTaskDefersContactWithItsProject() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 3600);
        Engine e = engine(b);
        e.poll(T0);
        ActiveTask t = b.state().activeTasks().iterator().next();
        t.markExited(1);

        e.poll(T0 + 100);

        var contact = b.project("A").contact();
        assertEquals(RpcDeferral.COMPUTATION_FAILURE, contact.deferral(T0 + 100));
        double wait = contact.minRpcTime() - (T0 + 100);
        assertTrue(wait >= 60 && wait <= 120, "wait " + wait);
    }

    @Test
    void aFailedTaskThatIsTheTenthFailureSaysTheMasterFileWillBeReadAgain() {
        // Seed 002 and decision 0017: failed tasks count with failed contacts; every 10th failure the master file is
        // read again. A has 9; its task fails: the deferral says failure 10, and the master file.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 3600);
        Engine e = engine(b);
        e.poll(T0);
        b.project("A").contact().setRpcFailures(9);
        b.state().activeTasks().iterator().next().markExited(1);

        e.poll(T0 + 100);

        EngineEvent deferred = events.stream().filter(x -> x.kind() == EventKind.RPC_DEFERRED).findFirst()
                .orElseThrow();
        assertTrue(deferred.detail().endsWith(", failure 10; the master file will be read again"), deferred.detail());
        assertTrue(b.project("A").contact().masterFetchPending());
    }

    @Test
    void aFinishedResultIsReportedOnItsOwnADayAfterItEndedWhenNoWorkRequestTakesItFirst() {
        // Decision 0003. 1 CPU; A runs a 30-h job, so the CPU is saturated far above the 2.4-h low water and no work
        // request comes. A's other result ended at T0 and is due 10 days after it came: the cushion before its
        // deadline (a day, as a quarter of 10 days is more) falls at T0 + 9 days, the latest report a day after it
        // ended at T0 + 1 day. So the first RPC is a report of it alone, at T0 + 86400.
        StateBuilder b = hungry();
        Result running = b.job("A", "A_cpu", 30 * 3600, T0 + 10 * 86400);
        b.activate(running, SchedulerState.SCHEDULED);
        Result done = b.job("A", "A_cpu", 600, T0 + 10 * 86400);
        done.finish(ResultState.FILES_UPLOADED, 0, T0, 600e9, 600, 600);
        transport.answers.add(r -> reply(r, 0));
        Engine e = engine(b);

        double t = T0;
        e.poll(t);
        while (transport.requests.isEmpty() && t < T0 + 2 * 86400) {
            t = e.nextWakeTime();
            e.poll(t);
        }

        SchedulerRequest first = transport.requests.get(0);
        assertEquals(T0 + 86400, first.time(), 1e-6);
        assertEquals(RpcReason.RESULTS_DUE, first.reason());
        assertEquals(List.of(done.name()), first.reported().stream().map(x -> x.name()).toList());
        assertFalse(first.work().asksForWork());
    }

    @Test
    void aSchedulerThatAnswersEndsTheRunOfFailedMasterReads() {
        // Review of seed 002: two master reads had failed; the third in a row waits a day. A scheduler that then
        // answers ends that run, so a single failed read months later counts as the first again.
        StateBuilder b = hungry();
        b.project("A").contact().setMasterFetchFailures(2);
        transport.answers.add(r -> reply(r, 0));
        Engine e = engine(b);

        e.poll(T0);

        assertEquals(1, transport.requests.size());
        assertEquals(0, b.project("A").contact().masterFetchFailures());
    }

    @Test
    void aReplyThatAcknowledgesNoReportDoesNotSetOffAStormOfReports() {
        // Review of seed 002 ("avoid an RPC storm"): A's result ended two days ago, so its report is overdue. The
        // server replies without acknowledging it and without a request_delay, so the result stays due at once. A
        // report-only RPC goes at most once a minute (BOINC's 60-s scan): in the first 10 minutes, at T0, T0 + 60,
        // ..., T0 + 540: 10 RPCs. Without the minute it was 32 a second, 1,952 in one minute.
        StateBuilder b = busyWithAReportTwoDaysOverdue();
        for (int i = 0; i < 20_000; i++) {
            transport.answers.add(r -> RpcOutcome.success(r, new SchedulerReply(0, List.of(), List.of(), List.of())));
        }
        Engine e = engine(b);

        e.poll(T0);
        while (e.nextWakeTime() < T0 + 600) {
            e.poll(e.nextWakeTime());
        }

        assertEquals(10, transport.requests.size());
        for (int i = 0; i < 10; i++) {
            SchedulerRequest r = transport.requests.get(i);
            assertEquals(RpcReason.RESULTS_DUE, r.reason());
            assertEquals(T0 + 60 * i, r.time(), 1e-6);
        }
    }

    @Test
    void aResultNotInTheLastReportIsReportedAtOnce() {
        // Review: x is reported at T0 and acknowledged. y ends at T0 + 10 with its deadline at T0 + 40, so it is due
        // at once. The minute between reports is only for results sent before: y goes at T0 + 10, not at T0 + 60,
        // 20 s after its deadline.
        StateBuilder b = hungry();
        Result running = b.job("A", "A_cpu", 30 * 3600, T0 + 10 * 86400);
        b.activate(running, SchedulerState.SCHEDULED);
        Result x = b.job("A", "A_cpu", 600, T0 + 600);
        x.finish(ResultState.FILES_UPLOADED, 0, T0 - 100, 600e9, 600, 600);
        Result y = b.job("A", "A_cpu", 600, T0 + 40);
        transport.answers.add(r -> reply(r, 0));
        transport.answers.add(r -> reply(r, 0));
        Engine e = engine(b);
        e.poll(T0);
        assertEquals(1, transport.requests.size());

        y.finish(ResultState.FILES_UPLOADED, 0, T0 + 10, 600e9, 600, 600);
        e.poll(T0 + 10);
        while (transport.requests.size() < 2 && e.nextWakeTime() < T0 + 3600) {
            e.poll(e.nextWakeTime());
        }

        SchedulerRequest second = transport.requests.get(1);
        assertEquals(T0 + 10, second.time(), 1e-6);
        assertEquals(List.of(y.name()), second.reported().stream().map(r -> r.name()).toList());
    }

    @Test
    void aSuspendedProjectsOverdueReportNeitherGoesNorWakesTheEngine() {
        // As above, but A is suspended: its result ended at T0 - 2 days, so its report was due a day ago. A
        // suspended project is not contacted, so its due report must not wake the engine either: it woke every
        // second (max(due, min_rpc_time) lies in the past, so the wake was now + 1). The running 30-h job is
        // suspended with its project, so the next wake is the period boundary, an hour on (T0 + 3600).
        StateBuilder b = busyWithAReportTwoDaysOverdue();
        b.project("A").setSuspendedByUser(true);
        Engine e = engine(b);

        e.poll(T0);

        assertTrue(transport.requests.isEmpty());
        assertEquals(T0 + 3600, e.nextWakeTime(), 1e-6);
    }

    @Test
    void reportedResultsStayQueuedUntilAReplyAcknowledgesThem() {
        StateBuilder b = hungry();
        Result done = b.job("A", "A_cpu", 600, T0 + 600);
        done.finish(ResultState.FILES_UPLOADED, 0, T0 - 100, 600e9, 600, 600);
        transport.answers.add(EngineRpcTest::refused);
        transport.answers.add(r -> reply(r, 0));
        Engine e = engine(b);

        e.poll(T0);
        assertEquals(1, transport.requests.get(0).reported().size());
        assertTrue(b.state().results().contains(done), "kept after the failure");

        e.poll(b.project("A").minRpcTime());
        assertFalse(b.state().results().contains(done), "gone once acknowledged");
    }

    @Test
    void theUsersUpdateIgnoresTheBackoffAndClearsResourceBackoffs() {
        StateBuilder b = hungry();
        var contact = b.project("A").contact();
        contact.defer(T0 + 3600, RpcDeferral.RPC_FAILURES);
        b.project("A").resourceState(ResourceType.CPU).backOff(T0 + 7200, 1200);
        Engine e = engine(b);
        e.poll(T0);
        assertTrue(transport.requests.isEmpty());

        e.submit(new EngineCommand.UpdateProject("http://a/"));
        e.poll(T0 + 10);

        // One RPC, at once, asking for CPU work although the CPU was backed off; the empty reply starts the CPU
        // backoff again from its first interval (600 s), not from the doubled one (2400 s).
        assertEquals(1, transport.requests.size());
        assertEquals("USER_REQUEST", transport.requests.get(0).reason().name());
        assertTrue(transport.requests.get(0).work().get(ResourceType.CPU).asksForWork());
        assertEquals(600, b.project("A").resourceState(ResourceType.CPU).backoffInterval());
    }

    /**
     * The user's update of a project waiting a day after three failed master-file reads (BOINC's update sets
     * min_rpc_time to 0): the master file is read first, and the request goes to the scheduler it lists, not to the
     * one that failed. Without the read, the request went to http://old.a/ and the read waited its day.
     */
    @Test
    void theUsersUpdateReadsAPendingMasterFileFirst() {
        StateBuilder b = hungry();
        var contact = b.project("A").contact();
        contact.setSchedulerUrls(List.of("http://old.a/"));
        contact.setMasterFetchPending(true);
        contact.setMasterFetchFailures(3);
        contact.defer(T0 + 86400, RpcDeferral.MASTER_FETCH_FAILURES);
        transport.masterPages.add(MasterPage.of("A", List.of("http://new.a/")));
        Engine e = engine(b);
        e.poll(T0);
        assertTrue(transport.masterReads.isEmpty() && transport.requests.isEmpty(), "waiting its day");

        e.submit(new EngineCommand.UpdateProject("http://a/"));
        e.poll(T0 + 10);

        assertEquals(List.of("http://a/"), transport.masterReads);
        assertEquals(1, transport.requests.size());
        assertEquals("USER_REQUEST", transport.requests.get(0).reason().name());
        assertEquals("http://new.a/", transport.requests.get(0).schedulerUrl());
        assertFalse(contact.masterFetchPending());
    }
}

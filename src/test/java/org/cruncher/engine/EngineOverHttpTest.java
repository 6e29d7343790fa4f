package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.time.Duration;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.EnumSource;

import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.TimeStats;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.policy.workfetch.RoundRobinFetch;
import org.cruncher.net.HttpSchedulerTransport;
import org.cruncher.server.ProjectServer;
import org.cruncher.server.config.FaultMode;
import org.cruncher.server.config.ServerConfig;

/**
 * The engine talking to the loopback project server over real HTTP: what each fault does to the project's contact
 * state, and that a finished result waiting to be reported is never lost (it stays until a reply acknowledges it).
 * Replies arrive on the transport's threads, so the test polls the engine, at a fixed engine time, until the outcome
 * has been taken in. One CPU at 1 GFLOPS with no work: the engine reads the project's master file (it lists no
 * scheduler yet), then asks for CPU work.
 */
class EngineOverHttpTest {

    private static final double T0 = 100_000;
    private static final double WAIT_SECONDS = 5;

    private final EngineTest.RecordingControl control = new EngineTest.RecordingControl();
    private ProjectServer server;
    private HttpSchedulerTransport transport = new HttpSchedulerTransport(Duration.ofSeconds(2),
            Duration.ofSeconds(5));
    private ClientState state;
    private Project project;
    private Result finished;

    @BeforeEach
    void start() throws IOException {
        server = ProjectServer.start(ServerConfig.defaults(), ProjectServer.loopback(0), () -> T0);
        state = new ClientState(Host.cpuOnly(1, 1e9), Prefs.DEFAULTS, ClientConfig.DEFAULTS, TimeStats.ALWAYS);
        project = new Project(server.rootUrl(), "Loopback Project", 100);
        AppVersion cpu = AppVersion.cpu("cpu_app", 1, 1e9);
        project.addAppVersion(cpu);
        state.addProject(project);
        finished = new Result("earlier_0", project, Workunit.of("earlier", "cpu_app", 600e9), cpu, 0, T0 + 86400,
                ResultState.FILES_DOWNLOADED);
        state.addResult(finished);
        finished.finish(ResultState.FILES_UPLOADED, 0, T0 - 100, 600e9, 600, 600);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private Engine engine() {
        return new Engine(state, control, transport, new RoundRobinFetch(), new SplittableRandom(7), null);
    }

    /** Polls at {@code time} until the RPC under way has ended and been taken in; returns its record. */
    private static RpcView rpcAt(Engine e, double time) throws InterruptedException {
        int before = e.recentRpcs().size();
        e.poll(time);
        long deadline = System.nanoTime() + (long) (WAIT_SECONDS * 1e9);
        while (e.recentRpcs().size() == before) {
            if (System.nanoTime() > deadline) {
                fail("no RPC ended within " + WAIT_SECONDS + " s");
            }
            Thread.sleep(20);
            e.poll(time);
        }
        List<RpcView> recent = e.recentRpcs();
        return recent.get(recent.size() - before - 1);
    }

    private List<Result> newJobs() {
        return state.resultsOf(project).stream().filter(r -> r.name().startsWith("cpu_app_")).toList();
    }

    private void assertFailedOnceAndKeptTheResult(RpcView rpc) {
        assertTrue(rpc.failed(), "the RPC failed");
        assertEquals(1, project.contact().rpcFailures());
        assertTrue(state.results().contains(finished), "the finished result is kept for the next RPC");
        assertEquals(List.of(), newJobs());
    }

    /** After a failure the project is backed off 60-120 s; the retry, against a server that is up, reports. */
    private void assertBackedOffThenReportedOnRetry(Engine e) throws InterruptedException {
        double wait = project.minRpcTime() - T0;
        assertTrue(wait >= 60 && wait <= 120, "backoff " + wait);
        assertEquals(RpcDeferral.RPC_FAILURES, project.contact().deferral(T0));
        server.setMode(FaultMode.UP);

        RpcView retry = rpcAt(e, project.minRpcTime());

        assertNull(retry.failure());
        assertEquals(1, retry.acked());
        assertFalse(state.results().contains(finished), "acknowledged, so gone");
        assertEquals(0, project.contact().rpcFailures());
        assertFalse(newJobs().isEmpty(), "work came with the reply");
    }

    @Test
    void aReplyAcknowledgesTheReportAndBringsWorkDueAfterTheLatencyBound() throws Exception {
        RpcView rpc = rpcAt(engine(), T0);

        assertNull(rpc.failure());
        assertEquals(1, rpc.reported());
        assertEquals(1, rpc.acked());
        assertFalse(state.results().contains(finished));
        List<Result> jobs = newJobs();
        assertEquals(rpc.jobs().get(ResourceType.CPU), jobs.size());
        assertTrue(jobs.size() >= 1, "jobs: " + jobs);
        assertEquals(T0 + 864000, jobs.get(0).reportDeadline(), 1e-6);
        assertEquals(0, project.contact().rpcFailures());
        assertEquals(RpcDeferral.NONE, project.contact().deferral(T0));
    }

    @Test
    void aRefusedConnectionBacksOffAndKeepsTheResult() throws Exception {
        project.contact().setSchedulerUrls(List.of(server.rootUrl()));
        server.close();

        RpcView rpc = rpcAt(engine(), T0);

        assertEquals("connection refused", rpc.failure());
        assertFailedOnceAndKeptTheResult(rpc);
        double wait = project.minRpcTime() - T0;
        assertTrue(wait >= 60 && wait <= 120, "backoff " + wait);
        assertEquals(RpcDeferral.RPC_FAILURES, project.contact().deferral(T0));
    }

    @Test
    void aProjectThatListsNoSchedulerReadsItsMasterFileFirstAndARefusedReadBacksOff() throws Exception {
        // The project lists no scheduler URL, so its master file is read before any request (BOINC's
        // init_op_project). The server is gone: the read fails once, the first of MASTER_FETCH_RETRY_CAP = 3, so the
        // contact backs off like a failed request (60-120 s), and no request was sent.
        server.close();
        Engine e = engine();
        e.poll(T0);
        long deadline = System.nanoTime() + (long) (WAIT_SECONDS * 1e9);
        while (project.contact().masterFetchFailures() == 0) {
            if (System.nanoTime() > deadline) {
                fail("the master read did not end within " + WAIT_SECONDS + " s");
            }
            Thread.sleep(20);
            e.poll(T0);
        }

        assertEquals(1, project.contact().masterFetchFailures());
        assertEquals(List.of(), e.recentRpcs(), "no request at the master URL");
        assertTrue(project.minRpcTime() > T0, "backed off");
        assertTrue(state.results().contains(finished), "the finished result is kept");
    }

    @ParameterizedTest
    @EnumSource(value = FaultMode.class, names = {"ERROR_500", "GARBAGE"})
    void aBrokenReplyBacksOffKeepsTheResultAndTheRetryReportsIt(FaultMode mode) throws Exception {
        server.setMode(mode);
        Engine e = engine();

        RpcView rpc = rpcAt(e, T0);

        assertTrue(rpc.failure().startsWith(mode == FaultMode.ERROR_500 ? "HTTP 500" : "unreadable reply: "),
                rpc.failure());
        assertFailedOnceAndKeptTheResult(rpc);
        assertBackedOffThenReportedOnRetry(e);
    }

    @Test
    void aTimeoutBacksOffKeepsTheResultAndTheRetryReportsIt() throws Exception {
        transport = new HttpSchedulerTransport(Duration.ofSeconds(2), Duration.ofMillis(300));
        server.setMode(FaultMode.SLOW);
        server.setSlowSeconds(2);
        Engine e = engine();

        RpcView rpc = rpcAt(e, T0);

        assertEquals("timed out after 0.3 s", rpc.failure());
        assertFailedOnceAndKeptTheResult(rpc);
        assertBackedOffThenReportedOnRetry(e);
    }

    @Test
    void noWorkAcknowledgesTheReportAndBacksOffTheCpuOnly() throws Exception {
        server.setMode(FaultMode.NO_WORK);

        RpcView rpc = rpcAt(engine(), T0);

        assertNull(rpc.failure());
        assertEquals(1, rpc.acked());
        assertFalse(state.results().contains(finished));
        assertEquals(List.of(), newJobs());
        assertEquals(0, project.contact().rpcFailures());
        assertEquals(RpcDeferral.NONE, project.contact().deferral(T0));
        assertTrue(project.resourceState(ResourceType.CPU).isBackedOff(T0), "no CPU work: the CPU is backed off");
    }

    @Test
    void requestDelayDefersTheNextContact() throws Exception {
        server.setRequestDelay(3600);

        RpcView rpc = rpcAt(engine(), T0);

        assertNull(rpc.failure());
        assertEquals(3600, rpc.requestDelay());
        assertEquals(T0 + 3600, project.minRpcTime(), 1e-6);
        assertEquals(RpcDeferral.REQUEST_DELAY, project.contact().deferral(T0));
        assertFalse(newJobs().isEmpty());
    }

    @Test
    void aDownProjectIsAFailureWhoseRequestDelayHolds() throws Exception {
        // <project_is_down/> with request_delay 1 h: failure 1 (a 60-120 s backoff), and the later hour wins.
        server.setMode(FaultMode.DOWN);
        server.setRequestDelay(3600);
        Engine e = engine();

        RpcView rpc = rpcAt(e, T0);

        assertEquals("the project is down", rpc.failure());
        assertFailedOnceAndKeptTheResult(rpc);
        assertEquals(T0 + 3600, project.minRpcTime(), 1e-6);
        assertEquals(RpcDeferral.REQUEST_DELAY, project.contact().deferral(T0));
        server.setMode(FaultMode.UP);
        rpcAt(e, project.minRpcTime());
        assertFalse(state.results().contains(finished), "reported once the project is back");
    }
}

package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.EventReason;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.policy.rpc.RpcBackoff;
import org.cruncher.persist.ScenarioReader;
import org.cruncher.server.ProjectServer;
import org.cruncher.server.config.FaultMode;
import org.cruncher.server.config.ServerConfig;

/**
 * Decision 0046 over real HTTP on 127.0.0.1: a project whose URL is on this computer is contacted at the loopback
 * project server (its default config: "cpu_app", 3.6e12 FLOPs, due 864000 s after it is sent; the server's clock is
 * the wall clock), beside a simulated project. The host has one CPU of 1 GFLOPS, so a cpu_app job runs an hour; both
 * projects have equal shares and the default preferences (a buffer of 0.1 day, up to 0.5 more).
 */
class LoopbackProjectsOverHttpTest {

    private static final double HOUR = 3600;
    private static final Host HOST = new Host("h", "cpu", 1, 1e9, 8e9, 100e9, 50e9, List.of());

    private final List<ProjectServer> servers = new ArrayList<>();
    private final List<EngineEvent> events = new ArrayList<>();
    private final AtomicInteger requestsSeen = new AtomicInteger();

    @AfterEach
    void stopServers() {
        servers.forEach(ProjectServer::close);
    }

    private ProjectServer server() throws IOException {
        ProjectServer s = ProjectServer.start(ServerConfig.defaults(), ProjectServer.loopback(0));
        s.onRequest(line -> requestsSeen.incrementAndGet());
        servers.add(s);
        return s;
    }

    /** "Loop" at {@code url} with a version of {@code app}, and "Sim", emulated at https://sim.example/. */
    private static Scenario scenario(String url, String app) {
        return new ScenarioBuilder(HOST).project("Loop", 100, url).cpuApp(app, HOUR, 864000)
                .project("Sim", 100).cpuApp("s1", HOUR, 864000).build("loopback");
    }

    private static List<RpcView> rpcsOf(Emulation e, String project) {
        return e.engine().recentRpcs().stream().filter(r -> r.project().equals(project))
                .sorted(Comparator.comparingDouble(RpcView::time)).toList();
    }

    private static ProjectFigures figuresOf(EmulationReport r, String project) {
        return r.projects().stream().filter(p -> p.name().equals(project)).findFirst().orElseThrow();
    }

    @Test
    void aProjectOnLoopbackGetsItsJobsFromTheRealServerAndRunsThem() throws Exception {
        ProjectServer server = server();
        Scenario s = scenario(server.rootUrl(), "cpu_app");
        double t0 = s.startTime();

        try (Emulation e = new Emulation(s, 1, events::add)) {
            e.advanceTo(t0 + 4 * HOUR);

            // At the start each project is asked for half the 2.4-h low-water mark, 1 h 12 min: two 1-h jobs. Loop's
            // first job runs first and ends at 1 h, when its report goes with a request for more: 2 requests.
            assertEquals(2, requestsSeen.get());
            List<RpcView> rpcs = rpcsOf(e, "Loop");
            assertEquals(List.of(t0, t0 + HOUR), rpcs.stream().map(RpcView::time).toList());
            rpcs.forEach(r -> assertNull(r.failure()));
            assertEquals(2, rpcs.get(0).jobs().values().iterator().next());
            assertEquals(1, rpcs.get(1).acked());
            Project loop = e.state().project(server.rootUrl()).orElseThrow();
            List<Result> held = e.state().resultsOf(loop);
            assertTrue(held.stream().allMatch(r -> r.name().matches("cpu_app_0000\\d\\d_0")), held.toString());
            // The second reply's jobs are due 864000 s after that request in emulated time, not on the wall clock.
            Result third = e.state().result(loop, "cpu_app_000003_0").orElseThrow();
            assertEquals(t0 + HOUR + 864000, third.reportDeadline());
            // Loop ran 1 h (job 1) and 2-3 h (job 2); Sim 1-2 h and 3-4 h.
            assertEquals(List.of("cpu_app_000001_0", "cpu_app_000002_0"), completed("Loop"));
            assertEquals(List.of("s1_000001_0", "s1_000002_0"), completed("Sim"));
            assertTrue(e.state().result(loop, "cpu_app_000002_0").orElseThrow().readyToReport());
            EmulationReport report = e.report(0);
            ProjectFigures f = figuresOf(report, "Loop");
            assertEquals(2, f.rpcs());
            assertEquals(0, f.rpcFailures());
            assertEquals(1, f.deadlinesMet());
            assertEquals(2 * 3.6e12, f.flopsUsed());
        }
    }

    private List<String> completed(String project) {
        return events.stream().filter(x -> x.kind() == EventKind.TASK_COMPLETED && x.project().equals(project))
                .map(EngineEvent::task).toList();
    }

    @Test
    void withTheServerStoppedTheRpcsAreRefusedAndBackOffWhileTheSimulatedProjectWorks() throws Exception {
        ProjectServer server = server();
        String url = server.rootUrl();
        server.close();
        // Loop lists its scheduler (its master file was read before), so each contact is a request.
        Scenario s = new ScenarioBuilder(HOST).project("Loop", 100, url).cpuApp("cpu_app", HOUR, 864000)
                .schedulers(List.of(url), List.of(url))
                .project("Sim", 100).cpuApp("s1", HOUR, 864000).build("loopback");

        try (Emulation e = new Emulation(s, 1, events::add)) {
            e.advanceTo(s.startTime() + 6 * HOUR);

            List<RpcView> failed = rpcsOf(e, "Loop");
            assertTrue(failed.size() >= 5, failed.toString());
            failed.forEach(r -> assertEquals("connection refused", r.failure()));
            // Seed 002: after the n-th failure the wait is min(60 x 2^n, 14400) x U(0.5, 1); the engine asks again
            // as soon as it may, as its share of the buffer is still wanted.
            Project loop = e.state().project(url).orElseThrow();
            for (int n = 1; n <= failed.size(); n++) {
                double next = n < failed.size() ? failed.get(n).time() : loop.minRpcTime();
                double wait = next - failed.get(n - 1).time();
                double cap = Math.min(RpcBackoff.MIN_DELAY * Math.pow(2, n), RpcBackoff.MAX_DELAY);
                assertTrue(wait >= cap / 2 && wait <= cap, "wait " + wait + " after failure " + n);
            }
            assertEquals(failed.size(), loop.contact().rpcFailures());
            assertTrue(e.state().resultsOf(loop).isEmpty());
            EmulationReport report = e.report(0);
            assertEquals(failed.size(), figuresOf(report, "Loop").rpcFailures());
            assertEquals(0, figuresOf(report, "Loop").rpcs());
            // Sim alone fills the CPU: 6 h of its jobs.
            assertEquals(0, figuresOf(report, "Sim").rpcFailures());
            assertEquals(6 * HOUR, figuresOf(report, "Sim").cpuSeconds());
            assertEquals(6, completed("Sim").size());
        }
    }

    @Test
    void aProjectThatListsNoSchedulerReadsItsMasterFileFirstAndWaitsADayAfterThreeFailedReads() throws Exception {
        // BOINC's init_op_project: Loop lists no scheduler, so its master file is read before any request. The
        // server is stopped: reads 1 and 2 back off 60 x 2^n x U(0.5, 1) (at most 2 and 4 min), the third waits
        // MASTER_FETCH_INTERVAL, a day. So by 6 h: three failed reads, no request, and the next contact a day on.
        ProjectServer server = server();
        String url = server.rootUrl();
        server.close();
        Scenario s = scenario(url, "cpu_app");

        try (Emulation e = new Emulation(s, 1, events::add)) {
            e.advanceTo(s.startTime() + 6 * HOUR);

            Project loop = e.state().project(url).orElseThrow();
            assertEquals(3, loop.contact().masterFetchFailures());
            assertEquals(List.of(), rpcsOf(e, "Loop"), "no request at the master URL");
            assertEquals(RpcDeferral.MASTER_FETCH_FAILURES, loop.contact().deferral(e.now()));
            assertTrue(loop.minRpcTime() > s.startTime() + 86400, "a day after the third read");
        }
    }

    @Test
    void aServerAnsweringHttp500FailsEachRpcWithThatReason() throws Exception {
        ProjectServer server = server();
        server.setMode(FaultMode.ERROR_500);

        try (Emulation e = new Emulation(scenario(server.rootUrl(), "cpu_app"), 1, events::add)) {
            e.advanceTo(e.startTime() + HOUR);

            // The n-th failure waits 30 x 2^n to 60 x 2^n s: the fifth RPC comes by 120 + 240 + 480 + 960 s = 30 min,
            // and a seventh not before 60 + 120 + 240 + 480 + 960 + 1920 s = 63 min.
            List<RpcView> rpcs = rpcsOf(e, "Loop");
            assertTrue(rpcs.size() >= 5 && rpcs.size() <= 6, rpcs.toString());
            rpcs.forEach(r -> assertEquals("HTTP 500", r.failure()));
            assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.RPC_FAILED
                    && x.detail().startsWith("HTTP 500; failure 1, retry in ")), events.toString());
        }
    }

    @Test
    void aJobForAnAppTheProjectHasNoVersionOfIsRefusedWithAnEvent() throws Exception {
        ProjectServer server = server();

        try (Emulation e = new Emulation(scenario(server.rootUrl(), "other_app"), 1, events::add)) {
            e.advanceTo(e.startTime() + HOUR);

            Project loop = e.state().project(server.rootUrl()).orElseThrow();
            assertTrue(e.state().resultsOf(loop).isEmpty());
            List<EngineEvent> ignored = events.stream().filter(x -> x.kind() == EventKind.JOB_IGNORED).toList();
            assertFalse(ignored.isEmpty());
            assertEquals("cpu_app_000001_0 is a job of cpu_app, and the project has sent no version of that app",
                    ignored.get(0).detail());
            assertEquals(EventReason.UNKNOWN_APP_VERSION.name(), ignored.get(0).reason());
        }
    }

    @Test
    void twoRunsWithTheSameSeedAgainstFreshServersAreAlike() throws Exception {
        List<String> first = run(server());
        List<String> second = run(server());

        assertEquals(first, second);
        assertTrue(first.stream().anyMatch(l -> l.contains("JOBS_RECEIVED Loop")), first.toString());
    }

    /** Events and figures of 8 h against {@code server}, without its URL (each server has a port of its own). */
    private List<String> run(ProjectServer server) {
        List<EngineEvent> log = new ArrayList<>();
        try (Emulation e = new Emulation(scenario(server.rootUrl(), "cpu_app"), 7, log::add)) {
            e.advanceTo(e.startTime() + 8 * HOUR);
            List<String> lines = new ArrayList<>(log.stream().map(x -> x.time() + " " + x.kind() + " " + x.project()
                    + " " + x.task() + " " + x.detail()).toList());
            EmulationReport r = e.report(0);
            lines.add(r.rpcs() + " " + r.rpcsFailed() + " " + r.jobs() + " " + r.shareViolation() + " " + r.monotony());
            r.projects().forEach(p -> lines.add(p.name() + " " + p.flopsUsed() + " " + p.rpcs() + " "
                    + p.deadlinesMet()));
            return lines;
        }
    }

    @Test
    void aClientStateWhoseMasterUrlIsOnLoopbackRunsTheServersJobs(@TempDir Path dir) throws Exception {
        ProjectServer server = server();
        String xml = Files.readString(Path.of("src/test/resources/loopback/client_state.xml"))
                .replace("PORT", Integer.toString(server.port()));
        Path file = Files.writeString(dir.resolve("client_state.xml"), xml);
        Scenario s = new ScenarioReader().read(file);

        try (Emulation e = new Emulation(s, 1, events::add)) {
            e.advanceTo(s.startTime() + 2 * HOUR);

            // One project, one CPU: the first request asks for the 2.4-h low-water mark, three 1-h jobs. At 37 min
            // the 3 h queued less the 37 min run fall below 2 h 24 min: up to the 14.4-h high-water mark, 12 h 01 min
            // more, 13 jobs. Jobs 1 and 2 end at 1 h and 2 h; their reports are not due yet.
            assertEquals(2, requestsSeen.get());
            assertEquals(List.of("cpu_app_000001_0", "cpu_app_000002_0"), completed("Loopback Project"));
            assertEquals(16, e.state().resultsOf(e.state().projects().iterator().next()).size());
            assertEquals(requestsSeen.get(), figuresOf(e.report(0), "Loopback Project").rpcs());
        }
    }

    @Test
    void aWhatIfDoesNotContactTheRealServer() throws Exception {
        ProjectServer server = server();

        try (Emulation e = new Emulation(scenario(server.rootUrl(), "cpu_app"), 1, events::add)) {
            e.advanceTo(e.startTime() + HOUR);
            int seen = requestsSeen.get();

            WhatIf.Outcome o = new WhatIf(e.checkpoint()).run(List.of(), 1, () -> false, x -> { }).orElseThrow();

            assertEquals(seen, requestsSeen.get());
            assertTrue(figuresOf(o.report(), "Loop").rpcs() > 0, "the simulated server answered");
        }
    }

    @Test
    void onlyUrlsOnThisComputerAreLoopback() {
        assertTrue(LoopbackRouting.onThisComputer("http://127.0.0.1:8080/"));
        assertTrue(LoopbackRouting.onThisComputer("http://LOCALHOST/boinc/"));
        assertTrue(LoopbackRouting.onThisComputer("http://[::1]:8080/"));
        assertFalse(LoopbackRouting.onThisComputer("https://sim.example/"));
        assertFalse(LoopbackRouting.onThisComputer("http://127.0.0.2/"));
        assertFalse(LoopbackRouting.onThisComputer("not a url"));
    }
}

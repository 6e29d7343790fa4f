package org.cruncher.net;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.MasterPage;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.ReportedResult;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.WorkRequest;
import org.cruncher.server.ProjectServer;
import org.cruncher.server.config.FaultMode;
import org.cruncher.server.config.ServerConfig;

/**
 * The HTTP transport against the loopback project server, over real HTTP on 127.0.0.1. The server's default project
 * has a CPU app of 3.6e12 FLOPs (an hour at 1 GFLOPS) and an NVIDIA app of 3.6e13 FLOPs, both due in 864000 s; its
 * clock is fixed, so deadlines are known.
 */
class HttpSchedulerTransportTest {

    private static final double SERVER_NOW = 1.7e9;
    private static final double HOUR = 3600;
    /** 4 CPUs at 1 GFLOPS and one NVIDIA GPU of 1 TFLOPS peak (0.2 TFLOPS counted). */
    private static final Host HOST = new Host("h", "cpu", 4, 1e9, 8e9, 1e12, 5e11,
            List.of(new Coprocessor(ResourceType.NVIDIA, 1, 1e12, "gpu", false)));

    private ProjectServer server;
    private final HttpSchedulerTransport transport =
            new HttpSchedulerTransport(Duration.ofSeconds(2), Duration.ofSeconds(5));
    private final List<Recorder<?>> recorders = new ArrayList<>();

    @BeforeEach
    void startServer() throws IOException {
        server = ProjectServer.start(ServerConfig.defaults(), ProjectServer.loopback(0), () -> SERVER_NOW);
    }

    @AfterEach
    void stopServerAndCheckEachCallbackCameOnce() throws InterruptedException {
        server.close();
        Thread.sleep(20);
        for (Recorder<?> r : recorders) {
            assertEquals(1, r.calls.size(), "callback calls: " + r.calls);
        }
    }

    /** Collects what a callback receives, from any thread. */
    private static final class Recorder<T> implements Consumer<T> {
        final List<T> calls = new CopyOnWriteArrayList<>();
        final CountDownLatch first = new CountDownLatch(1);

        @Override
        public void accept(T t) {
            calls.add(t);
            first.countDown();
        }

        T await() throws InterruptedException {
            assertTrue(first.await(10, TimeUnit.SECONDS), "no outcome within 10 s");
            return calls.get(0);
        }
    }

    private SchedulerRequest request(WorkRequest work, List<ReportedResult> reported) {
        String url = server.rootUrl();
        return new SchedulerRequest(url, url, 1000, RpcReason.NEED_WORK, work, reported, 1.0, HOST);
    }

    private static WorkRequest work(ResourceType type, double seconds, double instances) {
        return new WorkRequest(Map.of(type, new ResourceRequest(seconds, instances, 0)));
    }

    private RpcOutcome rpc(HttpSchedulerTransport t, SchedulerRequest request) throws InterruptedException {
        Recorder<RpcOutcome> r = new Recorder<>();
        recorders.add(r);
        t.send(request, r);
        return r.await();
    }

    private RpcOutcome rpc(SchedulerRequest request) throws InterruptedException {
        return rpc(transport, request);
    }

    private MasterOutcome master(String url) throws InterruptedException {
        Recorder<MasterOutcome> r = new Recorder<>();
        recorders.add(r);
        transport.fetchMaster(url, r);
        return r.await();
    }

    @Test
    void threeHoursOfCpuWorkInHourLongJobsIsThreeCpuJobsDueAfterTheLatencyBound() throws Exception {
        RpcOutcome o = rpc(request(work(ResourceType.CPU, 3 * HOUR, 0),
                List.of(new ReportedResult("old_1_0", 0, 3500, 3600, 3.6e12, 0, 900))));

        assertTrue(o.succeeded(), o.failure());
        SchedulerReply reply = o.reply();
        assertEquals(List.of("cpu_app", "cpu_app", "cpu_app"), reply.jobs().stream().map(NewJob::appName).toList());
        assertEquals(List.of("cpu_app_000001_0", "cpu_app_000002_0", "cpu_app_000003_0"),
                reply.jobs().stream().map(NewJob::resultName).toList());
        NewJob first = reply.jobs().get(0);
        assertEquals("cpu_app_000001", first.workunit().name());
        assertEquals(3.6e12, first.workunit().rscFpopsEst());
        assertEquals(1, first.versionNum());
        assertEquals("", first.planClass());
        assertEquals(SERVER_NOW + 864000, first.reportDeadline(), 1e-6);
        assertEquals(List.of("old_1_0"), reply.acked());
        assertEquals(0, reply.requestDelay());
        assertFalse(reply.projectIsDown());
        assertEquals(o.request().schedulerUrl(), server.rootUrl());
    }

    @Test
    void twoIdleInstancesAndNoSecondsIsTwoJobs() throws Exception {
        RpcOutcome o = rpc(request(work(ResourceType.CPU, 0, 2), List.of()));

        assertEquals(2, o.reply().jobs().size());
    }

    @Test
    void gpuWorkIsCountedAtAFifthOfPeakAndNoCpuJobComesUnasked() throws Exception {
        // 3.6e13 FLOPs at 0.2 x 1e12 = 180 s per job: an hour is 20 jobs, all for the GPU.
        RpcOutcome o = rpc(request(work(ResourceType.NVIDIA, HOUR, 1), List.of()));

        List<NewJob> jobs = o.reply().jobs();
        assertEquals(20, jobs.size());
        assertTrue(jobs.stream().allMatch(j -> j.appName().equals("gpu_app") && j.planClass().equals("nvidia")),
                jobs.toString());
    }

    @Test
    void refusedConnectionFails() throws Exception {
        server.close();

        RpcOutcome o = rpc(request(work(ResourceType.CPU, HOUR, 0), List.of()));

        assertFalse(o.succeeded());
        assertNull(o.reply());
        assertEquals("connection refused", o.failure());
    }

    @Test
    void aSlowSchedulerTimesOutWithoutBlockingTheCaller() throws Exception {
        server.setMode(FaultMode.SLOW);
        server.setSlowSeconds(3);
        HttpSchedulerTransport quick = new HttpSchedulerTransport(Duration.ofSeconds(1), Duration.ofSeconds(1));
        Recorder<RpcOutcome> r = new Recorder<>();
        recorders.add(r);

        long t0 = System.nanoTime();
        quick.send(request(work(ResourceType.CPU, HOUR, 0), List.of()), r);
        // send does not wait for the answer: the server holds it 3 s and the timeout is 1 s, so no outcome yet.
        assertTrue(r.calls.isEmpty(), "send waited for the outcome");
        RpcOutcome o = r.await();
        double seconds = (System.nanoTime() - t0) / 1e9;

        assertEquals("timed out after 1 s", o.failure());
        // Not before the 1-s timeout, and without waiting for the 3-s answer.
        assertTrue(seconds >= 0.9 && seconds < 3, "failed after " + seconds + " s");
    }

    @Test
    void http500Fails() throws Exception {
        server.setMode(FaultMode.ERROR_500);

        assertEquals("HTTP 500", rpc(request(work(ResourceType.CPU, HOUR, 0), List.of())).failure());
    }

    @Test
    void garbageFailsWithAOneLineReason() throws Exception {
        server.setMode(FaultMode.GARBAGE);

        String why = rpc(request(work(ResourceType.CPU, HOUR, 0), List.of())).failure();

        // "Internal error: ..." where XML should begin: said in words, not as the parser's "Unexpected character".
        assertTrue(why.startsWith("unreadable reply: text comes before the first element, beginning with 'I' (not an "
                + "XML file?)"), why);
        assertEquals(1, why.lines().count());
    }

    @Test
    void noWorkAcknowledgesAndSaysSo() throws Exception {
        server.setMode(FaultMode.NO_WORK);

        RpcOutcome o = rpc(request(work(ResourceType.CPU, HOUR, 0),
                List.of(new ReportedResult("old_1_0", 0, 3500, 3600, 3.6e12, 0, 900))));

        assertTrue(o.succeeded());
        assertEquals(List.of(), o.reply().jobs());
        assertEquals(List.of("old_1_0"), o.reply().acked());
        assertEquals(List.of("Project has no tasks available"), o.reply().messages());
    }

    @Test
    void requestDelayIsCarried() throws Exception {
        server.setRequestDelay(3600);

        RpcOutcome o = rpc(request(work(ResourceType.CPU, HOUR, 0), List.of()));

        assertEquals(3600, o.reply().requestDelay());
        assertEquals(1, o.reply().jobs().size());
    }

    @Test
    void aDownProjectSaysSoWithItsRequestDelayAndNothingElse() throws Exception {
        server.setMode(FaultMode.DOWN);
        server.setRequestDelay(1800);

        RpcOutcome o = rpc(request(work(ResourceType.CPU, HOUR, 0),
                List.of(new ReportedResult("old_1_0", 0, 3500, 3600, 3.6e12, 0, 900))));

        assertTrue(o.succeeded(), "a reply came");
        assertTrue(o.reply().projectIsDown());
        assertEquals(1800, o.reply().requestDelay());
        assertEquals(List.of(), o.reply().jobs());
        assertEquals(List.of(), o.reply().acked());
    }

    @Test
    void theMasterPageListsTheRootUrlAsScheduler() throws Exception {
        MasterOutcome m = master(server.rootUrl());

        assertTrue(m.succeeded(), m.failure());
        assertEquals(server.rootUrl(), m.projectUrl());
        assertEquals(List.of(server.rootUrl()), MasterPage.schedulerUrls(m.page()));
        assertTrue(m.page().contains("<title>Loopback Project</title>"), m.page());
    }

    @Test
    void aMasterReadFromAClosedServerFails() throws Exception {
        String url = server.rootUrl();
        server.close();

        assertEquals("connection refused", master(url).failure());
    }

    @Test
    void aBadUrlIsAFailureNotAnException() throws Exception {
        SchedulerRequest r = new SchedulerRequest("not a url", 0, RpcReason.NEED_WORK, WorkRequest.NONE, List.of(), 1);

        String why = rpc(r).failure();

        assertTrue(why.startsWith("cannot make the request: "), why);
        assertTrue(master("ftp://example.invalid/").failure().startsWith("cannot make the request: "));
    }

    @Test
    void aClosedTransportFailsAtOnce() throws Exception {
        HttpSchedulerTransport closed = new HttpSchedulerTransport(Duration.ofSeconds(2), Duration.ofSeconds(5));
        closed.close();

        assertEquals("the transport has stopped", rpc(closed, request(work(ResourceType.CPU, HOUR, 0), List.of()))
                .failure());
    }

    @Test
    void deadlinesOnTheServersClockAreTakenAfterTheRequestsTime() throws Exception {
        // The server's clock reads SERVER_NOW; the request is made at 1000 (an emulated client's time): the job due
        // 864000 s after SERVER_NOW is due 864000 s after 1000.
        Recorder<RpcOutcome> r = new Recorder<>();
        recorders.add(r);
        new RequestTimeDeadlines(transport, () -> SERVER_NOW).send(request(work(ResourceType.CPU, 0, 1), List.of()),
                r);

        List<NewJob> jobs = r.await().reply().jobs();
        assertEquals(1, jobs.size());
        assertEquals(1000 + 864000, jobs.get(0).reportDeadline());
    }

    @Test
    void timeoutsMustBePositive() {
        assertThrows(IllegalArgumentException.class,
                () -> new HttpSchedulerTransport(Duration.ZERO, Duration.ofSeconds(1)));
        assertEquals(Duration.ofMinutes(5), HttpSchedulerTransport.DEFAULT_REQUEST_TIMEOUT);
        assertEquals(Duration.ofSeconds(30), HttpSchedulerTransport.DEFAULT_CONNECT_TIMEOUT);
    }
}

package org.cruncher.server;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.net.InetSocketAddress;
import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.LocalTime;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.stream.Stream;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.rpc.DiskShortfall;
import org.cruncher.engine.rpc.DiskSpaceReport;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.WorkRequest;
import org.cruncher.persist.SchedulerReplyXml;
import org.cruncher.persist.SchedulerRequestXml;
import org.cruncher.server.config.FaultMode;
import org.cruncher.server.config.ServerApp;
import org.cruncher.server.config.ServerConfig;

/** The loopback project server, spoken to with a plain HTTP client. */
class ProjectServerTest {

    private static final Path CORPUS = Path.of("src/test/resources/corpus/sched");

    private final HttpClient http = HttpClient.newBuilder().connectTimeout(Duration.ofSeconds(2)).build();
    private ProjectServer server;

    @BeforeEach
    void start() throws IOException {
        server = ProjectServer.start(ServerConfig.defaults(), ProjectServer.loopback(0), () -> 1000);
    }

    @AfterEach
    void stop() {
        server.close();
    }

    private HttpResponse<String> post(String path, String body) throws IOException, InterruptedException {
        return http.send(HttpRequest.newBuilder(URI.create(server.rootUrl() + path)).timeout(Duration.ofSeconds(5))
                .header("Content-Type", "text/xml").POST(HttpRequest.BodyPublishers.ofString(body)).build(),
                HttpResponse.BodyHandlers.ofString());
    }

    private SchedulerReply rpc(WorkRequest work) throws Exception {
        String xml = SchedulerRequestXml.write(new SchedulerRequest("http://x/", 0, RpcReason.NEED_WORK, work,
                List.of(), 1));
        HttpResponse<String> r = post("", xml);
        assertEquals(200, r.statusCode(), r.body());
        return SchedulerReplyXml.read(Path.of("reply"), r.body());
    }

    private static WorkRequest cpu(double seconds) {
        return new WorkRequest(Map.of(ResourceType.CPU, new ResourceRequest(seconds, 0, 0)));
    }

    /** On the minute too: LocalTime's own text was "18:41" there, and CI's console-line test failed once. */
    @Test
    void aLogLineAlwaysHasItsSeconds() {
        assertEquals("18:41:00 127.0.0.1: 0 reported", ProjectServer.logLine(LocalTime.of(18, 41, 0, 5), "127.0.0.1",
                "0 reported"));
        assertEquals("09:05:07 ?: x", ProjectServer.logLine(LocalTime.of(9, 5, 7), "?", "x"));
    }

    @Test
    void listensOnLoopbackAtAFreePortAndNamesItsRootUrl() {
        assertTrue(server.port() > 0);
        assertEquals("http://127.0.0.1:" + server.port() + "/", server.rootUrl());
        assertEquals("Loopback Project", server.name());
        assertEquals(FaultMode.UP, server.mode());
    }

    @Test
    void everyRealRequestInTheCorpusGetsAReadableReplyAcknowledgingItsResults() throws Exception {
        List<Path> files;
        try (Stream<Path> s = Files.list(CORPUS)) {
            files = s.filter(p -> p.getFileName().toString().contains("request")).sorted().toList();
        }
        assertFalse(files.isEmpty());
        for (Path f : files) {
            String xml = Files.readString(f);
            HttpResponse<String> r = post("cgi-bin/cgi", xml);

            assertEquals(200, r.statusCode(), f + ": " + r.body());
            SchedulerReply reply = SchedulerReplyXml.read(f, r.body());
            SchedulerRequest asked = SchedulerRequestXml.read(f, xml, "u", "u", 0);
            assertEquals(asked.reported().size(), reply.acked().size(), f.toString());
            assertEquals(asked.work().asksForWork(), !reply.jobs().isEmpty(), f.toString());
        }
    }

    /**
     * A request declared ISO-8859-1 is read as such: its result named "caf\u00e9_0" (one Latin-1 byte for the
     * \u00e9) is acknowledged by that name, not as "caf\ufffd_0", which the client would never match.
     */
    @Test
    void aLatin1RequestKeepsItsResultNames() throws Exception {
        byte[] body = ("<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n<scheduler_request><result><name>caf\u00e9_0"
                + "</name></result></scheduler_request>").getBytes(java.nio.charset.StandardCharsets.ISO_8859_1);
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.rootUrl()))
                .timeout(Duration.ofSeconds(5)).header("Content-Type", "text/xml")
                .POST(HttpRequest.BodyPublishers.ofByteArray(body)).build(), HttpResponse.BodyHandlers.ofString());

        assertEquals(200, r.statusCode(), r.body());
        assertEquals(List.of("caf\u00e9_0"), SchedulerReplyXml.read(Path.of("reply"), r.body()).acked());
    }

    @Test
    void aRequestWithoutHostInfoIsServedAtOneGflops() throws Exception {
        // No <host_info>: p_fpops is BOINC's default 1e9, so the hour-long CPU jobs cover 2.5 h in 3.
        assertEquals(3, rpc(cpu(2.5 * 3600)).jobs().size());
    }

    @Test
    void resultNamesAreUniqueAcrossRequests() throws Exception {
        Set<String> names = new HashSet<>();
        for (int i = 0; i < 3; i++) {
            for (NewJob j : rpc(cpu(7200)).jobs()) {
                assertTrue(names.add(j.resultName()), j.resultName());
            }
        }
        assertEquals(6, names.size());
    }

    /**
     * QA: a server started again numbered its jobs from 1, and a client still holding cpu_app_000001_0 ignored the new
     * one. A run tag in the name keeps two runs apart; without one the names are as before.
     */
    @Test
    void aRunTagKeepsTheJobNamesOfTwoRunsApart() throws Exception {
        assertEquals("cpu_app_000001_0", rpc(cpu(3600)).jobs().get(0).resultName());
        server.close();
        server = ProjectServer.start(ServerConfig.defaults(), ProjectServer.loopback(0), () -> 1000, "t5kq2o");

        assertEquals("cpu_app_t5kq2o_000001_0", rpc(cpu(3600)).jobs().get(0).resultName());
        assertTrue(ProjectServer.runTagNow().matches("[a-z0-9]+"), ProjectServer.runTagNow());
        assertThrows(IllegalArgumentException.class, () -> ProjectServer.start(ServerConfig.defaults(),
                ProjectServer.loopback(0), () -> 1000, "A B"));
    }

    @Test
    void aReplyHoldsAtMostAThousandJobs() throws Exception {
        assertEquals(1000, rpc(cpu(1e9)).jobs().size());
    }

    /**
     * The reply's room is shared among the resources asked for, and a request it cuts short is said: a fast GPU's
     * request took all 1,000 jobs and the CPU asked for beside it got none, silently. Without host figures the CPU
     * does 1 GFLOPS and the GPU 10: a job of either app takes 3,600 s. The GPU asks for 10^7 s (2,778 jobs), the CPU
     * for 36,000 s (10 jobs): the GPU gets its half of the room, 500 jobs (1,800,000 s), and the CPU its 10.
     */
    @Test
    void theReplysRoomIsSharedAmongTheResourcesAndACutIsSaid() throws Exception {
        WorkRequest both = new WorkRequest(Map.of(ResourceType.NVIDIA, new ResourceRequest(1e7, 0, 0),
                ResourceType.CPU, new ResourceRequest(36000, 1, 0)));

        SchedulerReply reply = rpc(both);

        assertEquals(500, reply.jobs().stream().filter(j -> j.appName().equals("gpu_app")).count());
        assertEquals(10, reply.jobs().stream().filter(j -> j.appName().equals("cpu_app")).count());
        assertEquals(List.of("Sent 500 NVIDIA GPU tasks, the most this reply has room for beside the others (1000 in "
                + "all): " + Units.duration(1.8e6) + " of the " + Units.duration(1e7) + " asked for"),
                reply.messages());
    }

    @Test
    void appsOfAResourceTakeTurnsAndCarryTheirVersionPlanClassAndFiles() throws Exception {
        server.close();
        ServerConfig c = new ServerConfig("Two apps", 0, FaultMode.UP, 0, List.of(
                new ServerApp("a", ResourceType.CPU, 7, null, 3.6e12, 100, 1e6, 2e5),
                new ServerApp("b", ResourceType.CPU, 2, "mt", 3.6e12, 200, 0, 0)));
        server = ProjectServer.start(c, ProjectServer.loopback(0), () -> 1000);

        List<NewJob> jobs = rpc(cpu(3 * 3600)).jobs();

        assertEquals(List.of("a", "b", "a"), jobs.stream().map(NewJob::appName).toList());
        assertEquals(7, jobs.get(0).versionNum());
        assertEquals("", jobs.get(0).planClass());
        assertEquals(1e6, jobs.get(0).inputBytes());
        assertEquals(2e5, jobs.get(0).outputBytes());
        assertEquals(1100, jobs.get(0).reportDeadline());
        assertEquals("mt", jobs.get(1).planClass());
        assertEquals(1200, jobs.get(1).reportDeadline());
    }

    /** Ten hours of CPU work asked for, offering these three free-space figures. */
    private SchedulerReply rpcWithDisk(double free, double offenders, double self) throws Exception {
        return rpcWithDisk(free, offenders, self, List.of());
    }

    /** The same, from a client that keeps these sticky files. */
    private SchedulerReply rpcWithDisk(double free, double offenders, double self, List<String> sticky)
            throws Exception {
        SchedulerRequest request = new SchedulerRequest("http://x/", "http://x/", 0, RpcReason.NEED_WORK,
                cpu(10 * 3600), List.of(), 1, null, new DiskSpaceReport(free, offenders, self, 0, 0, 0,
                DeletionPolicy.LRU), sticky);
        HttpResponse<String> r = post("", SchedulerRequestXml.write(request));
        assertEquals(200, r.statusCode(), r.body());
        return SchedulerReplyXml.read(Path.of("reply"), r.body());
    }

    private void serveDiskApp(boolean deleteFromSelf) throws IOException {
        server.close();
        // Each job: 1e9 in + 1e8 out, plus the app's 5e8 sticky file with the first one.
        ServerApp app = new ServerApp("a", ResourceType.CPU, 1, null, 3.6e12, 864000, 1e9, 1e8, 5e8, 1, Double.NaN);
        server = ProjectServer.start(new ServerConfig("Disk", 0, FaultMode.UP, 0, List.of(app),
                new DeletionPolicy(false, true), deleteFromSelf), ProjectServer.loopback(0), () -> 1000);
    }

    @Test
    void diskPassesFillFreeSpaceThenWhatOffendersWouldFree() throws Exception {
        serveDiskApp(false);

        // Pass 1, 2.5e9 free: 1.6e9 for the first job, then 1.1e9 does not fit in 0.9e9: one job.
        SchedulerReply first = rpcWithDisk(2.5e9, 6e9, 20e9);
        assertEquals(1, first.jobs().size());
        assertEquals(new DeletionPolicy(false, true), first.deletionPolicy());
        // The second job did not fit, but a reply with a job does not say "No work sent".
        assertEquals(List.of(), first.messages());
        assertEquals(null, first.diskShortfall());
        // Pass 1 holds nothing (1e9 < 1.6e9); pass 2 offers 4e9: 1.6 + 1.1 + 1.1 = 3.8e9, three jobs.
        assertEquals(3, rpcWithDisk(1e9, 4e9, 20e9).jobs().size());
    }

    /** A stock client's request for ten hours of CPU work: its disk as host_info and disk_usage, and its prefs. */
    private SchedulerReply stockRpc(double dTotal, double dFree, String prefs) throws Exception {
        String xml = "<scheduler_request><cpu_req_secs>36000</cpu_req_secs><cpu_req_instances>0</cpu_req_instances>"
                + prefs + "<host_info><p_ncpus>1</p_ncpus><p_fpops>1e9</p_fpops><d_total>" + dTotal + "</d_total>"
                + "<d_free>" + dFree + "</d_free></host_info><disk_usage><d_boinc_used_total>0</d_boinc_used_total>"
                + "<d_boinc_used_project>0</d_boinc_used_project><d_project_share>1e12</d_project_share>"
                + "</disk_usage></scheduler_request>";
        HttpResponse<String> r = post("", xml);
        assertEquals(200, r.statusCode(), r.body());
        return SchedulerReplyXml.read(Path.of("reply"), r.body());
    }

    /**
     * A stock BOINC client sends no seed-004 figures: the server allows what BOINC's does (max_allowable_disk), from
     * d_free, d_total and the request's preferences; it once sent 2 GB to a host offering 100 MB. d_project_share is
     * not used, as in BOINC.
     */
    @Test
    void aStockClientsRequestGetsWhatItsFreeSpaceAndPreferencesAllow() throws Exception {
        serveDiskApp(false);
        String minFree1Gb = "<global_preferences><disk_min_free_gb>1</disk_min_free_gb></global_preferences>";
        // 3e9 free less 1 GiB (1.074e9) = 1.926e9; 90 % of 1e10 = 9e9; no size limit: 1.6e9 fits, 2.7e9 not.
        assertEquals(1, stockRpc(1e10, 3e9, minFree1Gb).jobs().size());
        // The working preferences (0.1 GiB free) come before the global ones: 3e9 - 1.074e8 = 2.89e9, two jobs.
        assertEquals(2, stockRpc(1e10, 3e9, minFree1Gb + "<working_global_preferences><disk_min_free_gb>0.1"
                + "</disk_min_free_gb></working_global_preferences>").jobs().size());
        // 10 % of 2e10 = 2e9 (the percentage binds, not the 5e9 free): one job.
        assertEquals(1, stockRpc(2e10, 5e9, "<global_preferences><disk_max_used_pct>10</disk_max_used_pct>"
                + "</global_preferences>").jobs().size());
        // 100 MB free, BOINC's defaults (0.1 GiB kept free): nothing allowed, and the reply says why.
        SchedulerReply none = stockRpc(1e10, 1e8, "");
        assertEquals(List.of(), none.jobs());
        assertEquals(new DiskShortfall("a", 1.6e9, 0), none.diskShortfall());
    }

    @Test
    void theThirdPassNeedsDeleteFromSelfAndARefusalSaysWhy() throws Exception {
        serveDiskApp(false);
        SchedulerReply refused = rpcWithDisk(1e9, 1e9, 5e9);
        assertEquals(List.of(), refused.jobs());
        assertEquals(new DiskShortfall("a", 1.6e9, 1e9), refused.diskShortfall());
        assertTrue(refused.messages().get(0).contains("needs 1600000000 bytes"), refused.messages().toString());

        serveDiskApp(true);
        // Pass 3 offers 5e9: 1.6 + 1.1 + 1.1 + 1.1 = 4.9e9, four jobs.
        assertEquals(4, rpcWithDisk(1e9, 1e9, 5e9).jobs().size());
    }

    /**
     * Pass 3's figure counts the project's own expendable files, among them a sticky file the client keeps, which
     * the app's jobs need and the client will not delete for them: its 5e8 bytes are set aside before the first job.
     * Passes 1 and 2 offer 8e8, less than a job's 1.1e9.
     */
    @Test
    void theThirdPassSetsAsideTheKeptStickyFileItsJobsNeed() throws Exception {
        serveDiskApp(true);
        String kept = "a_sticky";
        // 1.5e9 - 5e8 = 1e9 < 1.1e9: no job, and the reply offers the 1e9.
        SchedulerReply none = rpcWithDisk(8e8, 8e8, 1.5e9, List.of(kept));
        assertEquals(List.of(), none.jobs());
        assertEquals(new DiskShortfall("a", 1.1e9, 1e9), none.diskShortfall());
        // 2.8e9 - 5e8 = 2.3e9 holds two jobs of 1.1e9, the file's bytes set aside once.
        assertEquals(2, rpcWithDisk(8e8, 8e8, 2.8e9, List.of(kept)).jobs().size());
    }

    @Test
    void aResourceWithoutAppsGetsNothingAndTheReplySaysWhy() throws Exception {
        WorkRequest amd = new WorkRequest(Map.of(ResourceType.AMD, new ResourceRequest(3600, 1, 0)));

        SchedulerReply reply = rpc(amd);
        assertEquals(List.of(), reply.jobs());
        // It said nothing: a real server says why a request for work got none.
        assertEquals(List.of("No AMD GPU tasks: this project has no application for AMD GPUs"), reply.messages());
        // A request for CPU work, which it has an application for, is not told so.
        assertEquals(List.of(), rpc(cpu(3600)).messages());
    }

    /**
     * Listening on every address (--bind 0.0.0.0), the master page names the address the client reached, not
     * 127.0.0.1, which sent a client on another machine to its own loopback. 127.0.0.2 stands for another address:
     * it is this machine's too on Linux, where the suite runs.
     */
    @Test
    void listeningOnEveryAddressTheMasterPageNamesTheAddressTheClientUsed() throws Exception {
        assertFalse(server.listensEverywhere(), "on loopback, its root URL is the one address");
        server.close();
        server = ProjectServer.start(ServerConfig.defaults(), new InetSocketAddress(0), () -> 1000);
        assertTrue(server.listensEverywhere());
        String other = "http://127.0.0.2:" + server.port() + "/";

        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(other)).GET().build(),
                HttpResponse.BodyHandlers.ofString());

        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("<link rel=\"boinc_scheduler\" href=\"" + other + "\">"), page.body());
    }

    @Test
    void getOnAnyPathIsTheMasterPageAndOtherMethodsAreRefused() throws Exception {
        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(server.rootUrl() + "some/page"))
                .GET().build(), HttpResponse.BodyHandlers.ofString());
        HttpResponse<String> put = http.send(HttpRequest.newBuilder(URI.create(server.rootUrl()))
                .PUT(HttpRequest.BodyPublishers.ofString("x")).build(), HttpResponse.BodyHandlers.ofString());

        assertEquals(200, page.statusCode());
        assertTrue(page.body().contains("<link rel=\"boinc_scheduler\" href=\"" + server.rootUrl() + "\">"),
                page.body());
        assertEquals(405, put.statusCode());
    }

    @Test
    void anUnreadableRequestIsABadRequestWithTheReasonOnOneLine() throws Exception {
        HttpResponse<String> r = post("", "<scheduler_request><host_info><p_ncpus>0</p_ncpus></host_info>"
                + "</scheduler_request>");

        assertEquals(400, r.statusCode());
        assertEquals(1, r.body().strip().lines().count(), r.body());
        assertTrue(r.body().contains("no usable CPU count"), r.body());
    }

    /** Another file posted is "not a scheduler request", as other readers say "not a client_state.xml". */
    @Test
    void anotherDocumentIsSaidNotToBeARequest() throws Exception {
        HttpResponse<String> r = post("", "<client_state></client_state>");

        assertEquals(400, r.statusCode());
        assertTrue(r.body().contains(":1: not a scheduler request: the root element is <client_state>, not "
                + "<scheduler_request>"), r.body());
    }

    @Test
    void closingDoesNotWaitForASlowAnswer() throws Exception {
        server.setMode(FaultMode.SLOW);
        server.setSlowSeconds(30);
        Thread caller = new Thread(() -> {
            try {
                post("", "<scheduler_request/>");
            } catch (IOException | InterruptedException e) {
                // The connection is dropped when the server closes: expected.
            }
        });
        caller.start();
        Thread.sleep(200);

        server.close();
        caller.join(5000);

        // The answer would take 30 s: the request ending within 5 s shows that closing did not wait for it.
        assertFalse(caller.isAlive(), "the request ended when the server closed");
    }

    /**
     * In slow mode each scheduler request waits its slow_seconds on a thread of its own: nine of them waiting, the
     * master page is still answered at once (a fixed pool of eight threads held it until the first answers came).
     */
    @Test
    void slowAnswersDoNotHoldUpTheMasterPage() throws Exception {
        server.setMode(FaultMode.SLOW);
        server.setSlowSeconds(60);
        List<java.util.concurrent.CompletableFuture<HttpResponse<String>>> waiting = new java.util.ArrayList<>();
        for (int i = 0; i < 9; i++) {
            waiting.add(http.sendAsync(HttpRequest.newBuilder(URI.create(server.rootUrl()))
                    .header("Content-Type", "text/xml")
                    .POST(HttpRequest.BodyPublishers.ofString("<scheduler_request/>")).build(),
                    HttpResponse.BodyHandlers.ofString()));
        }
        Thread.sleep(500);

        HttpResponse<String> page = http.send(HttpRequest.newBuilder(URI.create(server.rootUrl()))
                .timeout(Duration.ofSeconds(20)).GET().build(), HttpResponse.BodyHandlers.ofString());

        assertEquals(200, page.statusCode());
        assertTrue(waiting.stream().noneMatch(java.util.concurrent.CompletableFuture::isDone),
                "the slow answers still wait");
    }

    /** A request over 16 MiB is refused with 413, and the client gets the reason, not only the status. */
    @Test
    void aRequestTooLargeIsRefusedWithItsReason() throws Exception {
        byte[] big = new byte[ProjectHandler.MAX_REQUEST_BYTES + (1 << 20)];
        java.util.Arrays.fill(big, (byte) ' ');
        HttpResponse<String> r = http.send(HttpRequest.newBuilder(URI.create(server.rootUrl()))
                .timeout(Duration.ofSeconds(30)).header("Content-Type", "text/xml")
                .POST(HttpRequest.BodyPublishers.ofByteArray(big)).build(), HttpResponse.BodyHandlers.ofString());

        assertEquals(413, r.statusCode());
        assertEquals("A scheduler request is at most 16777216 bytes", r.body().strip());
    }

    @Test
    void settingsAreChecked() {
        assertThrows(IllegalArgumentException.class, () -> server.setRequestDelay(-1));
        assertThrows(IllegalArgumentException.class, () -> server.setSlowSeconds(Double.NaN));
        assertThrows(NullPointerException.class, () -> server.setMode(null));
    }

    @Test
    void aFailureMadeOnPurposeIsALineOnTheConsoleToo() throws Exception {
        // QA: in modes error_500 and garbage the console stayed silent while the client logged its failures.
        List<String> lines = new CopyOnWriteArrayList<>();
        server.onRequest(lines::add);
        String xml = SchedulerRequestXml.write(new SchedulerRequest("http://x/", 0, RpcReason.NEED_WORK, cpu(3600),
                List.of(), 1));

        server.setMode(FaultMode.ERROR_500);
        assertEquals(500, post("", xml).statusCode());
        server.setMode(FaultMode.GARBAGE);
        assertEquals(200, post("", xml).statusCode());

        assertEquals(2, lines.size(), lines::toString);
        assertTrue(lines.get(0).endsWith("answered HTTP 500 (mode error_500)"), lines.get(0));
        assertTrue(lines.get(1).endsWith("answered with a reply that is not XML (mode garbage)"), lines.get(1));
    }

    @Test
    void theConfiguredModeAndDelayHoldFromTheStart() throws Exception {
        server.close();
        server = ProjectServer.start(ServerConfig.defaults().withMode(FaultMode.NO_WORK).withRequestDelay(60),
                ProjectServer.loopback(0));

        SchedulerReply reply = rpc(cpu(3600));

        assertEquals(List.of(), reply.jobs());
        assertEquals(60, reply.requestDelay());
        assertEquals(List.of(ProjectHandler.NO_WORK_MESSAGE), reply.messages());
    }
}

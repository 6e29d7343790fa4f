package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.concurrent.atomic.AtomicReference;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.TimeStats;
import org.cruncher.engine.rpc.DiskShortfall;
import org.cruncher.engine.rpc.DiskSpaceReport;
import org.cruncher.engine.rpc.JobFile;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.WorkRequest;

/** Seed 003's scheduler side: jobs only for requested resources, seconds and instances honoured. */
class SimulatedProjectServerTest {

    private static final double NOW = 1000;

    /** 2 CPUs at 1 GFLOPS and 1 NVIDIA GPU; the project has a CPU app (1-hour jobs) and a GPU app (1-hour jobs). */
    private static SimulatedProjectServer server() {
        Host host = new Host("h", "cpu", 2, 1e9, 8e9, 1e12, 5e11,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 1e10, "gpu", false)));
        ResourceSet resources = ResourceSet.of(host, Prefs.DEFAULTS, ClientConfig.DEFAULTS);
        AppVersion cpu = AppVersion.cpu("c", 1, 1e9);
        AppVersion gpu = AppVersion.gpu("g", ResourceType.NVIDIA, 1, 0.1, 2e9);
        ServerSpec spec = new ServerSpec("http://p/", List.of(
                new JobSpec("c", 3600e9, 3600e9, 0, 864000, 1),
                new JobSpec("g", 7200e9, 7200e9, 0, 864000, 1)), 1, OnOffProcess.DEFAULT_LAMBDA);
        Project p = new Project("http://p/", "P", 100);
        return new SimulatedProjectServer(spec, List.of(cpu, gpu), () -> resources, TimeStats.ALWAYS, NOW,
                new RandomStreams(1), new JobCatalog(), new FiguresOfMerit(List.of(p)));
    }

    private static List<NewJob> ask(Map<ResourceType, ResourceRequest> work) {
        SchedulerRequest r = new SchedulerRequest("http://p/", NOW, RpcReason.NEED_WORK, new WorkRequest(work),
                List.of(), 1);
        return server().handle(r).reply().jobs();
    }

    /**
     * The highest number among names the server could have made: a1_000042_0 gives 42 and a1_1234567_0 (past six
     * digits) 1234567; a1_b_000007_0 is of app "a1_b", not "a1"; a1_000099_1 (a second replica) and a real BOINC
     * name are none of its own.
     */
    @Test
    void lastIssuedReadsOnlyNamesTheServerCouldHaveMade() {
        assertEquals(42, SimulatedProjectServer.lastIssued(List.of("a1_000042_0", "a1_000007_0"), List.of("a1")));
        assertEquals(1234567, SimulatedProjectServer.lastIssued(List.of("a1_1234567_0"), List.of("a1")));
        assertEquals(0, SimulatedProjectServer.lastIssued(List.of("a1_b_000007_0"), List.of("a1")));
        assertEquals(7, SimulatedProjectServer.lastIssued(List.of("a1_b_000007_0"), List.of("a1", "a1_b")));
        assertEquals(0, SimulatedProjectServer.lastIssued(List.of("a1_000099_1", "20ap09aa.1234.5678.3.wu_1"),
                List.of("a1")));
    }

    @Test
    void sendsOnlyJobsForRequestedResources() {
        // GPU work only: 3 h of GPU time in 1-hour GPU jobs (7200 GFLOP at 2 GFLOPS) -> 3 jobs, none for the CPU.
        List<NewJob> jobs = ask(Map.of(ResourceType.NVIDIA, new ResourceRequest(3 * 3600, 0, 0)));

        assertEquals(3, jobs.size());
        assertTrue(jobs.stream().allMatch(j -> j.appName().equals("g")), jobs.toString());
    }

    @Test
    void honoursSecondsAndInstances() {
        // CPU: 10000 s in 1-hour jobs -> 3 jobs (3 x 3600 = 10800 covers it). Then 0 s but 2 idle CPUs -> 2 jobs.
        assertEquals(3, ask(Map.of(ResourceType.CPU, new ResourceRequest(10000, 0, 0))).size());
        assertEquals(2, ask(Map.of(ResourceType.CPU, new ResourceRequest(0, 2, 0))).size());
        assertEquals(0, ask(Map.of()).size());
    }

    @Test
    void countsEachJobAsTheClientWillTakeItWithItsCorrectionFactor() {
        // 1-hour CPU jobs by their estimate; a client whose factor is 0.25 takes each as 900 s. Asked for 3600 s, the
        // server sends 3600 / 900 = 4 jobs (1 without the factor).
        SchedulerRequest r = new SchedulerRequest("http://p/", "http://p/", NOW, RpcReason.NEED_WORK,
                new WorkRequest(Map.of(ResourceType.CPU, new ResourceRequest(3600, 0, 0))), List.of(), 1, null, null,
                List.of(), 0.25);

        assertEquals(4, server().handle(r).reply().jobs().size());
        assertEquals(1, ask(Map.of(ResourceType.CPU, new ResourceRequest(3600, 0, 0))).size());
    }

    @Test
    void sendsNoVersionTheHostCouldNeverStartAsTheHostNowIs() {
        // 4 CPUs; app "c" has a 1-thread version (1 GFLOPS) and a 4-thread one (4 GFLOPS). With every CPU usable the
        // faster 4-thread version is sent. Once the user allows 50 % (2 CPUs), a 4-thread job could never start:
        // the server, reading the host as it is at each request, sends the 1-thread version.
        Host host = new Host("h", "cpu", 4, 1e9, 8e9, 1e12, 5e11, List.of());
        AtomicReference<ResourceSet> resources = new AtomicReference<>(
                ResourceSet.of(host, Prefs.DEFAULTS, ClientConfig.DEFAULTS));
        ServerSpec spec = new ServerSpec("http://p/", List.of(new JobSpec("c", 3600e9, 3600e9, 0, 864000, 1)), 1,
                OnOffProcess.DEFAULT_LAMBDA);
        SimulatedProjectServer server = new SimulatedProjectServer(spec,
                List.of(AppVersion.cpu("c", 1, 1e9), new AppVersion("c", 2, "mt", 4, 4e9, ResourceType.CPU, 0)),
                resources::get, TimeStats.ALWAYS, NOW, new RandomStreams(1), new JobCatalog(),
                new FiguresOfMerit(List.of(new Project("http://p/", "P", 100))));
        SchedulerRequest oneJob = new SchedulerRequest("http://p/", NOW, RpcReason.NEED_WORK,
                new WorkRequest(Map.of(ResourceType.CPU, new ResourceRequest(0, 1, 0))), List.of(), 1);

        assertEquals("mt", server.handle(oneJob).reply().jobs().get(0).planClass());
        resources.set(ResourceSet.of(host, Prefs.DEFAULTS.withMaxNcpusPct(50), ClientConfig.DEFAULTS));
        assertEquals("", server.handle(oneJob).reply().jobs().get(0).planClass());
    }

    // ---- seed 004: the three disk passes ----------------------------------------------------------------------

    /** One CPU app "c" (1-hour jobs): input 1e9 bytes, output 1e8, a sticky file of 5e8, priority 3, kept 7 days. */
    private static SimulatedProjectServer diskServer(boolean deleteFromSelf) {
        Host host = new Host("h", "cpu", 2, 1e9, 8e9, 1e12, 5e11, List.of());
        ResourceSet resources = ResourceSet.of(host, Prefs.DEFAULTS, ClientConfig.DEFAULTS);
        JobSpec app = new JobSpec("c", 3600e9, 3600e9, 0, 864000, 1, 1e9, 1e8, 0, 5e8, 3, 7);
        ServerSpec spec = new ServerSpec("http://p/", List.of(app), 1, OnOffProcess.DEFAULT_LAMBDA, List.of(),
                TransferSpec.NONE, List.of(), new DeletionPolicy(false, true), deleteFromSelf);
        return new SimulatedProjectServer(spec, List.of(AppVersion.cpu("c", 1, 1e9)), () -> resources,
                TimeStats.ALWAYS, NOW, new RandomStreams(1), new JobCatalog(),
                new FiguresOfMerit(List.of(new Project("http://p/", "P", 100))));
    }

    /** Asks for 10 hours of CPU work (ten 1-hour jobs) offering these three free-space figures. */
    private static SchedulerReply askWithDisk(SimulatedProjectServer server, double free, double offenders,
                                              double self, List<String> sticky) {
        DiskSpaceReport disk = new DiskSpaceReport(free, offenders, self, 0, 0, 0, DeletionPolicy.LRU);
        SchedulerRequest r = new SchedulerRequest("http://p/", "http://p/", NOW, RpcReason.NEED_WORK,
                new WorkRequest(Map.of(ResourceType.CPU, new ResourceRequest(10 * 3600, 0, 0))), List.of(), 1, null,
                disk, sticky);
        return server.handle(r).reply();
    }

    @Test
    void firstPassFillsOnlyTheFreeSpace() {
        // 2.5e9 free: the first job takes 1e9 + 1e8 + the sticky 5e8 = 1.6e9, leaving 0.9e9 < the next 1.1e9 -> 1 job.
        SchedulerReply reply = askWithDisk(diskServer(false), 2.5e9, 6e9, 20e9, List.of());

        assertEquals(1, reply.jobs().size());
        NewJob job = reply.jobs().get(0);
        assertEquals(List.of("c_000001_in", "c_sticky"), job.inputs().stream().map(JobFile::name).toList());
        assertEquals(new JobFile("c_000001_in", 1e9, 3, 7, false), job.inputs().get(0));
        assertTrue(job.inputs().get(1).sticky());
        assertEquals(List.of("c_000001_0_out"), job.outputs().stream().map(JobFile::name).toList());
        assertEquals(new DeletionPolicy(false, true), reply.deletionPolicy(), "the project's flags come with the reply");
        assertNull(reply.diskShortfall());
    }

    @Test
    void aStickyFileTheClientKeepsIsNotCountedAgain() {
        // The client has c_sticky: each job needs 1.1e9; 2.5e9 holds two (2.2e9).
        SchedulerReply reply = askWithDisk(diskServer(false), 2.5e9, 6e9, 20e9, List.of("c_sticky"));

        assertEquals(2, reply.jobs().size());
    }

    @Test
    void secondPassUsesTheSpaceOffendersWouldFree() {
        // 1e9 free holds nothing (1.6e9 needed); pass 2 with 4e9: 1.6 + 1.1 + 1.1 = 3.8e9 -> 3 jobs.
        SchedulerReply reply = askWithDisk(diskServer(false), 1e9, 4e9, 20e9, List.of());

        assertEquals(3, reply.jobs().size());
        assertNull(reply.diskShortfall());
    }

    @Test
    void thirdPassOnlyWithDeleteFromSelf() {
        // Passes 1 and 2 offer 1e9 < 1.6e9. Without delete_from_self: nothing, and the reply says why.
        SchedulerReply refused = askWithDisk(diskServer(false), 1e9, 1e9, 5e9, List.of());
        assertEquals(0, refused.jobs().size());
        assertEquals(new DiskShortfall("c", 1.6e9, 1e9), refused.diskShortfall());
        assertEquals(1, refused.messages().size());

        // With it, pass 3 offers 5e9: 1.6 + 1.1 + 1.1 + 1.1 = 4.9e9 -> 4 jobs.
        SchedulerReply third = askWithDisk(diskServer(true), 1e9, 1e9, 5e9, List.of());
        assertEquals(4, third.jobs().size());
        assertNull(third.diskShortfall());
    }

    /**
     * Pass 3's figure counts the project's own expendable files, among them a sticky file the client keeps; a job
     * of its app needs that file, so the client would not delete it for the job (it refused such a job: "needs 1.1
     * GB and at most 908 MB could be made free"). The first job of the app must fit without the file's bytes.
     */
    @Test
    void theThirdPassDoesNotCountTheKeptStickyFileItsJobsNeed() {
        // Passes 1 and 2 offer 8e8. 1.5e9 if own files went, 5e8 of them c_sticky: 1.5e9 - 5e8 = 1e9 < the 1.1e9 a
        // job needs -> no job, and the reply offers the 1e9.
        SchedulerReply none = askWithDisk(diskServer(true), 8e8, 8e8, 1.5e9, List.of("c_sticky"));
        assertEquals(0, none.jobs().size());
        assertEquals(new DiskShortfall("c", 1.1e9, 1e9), none.diskShortfall());

        // 2.8e9: 2.8 - 0.5 = 2.3e9 holds two jobs of 1.1e9 (2.2e9), the sticky file's bytes set aside once.
        SchedulerReply two = askWithDisk(diskServer(true), 8e8, 8e8, 2.8e9, List.of("c_sticky"));
        assertEquals(2, two.jobs().size());
    }
}

package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.rpc.DiskSpaceReport;
import org.cruncher.engine.rpc.ReportedResult;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.WorkRequest;

class SchedulerRequestXmlTest {

    private static final Path SOURCE = Path.of("request.xml");

    @Test
    void workRequestGoesOutUnderBoincsNamesAndComesBack() throws Exception {
        // boinc-engine.md 3.8's example: 100080 s and 1 instance of CPU work; plus an hour of NVIDIA GPU work for
        // one idle GPU. work_req_seconds is the larger of the two (seed 003).
        WorkRequest work = new WorkRequest(Map.of(
                ResourceType.CPU, new ResourceRequest(100080, 1, 3600),
                ResourceType.NVIDIA, new ResourceRequest(3600, 1, 0)));
        SchedulerRequest request = new SchedulerRequest("http://a/", 0, RpcReason.NEED_WORK, work,
                List.of(new ReportedResult("r1_0", 0, 3500, 3600, 3.6e12, 864000, 1000)), 0.5);

        String xml = SchedulerRequestXml.write(request);

        assertTrue(xml.contains("<work_req_seconds>100080.000000</work_req_seconds>"), xml);
        assertTrue(xml.contains("<cpu_req_secs>100080.000000</cpu_req_secs>"), xml);
        assertTrue(xml.contains("<cpu_req_instances>1.000000</cpu_req_instances>"), xml);
        assertTrue(xml.contains("<coprocs><coproc_cuda><req_secs>3600.000000</req_secs>"
                + "<req_instances>1.000000</req_instances>"), xml);
        assertTrue(xml.contains("<result><name>r1_0</name>"), xml);
        assertEquals(work, SchedulerRequestXml.readWork(SOURCE, xml));
    }

    @Test
    void diskFiguresDeletionFlagsAndStickyFilesGoOutAndComeBack() throws Exception {
        // Seed 004: 1 GB free, 3 GB if offenders were trimmed, 4 GB with this project's own files too; the client
        // uses 6 GB, 2 GB of them this project's, whose share is 2.5 GB; it deletes by expiry; it keeps one sticky
        // file of the project.
        DiskSpaceReport disk = new DiskSpaceReport(1e9, 3e9, 4e9, 6e9, 2e9, 2.5e9, new DeletionPolicy(false, true));
        SchedulerRequest request = new SchedulerRequest("http://a/", "http://a/cgi", 0, RpcReason.NEED_WORK,
                new WorkRequest(Map.of(ResourceType.CPU, new ResourceRequest(3600, 0, 0))), List.of(), 0.25, null,
                disk, List.of("app_sticky"));

        String xml = SchedulerRequestXml.write(request);

        assertTrue(xml.contains("<project_disk_free>1000000000.000000</project_disk_free>"
                + "<potentially_free_offender>3000000000.000000</potentially_free_offender>"
                + "<potentially_free_self>4000000000.000000</potentially_free_self>"), xml);
        assertTrue(xml.contains("<disk_usage><d_boinc_used_total>6000000000.000000</d_boinc_used_total>"), xml);
        assertTrue(xml.contains("<deletion_policy_expire/>") && !xml.contains("deletion_policy_priority"), xml);
        assertTrue(xml.contains("<file_info><name>app_sticky</name></file_info>"), xml);
        SchedulerRequest back = SchedulerRequestXml.read(SOURCE, xml, "http://a/", "http://a/cgi", 0);
        assertEquals(disk, back.disk());
        assertEquals(List.of("app_sticky"), back.stickyFiles());
    }

    @Test
    void aRequestWithoutDiskFiguresLimitsNothing() throws Exception {
        // An unlimited disk sends no figures; a request without them (any real BOINC client's) is read as unlimited.
        String xml = SchedulerRequestXml.write(new SchedulerRequest("http://a/", 0, RpcReason.NEED_WORK,
                new WorkRequest(Map.of()), List.of(), 1));

        assertFalse(xml.contains("project_disk_free"), xml);
        assertEquals(DiskSpaceReport.UNKNOWN, SchedulerRequestXml.read(SOURCE, xml, "http://a/", "http://a/", 0)
                .disk());
        // Only the first figure: the later passes may use no more than it.
        DiskSpaceReport one = SchedulerRequestXml.read(SOURCE, "<scheduler_request><project_disk_free>5e8"
                + "</project_disk_free></scheduler_request>", "http://a/", "http://a/", 0).disk();
        assertEquals(5e8, one.budget(2, false));
        assertEquals(5e8, one.budget(3, true));
    }

    @Test
    void aStockClientsWorkingPreferencesSetWhatTheServerAllows() throws Exception {
        // BOINC 6.10's request nests its working preferences: disk_min_free_gb 0.001, disk_max_used_pct 50,
        // disk_max_used_gb 100; host d_total 10158718976, d_free 467714048; d_boinc_used_total 11508373.
        // max_allowable_disk = min(467714048 - 0.001 x 2^30, 10158718976 x 50 % - 11508373, 100 x 2^30 - 11508373)
        //                    = min(466640306.176, 5067851115, 107362910827) = 466640306.176 bytes.
        // (BOINC's defaults, 0.1 GiB kept free, would have allowed 467714048 - 107374182.4 = 360339865.6.)
        DiskSpaceReport disk = corpus("caoyuwei-request-seti-v6.xml").disk();

        assertEquals(466640306.176, disk.free(), 1e-3);
        assertEquals(466640306.176, disk.freeIfSelfTrimmed(), 1e-3);
    }

    @Test
    void workingPreferencesComeBeforeTheGlobalOnes() throws Exception {
        // 10 GB free of 1 TB; the working preferences allow 3 GB in all, the global ones 50 GB; nothing used yet.
        String xml = "<scheduler_request><working_global_preferences><global_preferences>"
                + "<disk_max_used_gb>3</disk_max_used_gb></global_preferences></working_global_preferences>"
                + "<global_preferences><disk_max_used_gb>50</disk_max_used_gb></global_preferences>"
                + "<host_info><p_ncpus>2</p_ncpus><d_total>1e12</d_total><d_free>1e10</d_free></host_info>"
                + "</scheduler_request>";

        // min(1e10 - 0.1 x 2^30, 1e12 x 90 %, 3 x 2^30) = 3 x 1073741824 = 3221225472 bytes.
        assertEquals(3221225472.0, SchedulerRequestXml.read(SOURCE, xml, "http://a/", "http://a/", 0).disk().free());
        // An empty working set is passed over, as BOINC's server does: the global 50 GB, above the 10 GB free, leave
        // min(1e10 - 0.1 x 2^30, 9e11, 50 x 2^30) = 1e10 - 107374182.4 = 9892625817.6 bytes.
        String emptyWorking = xml.replaceFirst("<working_global_preferences>.*</working_global_preferences>",
                "<working_global_preferences/>");
        assertEquals(9892625817.6, SchedulerRequestXml.read(SOURCE, emptyWorking, "http://a/", "http://a/", 0).disk()
                .free(), 1e-3);
    }

    @Test
    void oldClientsScalarRequestIsCpuWork() throws Exception {
        WorkRequest w = SchedulerRequestXml.readWork(SOURCE,
                "<scheduler_request><work_req_seconds>5000</work_req_seconds><other/></scheduler_request>");

        assertEquals(5000, w.get(ResourceType.CPU).seconds());
        assertEquals(1, w.perResource().size());
    }

    @Test
    void badNumberIsOneLineNamingTheDocument() {
        InputProblem e = assertThrows(InputProblem.class, () -> SchedulerRequestXml.readWork(SOURCE,
                "<scheduler_request>\n<cpu_req_secs>lots</cpu_req_secs></scheduler_request>"));

        assertEquals("request.xml:2: <cpu_req_secs> is not a number: lots", e.oneLine());
    }

    /** Infinite or not-a-number work is refused with its reason, not read as none (an empty reply, unexplained). */
    @Test
    void aNumberThatIsNotFiniteIsRefusedToo() {
        for (String text : List.of("NaN", "1e400", "Infinity", "-Infinity")) {
            InputProblem e = assertThrows(InputProblem.class, () -> SchedulerRequestXml.readWork(SOURCE,
                    "<scheduler_request>\n<cpu_req_secs>" + text + "</cpu_req_secs></scheduler_request>"));
            assertEquals("request.xml:2: <cpu_req_secs> is not a finite number: " + text, e.oneLine());
        }
    }

    private static final Path CORPUS = Path.of("src/test/resources/corpus/sched");

    private static SchedulerRequest corpus(String file) throws Exception {
        Path path = CORPUS.resolve(file);
        return SchedulerRequestXml.read(path, Files.readString(path), "http://p/", "http://p/cgi", 1000);
    }

    @Test
    void everyCorpusRequestReads() throws Exception {
        List<Path> requests;
        try (Stream<Path> files = Files.list(CORPUS)) {
            requests = files.filter(p -> p.getFileName().toString().contains("-request-")).sorted().toList();
        }
        assertEquals(6, requests.size());
        for (Path p : requests) {
            SchedulerRequest r = SchedulerRequestXml.read(p, Files.readString(p), "http://p/", "http://p/cgi", 1000);
            // Every one asks for CPU work, reports nothing and describes the same kind of host: an E-350 or a
            // Core 2 Duo, both with <p_ncpus>2</p_ncpus> and no GPU (no <coprocs>).
            assertEquals(RpcReason.NEED_WORK, r.reason(), p.toString());
            assertTrue(r.work().get(ResourceType.CPU).seconds() > 0, p.toString());
            assertTrue(r.reported().isEmpty(), p.toString());
            assertNotNull(r.host(), p.toString());
            assertEquals(2, r.host().cpuCount(), p.toString());
            assertTrue(r.host().coprocessors().isEmpty(), p.toString());
            assertEquals(r.work(), SchedulerRequestXml.readWork(p, Files.readString(p)), p.toString());
        }
    }

    @Test
    void milkywayRequestGivesItsFigures() throws Exception {
        SchedulerRequest r = corpus("michaelzhye-request-milkyway.xml");

        // From the file (BOINC 7.2.42): cpu_req_secs 100642.389229, cpu_req_instances 1, estimated_delay 0,
        // resource_share_fraction 1; host_info p_ncpus 2, p_fpops 1345775919.848238, m_nbytes 3744915456,
        // d_total 2948965310464, d_free 1776808230912.
        assertEquals(new ResourceRequest(100642.389229, 1, 0), r.work().get(ResourceType.CPU));
        assertEquals(1, r.work().perResource().size());
        assertEquals(1.0, r.shareFraction());
        assertEquals(new Host("", "", 2, 1345775919.848238, 3744915456.0, 2948965310464.0, 1776808230912.0,
                List.of()), r.host());
        assertEquals("http://p/", r.projectUrl());
        assertEquals("http://p/cgi", r.schedulerUrl());
        assertEquals(1000, r.time());
    }

    @Test
    void boinc6RequestGivesItsFigures() throws Exception {
        SchedulerRequest r = corpus("caoyuwei-request-seti-v6.xml");

        // From the file (BOINC 6.10.58): cpu_req_secs 60480, cpu_req_instances 2, resource_share_fraction 1,
        // p_ncpus 2, p_fpops 2161527502.969002.
        assertEquals(new ResourceRequest(60480, 2, 0), r.work().get(ResourceType.CPU));
        assertEquals(1.0, r.shareFraction());
        assertEquals(2, r.host().cpuCount());
        assertEquals(2161527502.969002, r.host().cpuFlops());
    }

    @Test
    void casathomeRequestHasHalfTheShare() throws Exception {
        SchedulerRequest r = corpus("michaelzhye-44089dd-request-casathome.xml");

        // From the file: resource_share_fraction 0.5 (CAS@home and SETI@home share equally), cpu_req_secs
        // 78075.495425, p_ncpus 2.
        assertEquals(0.5, r.shareFraction());
        assertEquals(78075.495425, r.work().get(ResourceType.CPU).seconds());
        assertEquals(2, r.host().cpuCount());
    }

    @Test
    void writtenRequestWithAGpuHostReadsBack() throws Exception {
        // A 4-CPU host with one NVIDIA GPU of 5 TFLOPS peak; an hour of GPU work for its idle GPU, a day of CPU
        // work, and two reported results (one failed, exit status -1).
        Host host = new Host("box", "CPU", 4, 3e9, 16e9, 1e12, 4e11,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 5e12, "GTX", false)));
        WorkRequest work = new WorkRequest(Map.of(
                ResourceType.CPU, new ResourceRequest(86400, 0, 120),
                ResourceType.NVIDIA, new ResourceRequest(3600, 1, 0)));
        SchedulerRequest sent = new SchedulerRequest("http://a/", "http://a/cgi", 500, RpcReason.NEED_WORK, work,
                List.of(new ReportedResult("r1_0", 0, 3500, 3600, 3.6e12, 864000, 400),
                        new ReportedResult("r2_1", -1, 10, 12, 0, 864000, 450, ResultState.COMPUTE_ERROR)), 0.25,
                host);

        String xml = SchedulerRequestXml.write(sent);
        SchedulerRequest back = SchedulerRequestXml.read(Path.of("request.xml"), xml, "http://a/", "http://a/cgi",
                600);

        // Placement as BOINC's make_scheduler_request: host_info without coprocs, then a top-level <coprocs>
        // whose coproc_cuda has the host's count and peak_flops and the GPU request.
        assertTrue(xml.contains("<host_info><p_ncpus>4</p_ncpus><p_fpops>3000000000.000000</p_fpops>"), xml);
        assertTrue(xml.contains("</host_info><coprocs><coproc_cuda><count>1</count>"
                + "<peak_flops>5000000000000.000000</peak_flops><req_secs>3600.000000</req_secs>"), xml);
        assertEquals(work, back.work());
        assertEquals(List.of("r1_0", "r2_1"), back.reported().stream().map(ReportedResult::name).toList());
        assertEquals(-1, back.reported().get(1).exitStatus());
        // Each result's state goes with it, as BOINC's <state>: the server counts only an uploaded one a success.
        assertTrue(xml.contains("<state>3</state><exit_status>-1</exit_status>"), xml);
        assertEquals(ResultState.COMPUTE_ERROR, back.reported().get(1).state());
        assertEquals(List.of(true, false), back.reported().stream().map(ReportedResult::succeeded).toList());
        assertEquals(3500, back.reported().get(0).cpuTime());
        assertEquals(600, back.reported().get(0).completedTime());
        assertEquals(0.25, back.shareFraction());
        assertEquals(4, back.host().cpuCount());
        assertEquals(3e9, back.host().cpuFlops());
        assertEquals(1, back.host().coprocessor(ResourceType.NVIDIA).orElseThrow().count());
        assertEquals(5e12, back.host().coprocessor(ResourceType.NVIDIA).orElseThrow().peakFlops());
        assertEquals(1, back.host().coprocessors().size());
        assertEquals(RpcReason.NEED_WORK, back.reason());
    }

    @Test
    void requestWithoutHostOrWorkReportsResults() throws Exception {
        // Old-style coprocs inside host_info are read for the host too; empty numbers are 0.
        String xml = "<scheduler_request><work_req_seconds></work_req_seconds>"
                + "<result><name>r_0</name><final_cpu_time>7.5</final_cpu_time><exit_status>0</exit_status>"
                + "<file_info><name>r_0_0</name></file_info></result></scheduler_request>";

        SchedulerRequest r = SchedulerRequestXml.read(Path.of("request.xml"), xml, "http://a/", "http://a/", 9);

        assertNull(r.host());
        assertFalse(r.work().asksForWork());
        assertEquals(RpcReason.RESULTS_DUE, r.reason());
        assertEquals(List.of(new ReportedResult("r_0", 0, 7.5, 0, 0, 0, 9)), r.reported());
    }

    @Test
    void coprocsInsideHostInfoAndBoinc6CoprocElementsGiveGpus() throws Exception {
        String xml = "<scheduler_request><host_info><p_ncpus>8.000000</p_ncpus><p_fpops></p_fpops>"
                + "<coprocs><coproc_ati><count>2</count><peak_flops>1e12</peak_flops></coproc_ati></coprocs>"
                + "</host_info><coprocs><coproc><type>CUDA</type><count>1</count><peak_flops>2e12</peak_flops>"
                + "<req_secs>10</req_secs></coproc></coprocs></scheduler_request>";

        SchedulerRequest r = SchedulerRequestXml.read(Path.of("request.xml"), xml, "http://a/", "http://a/", 0);

        // 8 CPUs at BOINC's default 1 GFLOPS (empty p_fpops); 2 AMD GPUs and 1 NVIDIA GPU asked 10 s of work.
        assertEquals(8, r.host().cpuCount());
        assertEquals(Host.DEFAULT_CPU_FLOPS, r.host().cpuFlops());
        assertEquals(2, r.host().coprocessor(ResourceType.AMD).orElseThrow().count());
        assertEquals(1, r.host().coprocessor(ResourceType.NVIDIA).orElseThrow().count());
        assertEquals(10, r.work().get(ResourceType.NVIDIA).seconds());
    }

    @Test
    void hostWithoutCpusIsOneLineNamingTheLine() {
        InputProblem e = assertThrows(InputProblem.class, () -> SchedulerRequestXml.read(SOURCE,
                "<scheduler_request>\n<host_info>\n<p_ncpus>0</p_ncpus></host_info></scheduler_request>",
                "http://a/", "http://a/", 0));

        assertEquals("request.xml:2: the host has no usable CPU count (p_ncpus is missing or 0)", e.oneLine());
    }

    /** The project's duration correction factor goes with the request, as BOINC's clients send it; 1 is not sent. */
    @Test
    void theCorrectionFactorIsSentAndReadBack() throws Exception {
        SchedulerRequest sent = new SchedulerRequest("http://a/", "http://a/cgi", 500, RpcReason.NEED_WORK,
                WorkRequest.NONE, List.of(), 0.5, null, null, List.of(), 0.05081);

        String xml = SchedulerRequestXml.write(sent);
        SchedulerRequest back = SchedulerRequestXml.read(Path.of("request.xml"), xml, "http://a/", "http://a/cgi",
                600);

        assertTrue(xml.contains("<duration_correction_factor>0.050810</duration_correction_factor>"), xml);
        assertEquals(0.05081, back.durationCorrectionFactor(), 1e-9);
        assertFalse(SchedulerRequestXml.write(new SchedulerRequest("http://a/", 0, RpcReason.NEED_WORK,
                WorkRequest.NONE, List.of(), 1)).contains("duration_correction_factor"));
    }
}

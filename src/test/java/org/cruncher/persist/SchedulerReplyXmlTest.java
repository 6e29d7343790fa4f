package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.rpc.DiskShortfall;
import org.cruncher.engine.rpc.JobFile;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.SchedulerReply;

class SchedulerReplyXmlTest {

    private static final Path CORPUS = Path.of("src/test/resources/corpus/sched");

    private static SchedulerReply corpus(String file) throws IOException, InputProblem {
        Path path = CORPUS.resolve(file);
        return SchedulerReplyXml.read(path, Files.readString(path));
    }

    @Test
    void replyComesBackAsItWasWritten() throws Exception {
        // Two jobs: one with files both ways (a 375712-byte input, as SETI's; up to 65535 bytes of output), one
        // with none; two acks, two messages, a delay, and the project down. Figures with fractions check that
        // numbers are written exactly.
        NewJob withFiles = new NewJob("wu1_0", new Workunit("wu1", "setiathome_v7", 1.838873077488e14,
                3.677746154976e15, 33554432), "setiathome_v7", 701, "", 1444321052.5, 375712, 65535);
        NewJob bare = new NewJob("wu2_1", new Workunit("wu2", "nbody", 1e13, 2e14, 1e8), "nbody", 136, "mt",
                1444000000.25);
        SchedulerReply reply = new SchedulerReply(303.125, List.of(withFiles, bare), List.of("old_0", "old_1"),
                List.of("Project has no tasks available", "A & B <ok>"), true);

        String xml = SchedulerReplyXml.write(reply);

        assertTrue(xml.contains("<request_delay>303.125</request_delay>"), xml);
        assertTrue(xml.contains("<project_is_down/>"), xml);
        assertTrue(xml.contains("<message priority=\"low\">Project has no tasks available</message>"), xml);
        assertTrue(xml.contains("<result_ack><name>old_0</name></result_ack>"), xml);
        assertTrue(xml.contains("<file_info><name>wu1_in</name><nbytes>375712</nbytes></file_info>"), xml);
        assertTrue(xml.contains("<file_ref><file_name>wu1_in</file_name></file_ref></workunit>"), xml);
        assertTrue(xml.contains("<max_nbytes>65535</max_nbytes>"), xml);
        assertTrue(xml.contains("<rsc_fpops_est>183887307748800</rsc_fpops_est>"), xml);
        assertFalse(xml.contains("wu2_in") || xml.contains("wu2_1_out"), xml);
        assertEquals(reply, SchedulerReplyXml.read(Path.of("reply.xml"), xml));
    }

    @Test
    void aReplyWithoutDelayOrJobsIsEmpty() throws Exception {
        SchedulerReply empty = new SchedulerReply(0, List.of(), List.of(), List.of());

        String xml = SchedulerReplyXml.write(empty);

        assertEquals("<scheduler_reply></scheduler_reply>", xml);
        assertEquals(empty, SchedulerReplyXml.read(Path.of("reply.xml"), xml));
    }

    @Test
    void setisFourJobReplyGivesFourJobsWithTheirFiles() throws Exception {
        SchedulerReply reply = corpus("michaelzhye-44089dd-reply-seti-4jobs.xml");

        // From the file: <request_delay>303.000000, 4 <result>s each naming one of the 4 <workunit>s.
        assertEquals(303, reply.requestDelay());
        assertEquals(4, reply.jobs().size());
        assertFalse(reply.projectIsDown());
        assertTrue(reply.acked().isEmpty());
        assertTrue(reply.messages().isEmpty());
        // The first <result>: report_deadline 1444321052, version_num 701, empty plan_class, output file
        // ..._0_0 with max_nbytes 65535. Its workunit: rsc_fpops_est 183887307748840, rsc_fpops_bound
        // 3677746154976800, rsc_disk_bound 33554432, input file with nbytes 375712 (the file_info before it).
        NewJob first = reply.jobs().get(0);
        assertEquals("26dc14ab.2796.7429.438086664199.12.89.vlar_0", first.resultName());
        assertEquals(1444321052, first.reportDeadline());
        assertEquals(701, first.versionNum());
        assertEquals("", first.planClass());
        assertEquals("setiathome_v7", first.appName());
        assertEquals(new Workunit("26dc14ab.2796.7429.438086664199.12.89.vlar", "setiathome_v7",
                183887307748840.0, 3677746154976800.0, 33554432), first.workunit());
        assertEquals(375712, first.inputBytes());
        assertEquals(65535, first.outputBytes());
        for (NewJob job : reply.jobs()) {
            assertTrue(job.inputBytes() > 0, job.resultName());
            assertTrue(job.workunit().rscFpopsEst() > 1.5e14 && job.workunit().rscFpopsEst() < 1.9e14,
                    job.resultName());
        }
        // The last job's workunit and result: ...12.88 (nbytes 375712) and ..._1 due 1443494399.
        NewJob last = reply.jobs().get(3);
        assertEquals("25dc14aa.2864.7429.438086664200.12.88_1", last.resultName());
        assertEquals(1443494399, last.reportDeadline());
    }

    @Test
    void noTaskRepliesCarryTheServersMessage() throws Exception {
        // Each file has one <message priority="low"> and no <result>.
        SchedulerReply seti = corpus("caoyuwei-reply-seti-notasks.xml");
        SchedulerReply casa = corpus("michaelzhye-a735a30-reply-casathome-notasks.xml");

        assertEquals(List.of("Project has no tasks available"), seti.messages());
        assertEquals(303, seti.requestDelay());
        assertTrue(seti.jobs().isEmpty());
        assertEquals(List.of("Project has no tasks available"), casa.messages());
        assertEquals(61, casa.requestDelay());
        assertTrue(casa.jobs().isEmpty());
    }

    @Test
    void tooRecentRepliesSayLastRequestTooRecent() throws Exception {
        SchedulerReply seti = corpus("michaelzhye-a735a30-reply-seti-toorecent.xml");
        SchedulerReply milkyway = corpus("michaelzhye-reply-milkyway-toorecent.xml");

        assertTrue(seti.jobs().isEmpty());
        assertEquals(List.of("Not sending work - last request too recent: 112 sec"), seti.messages());
        assertEquals(303, seti.requestDelay());
        assertTrue(milkyway.jobs().isEmpty());
        assertTrue(milkyway.messages().get(0).contains("last request too recent"), milkyway.messages().toString());
        assertEquals(61, milkyway.requestDelay());
    }

    @Test
    void everyCorpusReplyParsesEvenWithARawAmpersand() throws Exception {
        // Three of the five replies have "notices.php?userid=...&auth=REDACTED" with a bare & (SOURCES.md).
        List<Path> replies;
        try (Stream<Path> files = Files.list(CORPUS)) {
            replies = files.filter(p -> p.getFileName().toString().contains("-reply-")).sorted().toList();
        }
        assertEquals(5, replies.size());
        int withRawAmpersand = 0;
        for (Path p : replies) {
            String text = Files.readString(p);
            if (text.contains("&auth=")) {
                withRawAmpersand++;
            }
            SchedulerReply reply = SchedulerReplyXml.read(p, text);
            assertTrue(reply.requestDelay() > 0, p.toString());
        }
        assertEquals(3, withRawAmpersand);
    }

    @Test
    void resultWithoutItsWorkunitIsLeftOutAndFileInfoMayComeLater() throws Exception {
        String xml = "<scheduler_reply>\n"
                + "<result><name>r_0</name><wu_name>w</wu_name><report_deadline>100</report_deadline>"
                + "<version_num>3</version_num><plan_class>cuda</plan_class>"
                + "<file_ref><file_name>out</file_name></file_ref></result>\n"
                + "<result><name>orphan_0</name><wu_name>missing</wu_name></result>\n"
                + "<workunit><name>w</name><app_name>a</app_name><rsc_fpops_est>1e12</rsc_fpops_est>"
                + "<file_ref><file_name>in1</file_name></file_ref><file_ref><file_name>in2</file_name></file_ref>"
                + "</workunit>\n"
                + "<file_info><name>in1</name><nbytes>1000</nbytes></file_info>\n"
                + "<file_info><name>in2</name><nbytes>24</nbytes><url>http://x/?a=1&b=2</url></file_info>\n"
                + "<file_info><name>out</name><nbytes></nbytes><max_nbytes>5000</max_nbytes></file_info>\n"
                + "<app_version><app_name>a</app_name><file_ref><file_name>in1</file_name></file_ref></app_version>\n"
                + "</scheduler_reply>";

        SchedulerReply reply = SchedulerReplyXml.read(Path.of("reply.xml"), xml);

        // Inputs in1 (1000 bytes) and in2 (24): 1024 in all; output: max_nbytes 5000; the orphan has no workunit.
        assertEquals(List.of(new NewJob("r_0", new Workunit("w", "a", 1e12, 0, 0), "a", 3, "cuda", 100,
                List.of(JobFile.of("in1", 1000), JobFile.of("in2", 24)), List.of(JobFile.of("out", 5000)))),
                reply.jobs());
        assertEquals(1024, reply.jobs().get(0).inputBytes());
    }

    @Test
    void seed004FileAttributesDeletionFlagsAndShortfallComeBackAsWritten() throws Exception {
        // Two jobs of one app share its sticky file: its file_info is written once. Inputs have priority 4 and are
        // kept 7.5 days; the project deletes by priority and expiry.
        List<JobFile> in1 = JobFile.inputs("w1", 1e6, "app_sticky", 5e8, 4, 7.5);
        List<JobFile> in2 = JobFile.inputs("w2", 1e6, "app_sticky", 5e8, 4, 7.5);
        NewJob j1 = new NewJob("w1_0", new Workunit("w1", "app", 1e12, 2e13, 0), "app", 1, "", 500, in1,
                JobFile.outputs("w1_0", 2e5));
        NewJob j2 = new NewJob("w2_0", new Workunit("w2", "app", 1e12, 2e13, 0), "app", 1, "", 500, in2,
                JobFile.outputs("w2_0", 2e5));
        SchedulerReply reply = new SchedulerReply(0, List.of(j1, j2), List.of(), List.of(), false,
                new DeletionPolicy(true, true), null);

        String xml = SchedulerReplyXml.write(reply);

        assertTrue(xml.contains("<file_info><name>app_sticky</name><nbytes>500000000</nbytes><priority>4</priority>"
                + "<exp_days>7.5</exp_days><sticky/></file_info>"), xml);
        assertEquals(1, xml.split("<name>app_sticky</name>", -1).length - 1, "written once");
        assertTrue(xml.contains("<deletion_policy_priority/><deletion_policy_expire/>"), xml);
        assertEquals(reply, SchedulerReplyXml.read(Path.of("reply.xml"), xml));

        SchedulerReply refused = new SchedulerReply(0, List.of(), List.of(), List.of("no room"), false, null,
                new DiskShortfall("app", 1.5e9, 2.5e8));
        String refusedXml = SchedulerReplyXml.write(refused);
        assertTrue(refusedXml.contains("<disk_shortfall><app_name>app</app_name><needed_bytes>1500000000"
                + "</needed_bytes><available_bytes>250000000</available_bytes></disk_shortfall>"), refusedXml);
        assertEquals(refused, SchedulerReplyXml.read(Path.of("reply.xml"), refusedXml));
    }

    @Test
    void aWorkunitsPriorityAndExpiryApplyToItsFilesThatDoNotSay() throws Exception {
        String xml = "<scheduler_reply><file_info><name>a</name><nbytes>10</nbytes></file_info>"
                + "<file_info><name>b</name><nbytes>20</nbytes><priority>2</priority></file_info>"
                + "<workunit><name>w</name><app_name>x</app_name><priority>5</priority><exp_days>3</exp_days>"
                + "<file_ref><file_name>a</file_name></file_ref><file_ref><file_name>b</file_name></file_ref>"
                + "</workunit><result><name>w_0</name><wu_name>w</wu_name></result></scheduler_reply>";

        List<JobFile> inputs = SchedulerReplyXml.read(Path.of("reply.xml"), xml).jobs().get(0).inputs();

        assertEquals(List.of(new JobFile("a", 10, 5, 3, false), new JobFile("b", 20, 2, 3, false)), inputs);
    }

    @Test
    void malformedReplyIsOneLineNamingTheSource() {
        InputProblem e = assertThrows(InputProblem.class, () -> SchedulerReplyXml.read(Path.of("reply.xml"),
                "<scheduler_reply>\n<request_delay>60</request_delay>\n<workunit><name>w</name>\n"
                        + "</scheduler_reply>"));

        assertEquals("reply.xml:4: the end tag </scheduler_reply> does not match the start tag <workunit> it should "
                + "close", e.oneLine());
        assertFalse(e.oneLine().contains("\n"), e.oneLine());
    }

    @Test
    void nonNumberIsOneLineNamingSourceAndLine() {
        InputProblem e = assertThrows(InputProblem.class, () -> SchedulerReplyXml.read(Path.of("reply.xml"),
                "<scheduler_reply>\n<result>\n<name>r</name>\n<report_deadline>soon</report_deadline>\n"
                        + "</result></scheduler_reply>"));

        assertEquals("reply.xml:4: <report_deadline> is not a number: soon", e.oneLine());
    }

    @Test
    void requestIsNotAReply() throws Exception {
        Path request = CORPUS.resolve("michaelzhye-request-milkyway.xml");

        InputProblem e = assertThrows(InputProblem.class,
                () -> SchedulerReplyXml.read(request, Files.readString(request)));

        assertTrue(e.oneLine().startsWith(request + ":1: not a scheduler reply: the root element is "
                + "<scheduler_request>"), e.oneLine());
    }
}

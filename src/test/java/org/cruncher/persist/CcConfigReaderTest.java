package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.ResourceType;

class CcConfigReaderTest {

    private static final Path PREFS = Path.of("src/test/resources/corpus/prefs");

    @TempDir
    Path tmp;

    private final CcConfigReader reader = new CcConfigReader();

    private ReadResult<CcConfig> corpus(String name) throws InputProblem {
        return reader.read(PREFS.resolve(name));
    }

    private ReadResult<CcConfig> text(String xml) throws IOException, InputProblem {
        Path f = tmp.resolve("cc_config.xml");
        Files.writeString(f, xml);
        return reader.read(f);
    }

    @ParameterizedTest
    @ValueSource(strings = {"boinc-tests-old-cc_config.xml", "grco001-cc_config-report_immediately.xml",
        "hazelybell-cc_config-debugflags.xml", "jehoonsong-cc_config.xml", "jstateson-cc_config-use_all_gpus.xml",
        "kunggom-cc_config.xml", "michaelzhye-cc_config-ncpus4.xml"})
    void everyCorpusFileParses(String name) throws Exception {
        ReadResult<CcConfig> r = corpus(name);
        // every corpus file says something: an option or a log flag (jstateson's flags are all 0, its option is on)
        assertFalse(r.value().optionsInForce().isEmpty() && r.value().logFlags().isEmpty(), name);
    }

    /**
     * An option BOINC knows but Cruncher does not use is listed as such; a misspelt one is said to be ignored, as a
     * misspelt preference is ("report_results_imediately" was listed as a real option); a computing preference
     * put in cc_config.xml is said to belong elsewhere.
     */
    @Test
    void aMisspeltOptionIsSaidToBeIgnoredAndAKnownOneIsListed() throws Exception {
        ReadResult<CcConfig> r = text("""
                <cc_config>
                  <options>
                    <report_results_imediately>1</report_results_imediately>
                    <ncpu>2</ncpu>
                    <rec_half_life_days>-3</rec_half_life_days>
                    <run_gpu_if_user_active>1</run_gpu_if_user_active>
                  </options>
                </cc_config>
                """);

        assertEquals(List.of("cc_config.xml:3: unknown option <report_results_imediately>: ignored, as BOINC does",
                "cc_config.xml:4: unknown option <ncpu>: ignored, as BOINC does",
                "cc_config.xml:6: <run_gpu_if_user_active> is a computing preference, which BOINC does not read in "
                        + "cc_config.xml: ignored (set it in global_prefs_override.xml)"), r.warnings());
        assertEquals(List.of("also set, not used by Cruncher: rec_half_life_days"), r.value().optionsInForce());
        assertEquals(-1, r.value().ncpus());
    }

    @Test
    void michaelzhyeSetsFourCpus() throws Exception {
        CcConfig c = corpus("michaelzhye-cc_config-ncpus4.xml").value();

        assertEquals(4, c.ncpus());
        assertEquals(new ClientConfig(4, false, false), c.toClientConfig());
        assertEquals(List.of("ncpus 4: the host counts as 4 CPUs"), c.optionsInForce());
    }

    @Test
    void jstatesonUsesAllGpusAndItsZeroFlagsAreOff() throws Exception {
        ReadResult<CcConfig> r = corpus("jstateson-cc_config-use_all_gpus.xml");

        assertTrue(r.value().useAllGpus());
        assertTrue(r.value().allowRemoteGuiRpc());
        // task, work_fetch_debug, file_xfer, sched_ops are all <x>0</x>: none is on
        assertEquals(List.of(), r.value().logFlags());
        assertEquals(List.of(), r.warnings());
    }

    @Test
    void grco001ReportsImmediatelyFromSingleLineSections() throws Exception {
        CcConfig c = corpus("grco001-cc_config-report_immediately.xml").value();

        assertTrue(c.reportResultsImmediately());
        assertTrue(c.toClientConfig().reportResultsImmediately());
        assertEquals(List.of("app_msg_receive"), c.logFlags());
    }

    @Test
    void hazelybellFlagsStartDelayAndUnreadOptions() throws Exception {
        CcConfig c = corpus("hazelybell-cc_config-debugflags.xml").value();

        assertEquals(List.of("task", "file_xfer", "sched_ops", "cpu_sched", "cpu_sched_debug", "priority_debug",
                "sched_op_debug", "task_debug"), c.logFlags());
        assertEquals(30, c.startDelay());
        // the commented-out fetch_minimal_work is not an option; the process priorities are options we do not read
        assertEquals(List.of("process_priority_special", "process_priority", "lower_client_priority"),
                c.otherOptions());
        assertTrue(c.optionsInForce().contains("start_delay: tasks start 30 s after the client starts"));
    }

    @Test
    void oldBoincTestsFileHasSelfClosingFlags() throws Exception {
        CcConfig c = corpus("boinc-tests-old-cc_config.xml").value();

        assertEquals(List.of("task", "file_xfer", "sched_ops", "cpu_sched", "cpu_sched_debug", "task_debug",
                "work_fetch_debug", "unparsed_xml", "sched_op_debug"), c.logFlags());
        assertEquals(ClientConfig.DEFAULTS, c.toClientConfig());
    }

    @Test
    void kunggomAllowsFourTransfersPerProject() throws Exception {
        CcConfig c = corpus("kunggom-cc_config.xml").value();

        assertEquals(4, c.maxFileXfersPerProject());
        assertEquals(CcConfig.DEFAULT_MAX_FILE_XFERS, c.maxFileXfers());
        assertEquals(List.of("max_file_xfers_per_project: at most 4 file transfers at once per project",
                "allow_remote_gui_rpc: other computers may control the client"), c.optionsInForce());
    }

    @Test
    void jehoonsongRunIfUserActiveAndRunGpuIfUserActiveInOptionsAreNotedAlike() throws Exception {
        ReadResult<CcConfig> r = corpus("jehoonsong-cc_config.xml");

        assertTrue(r.value().abortJobsOnExit());
        // Both are computing preferences, which BOINC does not read in <options>: each gets the same note, and
        // neither is listed among the options in force (run_if_user_active was, "ignored", beside them; QA).
        assertEquals(List.of(), r.value().otherOptions());
        String preference = " is a computing preference, which BOINC does not read in cc_config.xml: ignored (set it "
                + "in global_prefs_override.xml)";
        assertEquals(List.of("jehoonsong-cc_config.xml:2: <allow_remote_gui_rpc> is outside <options> and "
                + "<log_flags>: ignored", "jehoonsong-cc_config.xml:11: <run_if_user_active>" + preference,
                "jehoonsong-cc_config.xml:12: <run_gpu_if_user_active>" + preference), r.warnings());
        assertEquals(List.of("allow_remote_gui_rpc: other computers may control the client",
                "abort_jobs_on_exit: every task is aborted when the client exits",
                "log flags: task, file_xfer, sched_ops"), r.value().optionsInForce());
    }

    @Test
    void missingFileGivesDefaults() throws Exception {
        ReadResult<CcConfig> r = reader.read(tmp.resolve("none.xml"));

        assertEquals(CcConfig.DEFAULTS, r.value());
        assertEquals(List.of(), r.value().optionsInForce());
    }

    @Test
    void excludeGpuEntriesAreReadRepeated() throws Exception {
        CcConfig c = text("""
                <cc_config><options>
                  <exclude_gpu><url>http://a.example/</url><type>NVIDIA</type></exclude_gpu>
                  <exclude_gpu><url>http://b.example/</url><device_num>1</device_num><app>nbody</app></exclude_gpu>
                  <exclusive_app>game.exe</exclusive_app>
                  <exclusive_gpu_app>render.exe</exclusive_gpu_app>
                </options></cc_config>""").value();

        assertEquals(List.of(new GpuExclusion("http://a.example/", -1, ResourceType.NVIDIA, ""),
                new GpuExclusion("http://b.example/", 1, null, "nbody")), c.gpuExclusions());
        assertTrue(c.gpuExclusions().get(0).wholeType());
        assertFalse(c.gpuExclusions().get(1).wholeType());
        assertEquals(List.of("exclude_gpu: http://a.example/ may not use NVIDIA GPU",
                "exclude_gpu: app nbody of http://b.example/ may not use any GPU device 1",
                "exclusive_app: computing stops while game.exe runs",
                "exclusive_gpu_app: GPU computing stops while render.exe runs"), c.optionsInForce());
    }

    @Test
    void badValuesAreClampedOrIgnoredWithOneLineWarnings() throws Exception {
        ReadResult<CcConfig> r = text("""
                <cc_config>
                  <options>
                    <ncpus>lots</ncpus>
                    <start_delay>-5</start_delay>
                    <max_file_xfers>0</max_file_xfers>
                    <exclude_gpu><type>NVIDIA</type></exclude_gpu>
                    <exclude_gpu><url>http://a.example/</url><type>TPU</type></exclude_gpu>
                  </options>
                </cc_config>""");

        assertEquals(-1, r.value().ncpus());
        assertEquals(0, r.value().startDelay());
        // max_file_xfers 0 clamps to the least, 1
        assertEquals(1, r.value().maxFileXfers());
        assertEquals(List.of(), r.value().gpuExclusions());
        assertEquals(List.of(
                "cc_config.xml:3: ncpus lots is not a number: ignored, using -1",
                "cc_config.xml:4: start_delay -5 is out of 0..86400: using 0",
                "cc_config.xml:5: max_file_xfers 0 is out of 1..1000: using 1",
                "cc_config.xml:6: <exclude_gpu> has no <url>: ignored",
                "cc_config.xml:7: <exclude_gpu> names GPU type 'TPU', which is not one: ignored"), r.warnings());
    }

    /**
     * Flags and whole numbers are read as BOINC's parser reads them (parse_bool, parse_int: C's strtol with base 0,
     * nothing after the number): "maybe", "true" and "2.7" are not read at all, so they keep their defaults (off, all
     * the CPUs), each with a warning; "0x1" is 1 and "010" is octal, 8.
     */
    @Test
    void flagsAndWholeNumbersAreReadAsBoincReadsThem() throws Exception {
        ReadResult<CcConfig> r = text("""
                <cc_config>
                  <options>
                    <report_results_immediately>maybe</report_results_immediately>
                    <no_gpus>true</no_gpus>
                    <ncpus>2.7</ncpus>
                  </options>
                </cc_config>""");
        assertEquals(List.of(false, false, -1), List.of(r.value().reportResultsImmediately(), r.value().noGpus(),
                r.value().ncpus()));
        assertEquals(List.of(
                "cc_config.xml:3: report_results_immediately maybe is not a whole number such as 0 or 1: BOINC does "
                        + "not read it, so it is off",
                "cc_config.xml:4: no_gpus true is not a whole number such as 0 or 1: BOINC does not read it, so it is "
                        + "off",
                "cc_config.xml:5: ncpus 2.7 is not written as a whole number: ignored, as BOINC ignores it, using -1"),
                r.warnings());

        ReadResult<CcConfig> c = text("<cc_config><options><use_all_gpus>0x1</use_all_gpus><no_gpus>0</no_gpus>"
                + "<report_results_immediately/><ncpus>010</ncpus></options></cc_config>");
        assertEquals(List.of(true, false, true, 8), List.of(c.value().useAllGpus(), c.value().noGpus(),
                c.value().reportResultsImmediately(), c.value().ncpus()));
        assertEquals(List.of(), c.warnings());
        // <flag/> is on; <flag></flag> is not read by BOINC's parse_bool (it finds the end tag where it wants a
        // number), so the flag keeps its default, off, even with only spaces between the tags.
        ReadResult<CcConfig> open = text("<cc_config><options><use_all_gpus /><no_gpus></no_gpus>\n"
                + "<report_results_immediately> </report_results_immediately></options></cc_config>");
        assertEquals(List.of(true, false, false), List.of(open.value().useAllGpus(), open.value().noGpus(),
                open.value().reportResultsImmediately()));
        assertEquals(List.of("cc_config.xml:1: no_gpus has nothing between its tags: BOINC does not read it, so it is "
                        + "off (write <no_gpus/> or <no_gpus>1</no_gpus> to turn it on)",
                "cc_config.xml:2: report_results_immediately has nothing between its tags: BOINC does not read it, so "
                        + "it is off (write <report_results_immediately/> or "
                        + "<report_results_immediately>1</report_results_immediately> to turn it on)"), open.warnings());
        // <n></n> is 0 to BOINC's parser: no file transfers at once is below the least, 1.
        ReadResult<CcConfig> empty = text("<cc_config><options><max_file_xfers></max_file_xfers></options></cc_config>");
        assertEquals(1, empty.value().maxFileXfers());
        assertEquals(List.of("cc_config.xml:1: max_file_xfers (empty, read as 0) is out of 1..1000: using 1"),
                empty.warnings());
        // strtol reads ASCII digits only; hexadecimal needs digits after 0x.
        assertEquals(java.util.OptionalLong.empty(), ConfigValues.integer("\u0663"));
        assertEquals(java.util.OptionalLong.empty(), ConfigValues.integer("0x"));
        assertEquals(java.util.OptionalLong.of(-16), ConfigValues.integer("-0x10"));
    }

    @Test
    void ncpusZeroMeansTheRealCount() throws Exception {
        assertEquals(-1, text("<cc_config><options><ncpus>0</ncpus></options></cc_config>").value().ncpus());
    }

    @Test
    void malformedXmlIsRefused() throws Exception {
        Path f = tmp.resolve("cc_config.xml");
        Files.writeString(f, "<cc_config><options><ncpus>4</options></cc_config>");
        InputProblem p = assertThrows(InputProblem.class, () -> reader.read(f));
        assertEquals("the end tag </options> does not match the start tag <ncpus> it should close", p.getMessage());
    }

    /**
     * A side file's byte that is not UTF-8 is noted with its line, as client_state.xml's are: here 0xE9 (é in
     * Latin-1) in a comment on line 2.
     */
    @Test
    void aByteThatIsNotUtf8IsNotedWithItsLine() throws Exception {
        Path f = tmp.resolve("cc_config.xml");
        Files.write(f, "<cc_config>\n<!-- caf\u00e9 -->\n<options><ncpus>2</ncpus></options>\n</cc_config>\n"
                .getBytes(StandardCharsets.ISO_8859_1));

        ReadResult<CcConfig> r = reader.read(f);

        assertEquals(2, r.value().ncpus());
        assertEquals(List.of("cc_config.xml line 2 is not UTF-8: its odd bytes are read as Latin-1"),
                r.warnings());
    }
}

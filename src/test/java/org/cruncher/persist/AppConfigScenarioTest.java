package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.emulator.Scenario;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

/** app_config.xml and cc_config.xml's exclude_gpu applied when a scenario is read. */
class AppConfigScenarioTest {

    /** Four CPUs, two NVIDIA GPUs; project B has a CPU and a CUDA version of app bc and one queued CUDA result. */
    private static final String STATE = """
            <client_state>
            <host_info><p_ncpus>4</p_ncpus><p_fpops>1e9</p_fpops><m_nbytes>8e9</m_nbytes>
              <coprocs><coproc_cuda><count>2</count><peak_flops>1e10</peak_flops></coproc_cuda></coprocs>
            </host_info>
            <project><master_url>http://a.example/</master_url><project_name>A</project_name></project>
            <app><name>ag</name><fpops_est>7.2e12</fpops_est><latency_bound>864000</latency_bound></app>
            <app_version><app_name>ag</app_name><version_num>1</version_num><plan_class>cuda</plan_class>
              <avg_ncpus>0.01</avg_ncpus><flops>2e9</flops><coproc><type>NVIDIA</type><count>1</count></coproc>
            </app_version>
            <project><master_url>http://b.example/</master_url><project_name>B</project_name></project>
            <app><name>bc</name><user_friendly_name>B Crunch</user_friendly_name><fpops_est>3.6e12</fpops_est>
              <latency_bound>864000</latency_bound></app>
            <app_version><app_name>bc</app_name><version_num>1</version_num><avg_ncpus>1</avg_ncpus>
              <flops>1e9</flops></app_version>
            <app_version><app_name>bc</app_name><version_num>1</version_num><plan_class>cuda</plan_class>
              <avg_ncpus>0.01</avg_ncpus><flops>2e9</flops><coproc><type>NVIDIA</type><count>1</count></coproc>
            </app_version>
            <workunit><name>wu1</name><app_name>bc</app_name><rsc_fpops_est>3.6e12</rsc_fpops_est></workunit>
            <result><name>r1</name><wu_name>wu1</wu_name><version_num>1</version_num><plan_class>cuda</plan_class>
              <state>2</state><received_time>0</received_time><report_deadline>864000</report_deadline></result>
            </client_state>
            """;

    @TempDir
    Path dir;

    private final ScenarioReader reader = new ScenarioReader();

    private void write(String relative, String text) throws IOException {
        Path f = dir.resolve(relative);
        Files.createDirectories(f.getParent());
        Files.writeString(f, text);
    }

    private static AppVersion version(Project p, String planClass) {
        return p.appVersions().stream().filter(v -> v.planClass().equals(planClass)).findFirst().orElseThrow();
    }

    /** With an app_config.xml in each project's folder, a warning about one says whose it is. */
    @Test
    void aWarningAboutAnAppConfigNamesItsProject() throws Exception {
        write("client_state.xml", STATE);
        write("projects/b.example/app_config.xml", """
                <app_config>
                  <app><name>bc</name><max_concurrent>abc</max_concurrent></app>
                </app_config>
                """);

        Scenario s = reader.read(dir);

        assertTrue(s.notes().contains("B, app_config.xml:2: max_concurrent abc is not a number: ignored, using 0"),
                s.notes().toString());
    }

    @Test
    void appConfigInTheProjectFolderOfADataFolderIsApplied() throws Exception {
        write("client_state.xml", STATE);
        // BOINC's escape_project_url: "http://b.example/" -> "b.example"
        write("projects/b.example/app_config.xml", """
                <app_config>
                  <app><name>bc</name><max_concurrent>1</max_concurrent>
                    <gpu_versions><gpu_usage>0.5</gpu_usage><cpu_usage>1</cpu_usage></gpu_versions></app>
                  <app_version><app_name>bc</app_name><avg_ncpus>2</avg_ncpus></app_version>
                  <project_max_concurrent>3</project_max_concurrent>
                </app_config>""");
        Scenario s = reader.read(dir);
        Project b = s.initialState().project("http://b.example/").orElseThrow();

        assertEquals(1, b.app("bc").orElseThrow().maxConcurrent());
        assertEquals(3, b.maxConcurrent());
        // gpu_versions: the CUDA version now takes half a GPU and a whole CPU
        assertEquals(0.5, version(b, "cuda").coprocCount());
        assertEquals(1, version(b, "cuda").avgNcpus());
        // app_version without plan class: the CPU version takes 2 CPUs; its speed scales 1e9 x 2/1 = 2e9
        assertEquals(2, version(b, "").avgNcpus());
        assertEquals(2e9, version(b, "").flops());
        assertTrue(s.notes().contains("app_config.xml of B: at most 1 B Crunch task at once"), s.notes().toString());
        // What each change makes a task use is said, as the emulation uses it.
        assertTrue(s.notes().contains("app_config.xml of B: B Crunch GPU tasks use 1 CPU + 0.5 NVIDIA GPU"),
                s.notes().toString());
        assertTrue(s.notes().contains("app_config.xml of B: bc tasks use 2 CPUs"), s.notes().toString());
        // project A has no app_config.xml: unchanged
        assertEquals(0, s.initialState().project("http://a.example/").orElseThrow().maxConcurrent());
    }

    @Test
    void anAppVersionEntrySettingOnlyACommandLineSaysNothingOfWhatItsTasksUse() throws Exception {
        write("client_state.xml", STATE);
        write("projects/b.example/app_config.xml", """
                <app_config>
                  <app_version><app_name>bc</app_name><cmdline>--fast</cmdline></app_version>
                </app_config>""");

        Scenario s = reader.read(dir);

        assertTrue(s.notes().stream().noneMatch(n -> n.contains("tasks use")), s.notes().toString());
    }

    @Test
    void aCpuVersionSetToNoCpuTakesTheLeastAClientStateVersionMay() throws Exception {
        // avg_ncpus 0 for a CPU version: its tasks would take no CPU, so every queued one would start at once and the
        // emulation ran away (hundreds of thousands of "running" tasks on "0 CPU"). It is taken as 0.01 CPU, as
        // for such a version in client_state.xml, with a note.
        write("client_state.xml", STATE);
        write("projects/b.example/app_config.xml", """
                <app_config>
                  <app_version><app_name>bc</app_name><avg_ncpus>0</avg_ncpus></app_version>
                </app_config>""");

        Scenario s = reader.read(dir);
        Project b = s.initialState().project("http://b.example/").orElseThrow();

        assertEquals(ScenarioReader.MIN_CPU_APP_NCPUS, version(b, "").avgNcpus());
        assertTrue(s.notes().contains("app_config.xml of B: avg_ncpus 0 for the CPU version bc would never fill the "
                + "CPUs: taken as 0.01"), s.notes().toString());
    }

    @Test
    void anEmptyAppConfigChangesNothingAndSaysSo() throws Exception {
        write("client_state.xml", STATE);
        write("projects/b.example/app_config.xml", "<!-- to do -->");

        Scenario s = reader.read(dir);

        assertEquals(1, version(s.initialState().project("http://b.example/").orElseThrow(), "").avgNcpus());
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("app_config.xml is empty: it changes nothing")),
                s.notes().toString());
    }

    @Test
    void appConfigIsNotLookedForOutsideADataFolder() throws Exception {
        write("client_state.xml", STATE);
        write("b.example/app_config.xml", "<app_config><project_max_concurrent>3</project_max_concurrent></app_config>");
        Project b = reader.read(dir).initialState().project("http://b.example/").orElseThrow();

        assertEquals(0, b.maxConcurrent());
    }

    @Test
    void wholeTypeExclusionDropsTheVersionsAndTheirResults() throws Exception {
        write("client_state.xml", STATE);
        write("cc_config.xml", """
                <cc_config><options>
                  <exclude_gpu><url>http://b.example</url><type>NVIDIA</type></exclude_gpu>
                  <exclude_gpu><url>http://a.example/</url><device_num>1</device_num></exclude_gpu>
                </options></cc_config>""");
        Scenario s = reader.read(dir);
        Project a = s.initialState().project("http://a.example/").orElseThrow();
        Project b = s.initialState().project("http://b.example/").orElseThrow();

        // B keeps only its CPU version; its queued CUDA result is left out (not run on the CPU version)
        assertEquals(List.of(""), b.appVersions().stream().map(AppVersion::planClass).toList());
        assertEquals(0, s.initialState().resultsOf(b).size());
        assertTrue(s.notes().contains("cc_config.xml exclude_gpu: http://b.example may not use NVIDIA GPU: "
                + "1 app version left out"), s.notes().toString());
        // One result: "1 result uses an app version", not "1 results use app versions".
        assertTrue(s.notes().contains("B: 1 result uses an app version cc_config.xml excludes: left out"),
                s.notes().toString());
        // a single device is not modelled: A keeps its CUDA version
        assertTrue(a.hasAppVersionFor(ResourceType.NVIDIA));
        assertTrue(s.notes().stream().anyMatch(n -> n.startsWith("cc_config.xml exclude_gpu: http://a.example/ may "
                + "not use any GPU device 1: not modelled")), s.notes().toString());
    }

    @Test
    void appExclusionDropsOnlyThatAppsVersions() throws Exception {
        write("client_state.xml", STATE);
        write("cc_config.xml", "<cc_config><options><exclude_gpu><url>http://a.example/</url><app>other</app>"
                + "</exclude_gpu><exclude_gpu><url>http://b.example/</url><app>bc</app></exclude_gpu>"
                + "</options></cc_config>");
        Scenario s = reader.read(dir);

        assertTrue(s.initialState().project("http://a.example/").orElseThrow().hasAppVersionFor(ResourceType.NVIDIA));
        assertFalse(s.initialState().project("http://b.example/").orElseThrow().hasAppVersionFor(ResourceType.NVIDIA));
    }

    @Test
    void ccConfigWarningsBecomeNotes() throws Exception {
        write("client_state.xml", STATE);
        write("cc_config.xml", "<cc_config><options><ncpus>-7</ncpus></options></cc_config>");
        Scenario s = reader.read(dir);

        assertTrue(s.notes().contains("cc_config.xml:1: ncpus -7 is out of -1..4096: using -1"),
                s.notes().toString());
        assertEquals(4, s.initialState().config().ncpus(s.initialState().host()));
    }
}

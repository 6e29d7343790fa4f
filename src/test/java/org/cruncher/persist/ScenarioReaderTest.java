package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import java.util.stream.Stream;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.cruncher.emulator.JobSpec;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ServerSpec;
import org.cruncher.emulator.TransferSpec;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;

class ScenarioReaderTest {

    private static final Path SCENARIOS = Path.of("src/test/resources/scenarios");
    private static final Path CORPUS = Path.of("src/test/resources/corpus/client_state");

    @TempDir
    Path tmp;

    private final ScenarioReader reader = new ScenarioReader();

    @ParameterizedTest
    @ValueSource(strings = {"seed-75-25", "seed-gpu-example", "deadlines-one-cpu", "flaky-servers",
        "three-job-lengths", "zero-share-backup", "host-half-on"})
    void readReadsEveryCalibrationScenario(String name) throws Exception {
        Scenario s = reader.read(SCENARIOS.resolve(name));
        assertEquals(name, s.name());
        assertFalse(s.servers().isEmpty());
        assertEquals(s.initialState().projects().size(), s.servers().size());
    }

    @Test
    void boincsMasterUrlFetchPendingIsKept() throws Exception {
        // Review of seed 002: BOINC writes <master_url_fetch_pending/> when the master file is to be read before the
        // next request; it was dropped, and the request went to the master URL instead of a scheduler.
        Files.writeString(tmp.resolve("client_state.xml"), "<client_state><host_info><p_ncpus>1</p_ncpus>"
                + "<p_fpops>1e9</p_fpops></host_info>"
                + "<project><master_url>https://a.example/</master_url><project_name>A</project_name>"
                + "<resource_share>100</resource_share><master_url_fetch_pending/></project>"
                + "<project><master_url>https://b.example/</master_url><project_name>B</project_name>"
                + "<resource_share>100</resource_share></project></client_state>");

        ClientState st = reader.read(tmp.resolve("client_state.xml")).initialState();

        assertTrue(st.project("https://a.example/").orElseThrow().contact().masterFetchPending());
        assertFalse(st.project("https://b.example/").orElseThrow().contact().masterFetchPending());
    }

    @Test
    void aProjectOnThisComputerIsNotedAsAskedOverHttp() throws Exception {
        // Decision 0046: a project whose URL is on this computer is asked over HTTP, not by a simulated server; the
        // notes on reading say so for it alone.
        String version = "<app_version><app_name>x</app_name><version_num>1</version_num><avg_ncpus>1</avg_ncpus>"
                + "<flops>1e9</flops></app_version>";
        Files.writeString(tmp.resolve("client_state.xml"), "<client_state><host_info><p_ncpus>1</p_ncpus>"
                + "<p_fpops>1e9</p_fpops></host_info>"
                + "<project><master_url>https://far.example/</master_url><project_name>Far</project_name>"
                + "<resource_share>100</resource_share></project>" + version
                + "<project><master_url>http://127.0.0.1:8080/</master_url><project_name>Near</project_name>"
                + "<resource_share>100</resource_share></project>" + version
                + "</client_state>");

        Scenario s = reader.read(tmp.resolve("client_state.xml"));

        assertTrue(s.notes().contains("Near is on this computer (http://127.0.0.1:8080/): it is contacted over HTTP"),
                s.notes()::toString);
        assertTrue(s.notes().stream().noneMatch(n -> n.startsWith("Far is on this computer")), s.notes()::toString);
    }

    @Test
    void readMapsEmulatorExtensions() throws Exception {
        Scenario s = reader.read(SCENARIOS.resolve("flaky-servers"));
        ClientState st = s.initialState();

        assertEquals(2, st.host().cpuCount());
        assertEquals(1e9, st.host().cpuFlops());
        Project a = st.project("http://a.example/").orElseThrow();
        assertEquals(75, a.resourceShare());
        ServerSpec server = s.servers().get(0);
        assertEquals(0.5, server.availableFrac());
        assertEquals(3600, server.availableLambda());
        JobSpec job = server.apps().get(0);
        assertEquals(3.6e12, job.fpopsActual());
        assertEquals(864000, job.latencyBound());
        assertEquals(Scenario.DEFAULT_START, s.startTime());
    }

    @Test
    void readMapsGpuHostAndAppVersions() throws Exception {
        ClientState st = reader.read(SCENARIOS.resolve("seed-gpu-example")).initialState();

        assertEquals(1e10, st.host().coprocessor(ResourceType.NVIDIA).orElseThrow().peakFlops());
        assertEquals(2e9, st.resources().get(ResourceType.NVIDIA).orElseThrow().flopsPerInstance());
        Project b = st.project("http://b.example/").orElseThrow();
        assertTrue(b.hasAppVersionFor(ResourceType.CPU));
        AppVersion gpu = b.appVersions().stream().filter(AppVersion::usesCoprocessor).findFirst().orElseThrow();
        assertEquals(0.01, gpu.avgNcpus());
        assertEquals(1, gpu.coprocCount());
    }

    @Test
    void readRunsRealClientStateFromItsOwnTime() throws Exception {
        // A real 7.2.42 client's state: 2 projects (CAS@home without apps), 5 SETI results, 2 of them running.
        Scenario s = reader.read(CORPUS.resolve("michaelzhye-e350-casa-seti-2active.xml"));
        ClientState st = s.initialState();

        assertEquals(1439724954.731996, s.startTime(), 1e-6);
        assertEquals(2, st.projects().size());
        assertEquals(5, st.results().size());
        assertEquals(2, st.activeTasks().size());
        for (ActiveTask t : st.activeTasks()) {
            assertEquals(SchedulerState.SCHEDULED, t.schedulerState());
        }
        assertEquals(1, s.servers().size());
        // The app has no emulator extensions: job size = mean rsc_fpops_est of its 5 workunits,
        // (2 x 183887307748840 + 2 x 150821195402324 + 183678778105566) / 5 = 170619156881578.8
        JobSpec seti = s.servers().get(0).apps().get(0);
        assertEquals(170619156881578.8, seti.fpopsActual(), 1);
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("CAS@home")));
    }

    @Test
    void readRunsRichGpuClientStateWithMultithreadedApp() throws Exception {
        Scenario s = reader.read(CORPUS.resolve("raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));
        ClientState st = s.initialState();

        assertEquals(20, st.host().cpuCount());
        assertEquals(1, st.host().coprocessors().size());
        assertTrue(st.projects().stream().flatMap(p -> p.appVersions().stream())
                .anyMatch(v -> v.avgNcpus() == 16));
        assertEquals(44, st.results().size());
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("NVIDIA GPU")));
    }

    /**
     * A workunit without a size estimate (rsc_fpops_est 0): its task would seem to need no time and end at once.
     * Workunit _2403 of Einstein's BRP4 made 0: it is taken as the average of the app's 18 others, all 1.75e13
     * FLOPs, so 1.75e13 with its duration correction factor 0.05081: 1.75e13 / 1e9 FLOPS x 0.05081 = 889 s.
     */
    @Test
    void aTaskWithoutASizeEstimateIsGivenItsAppsAverageWithANote() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("unsized"));
        String text = Files.readString(CORPUS.resolve("raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));
        String est = "<rsc_fpops_est>17500000000000.000000</rsc_fpops_est>";
        int at = text.indexOf(est);
        Files.writeString(dir.resolve("client_state.xml"), text.substring(0, at) + "<rsc_fpops_est>0</rsc_fpops_est>"
                + text.substring(at + est.length()));

        Scenario s = reader.read(dir);

        Result r = s.initialState().results().stream().filter(x -> x.name().endsWith("00000_2403_1")).findFirst()
                .orElseThrow();
        assertEquals(1.75e13, r.workunit().rscFpopsEst(), 1);
        assertEquals(1.75e13 / 1e9 * 0.05081, r.estimatedRuntime(), 1);
        assertTrue(s.notes().contains("Einstein@Home, einsteinbinary_BRP4: 1 task has no size estimate (rsc_fpops_est "
                + "0, negative, not a number or missing): taken as 1.750e+13 FLOPs, the average of its app's 18 other "
                + "tasks"), s.notes().toString());
        // The server's jobs are learnt from the 18 sizes the file gives, not from the one filled in.
        assertTrue(s.notes().contains("Einstein@Home, einsteinbinary_BRP4: jobs estimated at 1.750e+13 FLOPs each, the "
                + "average estimate of its 18 tasks in the file"), s.notes().toString());
    }

    /**
     * An app none of whose 19 tasks has a usable size estimate (all negative here): each is given BOINC's emulator
     * default, 3.6e14 FLOPs, with one note and no other about the negative figures; their bounds (3.5e14) are below
     * that, so each becomes 20 x 3.6e14 = 7.2e15, said in the same note. The server's jobs say the same default.
     */
    @Test
    void anAppWithoutAnySizeEstimateTakesTheEmulatorDefaultWithOneNote() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("unsized-all"));
        String text = Files.readString(CORPUS.resolve("raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));
        Files.writeString(dir.resolve("client_state.xml"), text.replace(
                "<rsc_fpops_est>17500000000000.000000</rsc_fpops_est>", "<rsc_fpops_est>-1</rsc_fpops_est>"));

        Scenario s = reader.read(dir);

        Result r = s.initialState().results().stream().filter(x -> x.name().endsWith("00000_2403_1")).findFirst()
                .orElseThrow();
        assertEquals(JobSpec.DEFAULT_FPOPS, r.workunit().rscFpopsEst(), 1);
        assertEquals(7.2e15, r.workunit().rscFpopsBound(), 1);
        assertTrue(s.notes().contains("Einstein@Home, einsteinbinary_BRP4: 19 tasks have no size estimate (rsc_fpops_est "
                + "0, negative, not a number or missing): taken as 3.600e+14 FLOPs, BOINC's emulator default (no task of "
                + "its app has one); their rsc_fpops_bounds (missing or not above that) taken as 20 times it, 7.200e+15"),
                s.notes().toString());
        assertTrue(s.notes().stream().anyMatch(n -> n.startsWith("Einstein@Home, einsteinbinary_BRP4: jobs estimated "
                + "at 3.600e+14 FLOPs each, BOINC's emulator default")), s.notes().toString());
        assertTrue(s.notes().stream().noneMatch(n -> n.contains("is below 0")),
                s.notes().toString());
    }

    /**
     * Seed 003's D(P, R): a project that supplied a job for a resource accrues long-term debt for it. A BOINC file has
     * no such flag, but its tasks were supplied: Einstein@Home and Milkyway@home both have CPU tasks here, so both
     * accrue CPU debt from the start (Milkyway's showed "Supplies jobs: No" beside 25 queued tasks), and neither
     * has a GPU task, so neither accrues GPU debt.
     */
    @Test
    void aProjectWithTasksInABoincFileHasSuppliedJobsForTheirResource() throws Exception {
        ClientState st = reader.read(CORPUS.resolve("raffael-gb10-20cpu-cuda-einstein-milkyway.xml")).initialState();

        assertEquals(2, st.projects().size());
        for (Project p : st.projects()) {
            assertFalse(st.resultsOf(p).isEmpty(), p.name());
            assertTrue(p.resourceState(ResourceType.CPU).accumulatesDebt(), p.name());
            assertFalse(p.resourceState(ResourceType.NVIDIA).accumulatesDebt(), p.name());
        }
    }

    @Test
    void readFindsPrefsBesideTheStateFile() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("sc"));
        Files.copy(SCENARIOS.resolve("seed-75-25/client_state.xml"), dir.resolve("client_state.xml"));
        Files.writeString(dir.resolve("global_prefs.xml"), "<global_preferences><work_buf_min_days>0.5"
                + "</work_buf_min_days><cpu_scheduling_period_minutes>30</cpu_scheduling_period_minutes>"
                + "</global_preferences>");
        Files.writeString(dir.resolve("global_prefs_override.xml"), "<global_preferences>\n"
                + "  <work_buf_min_days>0.2 </work_buf_min_days>\n<max_ncpus_pct>50</max_ncpus_pct>\n"
                + "</global_preferences>");
        Files.writeString(dir.resolve("cc_config.xml"), "<cc_config><options><ncpus>4</ncpus>"
                + "<report_results_immediately/></options></cc_config>");

        ClientState st = reader.read(dir).initialState();

        assertEquals(0.2, st.prefs().workBufMinDays());
        assertEquals(30, st.prefs().cpuSchedulingPeriodMinutes());
        assertEquals(2, st.resources().cpu().instances()); // cc_config says 4 CPUs, 50 % of them
        assertTrue(st.config().reportResultsImmediately());
    }

    /**
     * A real client's venue chooses the preferences: caoyuwei's host is at "work", as is its SETI@home account, so
     * the "work" venue of a global_prefs.xml from SETI@home applies (50 % of 2 CPUs, 2 days), not its general ones.
     */
    @Test
    void readUsesThePreferencesOfTheClientsVenue() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("venue"));
        Files.copy(CORPUS.resolve("caoyuwei-2cpu-seti-v6.xml"), dir.resolve("client_state.xml"));
        Files.writeString(dir.resolve("global_prefs.xml"), """
                <global_preferences>
                  <source_project>http://setiathome.berkeley.edu/</source_project>
                  <work_buf_min_days>0.5</work_buf_min_days>
                  <venue name="work"><max_ncpus_pct>50</max_ncpus_pct><work_buf_min_days>2</work_buf_min_days></venue>
                </global_preferences>
                """);

        Scenario read = reader.read(dir);

        assertEquals(2, read.initialState().prefs().workBufMinDays());
        assertEquals(1, read.initialState().resources().cpu().instances());
        assertTrue(read.notes().contains("global_prefs.xml:4: the preferences for this computer's venue, \"work\", "
                + "are used, not the general ones around them, as BOINC does"), read.notes()::toString);
    }

    /**
     * A computing window in the preferences is said not to be emulated as such: the emulation computed at all hours
     * without a word while check-state listed "Compute only between 00:01 and 14:35" among the preferences in force.
     */
    @Test
    void readNotesTheComputingHoursItDoesNotEmulate() throws Exception {
        Path dir = Files.createDirectories(tmp.resolve("hours"));
        Files.copy(CORPUS.resolve("raffael-gb10-20cpu-cuda-einstein-milkyway.xml"), dir.resolve("client_state.xml"));
        // Its run mode is noted ("compute always"), its preferences restrict no hours.
        assertTrue(reader.read(dir).notes().stream().noneMatch(n -> n.startsWith("the preferences also say")));

        Files.writeString(dir.resolve("global_prefs_override.xml"), "<global_preferences><start_hour>0.01"
                + "</start_hour><end_hour>14.59</end_hour></global_preferences>");

        assertTrue(reader.read(dir).notes().contains("the preferences also say: compute only between 00:01 and "
                + "14:35. Cruncher does not emulate this: when the host computes and is online comes from its "
                + "measured on, active and connected fractions, and files move at the scenario's transfer rates"),
                reader.read(dir).notes()::toString);
    }

    @Test
    void readNotesAProjectWhoseAppsAllNeedMoreCpusThanThePrefsAllow() throws Exception {
        // raffael's 20-CPU host runs Milkyway@home's n-body app on 16 CPUs a task, its only app version. At 50 % of
        // the CPUs BOINC may use 10, so none of its tasks can start; at 100 % they can, and nothing is said.
        Path dir = Files.createDirectories(tmp.resolve("mt"));
        Files.copy(CORPUS.resolve("raffael-gb10-20cpu-cuda-einstein-milkyway.xml"), dir.resolve("client_state.xml"));
        String note = "Milkyway@home's applications each need more CPUs or GPUs than BOINC can use here: none of "
                + "its tasks can start";
        assertTrue(reader.read(dir).notes().stream().noneMatch(n -> n.contains("Milkyway@home's")));

        Files.writeString(dir.resolve("global_prefs_override.xml"), "<global_preferences><max_ncpus_pct>50"
                + "</max_ncpus_pct></global_preferences>");
        Scenario s = reader.read(dir);

        assertEquals(10, s.initialState().resources().cpu().instances());
        assertTrue(s.notes().contains(note), s.notes()::toString);
        assertTrue(s.notes().stream().noneMatch(n -> n.startsWith("Einstein@Home's")), s.notes()::toString);
    }

    @Test
    void readAcceptsBareAmpersandAsBoincDoes() throws Exception {
        Path f = write("<client_state><host_info><p_ncpus>1</p_ncpus></host_info><project>"
                + "<master_url>http://x/?a=1&b=2</master_url><resource_share>5</resource_share></project>"
                + "</client_state>");
        Project p = reader.read(f).initialState().projects().iterator().next();
        assertEquals("http://x/?a=1&b=2", p.url());
    }

    @Test
    void readRefusesMissingFile() {
        InputProblem e = assertThrows(InputProblem.class, () -> reader.read(tmp.resolve("nope.xml")));
        assertEquals(tmp.resolve("nope.xml") + ": no such file", e.oneLine());
    }

    @Test
    void readRefusesFolderWithoutClientState() {
        InputProblem e = assertThrows(InputProblem.class, () -> reader.read(tmp));
        assertEquals(tmp + ": is a folder without a client_state.xml", e.oneLine());
        // The current folder, typed as "", is named, not left as "client_state.xml".
        InputProblem here = assertThrows(InputProblem.class, () -> reader.read(Path.of("")));
        assertEquals(Path.of("").toAbsolutePath() + ": is a folder without a client_state.xml", here.oneLine());
    }

    /** A folder of the emulator's older format says so, not only that it has no client_state.xml (QA). */
    @Test
    void readSaysAFolderOfTheEmulatorsOlderFormatIsNotRead() throws Exception {
        Files.writeString(tmp.resolve("sim_projects.xml"), "<projects/>");

        InputProblem e = assertThrows(InputProblem.class, () -> reader.read(tmp));

        assertEquals(tmp + ": is a folder in the BOINC emulator's older format (sim_projects.xml, sim_host.xml), "
                + "which Cruncher does not read: it reads a client_state.xml, as the emulator does now", e.oneLine());
    }

    @Test
    void readRefusesMalformedXmlWithLine() throws Exception {
        Path f = write("<client_state>\n<host_info>\n<p_ncpus>2</p_ncpus>\n</host_inf>\n</client_state>");
        InputProblem e = assertThrows(InputProblem.class, () -> reader.read(f));
        assertEquals(4, e.line());
        assertEquals("the end tag </host_inf> does not match the start tag <host_info> it should close",
                e.getMessage());
    }

    /** A negative share is read as 0 with a note naming its line (it was refused; see HostileInputTest). */
    @Test
    void readTakesANegativeShareAsZeroNamingTheLine() throws Exception {
        Path f = write("<client_state>\n<host_info><p_ncpus>2</p_ncpus></host_info>\n<project>\n"
                + "<master_url>http://a/</master_url><resource_share>-5</resource_share>\n</project>\n"
                + "</client_state>");
        Scenario sc = reader.read(f);
        assertEquals(0, sc.initialState().projects().iterator().next().resourceShare());
        // The value's own line (4), not its <project>'s (3).
        assertTrue(sc.notes().contains("<resource_share> -5 is below 0: 0 is used (state0.xml line 4)"),
                sc.notes()::toString);
    }

    @Test
    void aLatencyOrJobSizeThatIsNoPositiveNumberIsNamedAndInferredAsWhenAbsent() throws Exception {
        // seed-75-25 with A's latency_bound 0 and A's mean job size -3.6e12: A still gets work, with BOINC's
        // emulator's default latency and its estimate as the size, and the notes name both values.
        Path dir = seedVariant("bad-app", s -> s
                .replaceFirst("<latency_bound>864000</latency_bound>", "<latency_bound>0</latency_bound>")
                .replaceFirst("<mean>3.6e12</mean>", "<mean>-3.6e12</mean>"));

        Scenario sc = reader.read(dir);

        assertEquals(2, sc.servers().size(), sc.notes()::toString);
        assertTrue(sc.notes().stream().anyMatch(n -> n.endsWith(": <latency_bound> 0.0 is not a positive number: "
                + "ignored")), sc.notes()::toString);
        assertTrue(sc.notes().stream().anyMatch(n -> n.endsWith(": <fpops/mean> -3.6E12 is not a positive number: "
                + "ignored")), sc.notes()::toString);
        assertTrue(sc.notes().stream().anyMatch(n -> n.contains("deadlines taken as")), sc.notes()::toString);
    }

    @Test
    void anAppVersionOfAnAppTheProjectDoesNotHaveIsLeftOutWithANote() throws Exception {
        // seed-75-25 with B's one app version renamed from b1 to zzz (line 45): BOINC's link_app_version refuses it
        // ("bad application name") and skips it. It made an app zzz of its own, with jobs of a made-up size, and b1
        // lost its version without a word; now B has no version, and its b1 jobs get no server app.
        Path dir = seedVariant("orphan-version", s -> s.replace("<app_name>b1</app_name>", "<app_name>zzz</app_name>"));

        Scenario sc = reader.read(dir);

        assertTrue(sc.notes().contains("B: an <app_version> (client_state.xml line 44) is of zzz, which the "
                + "project has no <app> for: "
                + "left out, as BOINC does"), sc.notes()::toString);
        Project b = sc.initialState().project("http://b.example/").orElseThrow();
        assertEquals(List.of(), b.appVersions());
        assertTrue(b.app("zzz").isEmpty(), "no app made up");
    }

    @Test
    void aLineBreakInAProjectsNameIsReadAsASpace() throws Exception {
        // A's name over two lines split events.log's lines and the summary's rows in two.
        Path dir = seedVariant("two-line-name",
                s -> s.replace("<project_name>A</project_name>", "<project_name>Foo,\n  Bar </project_name>"));

        assertEquals("Foo, Bar", reader.read(dir).initialState().project("http://a.example/").orElseThrow().name());
    }

    @Test
    void aProblemOrANoteNamesTheValuesOwnLineNotItsBlocks() throws Exception {
        // seed-75-25's <host_info> starts on line 2 and its <p_ncpus> is on line 3: "-2" and "two" were refused at
        // lines 2 and 3. In michaelzhye-e350-casa-seti-2active the first <active_task> starts on line 591 and its
        // <checkpoint_fraction_done> is on line 599: a fraction of 2 was noted at line 591, as <fraction_done>.
        Path negative = seedVariant("negative", s -> s.replace("<p_ncpus>2", "<p_ncpus>-2"));
        InputProblem e = assertThrows(InputProblem.class, () -> reader.read(negative));
        assertEquals(negative.resolve("client_state.xml") + ":3: the host has no CPUs (p_ncpus is -2)", e.oneLine());

        String casa = Files.readString(CORPUS.resolve("michaelzhye-e350-casa-seti-2active.xml"))
                .replace("<checkpoint_fraction_done>0.002899", "<checkpoint_fraction_done>2");
        Path file = write(casa);
        Scenario sc = reader.read(file);
        assertTrue(sc.notes().contains("<checkpoint_fraction_done> 2 is above 1: 1 is used (" + file.getFileName()
                + " line 599)"), sc.notes()::toString);
    }

    @Test
    void readRefusesHostWithoutCpus() throws Exception {
        Path f = write("<client_state><host_info><p_ncpus>0</p_ncpus></host_info></client_state>");
        InputProblem e = assertThrows(InputProblem.class, () -> reader.read(f));
        assertTrue(e.getMessage().contains("no CPUs"), e.getMessage());
    }

    @Test
    void readRefusesExternalEntities() throws Exception {
        Path secret = Files.writeString(tmp.resolve("secret.txt"), "TOPSECRET");
        Path f = write("<?xml version=\"1.0\"?>\n<!DOCTYPE x [<!ENTITY s SYSTEM \"" + secret.toUri() + "\">]>\n"
                + "<client_state><host_info><p_ncpus>1</p_ncpus><domain_name>&s;</domain_name></host_info>"
                + "</client_state>");
        try {
            Scenario s = reader.read(f);
            assertFalse(s.initialState().host().name().contains("TOPSECRET"));
        } catch (InputProblem refused) {
            assertFalse(refused.oneLine().contains("TOPSECRET"));
        }
    }

    @Test
    void readRefusesWrongRootElement() throws Exception {
        Path f = write("<global_preferences/>");
        InputProblem e = assertThrows(InputProblem.class, () -> reader.read(f));
        assertTrue(e.getMessage().contains("not a client_state.xml"), e.getMessage());
    }

    /**
     * An app version's flops of 0 or below is BOINC's "none given": the default from the CPU speed is used (1 CPU x
     * 1e9 = 1e9 FLOPS here), and now the reader says so; a flops that is fine says nothing.
     */
    @Test
    void readNotesAFlopsItReplaces() throws Exception {
        String head = "<client_state>\n<host_info><p_ncpus>1</p_ncpus><p_fpops>1e9</p_fpops></host_info>\n"
                + "<project><master_url>http://a/</master_url><project_name>A</project_name></project>\n"
                + "<app><name>a1</name></app>\n<app_version><app_name>a1</app_name><avg_ncpus>1</avg_ncpus>";
        Scenario s = reader.read(write(head + "<flops>-1e9</flops></app_version>\n</client_state>"));

        assertEquals(1e9, s.initialState().projects().iterator().next().appVersions().get(0).flops());
        assertTrue(s.notes().contains("app version of a1 (state0.xml line 5): flops -1000000000 is not a finite "
                + "positive "
                + "number: taken as BOINC's default from the CPU speed, 1.00 GFLOPS"), s.notes()::toString);
        assertTrue(reader.read(write(head + "<flops>2e9</flops></app_version>\n</client_state>")).notes().stream()
                .noneMatch(n -> n.contains("flops")));
    }

    /** One project with a CPU app; {@code project} and {@code app} are extra elements inside them. */
    private Path withExtensions(String project, String app) throws IOException {
        return write("<client_state>\n<host_info><p_ncpus>1</p_ncpus><p_fpops>1e9</p_fpops></host_info>\n"
                + "<project><master_url>http://a/</master_url><project_name>A</project_name>"
                + "<resource_share>100</resource_share>" + project + "</project>\n"
                + "<app><name>a1</name><fpops_est>3.6e12</fpops_est>" + app + "</app>\n"
                + "<app_version><app_name>a1</app_name><version_num>1</version_num><avg_ncpus>1</avg_ncpus>"
                + "<flops>1e9</flops></app_version>\n</client_state>");
    }

    @Test
    void readMapsTransferCrashAndSchedulerExtensions() throws Exception {
        Path f = withExtensions("<scheduler_url>http://a/old_cgi</scheduler_url>"
                + "<server_scheduler_url>http://a/new_cgi</server_scheduler_url>"
                + "<transfers><download_rate>1e6</download_rate><upload_rate>2e5</upload_rate>"
                + "<failure_rate>0.01</failure_rate></transfers>",
                "<input_file_bytes>5e6</input_file_bytes><output_file_bytes>1e5</output_file_bytes>"
                        + "<error_rate>0.05</error_rate>");

        Scenario s = reader.read(f);

        ServerSpec server = s.servers().get(0);
        assertEquals(new TransferSpec(1e6, 2e5, 0.01), server.transfers());
        assertEquals(List.of("http://a/new_cgi"), server.schedulerUrls());
        JobSpec app = server.apps().get(0);
        assertEquals(5e6, app.inputBytes());
        assertEquals(1e5, app.outputBytes());
        assertEquals(0.05, app.errorRate());
        assertEquals(List.of("http://a/old_cgi"),
                s.initialState().projects().iterator().next().contact().schedulerUrls());
    }

    @Test
    void readRefusesAnErrorRateAboveOne() throws Exception {
        Path f = withExtensions("", "<error_rate>1.5</error_rate>");

        InputProblem e = assertThrows(InputProblem.class, () -> reader.read(f));

        assertTrue(e.oneLine().contains("a1") && e.oneLine().contains("error_rate"), e.oneLine());
        assertFalse(e.oneLine().contains("\n"));
    }

    /** A scenario folder {@code name} holding seed-75-25's client_state.xml as {@code edit} leaves it. */
    private Path seedVariant(String name, UnaryOperator<String> edit) throws IOException {
        Path dir = Files.createDirectories(tmp.resolve(name));
        Files.writeString(dir.resolve("client_state.xml"),
                edit.apply(Files.readString(SCENARIOS.resolve("seed-75-25/client_state.xml"))));
        return dir;
    }

    private Path write(String xml) throws IOException {
        try (Stream<Path> s = Files.list(tmp)) {
            return Files.writeString(tmp.resolve("state" + s.count() + ".xml"), xml);
        }
    }
}

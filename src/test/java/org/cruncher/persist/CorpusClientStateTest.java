package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.JobSpec;
import org.cruncher.emulator.Scenario;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;

/**
 * Every client_state.xml of the corpus reads into the model with the host, projects, results and active tasks its
 * source says it holds (counts from corpus/SOURCES.md, checked against the files).
 */
class CorpusClientStateTest {

    @ParameterizedTest(name = "{0}")
    @CsvSource({
            // file, CPUs, GPU instances, projects, results, active tasks
            "raffael-gb10-20cpu-cuda-einstein-milkyway.xml, 20, 1, 2, 44, 5",
            "caoyuwei-2cpu-seti-v6.xml, 2, 0, 1, 0, 0",
            "highkali-android-8cpu.xml, 8, 0, 0, 0, 0",
            "jstateson-i7-2xgtx1060.xml, 8, 2, 0, 0, 0",
            "juppiega-48cpu-cuda.xml, 48, 1, 0, 0, 0",
            "michaelzhye-4cpu-3proj.xml, 4, 0, 3, 1, 1",
            "michaelzhye-e350-casa-seti-1active.xml, 2, 0, 2, 5, 1",
            "michaelzhye-e350-casa-seti-2active.xml, 2, 0, 2, 5, 2",
            "michaelzhye-e350-milkyway.xml, 2, 0, 1, 1, 1",
            "punctum-32cpu.xml, 32, 0, 0, 0, 0",
            "recantha-raspberrypi-1cpu.xml, 1, 0, 0, 0, 0",
            "upsmart-4cpu-cuda.xml, 4, 1, 0, 0, 0",
            "extra/bedri-2cpu.xml, 2, 0, 0, 0, 0",
            "extra/clasqm-4cpu.xml, 4, 0, 0, 0, 0",
            "extra/dahoc-core2duo-v6.xml, 2, 0, 0, 0, 0",
            "extra/mandracore-core2-2cpu.xml, 2, 0, 0, 0, 0",
            "extra/mdotson1-4cpu.xml, 4, 0, 0, 0, 0",
            "extra/michaelzhye-e350-casa-seti-a735a30.xml, 2, 0, 2, 1, 1",
            "extra/pdragun-12cpu.xml, 12, 0, 0, 0, 0",
            "extra/scimaksim-rhel-8cpu.xml, 8, 0, 0, 0, 0",
    })
    void readsTheHostProjectsAndWorkTheFileHolds(String file, int cpus, int gpus, int projects, int results,
                                                  int activeTasks) throws Exception {
        Scenario s = new ScenarioReader().read(Path.of("src/test/resources/corpus/client_state", file));
        ClientState state = s.initialState();

        assertEquals(cpus, state.host().cpuCount(), "CPUs");
        assertEquals(gpus, state.host().coprocessors().stream().mapToInt(Coprocessor::count).sum(), "GPUs");
        assertEquals(projects, state.projects().size(), "projects");
        assertEquals(results, state.results().size(), "results");
        assertEquals(activeTasks, state.activeTasks().size(), "active tasks");
    }

    @Test
    void resultsStillDownloadingAreTakenAsDownloadedAndSaySo() throws Exception {
        // Four of SETI@home's five results are in BOINC state 1 (files downloading) in this file.
        Scenario s = new ScenarioReader().read(
                Path.of("src/test/resources/corpus/client_state/michaelzhye-e350-casa-seti-1active.xml"));

        assertTrue(s.notes().contains("SETI@home: 4 results were still downloading: the emulation takes their "
                + "files as downloaded"), s.notes()::toString);
    }
    /**
     * Einstein@Home's duration correction factor in raffael's file is 0.050810, and its server does not say
     * dont_use_dcf: BOINC multiplies every estimate by it. A BRP4 task's estimate is 1.75e13 FLOPs on a 1e9 FLOPS
     * app version, 17,500 s; corrected, 17,500 x 0.05081 = 889.2 s (the two it finished took 824 and 821 s). Its
     * server, emulated from the file, makes jobs that take that long; Milkyway's factor is 1 and changes nothing.
     */
    @Test
    void aProjectsDurationCorrectionFactorCorrectsItsTasksEstimatesAsBoincDoes() throws Exception {
        Scenario s = new ScenarioReader().read(
                Path.of("src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));
        ClientState state = s.initialState();
        Project einstein = einstein(s);

        assertEquals(0.05081, einstein.durationCorrectionFactor(), 1e-9);
        Result queued = state.resultsOf(einstein).stream().filter(r -> state.taskOf(r) == null).findFirst()
                .orElseThrow();
        assertEquals(889.175, queued.estimatedRuntime(), 1e-3);
        JobSpec brp4 = s.servers().stream().filter(v -> v.projectUrl().equals(einstein.url())).findFirst()
                .orElseThrow().apps().get(0);
        assertEquals(1.75e13 * 0.05081, brp4.fpopsActual(), 1);
        assertEquals(1.75e13, brp4.estimateMean(), 1);
        assertTrue(s.notes().contains("Einstein@Home: its tasks' run times are taken as their estimates x 0.05081, "
                + "its duration correction factor, as BOINC takes them"), s.notes()::toString);
        assertEquals(1, state.projects().stream().filter(p -> p.name().startsWith("Milkyway")).findFirst()
                .orElseThrow().durationCorrectionFactor());
    }

    /** A factor BOINC would not hold (above 100) is held to its bound; dont_use_dcf leaves estimates as they are. */
    @Test
    void aCorrectionFactorOutOfBoundsIsClampedAndDontUseDcfTurnsItOff(@TempDir Path tmp) throws Exception {
        String text = Files.readString(
                Path.of("src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));
        Path high = tmp.resolve("high.xml");
        Files.writeString(high, text.replace("<duration_correction_factor>0.050810",
                "<duration_correction_factor>250"));
        Path off = tmp.resolve("off.xml");
        Files.writeString(off, text.replace("<duration_correction_factor>0.050810</duration_correction_factor>",
                "<duration_correction_factor>0.050810</duration_correction_factor><dont_use_dcf/>"));

        assertEquals(100, einstein(new ScenarioReader().read(high)).durationCorrectionFactor());
        assertEquals(1, einstein(new ScenarioReader().read(off)).durationCorrectionFactor());
    }

    /**
     * Two <active_task>s of one result (michaelzhye-e350-casa-seti-2active with the second renamed to the first's):
     * the first is kept, with its progress (0.29 % done, 124 s elapsed), and the second is said to be left out.
     */
    @Test
    void aSecondActiveTaskOfOneResultIsLeftOutWithANote(@TempDir Path tmp) throws Exception {
        String text = Files.readString(
                Path.of("src/test/resources/corpus/client_state/michaelzhye-e350-casa-seti-2active.xml"))
                .replace("<result_name>25dc14aa.2864.7429.438086664200.12.70_1</result_name>\n    <active_task_state>",
                        "<result_name>09dc14ab.8135.2112.438086664201.12.22.vlar_0</result_name>\n"
                                + "    <active_task_state>");
        Path file = Files.writeString(tmp.resolve("client_state.xml"), text);
        int second = lineOf(text, "<slot>1</slot>") - 5;

        Scenario s = new ScenarioReader().read(file);

        assertTrue(s.notes().contains("the <active_task> at client_state.xml line " + second + " is of "
                + "09dc14ab.8135.2112.438086664201.12.22.vlar_0, which an earlier one is of too: the first is kept"),
                s.notes()::toString);
        assertEquals(1, s.initialState().activeTasks().size());
        assertEquals(0.002899, s.initialState().activeTasks().iterator().next().fractionDone(), 1e-9);
    }

    /**
     * Non-CPU-intensive projects and applications are not emulated as BOINC runs them, and an ended project sends no
     * more work: each is said, with its line (michaelzhye-e350-casa-seti-2active with SETI@home's flags set).
     */
    @Test
    void nonCpuIntensiveAndEndedAreSaidNotToBeEmulated(@TempDir Path tmp) throws Exception {
        String text = Files.readString(
                Path.of("src/test/resources/corpus/client_state/michaelzhye-e350-casa-seti-2active.xml"))
                // SETI@home's one app, the file's only <non_cpu_intensive>.
                .replace("<non_cpu_intensive>0</non_cpu_intensive>", "<non_cpu_intensive>1</non_cpu_intensive>")
                .replace("<project_name>SETI@home</project_name>",
                        "<project_name>SETI@home</project_name><non_cpu_intensive/><ended/>");
        Path file = Files.writeString(tmp.resolve("client_state.xml"), text);
        int projectLine = lineOf(text, "<master_url>http://setiathome.berkeley.edu/</master_url>") - 1;
        int appLine = lineOf(text, "<name>setiathome_v7</name>") - 1;

        Scenario s = new ScenarioReader().read(file);

        assertTrue(s.notes().contains("SETI@home is non-CPU-intensive (<non_cpu_intensive/>, client_state.xml "
                + "line " + projectLine
                + "): BOINC runs its tasks beside the others, outside the shares, and asks it for no work; not "
                + "emulated: Cruncher schedules and fetches for it as for any project"), s.notes()::toString);
        assertTrue(s.notes().contains("SETI@home has ended (<ended/>, client_state.xml line " + projectLine + "): "
                + "its server sends no "
                + "more work, but still takes reports"), s.notes()::toString);
        Project seti = s.initialState().projects().stream().filter(p -> p.name().equals("SETI@home")).findFirst()
                .orElseThrow();
        assertTrue(seti.ended());
        assertFalse(seti.noNewTasks(), "not the user's choice");
        assertEquals(List.of(), s.servers().stream().filter(v -> v.projectUrl().equals(seti.url())).findFirst()
                .orElseThrow().apps(), "its server makes no jobs");
        // Two days on, it has sent nothing new: its results are the file's (4 queued and 2 running, less those
        // done); then saved and read again, it is still ended.
        Emulation e = new Emulation(s, 1, ev -> { });
        Set<String> before = new HashSet<>();
        e.state().resultsOf(e.state().project(seti.url()).orElseThrow()).forEach(r -> before.add(r.name()));
        e.advanceTo(s.startTime() + 2 * 86400);
        e.state().resultsOf(e.state().project(seti.url()).orElseThrow())
                .forEach(r -> assertTrue(before.contains(r.name()), r.name() + " is new"));
        Path saved = Files.writeString(tmp.resolve("saved.xml"), ClientStateWriter.write(e.checkpoint(), ""));
        Scenario again = new ScenarioReader().read(saved);
        assertTrue(again.initialState().project(seti.url()).orElseThrow().ended());
        assertTrue(s.notes().contains("SETI@home: its application setiathome_v7 is non-CPU-intensive "
                + "(client_state.xml line " + appLine
                + "): BOINC runs its tasks beside the others, outside the shares; not emulated: Cruncher schedules "
                + "them as CPU tasks"), s.notes()::toString);
    }

    /** A result still uploading (state 4) is taken as uploaded, as the emulation has no upload to finish, and said. */
    @Test
    void resultsStillUploadingAreTakenAsUploadedAndSaySo(@TempDir Path tmp) throws Exception {
        String text = Files.readString(
                Path.of("src/test/resources/corpus/client_state/michaelzhye-e350-casa-seti-2active.xml"));
        int first = text.indexOf("<state>2</state>", text.indexOf("<result>"));
        Path file = Files.writeString(tmp.resolve("client_state.xml"),
                text.substring(0, first) + "<state>4</state>" + text.substring(first + "<state>2</state>".length()));

        Scenario s = new ScenarioReader().read(file);

        assertTrue(s.notes().stream().anyMatch(n -> n.endsWith(": 1 result was still uploading: the emulation takes "
                + "its files as uploaded, ready to report")), s.notes()::toString);
        assertEquals(1, s.initialState().results().stream().filter(Result::readyToReport).count());
    }

    private static int lineOf(String text, String what) {
        return text.substring(0, text.indexOf(what)).split("\n", -1).length;
    }

    /** caoyuwei attached to SETI@home before it sent any task: no application in the file yet, not none at all. */
    @Test
    void aProjectWithNoApplicationInTheFileYetIsNotedSo() throws Exception {
        Scenario s = new ScenarioReader().read(
                Path.of("src/test/resources/corpus/client_state/caoyuwei-2cpu-seti-v6.xml"));

        assertTrue(s.notes().contains("SETI@home has no application in the file yet: BOINC would get one with its "
                + "first tasks, which the emulation has no server to send, so it is left out"), s.notes()::toString);
    }

    private static Project einstein(Scenario s) {
        return s.initialState().projects().stream().filter(p -> p.name().equals("Einstein@Home")).findFirst()
                .orElseThrow();
    }
}

package org.cruncher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@code cruncher check-state}: the summary of a real client's state, and one line with exit 2 on bad input. */
class CheckStateCommandTest {

    @TempDir
    Path tmp;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int run(String... args) {
        return CruncherCli.run(new PrintWriter(out, true), new PrintWriter(err, true), args);
    }

    @Test
    void summarisesTheRichestCorpusState() {
        int code = run("check-state",
                "src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml");

        String text = out.toString();
        assertEquals(0, code, err.toString());
        assertTrue(text.contains("as of 2026-10-03 13:35 UTC"), text);
        assertTrue(text.contains("CPUs: 20"), text);
        assertTrue(text.contains("GPUs: 1 x NVIDIA GB10 (NVIDIA GPU)"), text);
        // Sizes in powers of 1024, as BOINC and the window show them: m_nbytes 130,660,945,920 is 121.69 GiB, "122 GB" in three digits.
        assertTrue(text.contains("Memory: 122 GB; disk: "), text);
        // Two projects of share 100 each: 100 / 200 = 50 %. Both have only CPU applications, so the GPU's work is
        // no one's and each gets half of the CPUs: the target on this computer is the share.
        assertTrue(text.contains("Einstein@Home <https://einstein.phys.uwm.edu/>: resource share 100 = 50.0 %; target "
                + "on this computer 50.0 % (apps for CPU)"), text);
        // 44 results: 42 in state 2 (downloaded), 2 in state 5 (uploaded) and ready to report.
        assertTrue(text.contains("Results: 44 (42 ready to run or running, 2 done; 2 ready to report)"), text);
        assertTrue(text.contains("Active tasks: 5"), text);
        assertTrue(text.contains("  Store at least 0.1 days of work\n"), text);
        // The mean rsc_fpops_est of Milkyway's 25 workunits, and report_deadline - received_time of its 25 results.
        assertTrue(text.contains("milkyway_nbody: jobs estimated at 6.494e+13 FLOPs each, the average estimate of its 25 "
                + "tasks in the file"), text);
        assertTrue(text.contains("milkyway_nbody: deadlines taken as 12.0 days after a job arrives, the average of "
                + "its 25 tasks in the file"), text);
    }

    /**
     * What holds contact and work fetch back, as raffael's client left it at 1791034556.9 (last_update): Einstein's
     * min_rpc_time 1791034561.38 is 4.45 s later (rounded: "in 4 s"), and with no failed RPCs the project asked for
     * it; its NVIDIA backoff runs to 1791070636.5, 36,079.5 s = 10 h 01 min later (23:37 UTC), of an interval of 86,400 s.
     * With nrpc_failures 3, the same min_rpc_time is the backoff after 3 failed RPCs (BOINC's file does not say why);
     * with 1, after 1 failed RPC, singular.
     */
    @Test
    void saysWhatDefersContactAndWorkFetchAsTheFileLeftIt() throws Exception {
        String file = "src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml";
        assertEquals(0, run("check-state", file), err.toString());

        String text = out.toString();
        assertTrue(text.contains("Einstein@Home <https://einstein.phys.uwm.edu/>: resource share 100 = 50.0 %; target "
                + "on this computer 50.0 % (apps for CPU)\n    scheduler contact deferred until 2026-10-03 13:36 UTC "
                + "(in 4 s; the project asked for it)\n    NVIDIA GPU work fetch backed off until 2026-10-03 23:37 UTC "
                + "(in 10 h 01 min; backoff interval 24 h 00 min)\n"), text);

        out.getBuffer().setLength(0);
        Path failing = tmp.resolve("client_state.xml");
        Files.writeString(failing, Files.readString(Path.of(file)).replaceFirst("<nrpc_failures>0</nrpc_failures>",
                "<nrpc_failures>3</nrpc_failures>"));
        assertEquals(0, run("check-state", failing.toString()), err.toString());
        assertTrue(out.toString().contains("    scheduler contact deferred until 2026-10-03 13:36 UTC (in 4 s; after 3 "
                + "failed RPCs in a row)\n"), out.toString());

        out.getBuffer().setLength(0);
        Files.writeString(failing, Files.readString(Path.of(file)).replaceFirst("<nrpc_failures>0</nrpc_failures>",
                "<nrpc_failures>1</nrpc_failures>"));
        assertEquals(0, run("check-state", failing.toString()), err.toString());
        assertTrue(out.toString().contains("    scheduler contact deferred until 2026-10-03 13:36 UTC (in 4 s; after 1 "
                + "failed RPC in a row)\n"), out.toString());
    }

    /**
     * A project to be removed when its tasks are done (BOINC's account manager sets {@code <detach_when_done/>} and
     * asks it for no more work): it gets no new tasks, and a note says what Cruncher does not do (remove it).
     */
    @Test
    void aProjectToBeRemovedWhenDoneGetsNoNewTasksAndANote() throws Exception {
        Path detaching = tmp.resolve("client_state.xml");
        Files.writeString(detaching, Files.readString(Path.of(
                "src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml")).replace(
                "<project_name>Milkyway@home</project_name>", "<project_name>Milkyway@home</project_name>"
                        + "<detach_when_done/>"));

        assertEquals(0, run("check-state", detaching.toString()), err.toString());

        String text = out.toString();
        assertTrue(text.lines().anyMatch(l -> l.startsWith("  Milkyway@home <") && l.endsWith(", no new tasks (to be removed when its tasks are done)")), text);
        // The <project> of Milkyway@home opens on line 1947.
        assertTrue(text.contains("  Milkyway@home is to be removed when its tasks are done (<detach_when_done/>, "
                + "client_state.xml line 1947): neither BOINC nor Cruncher asks it for more work (as with \"no new "
                + "tasks\"); BOINC then removes it, Cruncher keeps it, without work\n"), text);
    }

    /**
     * Seed 004's figures as the file gives them (it said only the disk's size and free space). The disk sample: the
     * least of 10 GiB, 90 % of 100 GiB and 80 GiB free + 6.3 GiB used - 1 GiB is 10 GiB, set by disk_max_used_gb;
     * the projects may use 10240 - 100 = 10140 MiB; B's files are 4 x 1.5 GiB + 200 MiB = 6344 MiB (6.2 GB), so
     * 10140 - 6344 = 3796 MiB (3.71 GB) is free; A's share is 0.75 x 10140 = 7605 MiB (7.43 GB), B's 2535 MiB
     * (2.48 GB), which B is over by 6344 - 2535 = 3809 MiB (3.72 GB).
     */
    @Test
    void saysTheDiskLimitAndEachProjectsFilesAgainstItsShare() {
        int code = run("check-state", "assets/scenarios/disk-75-25");

        String text = out.toString();
        assertEquals(0, code, err.toString());
        assertTrue(text.contains("Disk: BOINC may use 10 GB (set by disk_max_used_gb); its own files 100 MB, the "
                + "projects' 6.2 GB, 3.71 GB free for them\n  A: 0 bytes of its 7.43 GB share\n  B: 6.2 GB of its "
                + "2.48 GB share, over it by 3.72 GB\n"), text);
    }

    /**
     * A state over its disk limit says so, and what the client does about it (it said "0 bytes free for them", as
     * for a disk exactly full). The disk sample under "use no more than 5 GB": 100 MiB + 6344 MiB = 6444 MiB used,
     * 5120 MiB allowed: 1324 MiB (1.29 GB) over.
     */
    @Test
    void aStateOverItsDiskLimitSaysByHowMuchAndWhatFollows() throws Exception {
        Files.copy(Path.of("assets/scenarios/disk-75-25/client_state.xml"), tmp.resolve("client_state.xml"));
        Files.writeString(tmp.resolve("global_prefs_override.xml"), "<global_preferences><disk_max_used_gb>5"
                + "</disk_max_used_gb></global_preferences>");

        assertEquals(0, run("check-state", tmp.toString()), err.toString());
        String text = out.toString();
        assertTrue(text.contains("Disk: BOINC may use 5 GB (set by disk_max_used_gb); its own files 100 MB, the "
                + "projects' 6.2 GB, 1.29 GB over the limit: files that may go are deleted first, queued tasks are "
                + "given up only if that brings it within the limit, else computing waits for room\n"), text);
    }

    /**
     * A project without a name is named by its URL once (michaelzhye-4cpu-3proj: Milkyway's <project_name> is
     * empty); the task of a suspended project is said to be suspended with it, not running (the active task of
     * michaelzhye-e350-casa-seti-1active, with its project, SETI@home, suspended).
     */
    @Test
    void aNamelessProjectIsNamedOnceAndASuspendedProjectsTaskIsNotRunning() throws Exception {
        assertEquals(0, run("check-state", "src/test/resources/corpus/client_state/michaelzhye-4cpu-3proj.xml"));
        assertTrue(out.toString().contains("\n  <http://milkyway.cs.rpi.edu/milkyway/>: resource share "),
                out.toString());
        out.getBuffer().setLength(0);
        Path suspended = tmp.resolve("client_state.xml");
        Files.writeString(suspended, Files.readString(Path.of(
                "src/test/resources/corpus/client_state/michaelzhye-e350-casa-seti-1active.xml")).replace(
                "<project_name>SETI@home</project_name>", "<project_name>SETI@home</project_name>"
                        + "<suspended_via_gui/>"));

        assertEquals(0, run("check-state", suspended.toString()), err.toString());

        assertTrue(out.toString().lines().anyMatch(l -> l.contains("(SETI@home):")
                && l.endsWith(", suspended with its project")), out.toString());
    }

    /**
     * A task the user suspended in BOINC's Manager (its result's {@code <suspended_via_gui/>}) is said to be, as the
     * emulation obeys it: michaelzhye-e350-casa-seti-2active with its first active task's result suspended.
     */
    @Test
    void aTaskTheUserSuspendedIsSaidToBe() throws Exception {
        Path suspended = tmp.resolve("client_state.xml");
        String name = "09dc14ab.8135.2112.438086664201.12.22.vlar_0";
        Files.writeString(suspended, Files.readString(Path.of(
                "src/test/resources/corpus/client_state/michaelzhye-e350-casa-seti-2active.xml")).replace(
                "<name>" + name + "</name>", "<name>" + name + "</name><suspended_via_gui/>"));

        assertEquals(0, run("check-state", suspended.toString()), err.toString());

        String text = out.toString();
        assertTrue(text.lines().anyMatch(l -> l.startsWith("  " + name + " (SETI@home):")
                && l.endsWith(", suspended by the user")), text);
        assertTrue(text.lines().anyMatch(l -> l.startsWith("Results: ") && l.contains("; 1 suspended by the user")),
                text);
    }

    /**
     * The state is of 1791034556 (its last_update). Task 2427_1, received at 1791030712.9, is made due at 1791030000:
     * before it arrived, which BOINC takes as a deadline already past. Task 2430_1 is made due at 1791034000, 556 s
     * before the state's time. Both are downloaded, not done: two results past their deadlines, one noted as odd.
     */
    @Test
    void countsTheTasksPastTheirDeadlineAndNotesOneDueBeforeItArrived() throws Exception {
        String text = Files.readString(Path.of(
                "src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));
        text = dueAt(text, "00000_2427_1", "1791030000");
        text = dueAt(text, "00000_2430_1", "1791034000");
        Path state = tmp.resolve("client_state.xml");
        Files.writeString(state, text);

        assertEquals(0, run("check-state", state.toString()), err.toString());

        String summary = out.toString();
        assertTrue(summary.contains("Results: 44 (42 ready to run or running, 2 done; 2 ready to report; 2 not done "
                + "and past their deadlines)"), summary);
        assertTrue(summary.contains("  Einstein@Home: 1 result is due before it was received (its report_deadline is "
                + "earlier than its received_time): it is taken as past its deadline, as BOINC takes it\n"), summary);
    }

    /** {@code text} with the report deadline of the result whose name ends in {@code nameEnd} set to {@code at}. */
    private static String dueAt(String text, String nameEnd, String at) {
        int result = text.indexOf(nameEnd + "</name>");
        int from = text.indexOf("<report_deadline>", result) + "<report_deadline>".length();
        int to = text.indexOf("</report_deadline>", from);
        assertTrue(result >= 0 && from > result && to > from, nameEnd);
        return text.substring(0, from) + at + text.substring(to);
    }

    @Test
    void saysWhatItAssumesForAFileWithoutTimeDiskOrCpuLimit() throws Exception {
        // A host with one CPU and nothing else: no <last_update>, no <d_total>, no max_ncpus_pct (all of them).
        Path bare = tmp.resolve("client_state.xml");
        Files.writeString(bare, "<client_state><host_info><p_ncpus>1</p_ncpus></host_info></client_state>\n");

        int code = run("check-state", bare.toString());

        String text = out.toString();
        assertEquals(0, code, err.toString());
        // The time assumed is said once, in the notes; the header said it again, and said it too of a file whose
        // <last_update> names that very time (the bundled samples).
        assertTrue(text.startsWith("State of client_state.xml, as of 2026-01-01 00:00 UTC\n"), text);
        assertEquals(1, text.split("does not say when it was saved", -1).length - 1, text);
        assertTrue(text.contains("Memory: not given (no m_nbytes above 0); disk: not given (no d_total above 0)"),
                text);
        // Not "max_ncpus_pct 0": no file sets it, and the Preferences dialog refuses 0 (QA).
        assertTrue(text.contains("CPUs used: 1 (max_ncpus_pct not set: all of them)"), text);
    }

    /** A max_ncpus_pct of 0 that a file sets is said as such, with what BOINC makes of it: every CPU. */
    @Test
    void aMaxNcpusPctOfZeroSetInAFileIsSaidAsAllTheCpus() throws Exception {
        Path state = tmp.resolve("client_state.xml");
        Files.writeString(state, "<client_state><host_info><p_ncpus>4</p_ncpus></host_info></client_state>\n");
        Files.writeString(tmp.resolve("global_prefs_override.xml"),
                "<global_preferences><max_ncpus_pct>0</max_ncpus_pct></global_preferences>\n");

        assertEquals(0, run("check-state", state.toString()), err.toString());

        assertTrue(out.toString().contains("CPUs used: 4 (max_ncpus_pct 0, which BOINC reads as all of them)"),
                out.toString());
    }

    /** A max_ncpus_pct of 50 on 4 CPUs: 4 x 50 % = 2 CPUs used. */
    @Test
    void aMaxNcpusPctSetInAFileIsSaidWithItsCpus() throws Exception {
        Path state = tmp.resolve("client_state.xml");
        Files.writeString(state, "<client_state><host_info><p_ncpus>4</p_ncpus></host_info></client_state>\n");
        Files.writeString(tmp.resolve("global_prefs_override.xml"),
                "<global_preferences><max_ncpus_pct>50</max_ncpus_pct></global_preferences>\n");

        assertEquals(0, run("check-state", state.toString()), err.toString());

        assertTrue(out.toString().contains("CPUs used: 2 (max_ncpus_pct 50)"), out.toString());
    }

    @Test
    void aFileWhoseLastUpdateIsTheDefaultStartIsNotSaidToAssumeIt() throws Exception {
        // <last_update> 1,767,225,600 s is 2026-01-01 00:00 UTC, the time taken when a file gives none: given, not
        // assumed.
        Path dated = tmp.resolve("client_state.xml");
        Files.writeString(dated, "<client_state><host_info><p_ncpus>1</p_ncpus></host_info><time_stats>"
                + "<last_update>1767225600</last_update></time_stats></client_state>\n");

        int code = run("check-state", dated.toString());

        String text = out.toString();
        assertEquals(0, code, err.toString());
        assertTrue(text.startsWith("State of client_state.xml, as of 2026-01-01 00:00 UTC\n"), text);
        assertTrue(!text.contains("assumed") && !text.contains("does not say when it was saved"), text);
    }

    @Test
    void badInputIsOneLineNamingFileAndLineWithExitCode2() throws Exception {
        Path bad = tmp.resolve("client_state.xml");
        Files.writeString(bad, "<client_state>\n<host_info>\n<p_ncpus>2</p_ncpus>\n</client_state>\n");

        int code = run("check-state", bad.toString());

        assertEquals(2, code);
        String line = err.toString().strip();
        assertEquals("cruncher: " + bad + ":4: the end tag </client_state> does not match the start tag <host_info> "
                + "it should close", line);
        assertEquals(-1, line.indexOf('\n'), line);
    }

    /** A GPU whose model is its type's name is named once: it read "GPUs: 1 x NVIDIA GPU (NVIDIA GPU)". */
    @Test
    void aGpuNamedByItsTypeIsNamedOnce() {
        assertEquals(0, run("check-state", "src/test/resources/scenarios/seed-gpu-example"), err.toString());

        assertTrue(out.toString().contains("  GPUs: 1 x NVIDIA GPU\n"), out.toString());
    }

    /**
     * An exclude_gpu naming a project not in the state changes nothing: a note says so, and it is not listed among
     * the options in force, which, with no other option valid, are "none" rather than a heading with nothing that
     * takes effect under it (QA: ncpus -7, max_file_xfers abc and an exclude_gpu of http://nope/).
     */
    @Test
    void anExclusionOfNoProjectHereIsNotedAndNotInForce() throws Exception {
        Files.copy(Path.of("src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml"),
                tmp.resolve("client_state.xml"));
        Files.writeString(tmp.resolve("cc_config.xml"), "<cc_config><options><ncpus>-7</ncpus>"
                + "<max_file_xfers>abc</max_file_xfers><exclude_gpu><url>http://nope/</url><type>NVIDIA</type>"
                + "</exclude_gpu></options></cc_config>");

        assertEquals(0, run("check-state", tmp.toString()), err.toString());

        String text = out.toString();
        assertTrue(text.contains("cc_config.xml options in force: none (BOINC's defaults)\n"), text);
        assertTrue(text.contains("  cc_config.xml exclude_gpu: http://nope/ may not use NVIDIA GPU: no project with "
                + "that URL is in this state: it changes nothing\n"), text);
    }
}

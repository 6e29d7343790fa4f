package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.condition.DisabledOnOs;
import org.junit.jupiter.api.condition.OS;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.junit.jupiter.params.provider.ValueSource;

import org.cruncher.emulator.Scenario;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.rpc.SchedulerRequest;

/** Targeted attacks and absurd numbers: each is refused in one line naming file and line, or clamped with a note. */
class HostileInputTest {

    private static final Path MILKYWAY =
            Path.of("src/test/resources/corpus/client_state/michaelzhye-e350-milkyway.xml");
    private static final Duration FAST = Duration.ofSeconds(5);

    @TempDir
    Path tmp;

    private Path write(String name, String text) throws Exception {
        Path f = tmp.resolve(name);
        Files.writeString(f, text);
        return f;
    }

    private InputProblem refused(Path f) {
        InputProblem p = assertTimeoutPreemptively(FAST, () -> assertThrows(InputProblem.class,
                () -> new ScenarioReader().read(f)));
        assertNull(HostileInputFuzzTest.badMessage(p, f), p.oneLine());
        return p;
    }

    /** The line of the milkyway file on which {@code tag} first opens (1 for the first line). */
    private static int lineOf(String tag) {
        List<String> lines;
        try {
            lines = Files.readString(MILKYWAY).lines().toList();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        for (int i = 0; i < lines.size(); i++) {
            if (lines.get(i).contains(tag)) {
                return i + 1;
            }
        }
        throw new AssertionError(tag + " not in the file");
    }

    private String milkyway(String element, String value) throws Exception {
        String s = Files.readString(MILKYWAY);
        String changed = s.replaceFirst("<" + element + ">[^<]*</" + element + ">",
                "<" + element + ">" + value + "</" + element + ">");
        assertFalse(changed.equals(s), element + " not found");
        return changed;
    }

    /** An empty file (or one of blank lines) says so, not "Unexpected EOF in prolog". */
    @Test
    void anEmptyFileIsSaidToBeEmpty() throws Exception {
        for (String text : new String[] {"", "\n\n  \n"}) {
            InputProblem p = refused(write("client_state.xml", text));
            assertTrue(p.oneLine().endsWith("client_state.xml: is empty: there is no XML in it"), p.oneLine());
        }
    }

    /**
     * An empty side file (or one holding only a declaration and a comment) sets nothing, as BOINC reads it, with a
     * note: an emptied global_prefs_override.xml refused the whole state.
     */
    @Test
    void anEmptySideFileSetsNothingAndSaysSo() throws Exception {
        write("client_state.xml", Files.readString(MILKYWAY));
        write("global_prefs_override.xml", "");
        write("global_prefs.xml", "<?xml version=\"1.0\"?>\n<!-- nothing yet -->\n");
        write("cc_config.xml", "\n  \n");

        Scenario sc = new ScenarioReader().read(tmp);

        assertTrue(sc.notes().contains("global_prefs_override.xml is empty: nothing is overridden"),
                sc.notes()::toString);
        assertTrue(sc.notes().contains("global_prefs.xml is empty: BOINC's defaults are used"), sc.notes()::toString);
        assertTrue(sc.notes().contains("cc_config.xml is empty: BOINC's defaults are used, as BOINC does"),
                sc.notes()::toString);
        assertEquals(Prefs.DEFAULTS.workBufMinDays(), sc.initialState().prefs().workBufMinDays());
    }

    /**
     * A state whose <last_update> is 0 (BOINC's "never") is taken as of the latest time it gives, and says so in
     * its notes, which `emulate` prints too: only check-state's header said it, and an emulation's deadlines moved.
     * It was taken as of Cruncher's default start (2026), which made a 2015 state's every task overdue.
     */
    @Test
    void aStateWithoutItsTimeSaysWhatTimeItIsTakenAt() throws Exception {
        Scenario sc = new ScenarioReader().read(write("client_state.xml", milkyway("last_update", "0")));

        // Its one task arrived at 1,439,978,373.9 s (2015-08-19 09:59:33 UTC); the client last started at
        // 1,439,978,428.2 s (10:00:28), the latest time in the file. A state without tasks (jstateson's) was taken as
        // of 2026 though its client started in 2019.
        assertEquals(1439978428.214036, sc.startTime(), 1e-6);
        assertTrue(sc.notes().contains("The file does not say when it was saved (its <time_stats> <last_update> is 0): "
                + "the state is taken as of "
                + "2015-08-19 10:00 UTC, the latest time it gives (a scheduler request, a task's arrival or end, the "
                + "client's start), and its tasks' deadlines are read against that"), sc.notes()::toString);
        assertEquals(1, sc.notes().stream().filter(n -> n.contains("last_update")).count(), sc.notes()::toString);
        // A file that gives no time at all is taken as of Cruncher's default start.
        Scenario bare = new ScenarioReader().read(write("client_state.xml",
                "<client_state><host_info><p_ncpus>1</p_ncpus></host_info></client_state>"));
        assertEquals(Scenario.DEFAULT_START, bare.startTime());
        assertTrue(bare.notes().contains("The file does not say when it was saved (its <time_stats> <last_update> is missing): "
                + "the state is taken as of "
                + "2026-01-01 00:00 UTC, and its tasks' deadlines are read against that"), bare.notes()::toString);
    }

    @Test
    void externalEntityReadingALocalFileIsRefusedAndTheSecretAppearsNowhere() throws Exception {
        Path secret = write("secret.txt", "TOP-SECRET-42");
        String xml = "<?xml version=\"1.0\"?>\n<!DOCTYPE client_state [<!ENTITY x SYSTEM \"" + secret.toUri()
                + "\">]>\n<client_state><host_info><domain_name>&x;</domain_name><p_ncpus>1</p_ncpus></host_info>"
                + "</client_state>";
        Path f = write("client_state.xml", xml);

        InputProblem p = refused(f);

        assertEquals(2, p.line());
        assertTrue(p.getMessage().contains("DTDs are not accepted"), p.getMessage());
        assertFalse(p.oneLine().contains("TOP-SECRET"));
        InputProblem raw = assertThrows(InputProblem.class, () -> ClientStateDocument.read(f));
        assertFalse(raw.oneLine().contains("TOP-SECRET"));
    }

    @ParameterizedTest
    @ValueSource(strings = {
        "<!DOCTYPE scheduler_reply [<!ENTITY x SYSTEM \"http://127.0.0.1:9/secret\">]>",
        "<!DOCTYPE scheduler_reply SYSTEM \"http://127.0.0.1:9/evil.dtd\">",
        "<!DOCTYPE scheduler_reply [<!ENTITY % p SYSTEM \"file:///etc/passwd\"> %p;]>"})
    void httpEntitiesExternalDtdsAndParameterEntitiesAreRefused(String doctype) {
        String xml = doctype + "\n<scheduler_reply><message>&x;</message></scheduler_reply>";
        Path source = tmp.resolve("reply.xml");

        InputProblem p = assertTimeoutPreemptively(FAST, () -> assertThrows(InputProblem.class,
                () -> SchedulerReplyXml.read(source, xml)));

        assertEquals(tmp.resolve("reply.xml") + ":1: DTDs are not accepted (the file may be an attack)", p.oneLine());
    }

    @Test
    void billionLaughsIsRefusedFast() throws Exception {
        StringBuilder dtd = new StringBuilder("<!DOCTYPE lolz [<!ENTITY lol \"lol\">");
        for (int i = 1; i <= 9; i++) {
            dtd.append("<!ENTITY lol").append(i).append(" \"").append(("&lol" + (i == 1 ? "" : i - 1) + ";")
                    .repeat(10)).append("\">");
        }
        dtd.append("]>");
        Path f = write("global_prefs_override.xml", dtd + "\n<global_preferences><work_buf_min_days>&lol9;"
                + "</work_buf_min_days></global_preferences>");

        InputProblem p = assertTimeoutPreemptively(FAST, () -> assertThrows(InputProblem.class,
                () -> new GlobalPrefsReader().read(f.resolveSibling("none.xml"), f)));

        assertTrue(p.oneLine().endsWith(":1: DTDs are not accepted (the file may be an attack)"), p.oneLine());
    }

    @Test
    void tenThousandDeepNestingIsRefusedNamingTheDepth() throws Exception {
        String s = Files.readString(MILKYWAY);
        int at = s.indexOf("<time_stats>");
        Path f = write("client_state.xml", s.substring(0, at) + "<a>".repeat(10_000) + "</a>".repeat(10_000)
                + s.substring(at));

        InputProblem p = refused(f);

        assertEquals("nested more than " + XmlInput.MAX_DEPTH + " elements deep", p.getMessage());
        assertTrue(p.line() > 0);
    }

    @Test
    void overlongTextAndAttributesAreRefused() throws Exception {
        Path text = write("a.xml", "<scheduler_reply><message>" + "x".repeat(2 * XmlInput.MAX_TEXT_CHARS + 1)
                + "</message></scheduler_reply>");
        Path attr = write("b.xml", "<scheduler_reply><message priority=\""
                + "x".repeat(XmlInput.MAX_ATTRIBUTE_CHARS + 1) + "\">hi</message></scheduler_reply>");

        InputProblem t = assertThrows(InputProblem.class, () -> SchedulerReplyXml.read(text, XmlInput.readText(text)));
        InputProblem a = assertThrows(InputProblem.class, () -> SchedulerReplyXml.read(attr, XmlInput.readText(attr)));

        assertTrue(t.getMessage().startsWith("an element's text is longer than"), t.getMessage());
        assertTrue(a.getMessage().startsWith("an attribute is longer than"), a.getMessage());
    }

    /**
     * A resource share saved corrupted or out of range is read with a note, as the README promises of such values (it
     * was refused): nan or inf is BOINC's default, 100; 1e300 the largest share, 1e9; -5 is 0; -0 is 0, not "-0.0 %".
     */
    @ParameterizedTest
    @CsvSource({"nan, 100, nan is not a usable number: 100 is used", "inf, 100, inf is not a usable number: "
            + "100 is used", "1e300, 1000000000, 1e300 is above 1000000000: 1000000000 is used",
            "-5, 0, -5 is below 0: 0 is used", "-0, 0, ''"})
    void aCorruptResourceShareIsReadWithANote(String written, double used, String note) throws Exception {
        Scenario sc = new ScenarioReader().read(write("client_state.xml", milkyway("resource_share", written)));

        double share = sc.initialState().projects().iterator().next().resourceShare();
        assertEquals(used, share);
        assertEquals(0, Double.compare(used, share), "the sign of zero too");
        // The value's own line, not its <project>'s.
        int line = lineOf("<resource_share>");
        if (note.isEmpty()) {
            assertTrue(sc.notes().stream().noneMatch(n -> n.contains("resource_share")), sc.notes()::toString);
        } else {
            assertTrue(sc.notes().contains("<resource_share> " + note + " (client_state.xml line " + line + ")"),
                    sc.notes()::toString);
        }
    }

    @ParameterizedTest
    @ValueSource(strings = {"1e12", "NaN", "-1", "0x10"})
    void anImpossibleCpuCountIsRefused(String ncpus) throws Exception {
        InputProblem p = refused(write("client_state.xml", milkyway("p_ncpus", ncpus)));

        assertTrue(p.getMessage().contains("p_ncpus"), p.getMessage());
    }

    @Test
    void aCpuCountBeyondTheLargestMachinesIsRefusedSayingTheLimit() throws Exception {
        // 100,000 CPUs would be accepted and then take hours to emulate; 4,096 is the most a file may claim.
        InputProblem p = refused(write("client_state.xml", milkyway("p_ncpus", "100000")));

        assertEquals("p_ncpus 100000 is not a plausible CPU count (at most 4096)", p.getMessage());
        Scenario most = new ScenarioReader().read(write("client_state.xml", milkyway("p_ncpus", "4096")));
        assertEquals(4096, most.initialState().host().cpuCount());
    }

    /**
     * A result without a name is left out with a note (it vanished without a word); one without a workunit name is
     * refused saying so, not that it "names workunit ''".
     */
    @Test
    void aResultWithoutANameIsLeftOutWithANoteAndOneWithoutAWorkunitNameIsRefusedSayingSo() throws Exception {
        String text = Files.readString(MILKYWAY);
        String nameless = text.replaceFirst("<name>de_nonmodfit_fast_15_3s_136_sim1Aug1_2_1437561602_9944072_2"
                + "</name>", "");
        Scenario sc = new ScenarioReader().read(write("client_state.xml", nameless));
        assertTrue(sc.initialState().results().isEmpty());
        assertTrue(sc.notes().contains("Milkyway@Home: 1 result has no <name>: left out"), sc.notes()::toString);

        InputProblem p = refused(write("client_state.xml", text.replaceFirst("<wu_name>[^<]*</wu_name>", "")));
        assertEquals("result de_nonmodfit_fast_15_3s_136_sim1Aug1_2_1437561602_9944072_2 has no <wu_name>",
                p.getMessage());
    }

    @Test
    void aFractionalCpuCountAndASpeedThatIsNoSpeedAreUsedWithANote() throws Exception {
        // 2.5 CPUs are 2, as BOINC reads a whole number (they were rounded to 3); a benchmark of -1e9 FLOPS becomes
        // BOINC's 1 GFLOPS. Both say so, with the line.
        String s = milkyway("p_ncpus", "2.5").replaceFirst("<p_fpops>[^<]*<", "<p_fpops>-1e9<");
        Scenario sc = new ScenarioReader().read(write("client_state.xml", s));

        assertEquals(2, sc.initialState().host().cpuCount());
        assertEquals(1e9, sc.initialState().host().cpuFlops());
        assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("<p_ncpus> 2.5 is not a whole number: 2 CPUs are "
                + "used, as BOINC reads it")), sc.notes()::toString);
        // No benchmark at all is BOINC's 1 GFLOPS too, which every estimate rests on: said (it was silent).
        Scenario none = new ScenarioReader().read(write("client_state.xml", Files.readString(MILKYWAY)
                .replaceFirst("<p_fpops>[^<]*</p_fpops>", "")));
        assertEquals(1e9, none.initialState().host().cpuFlops());
        assertTrue(none.notes().stream().anyMatch(n -> n.startsWith("<host_info> gives no <p_fpops> (no CPU "
                + "benchmark yet): BOINC's 1 GFLOPS per CPU is used")), none.notes()::toString);
        assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("<p_fpops> -1000000000 is not from 1 to ")),
                sc.notes()::toString);
    }

    /**
     * A free space that is no number (nan) or below 0 makes the disk's size and free space unknown, as a bad d_total
     * does, with a note: taken as 0 free, it filled the disk and suspended every task for the whole run (QA).
     */
    @Test
    void aFreeSpaceThatIsNoNumberLeavesTheDiskUnknown() throws Exception {
        for (String bad : List.of("nan", "-5")) {
            Scenario sc = new ScenarioReader().read(write("client_state.xml", milkyway("d_free", bad)));

            assertEquals(0, sc.initialState().host().diskTotal(), bad);
            assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("<d_free> " + bad + " is not a usable free "
                    + "space: the disk's size and free space are taken as unknown")), sc.notes()::toString);
        }
    }

    /**
     * A disk size without a free space (no d_free) leaves the disk unknown, with a note: taken as 0 free, the limit
     * ("leave at least 0.1 GB free") was 0 bytes and the host computed nothing for the whole run, without a word.
     */
    @Test
    void aDiskSizeWithoutAFreeSpaceLeavesTheDiskUnknown() throws Exception {
        String s = Files.readString(MILKYWAY).replaceFirst("<d_free>[^<]*</d_free>", "");
        Scenario sc = new ScenarioReader().read(write("client_state.xml", s));

        assertEquals(0, sc.initialState().host().diskTotal());
        assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("<host_info> gives <d_total> but no <d_free>: the "
                + "disk's size and free space are taken as unknown")), sc.notes()::toString);
        assertTrue(org.cruncher.emulator.Emulation.run(sc, 1, 1, null).jobs() > 0, "work is fetched and done");
    }

    /** More free space than the disk holds (d_free 5e15 on a 2.9 TB disk) is taken as the whole disk, with a note. */
    @Test
    void moreFreeSpaceThanTheDiskHoldsIsTakenAsTheDisk() throws Exception {
        Scenario sc = new ScenarioReader().read(write("client_state.xml", milkyway("d_free", "5e15")));

        assertEquals(2948965310464.0, sc.initialState().host().diskFree());
        assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("<d_free> 4.44 PB is more than <d_total> "
                + "2.68 TB: the whole disk is taken as free (client_state.xml line ")), sc.notes()::toString);
    }

    /**
     * A disk or memory of 1e308 bytes is a mistake: taken as 10^18 bytes with a note. Taken as it was, the disk
     * limits (90 % of it, less what is used) stopped being numbers, and the emulation fetched no work at all.
     */
    @Test
    void aDiskOrMemoryTooLargeToBeRealIsCappedWithANote() throws Exception {
        String s = milkyway("d_total", "1e308").replaceFirst("<d_free>[^<]*<", "<d_free>1e308<")
                .replaceFirst("<m_nbytes>[^<]*<", "<m_nbytes>1e308<");
        Scenario sc = new ScenarioReader().read(write("client_state.xml", s));

        assertEquals(1e18, sc.initialState().host().diskTotal());
        assertEquals(1e18, sc.initialState().host().diskFree());
        assertEquals(1e18, sc.initialState().host().memoryBytes());
        assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("<d_total> 1e308 is above 1e18: "
                + "1e18 is used (client_state.xml line ")), sc.notes()::toString);
        assertTrue(org.cruncher.emulator.Emulation.run(sc, 1, 1, null).jobs() > 0, "work is fetched and done");
    }

    /**
     * BOINC's run modes: a client set to suspend computing and the network ("never", 3) is emulated as if it ran by
     * its preferences, and the note says so; "according to preferences" (2) says nothing.
     */
    @Test
    void aRunModeOtherThanByThePreferencesIsNoted() throws Exception {
        String s = Files.readString(MILKYWAY).replace("</client_state>", "<user_run_request>3</user_run_request>"
                + "<user_gpu_request>2</user_gpu_request><user_network_request>3</user_network_request>"
                + "</client_state>");
        Scenario sc = new ScenarioReader().read(write("client_state.xml", s));

        assertTrue(sc.notes().contains("BOINC was set to suspend computing; suspend network activity (its run mode). "
                + "Cruncher emulates the scheduler as if it were allowed to run: it does not suspend for the run mode, "
                + "nor for the preferences' rules for when to suspend (in use, on batteries, CPU load), which Cruncher "
                + "does not emulate"), sc.notes()::toString);
        assertEquals(java.util.Optional.empty(), ScenarioReader.runModes("2", "2", "2"));
        assertEquals(java.util.Optional.empty(), ScenarioReader.runModes(null, null, null));
        // "Always" is what the emulation does: the note does not say it "runs under the preferences" (it said both).
        assertEquals("BOINC was set to compute always, whatever the preferences say (its run mode), as Cruncher "
                + "emulates it: it never suspends for the preferences' rules for when to suspend (in use, on batteries, "
                + "CPU load), which Cruncher does not emulate", ScenarioReader.runModes("1", null, null).orElseThrow());
    }

    /** The milkyway file without its one app version: its one result is left out, said in the singular. */
    @Test
    void aResultWithoutAnAppVersionIsNotedInTheSingular() throws Exception {
        String s = Files.readString(MILKYWAY).replaceAll("(?s)<app_version>.*?</app_version>", "");

        Scenario sc = new ScenarioReader().read(write("client_state.xml", s));

        assertTrue(sc.notes().contains("Milkyway@Home: 1 result has no app version in the file: left out"),
                sc.notes()::toString);
    }

    /**
     * An active task of a result that is no longer computing (here ready to report, state 5) is left out and said:
     * check-state listed 1 active task of 5 in the file, with no word on the other 4.
     */
    @Test
    void anActiveTaskOfAFinishedResultIsLeftOutAndSaid() throws Exception {
        String s = Files.readString(MILKYWAY);
        int result = s.indexOf("<result>");
        String finished = s.substring(0, result) + s.substring(result).replaceFirst("<state>2</state>",
                "<state>5</state>");

        Scenario sc = new ScenarioReader().read(write("client_state.xml", finished));

        assertEquals(0, sc.initialState().activeTasks().size());
        assertTrue(sc.notes().contains("1 active task is of a result no longer computing (uploading, done or failed): "
                + "left out, as the client ends a task with its computation"), sc.notes()::toString);
    }

    @Test
    void brokenReferencesAreNotedNotPassedOver() throws Exception {
        // The first result names app version 99999, which the file lacks: it runs on the app's version in the file.
        // The first active task names a result the file does not have: it is left out.
        String s = Files.readString(MILKYWAY);
        int result = s.indexOf("<result>");
        String changed = s.substring(0, result) + s.substring(result)
                .replaceFirst("<version_num>[^<]*</version_num>", "<version_num>99999</version_num>");
        int task = changed.indexOf("<active_task>");
        changed = changed.substring(0, task) + changed.substring(task)
                .replaceFirst("<result_name>[^<]*</result_name>", "<result_name>no_such_result</result_name>");

        Scenario sc = new ScenarioReader().read(write("client_state.xml", changed));

        // One result: "1 result names ... its app", not "1 results name ... their app".
        assertTrue(sc.notes().stream().anyMatch(n -> n.endsWith(": 1 result names an app version that is not in the "
                + "file: another version of its app is used")), sc.notes()::toString);
        assertTrue(sc.notes().contains("1 active task names a result that the file does not have: left out"),
                sc.notes()::toString);
        // An active task whose project URL is wrong names a project the file lacks, not a result it lacks.
        int at = s.indexOf("<active_task>");
        String wrongProject = s.substring(0, at) + s.substring(at).replaceFirst(
                "<project_master_url>[^<]*</project_master_url>", "<project_master_url>http://elsewhere/"
                        + "</project_master_url>");
        Scenario other = new ScenarioReader().read(write("client_state.xml", wrongProject));
        assertTrue(other.notes().contains("1 active task names a project (its <project_master_url>) that the file "
                + "does not have: left out"), other.notes()::toString);
        assertTrue(other.notes().stream().noneMatch(n -> n.contains("names a result")), other.notes()::toString);
    }

    @Test
    void aLatin1ByteIsReadAsTheCharacterItWasAndUtf16IsRead() throws Exception {
        // A project name typed on an old Windows client: "Milkyway@home" with 0xE9 (é in Latin-1) after it, which
        // is no UTF-8. And the whole file saved as UTF-16 with a byte-order mark, as some editors do.
        String s = Files.readString(MILKYWAY);
        String name = s.replaceFirst("<project_name>[^<]*</project_name>",
                "<project_name>Milkyway\u00e9</project_name>");
        Path latin1 = tmp.resolve("latin1");
        Files.createDirectories(latin1);
        Files.write(latin1.resolve("client_state.xml"), name.getBytes(StandardCharsets.ISO_8859_1));
        Path utf16 = tmp.resolve("utf16");
        Files.createDirectories(utf16);
        Files.write(utf16.resolve("client_state.xml"), s.getBytes(StandardCharsets.UTF_16));

        Scenario fromLatin1 = new ScenarioReader().read(latin1.resolve("client_state.xml"));
        Scenario fromUtf16 = new ScenarioReader().read(utf16.resolve("client_state.xml"));

        assertEquals("Milkyway\u00e9", fromLatin1.initialState().projects().iterator().next().name());
        assertEquals(new ScenarioReader().read(MILKYWAY).initialState().projects().iterator().next().name(),
                fromUtf16.initialState().projects().iterator().next().name());
        assertEquals(1, fromUtf16.initialState().results().size());
    }

    /**
     * One Latin-1 byte does not garble the UTF-8 elsewhere: the host name "Zoë" written by an old Windows client (ë
     * is the single byte 0xEB, no UTF-8) on line 4, and the project name "Café ☕ Lab" in UTF-8 (é is C3 A9, ☕ is
     * E2 98 95). Each odd byte alone is read as Latin-1, the UTF-8 stays UTF-8, and a note names line 4, the
     * domain_name's line in the milkyway file. Reading the whole file as Latin-1 gave "CafÃ© â\u0098\u0095 Lab".
     */
    @Test
    void aLatin1ByteLeavesTheUtf8ElsewhereAsItIsWithANote() throws Exception {
        String s = milkyway("project_name", "Caf\u00e9 \u2615 Lab");
        byte[] utf8 = s.replaceFirst("<domain_name>[^<]*</domain_name>", "<domain_name>Zo#</domain_name>")
                .getBytes(StandardCharsets.UTF_8);
        byte[] mixed = new String(utf8, StandardCharsets.ISO_8859_1).replace("Zo#", "Zo\u00eb")
                .getBytes(StandardCharsets.ISO_8859_1);
        Path f = tmp.resolve("client_state.xml");
        Files.write(f, mixed);

        Scenario sc = new ScenarioReader().read(f);

        assertEquals("Zo\u00eb", sc.initialState().host().name());
        assertEquals("Caf\u00e9 \u2615 Lab", sc.initialState().projects().iterator().next().name());
        assertTrue(sc.notes().contains("client_state.xml line 4 is not UTF-8: its odd bytes are read as Latin-1"),
                sc.notes()::toString);
    }

    /** The same byte in a file that declares Latin-1 is what the file says it is: no note. */
    @Test
    void aLatin1ByteInAFileDeclaringLatin1GetsNoNote() throws Exception {
        String s = "<?xml version=\"1.0\" encoding=\"ISO-8859-1\"?>\n"
                + milkyway("project_name", "Lab").replaceFirst("<domain_name>[^<]*</domain_name>",
                "<domain_name>Zo\u00eb</domain_name>");
        Path f = tmp.resolve("client_state.xml");
        Files.write(f, s.getBytes(StandardCharsets.ISO_8859_1));

        Scenario sc = new ScenarioReader().read(f);

        assertEquals("Zo\u00eb", sc.initialState().host().name());
        assertTrue(sc.notes().stream().noneMatch(n -> n.contains("not UTF-8")), sc.notes()::toString);
    }

    /** A file all UTF-8 gets no note about its encoding. */
    @Test
    void aUtf8FileGetsNoEncodingNote() throws Exception {
        Scenario sc = new ScenarioReader().read(write("client_state.xml", milkyway("project_name", "Caf\u00e9")));

        assertTrue(sc.notes().stream().noneMatch(n -> n.contains("UTF-8")), sc.notes()::toString);
    }

    /**
     * A host never on (on_frac 0) computes nothing, and the note says why; a negative fraction other than BOINC's -1
     * ("not measured yet") is taken as -1 is, with a note; -1 itself says nothing.
     */
    @Test
    void aHostNeverOnOrANegativeFractionIsSaid() throws Exception {
        Scenario off = new ScenarioReader().read(write("client_state.xml", milkyway("on_frac", "0")));
        assertTrue(off.notes().contains("<on_frac> is 0: as BOINC measured it the host was never on, so nothing is "
                + "computed"), off.notes()::toString);

        Scenario negative = new ScenarioReader().read(write("client_state.xml", milkyway("active_frac", "-0.5")));
        assertEquals(1, negative.initialState().timeStats().activeFrac());
        assertTrue(negative.notes().contains("<active_frac> -0.5 is negative, which BOINC writes (as -1) for not "
                + "measured yet: 1 is used"), negative.notes()::toString);

        Scenario unmeasured = new ScenarioReader().read(write("client_state.xml", milkyway("active_frac", "-1")));
        assertTrue(unmeasured.notes().stream().noneMatch(n -> n.contains("active_frac")), unmeasured.notes()::toString);
    }

    /** An app version's avg_ncpus that is no number is taken as 1 CPU, as BOINC's default is, with a note. */
    @Test
    void anAvgNcpusThatIsNoNumberIsOneCpuWithANote() throws Exception {
        String s = Files.readString(MILKYWAY).replaceFirst("<avg_ncpus>[^<]*</avg_ncpus>",
                "<avg_ncpus>NaN</avg_ncpus>");
        Scenario sc = new ScenarioReader().read(write("client_state.xml", s));

        assertEquals(1, sc.initialState().projects().iterator().next().appVersions().get(0).avgNcpus());
        assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("app version of ") && n.endsWith(
                "avg_ncpus NaN is not a number: 1 CPU is used")), sc.notes()::toString);
    }

    /**
     * Two documents run together (a file pasted twice) or text after the root element are refused in one line
     * naming the line, rather than read as the first alone; a comment after the root is fine.
     */
    @Test
    void moreAfterTheRootElementIsRefused() throws Exception {
        String state = Files.readString(MILKYWAY).strip();
        Path twice = write("client_state.xml", state + "\n" + state + "\n");
        InputProblem p = assertThrows(InputProblem.class, () -> new ScenarioReader().read(twice));
        assertTrue(p.oneLine().startsWith(twice + ":"), p.oneLine());
        assertTrue(p.oneLine().endsWith(": a second root element follows the end of the first (two files run "
                + "together?)"), p.oneLine());

        Path trailing = write("client_state.xml", state + "\ngarbage\n");
        assertTrue(assertThrows(InputProblem.class, () -> new ScenarioReader().read(trailing)).oneLine()
                .endsWith(": text follows the end of the root element, beginning with 'g'"));

        Path comment = write("client_state.xml", state + "\n<!-- saved by hand -->\n");
        assertEquals(1, new ScenarioReader().read(comment).initialState().projects().size());
    }

    @Test
    void aHostThatWasNeverOnlineSaysWhyNoProjectIsContacted() throws Exception {
        // connected_frac 0 and nothing saying the network was ever there: never online.
        String never = milkyway("connected_frac", "0.000000").replaceFirst(
                "<cpu_and_network_available_frac>[^<]*</cpu_and_network_available_frac>",
                "<cpu_and_network_available_frac>0</cpu_and_network_available_frac>");
        Scenario sc = new ScenarioReader().read(write("client_state.xml", never));

        assertTrue(sc.notes().contains("<connected_frac> is 0: as BOINC measured it the host was never online, so no "
                + "project is contacted"), sc.notes()::toString);
        assertEquals(0, sc.initialState().timeStats().connectedFrac());
    }

    /**
     * The real file beside it (michaelzhye-4cpu-3proj) has connected_frac 0 and cpu_and_network_available_frac
     * 0.9999: the network was there and the client fetched its tasks, so the 0 is taken as not measured (decision
     * 0027) and the host is online all the time, as for BOINC's -1.
     */
    @Test
    void aConnectedFracOfZeroBesideANetworkThatWasThereIsTakenAsNotMeasured() throws Exception {
        Scenario sc = new ScenarioReader().read(write("client_state.xml", milkyway("connected_frac", "0.000000")));

        assertTrue(sc.notes().contains("<connected_frac> is 0, but <cpu_and_network_available_frac> is 1.000: the "
                + "network was there, so the 0 is taken as not measured and the host as online all the time"),
                sc.notes()::toString);
        assertEquals(1, sc.initialState().timeStats().connectedFrac());
        assertEquals(1, new ScenarioReader().read(write("client_state.xml", milkyway("connected_frac", "-1")))
                .initialState().timeStats().connectedFrac(), "BOINC's own \"not measured\"");
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "making symbolic links needs a privilege there")
    void sideFilesThatAreLinksToNothingAreReadAsAbsentWithANote() throws Exception {
        // BOINC cannot open a cc_config.xml, global_prefs_override.xml or app_config.xml that links to nothing, and
        // goes on with its defaults; so does Cruncher, and it says which file and where it pointed.
        Path state = write("client_state.xml", Files.readString(MILKYWAY));
        Files.createSymbolicLink(tmp.resolve("cc_config.xml"), tmp.resolve("gone/cc_config.xml"));
        Files.createSymbolicLink(tmp.resolve("global_prefs_override.xml"), Path.of("nowhere.xml"));
        Path project = tmp.resolve("projects/milkyway.cs.rpi.edu_milkyway");
        Files.createDirectories(project);
        Files.createSymbolicLink(project.resolve("app_config.xml"), Path.of("missing.xml"));

        Scenario sc = new ScenarioReader().read(state);

        assertTrue(sc.notes().contains("cc_config.xml is a link to " + tmp.resolve("gone/cc_config.xml")
                + ", which does not exist: read as absent, as BOINC does"), sc.notes()::toString);
        assertTrue(sc.notes().contains("global_prefs_override.xml is a link to nowhere.xml, which does not exist: "
                + "read as absent, as BOINC does"), sc.notes()::toString);
        assertTrue(sc.notes().contains("Milkyway@Home, app_config.xml is a link to missing.xml, which does not "
                + "exist: read as absent, as BOINC does"), sc.notes()::toString);
        assertEquals(Prefs.DEFAULTS.workBufMinDays(), sc.initialState().prefs().workBufMinDays());
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "making symbolic links needs a privilege there")
    void aStateFileThatLinksToNothingIsAOneLineProblemSayingWhere() throws Exception {
        Path link = tmp.resolve("client_state.xml");
        Path gone = Path.of("/var/lib/boinc-client/client_state.xml.gone");
        Files.createSymbolicLink(link, gone);

        InputProblem p = refused(link);

        assertEquals(link + ": is a link to " + gone + ", which does not exist", p.oneLine());
    }

    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "making symbolic links needs a privilege there")
    void aStateFileThatLinksToItselfSaysSo() throws Exception {
        // It said "is a link to client_state.xml, which does not exist", though the link is there.
        Path link = tmp.resolve("client_state.xml");
        Files.createSymbolicLink(link, Path.of("client_state.xml"));

        InputProblem p = refused(link);

        assertEquals(link + ": is a link that leads back to itself (through client_state.xml)", p.oneLine());
    }

    /** A device has no size to check before reading, and /dev/zero never ends: refused at once, naming the file. */
    @Test
    @DisabledOnOs(value = OS.WINDOWS, disabledReason = "no /dev/zero there")
    void aDeviceIsAOneLineProblemAsAStateOrBesideOne() throws Exception {
        Path zero = Path.of("/dev/zero");

        assertEquals(zero + ": is not a regular file (a device, pipe or socket)", refused(zero).oneLine());

        Path state = write("client_state.xml", Files.readString(MILKYWAY));
        Path prefs = tmp.resolve("global_prefs_override.xml");
        Files.createSymbolicLink(prefs, zero);
        InputProblem beside = assertTimeoutPreemptively(FAST, () -> assertThrows(InputProblem.class,
                () -> new ScenarioReader().read(state)));
        assertEquals(prefs + ": is not a regular file (a device, pipe or socket)", beside.oneLine());
    }

    @ParameterizedTest
    @ValueSource(strings = {"<resource_share/>", "<resource_share></resource_share>", ""})
    void aProjectWithoutAResourceShareGetsBoincsDefaultWithANote(String element) throws Exception {
        // BOINC reads a missing or empty resource_share as 100; so does Cruncher, and says so.
        String s = Files.readString(MILKYWAY).replaceFirst("<resource_share>[^<]*</resource_share>", element);
        Scenario sc = new ScenarioReader().read(write("client_state.xml", s));

        assertEquals(100, sc.initialState().projects().iterator().next().resourceShare());
        assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("project http://milkyway.cs.rpi.edu/milkyway/ "
                + "(client_state.xml line ")
                && n.endsWith(") gives no resource_share: BOINC's default, 100, is used")), sc.notes()::toString);
    }

    @ParameterizedTest
    @ValueSource(strings = {"0x10", "--3", "1,5"})
    void textThatIsNoNumberIsAOneLineProblemNamingTheElement(String value) throws Exception {
        InputProblem p = refused(write("client_state.xml", milkyway("rsc_fpops_est", value)));

        assertEquals("<rsc_fpops_est> is not a number: \"" + value + "\"", p.getMessage());
    }

    @Test
    void aNumberTooLargeForADoubleIsInfiniteAndIgnoredWithANote() throws Exception {
        Scenario sc = new ScenarioReader().read(write("client_state.xml", milkyway("received_time", "1e999")));

        assertTrue(sc.notes().contains("<received_time> inf is not a usable number: 0 is used (client_state.xml line "
                + lineOf("<received_time>") + ")"),
                sc.notes()::toString);
    }

    /**
     * BOINC is written in C: a value it saved corrupted reads "nan", "-nan", "inf" or "-inf" (printf's words), which
     * its strtod reads back. They are read as Java's NaN and infinities are, and the range checks say what is used
     * instead; they used to refuse the whole file as "not a number".
     */
    @ParameterizedTest
    @ValueSource(strings = {"nan", "-nan", "NAN", "inf", "-inf", "Infinity", "-INFINITY"})
    void cSpellingsOfNanAndInfinityAreReadWithANoteNotRefused(String value) throws Exception {
        Scenario sc = new ScenarioReader().read(write("client_state.xml", milkyway("received_time", value)));

        assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("<received_time> ")
                && n.endsWith("is not a usable number: 0 is used (client_state.xml line "
                + lineOf("<received_time>") + ")")),
                sc.notes()::toString);
        // A fraction goes through another check (a value out of its range is the default too), which printed the
        // value with BigDecimal, and NaN refused the whole state.
        Scenario frac = new ScenarioReader().read(write("client_state.xml", milkyway("on_frac", value)));
        assertEquals(1, frac.initialState().timeStats().onFrac());
        assertTrue(frac.notes().stream().anyMatch(n -> n.startsWith("<on_frac> ")), frac.notes()::toString);
    }

    @Test
    void absurdJobSizesTimesAndProgressAreClampedWithANote() throws Exception {
        String s = Files.readString(MILKYWAY)
                .replaceFirst("<rsc_fpops_est>[^<]*<", "<rsc_fpops_est>1e308<")
                .replaceFirst("<report_deadline>[^<]*<", "<report_deadline>NaN<")
                .replaceFirst("<checkpoint_elapsed_time>[^<]*<", "<checkpoint_elapsed_time>-5<")
                .replaceFirst("<on_frac>[^<]*<", "<on_frac>1e300<");
        Path f = write("client_state.xml", s);

        Scenario sc = assertTimeoutPreemptively(FAST, () -> new ScenarioReader().read(f));

        Result r = sc.initialState().results().iterator().next();
        assertEquals(ScenarioNumbers.MAX_JOB_FPOPS, r.workunit().rscFpopsEst());
        assertTrue(Double.isFinite(r.reportDeadline()) && r.reportDeadline() > r.receivedTime());
        ActiveTask t = sc.initialState().activeTasks().iterator().next();
        assertEquals(0, t.elapsedTime());
        assertEquals(1, sc.initialState().timeStats().onFrac());
        List<String> notes = sc.notes();
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("<rsc_fpops_est> ") && n.contains("line")),
                notes::toString);
        // Named as the element its value came from, the checkpoint's (the task has no elapsed_time of its own).
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("<checkpoint_elapsed_time> -5 is below 0: 0 is used "
                + "(client_state.xml line " + lineOf("<checkpoint_elapsed_time>") + ")")), notes::toString);
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("<on_frac> ")), notes::toString);
        assertTrue(notes.stream().anyMatch(n -> n.startsWith("<report_deadline> nan is not a usable number")),
                notes::toString);
    }

    @Test
    void aCpuSpeedOfAlmostNothingIsRaisedToTheSlowestBelievedWithANote() throws Exception {
        // p_fpops 1e-300 passed without a word (0 had a note); each task would have taken 1e300 times its length.
        Scenario sc = new ScenarioReader().read(write("client_state.xml", milkyway("p_fpops", "1e-300")));

        assertEquals(ScenarioNumbers.MIN_CPU_FLOPS, sc.initialState().host().cpuFlops());
        assertTrue(sc.notes().stream().anyMatch(n -> n.equals("<p_fpops> 1e-300 is below 1000000: 1000000 is used "
                + "(client_state.xml line " + lineOf("<p_fpops>") + ")")), sc.notes()::toString);
    }

    /**
     * An emulated app's job size outside what is believed is brought within it, with a note: 1e-300 FLOPs made each
     * job end as it started, and the emulation crawled through endless requests; 1e30 made every job late with no
     * word why. The seed's 75/25 scenario, A's a1 at 1 GFLOPS and due in 10 days (864,000 s).
     */
    @Test
    void anEmulatedJobSizeOutsideWhatIsBelievedIsBroughtWithinItWithANote() throws Exception {
        String seed = Files.readString(Path.of("src/test/resources/scenarios/seed-75-25/client_state.xml"));
        Scenario tiny = new ScenarioReader().read(write("client_state.xml",
                seed.replaceFirst("<mean>3.6e12</mean>", "<mean>1e-300</mean>")));
        assertTrue(tiny.notes().contains("A, a1: <fpops/mean> 1e-300 FLOPs is less than a second of a 1 GFLOPS "
                + "CPU: 1000000000 is used"), tiny.notes()::toString);
        assertEquals(1e9, tiny.servers().get(0).apps().get(0).estimateMean());

        // 1e30 is brought down to 1e21 FLOPs, 1e12 s on this CPU (about 31,700 years), against a 10-day deadline.
        Scenario huge = new ScenarioReader().read(write("client_state.xml",
                seed.replaceFirst("<mean>3.6e12</mean>", "<mean>1e30</mean>")));
        assertTrue(huge.notes().contains("A, a1: <fpops/mean> 1e30 FLOPs is more than a century of a GPU: 1e21 is "
                + "used"), huge.notes()::toString);
        assertTrue(huge.notes().stream().anyMatch(n -> n.startsWith("A, a1: a job is estimated at ")
                && n.endsWith(", longer than the 10 d 00 h it is given: its server sends none, as none would be "
                + "done in time")), huge.notes()::toString);
        // The estimate counts the duration correction factor, as the server does: 1e15 FLOPs at 1 GFLOPS is 1e6 s
        // (11 d 14 h), over the 10 days, but with a factor of 0.1 it is 1e5 s (1 d 04 h): no note.
        String estimated = seed.replaceFirst("<mean>3.6e12</mean>", "<mean>1e15</mean>");
        Scenario over = new ScenarioReader().read(write("client_state.xml", estimated));
        assertTrue(over.notes().contains("A, a1: a job is estimated at 11 d 14 h on this computer, longer than the "
                + "10 d 00 h it is given: its server sends none, as none would be done in time"),
                over.notes()::toString);
        Scenario corrected = new ScenarioReader().read(write("client_state.xml", estimated.replaceFirst(
                "<resource_share>75</resource_share>", "<resource_share>75</resource_share>\n  "
                        + "<duration_correction_factor>0.1</duration_correction_factor>")));
        assertTrue(corrected.notes().stream().noneMatch(n -> n.startsWith("A, a1: a job is estimated")),
                corrected.notes()::toString);
        // A true size (fpops_est) of 1e16 FLOPs takes 1e7 s (115 days) at 1 GFLOPS: every job is late.
        Scenario late = new ScenarioReader().read(write("client_state.xml",
                seed.replaceFirst("<fpops_est>3.6e12</fpops_est>", "<fpops_est>1e16</fpops_est>")));
        assertTrue(late.notes().contains("A, a1: a job takes 115 d 18 h on this computer, longer than the 10 d 00 h "
                + "it is given: every one will miss its deadline"), late.notes()::toString);
        // Sized from a client's tasks: the milkyway file's one task, given 1e-300 FLOPs, is raised the same way.
        Scenario learnt = new ScenarioReader().read(write("client_state.xml", milkyway("rsc_fpops_est", "1e-300")));
        assertTrue(learnt.notes().stream().anyMatch(n -> n.endsWith("milkyway_separation__modified_fit: "
                + "<rsc_fpops_est> 1e-300 FLOPs is less than a second of a 1 GFLOPS CPU: 1000000000 is used")),
                learnt.notes()::toString);
        // The note on the learnt size gives the bound used and the average it replaced, not the bound as an average.
        assertTrue(learnt.notes().stream().anyMatch(n -> n.endsWith("milkyway_separation__modified_fit: jobs "
                + "estimated at 1.000e+09 FLOPs each, the average estimate of its 1 task in the file (1e-300), brought "
                + "within bounds")), learnt.notes()::toString);
        // The seed's own jobs (an hour each, ten days to run) draw no note.
        Scenario plain = new ScenarioReader().read(write("client_state.xml", seed));
        assertTrue(plain.notes().stream().noneMatch(n -> n.startsWith("A, a1:") || n.startsWith("B, b1:")),
                plain.notes()::toString);
    }

    /**
     * A project or result listed twice is refused at the line of its second listing, as other problems name theirs.
     * In the milkyway file the project runs from line 44 to 98 and its one result from 171 to 182: a copy put on the
     * next line starts at line 99, or 183.
     */
    @Test
    void aProjectOrResultListedTwiceIsRefusedAtTheSecondOnesLine() throws Exception {
        String s = Files.readString(MILKYWAY);
        String project = block(s, "project");
        String result = block(s, "result");

        Path twoProjects = write("client_state.xml", s.replace(project, project + "\n" + project));
        assertEquals(twoProjects + ":99: project http://milkyway.cs.rpi.edu/milkyway/ is listed twice",
                refused(twoProjects).oneLine());
        Path twoResults = write("client_state.xml", s.replace(result, result + "\n" + result));
        assertTrue(refused(twoResults).oneLine().startsWith(twoResults + ":183: result de_nonmodfit_fast_15_3s_136"),
                refused(twoResults).oneLine());
    }

    /** The first {@code <name>...</name>} element of {@code text}, tags included. */
    private static String block(String text, String name) {
        int start = text.indexOf("<" + name + ">");
        return text.substring(start, text.indexOf("</" + name + ">", start) + name.length() + 3);
    }

    @Test
    void aWorkunitListedTwiceIsNoted() throws Exception {
        // Results and projects listed twice are refused; a workunit listed twice was taken silently.
        String s = Files.readString(MILKYWAY);
        int start = s.indexOf("<workunit>");
        String wu = s.substring(start, s.indexOf("</workunit>", start) + "</workunit>".length());
        Scenario sc = new ScenarioReader().read(write("client_state.xml", s.replace(wu, wu + "\n" + wu)));

        assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("workunit ") && n.contains(" is listed twice: the "
                + "later one (client_state.xml line ")), sc.notes()::toString);
    }

    @Test
    void tenBillionGpusAreCutToBoincsMaximum() throws Exception {
        Path f = write("client_state.xml", Files.readString(
                Path.of("src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml"))
                .replaceFirst("<count>[^<]*</count>", "<count>1e10</count>"));

        Scenario sc = new ScenarioReader().read(f);

        assertEquals(ScenarioNumbers.MAX_GPUS, sc.initialState().host().coprocessors().get(0).count());
        assertTrue(sc.notes().stream().anyMatch(n -> n.startsWith("<count> 10000000000 is above 64")),
                sc.notes()::toString);
    }

    @Test
    void schedulerRequestNumbersAreCheckedOrClamped() throws Exception {
        Path source = tmp.resolve("request.xml");
        String xml = "<scheduler_request>\n<work_req_seconds>-3</work_req_seconds>\n"
                + "<host_info><p_ncpus>4</p_ncpus><p_fpops>-5</p_fpops></host_info>\n"
                + "<coprocs><coproc_cuda><count>1e10</count><peak_flops>1e12</peak_flops></coproc_cuda></coprocs>\n"
                + "</scheduler_request>";

        SchedulerRequest r = SchedulerRequestXml.read(source, xml, "http://p/", "http://p/cgi", 0);
        InputProblem p = assertThrows(InputProblem.class, () -> SchedulerRequestXml.readWork(source,
                "<scheduler_request>\n<cpu_req_secs>0x10</cpu_req_secs></scheduler_request>"));

        assertEquals(0, r.work().workReqSeconds());
        assertEquals(ScenarioNumbers.MAX_GPUS, r.host().coprocessors().get(0).count());
        assertEquals(source + ":2: <cpu_req_secs> is not a number: 0x10", p.oneLine());
    }

    @Test
    void aLongNameInAProblemIsCutSoTheLineStaysShort() throws Exception {
        String s = Files.readString(MILKYWAY);
        Path f = write("client_state.xml", s.replaceFirst("<wu_name>[^<]*<", "<wu_name>" + "w".repeat(100_000) + "<"));

        InputProblem p = refused(f);

        assertTrue(p.oneLine().length() < 300, p.oneLine());
    }
}

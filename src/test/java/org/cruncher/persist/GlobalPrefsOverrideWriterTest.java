package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assumptions.assumeTrue;

import java.io.IOException;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.nio.file.attribute.PosixFilePermissions;
import java.time.DayOfWeek;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.cruncher.engine.model.Prefs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** Writing global_prefs_override.xml: BOINC's format, edits in place, refusal of malformed files, atomic replace. */
class GlobalPrefsOverrideWriterTest {

    private static final Path PREFS = Path.of("src/test/resources/corpus/prefs");
    private static final Path NONE = Path.of("src/test/resources/corpus/prefs/no-such-file.xml");

    private final GlobalPrefsOverrideWriter writer = new GlobalPrefsOverrideWriter();
    private final GlobalPrefsReader reader = new GlobalPrefsReader();

    @TempDir
    Path dir;

    private Path override() {
        return dir.resolve("global_prefs_override.xml");
    }

    private Path copyOfCorpus(String name) throws IOException {
        return Files.copy(PREFS.resolve(name), override(), StandardCopyOption.REPLACE_EXISTING);
    }

    private List<Path> filesInDir() throws IOException {
        try (Stream<Path> files = Files.list(dir)) {
            return files.toList();
        }
    }

    @Test
    void aNewFileIsWrittenAsBoincWritesItAndReadsBackTheSame() throws IOException, InputProblem {
        Prefs prefs = new Prefs(45, 0.25, 1.5, 75, 80, 20, 60, 2);
        writer.write(override(), prefs);
        // one element per line, three spaces, numbers with six decimals (printf "%f"), in GlobalPref's order
        assertEquals("""
                <global_preferences>
                   <max_ncpus_pct>75.000000</max_ncpus_pct>
                   <cpu_usage_limit>80.000000</cpu_usage_limit>
                   <cpu_scheduling_period_minutes>45.000000</cpu_scheduling_period_minutes>
                   <work_buf_min_days>0.250000</work_buf_min_days>
                   <work_buf_additional_days>1.500000</work_buf_additional_days>
                   <disk_max_used_gb>20.000000</disk_max_used_gb>
                   <disk_max_used_pct>60.000000</disk_max_used_pct>
                   <disk_min_free_gb>2.000000</disk_min_free_gb>
                </global_preferences>
                """, Files.readString(override()));
        GlobalPrefs back = reader.read(NONE, override());
        assertEquals(prefs, back.enginePrefs());
        assertEquals(List.of(), back.warnings());
        assertEquals(List.of(override()), filesInDir());
    }

    @Test
    void anExistingFileKeepsItsCommentAndEveryElementButTheEditedOnes() throws IOException, InputProblem {
        Path f = copyOfCorpus("pooleja-global_prefs_override-commented.xml");
        String before = Files.readString(f);
        Prefs edited = reader.read(NONE, f).enginePrefs().withWorkBuf(0.25, 0.5).withMaxNcpusPct(75);
        writer.write(f, edited);
        // only the two changed values are rewritten; the six unchanged ones stay as written (same value)
        String expected = before
                .replace("<work_buf_min_days>0.100000</work_buf_min_days>",
                        "<work_buf_min_days>0.250000</work_buf_min_days>")
                .replace("<max_ncpus_pct>100.000000</max_ncpus_pct>", "<max_ncpus_pct>75.000000</max_ncpus_pct>");
        assertEquals(expected, Files.readString(f));
        assertTrue(Files.readString(f).startsWith("<!--\nThis configuration file global_prefs_override.xml"));
        assertEquals(edited, reader.read(NONE, f).enginePrefs());
    }

    @Test
    void missingElementsAreAddedBeforeTheEndTagWithTheFilesIndentation() throws IOException, InputProblem {
        Path f = copyOfCorpus("realtimecrime-global_prefs_override-emptytags.xml");
        writer.write(f, new Prefs(60, 0.1, 0.5, 50, 100, 0, 90, 0.1));
        // cpu_usage_limit 100.00 already holds 100: kept as written; the file's two-space indent; still no final
        // newline, as in the original
        assertEquals("""
                <global_preferences>
                   <cpu_usage_limit>100.00</cpu_usage_limit>
                  <suspend_if_no_recent_input></suspend_if_no_recent_input>
                  <run_if_user_active/>
                  <suspend_cpu_usage>90.00</suspend_cpu_usage>
                  <max_ncpus_pct>50.000000</max_ncpus_pct>
                  <cpu_scheduling_period_minutes>60.000000</cpu_scheduling_period_minutes>
                  <work_buf_min_days>0.100000</work_buf_min_days>
                  <work_buf_additional_days>0.500000</work_buf_additional_days>
                  <disk_max_used_gb>0.000000</disk_max_used_gb>
                  <disk_max_used_pct>90.000000</disk_max_used_pct>
                  <disk_min_free_gb>0.100000</disk_min_free_gb>
                </global_preferences>""", Files.readString(f));
        GlobalPrefs back = reader.read(NONE, f);
        assertTrue(back.flag(GlobalPref.RUN_IF_USER_ACTIVE));
        assertEquals(90, back.number(GlobalPref.SUSPEND_CPU_USAGE));
    }

    @Test
    void onlyWhatTheUserChangedIsWrittenOverWhatTheFileSays() throws IOException, InputProblem {
        // The file says 75 % of CPU time and 50 % of the CPUs, set by hand; the emulation in force says 100 and 100
        // (its scenario's own preferences). The user changes only the period, 60 -> 90 minutes: the file's 75 and
        // 50 stay, and only the period is added.
        Path f = override();
        Files.writeString(f, "<global_preferences>\n   <cpu_usage_limit>75</cpu_usage_limit>\n"
                + "   <max_ncpus_pct>50</max_ncpus_pct>\n</global_preferences>\n");
        Prefs inForce = Prefs.DEFAULTS;

        assertTrue(writer.write(f, inForce, inForce.withCpuSchedulingPeriodMinutes(90)));

        assertEquals("<global_preferences>\n   <cpu_usage_limit>75</cpu_usage_limit>\n"
                + "   <max_ncpus_pct>50</max_ncpus_pct>\n"
                + "   <cpu_scheduling_period_minutes>90.000000</cpu_scheduling_period_minutes>\n"
                + "</global_preferences>\n", Files.readString(f));
        // Nothing changed: nothing written.
        String now = Files.readString(f);
        assertFalse(writer.write(f, inForce, inForce));
        assertEquals(now, Files.readString(f));
    }

    @Test
    void windowsLineEndingsAndDayPrefsAreKept() throws IOException, InputProblem {
        Path f = copyOfCorpus("siddharthbakshi-wcg-global_prefs_override.xml");
        String before = Files.readString(f);
        writer.write(f, reader.read(NONE, f).enginePrefs().withMaxNcpusPct(40));
        assertEquals(before.replace("<max_ncpus_pct>100.000000</max_ncpus_pct>",
                "<max_ncpus_pct>40.000000</max_ncpus_pct>"), Files.readString(f));
        GlobalPrefs back = reader.read(NONE, f);
        assertEquals(40, back.number(GlobalPref.MAX_NCPUS_PCT));
        assertEquals(new HourSpan(0, 6), back.transferDays().get(DayOfWeek.SUNDAY));
    }

    @Test
    void flagsAreWrittenAsZeroOrOneAndWholeNumbersWithoutDecimals() throws IOException, InputProblem {
        writer.write(override(), Map.of(GlobalPref.RUN_IF_USER_ACTIVE, 0.0, GlobalPref.LEAVE_APPS_IN_MEMORY, 1.0,
                GlobalPref.MAX_CPUS, 4.0, GlobalPref.IDLE_TIME_TO_RUN, 5.0));
        assertEquals("""
                <global_preferences>
                   <run_if_user_active>0</run_if_user_active>
                   <idle_time_to_run>5.000000</idle_time_to_run>
                   <max_cpus>4</max_cpus>
                   <leave_apps_in_memory>1</leave_apps_in_memory>
                </global_preferences>
                """, Files.readString(override()));
        GlobalPrefs back = reader.read(NONE, override());
        assertFalse(back.flag(GlobalPref.RUN_IF_USER_ACTIVE));
        assertTrue(back.flag(GlobalPref.LEAVE_APPS_IN_MEMORY));
    }

    @Test
    void aSelfClosingFlagIsReplacedInPlace() throws IOException, InputProblem {
        Path f = copyOfCorpus("ronanmifredo-global_prefs_override-short.xml");
        writer.write(f, Map.of(GlobalPref.RUN_IF_USER_ACTIVE, 0.0));
        assertEquals("<global_preferences>\n\t<cpu_usage_limit>50.0</cpu_usage_limit>\n"
                + "\t<run_if_user_active>0</run_if_user_active>\n\t<run_on_batteries/>\n</global_preferences>",
                Files.readString(f));
        assertFalse(reader.read(NONE, f).flag(GlobalPref.RUN_IF_USER_ACTIVE));
    }

    @Test
    void anEmptyRootGetsTheElementsOnTheirOwnLines() throws IOException, InputProblem {
        Files.writeString(override(), "<global_preferences>\n</global_preferences>\n");
        writer.write(override(), Map.of(GlobalPref.MAX_CPUS, 4.0));
        assertEquals("<global_preferences>\n   <max_cpus>4</max_cpus>\n</global_preferences>\n",
                Files.readString(override()));
        Files.writeString(override(), "<!-- mine -->\n<global_preferences/>\n");
        writer.write(override(), Map.of(GlobalPref.MAX_CPUS, 4.0));
        assertEquals("<!-- mine -->\n<global_preferences>\n   <max_cpus>4</max_cpus>\n</global_preferences>\n",
                Files.readString(override()));
    }

    @Test
    void aMalformedFileIsRefusedAndLeftUntouched() throws IOException {
        byte[] malformed = "<global_preferences>\n<max_ncpus_pct>50</max_ncpus_pct>\n".getBytes();
        Files.write(override(), malformed);
        InputProblem p = assertThrows(InputProblem.class,
                () -> writer.write(override(), new Prefs(60, 0.1, 0.5, 50, 100, 0, 90, 0.1)));
        assertEquals("the file ends before <global_preferences> is closed: it may have been cut short "
                + "(not overwritten)", p.getMessage());
        assertFalse(p.oneLine().contains("\n"));
        assertArrayEquals(malformed, Files.readAllBytes(override()));
        assertEquals(List.of(override()), filesInDir());
    }

    @Test
    void anotherKindOfFileIsRefused() throws IOException {
        Files.writeString(override(), "<cc_config><options/></cc_config>\n");
        InputProblem p = assertThrows(InputProblem.class, () -> writer.write(override(), Map.of(
                GlobalPref.MAX_CPUS, 4.0)));
        assertEquals("not a preferences file: the root element is <cc_config>, not <global_preferences>"
                + " (not overwritten)", p.getMessage());
        assertEquals("<cc_config><options/></cc_config>\n", Files.readString(override()));
    }

    @Test
    void valuesBoincWouldIgnoreAreNotWritten() {
        assertThrows(IllegalArgumentException.class,
                () -> writer.write(override(), Map.of(GlobalPref.CPU_USAGE_LIMIT, 0.0)));
        assertThrows(IllegalArgumentException.class,
                () -> writer.write(override(), Map.of(GlobalPref.MAX_NCPUS_PCT, Double.NaN)));
        assertThrows(IllegalArgumentException.class,
                () -> writer.write(override(), Map.of(GlobalPref.MAX_CPUS, 2.5)));
        assertThrows(IllegalArgumentException.class,
                () -> writer.write(override(), Map.of(GlobalPref.SOURCE_PROJECT, 1.0)));
        assertFalse(Files.exists(override()));
    }

    @Test
    void theFilesPermissionsAreKept() throws IOException, InputProblem {
        assumeTrue(FileSystems.getDefault().supportedFileAttributeViews().contains("posix"));
        Files.writeString(override(), "<global_preferences>\n</global_preferences>\n");
        Files.setPosixFilePermissions(override(), PosixFilePermissions.fromString("rw-r-----"));
        writer.write(override(), Map.of(GlobalPref.MAX_CPUS, 4.0));
        assertEquals("rw-r-----", PosixFilePermissions.toString(Files.getPosixFilePermissions(override())));
    }
}

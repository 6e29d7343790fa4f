package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.DayOfWeek;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;

import org.cruncher.engine.model.Prefs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/** Reading global_prefs.xml / global_prefs_override.xml: the corpus, day_prefs, BOINC's rules and the warnings. */
class GlobalPrefsReaderTest {

    private static final Path PREFS = Path.of("src/test/resources/corpus/prefs");
    private static final Path SIM_PREFS = Path.of("src/test/resources/corpus/emulator/sim_prefs.xml");
    private static final Path NONE = Path.of("src/test/resources/corpus/prefs/no-such-file.xml");

    private final GlobalPrefsReader reader = new GlobalPrefsReader();

    @TempDir
    Path dir;

    static Stream<Path> corpusFiles() throws IOException {
        try (Stream<Path> files = Files.list(PREFS)) {
            List<Path> prefs = files.filter(f -> f.getFileName().toString().contains("global_prefs")).sorted()
                    .toList();
            return Stream.concat(prefs.stream(), Stream.of(SIM_PREFS));
        }
    }

    /** Web preferences (global_prefs.xml) are read as such, the others as override files. */
    private GlobalPrefs corpus(Path file) throws InputProblem {
        boolean web = !file.getFileName().toString().contains("override");
        return web ? reader.read(file, NONE) : reader.read(NONE, file);
    }

    private GlobalPrefs corpus(String name) throws InputProblem {
        return corpus(PREFS.resolve(name));
    }

    private Path file(String name, String text) throws IOException {
        return Files.writeString(dir.resolve(name), text);
    }

    private static String words(GlobalPrefs prefs, String name) {
        return prefs.inWords().stream().filter(w -> w.name().equals(name)).map(PrefInWords::words).findFirst()
                .orElse("(none)");
    }

    @ParameterizedTest
    @MethodSource("corpusFiles")
    void everyCorpusFileIsReadWithoutWarningsAndGivesValidEnginePrefs(Path file) throws InputProblem {
        GlobalPrefs prefs = corpus(file);
        // An empty element is read as BOINC reads it, and said (realtimecrime's): the only note a volunteer's file has.
        assertEquals(List.of(), prefs.warnings().stream()
                .filter(w -> !w.contains("has no value: read as 0, as BOINC does")).toList(), file.toString());
        Prefs engine = prefs.enginePrefs();
        assertTrue(engine.cpuUsageLimit() > 0 && engine.cpuUsageLimit() <= 100, file.toString());
        assertFalse(prefs.inWords().isEmpty());
    }

    @Test
    void zombiesenseTenPercentOfEightCpusLeavesOneCpu() throws InputProblem {
        GlobalPrefs prefs = corpus("zombiesense-global_prefs_override-10pct.xml");
        // <max_ncpus_pct>10.00000</max_ncpus_pct>
        assertEquals(10, prefs.number(GlobalPref.MAX_NCPUS_PCT));
        // 8 CPUs: floor(8 x 10 / 100) = floor(0.8) = 0, and BOINC never goes below 1
        assertEquals(1, prefs.enginePrefs().usableCpus(8));
        assertEquals(1.0, prefs.number(GlobalPref.WORK_BUF_MIN_DAYS));
        assertEquals(0.5, prefs.number(GlobalPref.WORK_BUF_ADDITIONAL_DAYS));
        assertEquals(60, prefs.number(GlobalPref.CPU_USAGE_LIMIT));
        // the not-in-use variants are absent, so they copy the in-use values
        assertEquals(10, prefs.number(GlobalPref.NIU_MAX_NCPUS_PCT));
        assertEquals(60, prefs.number(GlobalPref.NIU_CPU_USAGE_LIMIT));
        assertEquals(50, prefs.number(GlobalPref.NIU_SUSPEND_CPU_USAGE));
        assertEquals("Use at most 10 % of the CPUs", words(prefs, "max_ncpus_pct"));
        // One day is a day, not "1 days"; half a day is still days.
        assertEquals("Store at least 1 day of work", words(prefs, "work_buf_min_days"));
        assertEquals("Store up to an additional 0.5 days of work", words(prefs, "work_buf_additional_days"));
    }

    @Test
    void rwalduraTimeOfDayWindowIsInDecimalHours() throws InputProblem {
        GlobalPrefs prefs = corpus("rwaldura-global_prefs_override-timeofday.xml");
        // <start_hour>00.01</start_hour> <end_hour>14.59</end_hour>, after an XML comment inside the root
        assertEquals(new HourSpan(0.01, 14.59), prefs.computeHours());
        // BOINC's hours have decimals: 0.01 h = 0.6 min -> 00:01; 14.59 h = 14 h + 0.59 x 60 = 35.4 min -> 14:35
        assertEquals("Compute only between 00:01 and 14:35", words(prefs, "start_hour/end_hour"));
        assertEquals("Transfer files at any time", words(prefs, "net_start_hour/net_end_hour"));
        assertEquals("Use at most 50 % of the CPUs", words(prefs, "max_ncpus_pct"));
        // <ram_max_used_busy_pct>0.0</...>: BOINC reads 0 as 100
        assertEquals(100, prefs.number(GlobalPref.RAM_MAX_USED_BUSY_PCT));
        assertTrue(prefs.flag(GlobalPref.RUN_ON_BATTERIES));
        assertEquals(10, prefs.number(GlobalPref.BATTERY_CHARGE_MIN_PCT));
        assertTrue(prefs.flag(GlobalPref.NETWORK_WIFI_ONLY));
    }

    /**
     * What the files restrict and Cruncher does not emulate as such is said, not listed as if in force: rwaldura
     * computes only from 00:01 to 14:35; caoyuwei uses at most 60 % of CPU time; BOINC's defaults restrict nothing
     * (computing and transfers at any time, no CPU time or rate limit).
     */
    @Test
    void theRestrictionsNotEmulatedAreNamed() throws InputProblem {
        assertEquals(List.of("compute only between 00:01 and 14:35"),
                corpus("rwaldura-global_prefs_override-timeofday.xml").notEmulated());
        assertTrue(corpus("caoyuwei-global_prefs-seti.xml").notEmulated().contains("use at most 60 % of CPU time"),
                corpus("caoyuwei-global_prefs-seti.xml").notEmulated().toString());
        assertEquals(List.of(), GlobalPrefs.defaults().notEmulated());
        // A download limit is worded as the preferences list words it, not by its XML name: 102400 B/s = 102.4 kB/s.
        GlobalPrefs.Builder b = GlobalPrefs.defaults().toBuilder();
        b.numbers.put(GlobalPref.MAX_BYTES_SEC_DOWN, 102400.0);
        assertEquals(List.of("limit the download rate to 102.4 kB/s"), b.build().notEmulated());
        // A WCG override open all day but for Sunday's transfers (00:00 to 06:00): only that is said, not "compute at
        // any time" and the other windows that restrict nothing.
        assertEquals(List.of("Sundays: transfer files only between 00:00 and 06:00"),
                corpus("siddharthbakshi-wcg-global_prefs_override.xml").notEmulated());
    }

    /**
     * BOINC 7.20's limits for a computer not in use are named where they differ from those in use (25 % of the CPUs
     * in use, all of them when not): Cruncher applies the in-use ones throughout. Where a file names none, they copy
     * the in-use ones and nothing is said.
     */
    @Test
    void notInUseLimitsThatDifferAreNamed() throws IOException, InputProblem {
        GlobalPrefs prefs = reader.read(NONE, file("global_prefs_override.xml", """
                <global_preferences>
                  <max_ncpus_pct>25</max_ncpus_pct>
                  <niu_max_ncpus_pct>100</niu_max_ncpus_pct>
                </global_preferences>
                """));
        assertEquals(List.of("when not in use: use all the CPUs"), prefs.notEmulated());
        assertTrue(prefs.notInUseLimitsDiffer());

        GlobalPrefs same = reader.read(NONE, file("global_prefs_override.xml", """
                <global_preferences><max_ncpus_pct>25</max_ncpus_pct></global_preferences>
                """));
        assertEquals(List.of(), same.notEmulated());
        assertFalse(same.notInUseLimitsDiffer());
    }

    /** A day open all day is said where the other days are not: it is an exception to a window that restricts. */
    @Test
    void aDayOpenAllDayBesideARestrictedWindowIsSaid() throws IOException, InputProblem {
        GlobalPrefs prefs = reader.read(NONE, file("global_prefs_override.xml", """
                <global_preferences>
                  <start_hour>8</start_hour>
                  <end_hour>17</end_hour>
                  <day_prefs><day_of_week>0</day_of_week><start_hour>0</start_hour><end_hour>24</end_hour></day_prefs>
                </global_preferences>
                """));

        assertEquals(List.of("compute only between 08:00 and 17:00", "Sundays: compute at any time"),
                prefs.notEmulated());
    }

    @Test
    void realtimecrimeEmptyAndSelfClosingElements() throws InputProblem {
        GlobalPrefs prefs = corpus("realtimecrime-global_prefs_override-emptytags.xml");
        // <run_if_user_active/> is true; <suspend_if_no_recent_input></suspend_if_no_recent_input> is 0
        assertTrue(prefs.flag(GlobalPref.RUN_IF_USER_ACTIVE));
        assertTrue(prefs.isNamed(GlobalPref.RUN_IF_USER_ACTIVE));
        assertEquals(0, prefs.number(GlobalPref.SUSPEND_IF_NO_RECENT_INPUT));
        assertTrue(prefs.isNamed(GlobalPref.SUSPEND_IF_NO_RECENT_INPUT));
        assertEquals(100, prefs.number(GlobalPref.CPU_USAGE_LIMIT));
        assertEquals(90, prefs.number(GlobalPref.SUSPEND_CPU_USAGE));
        assertEquals("Never suspend for lack of input", words(prefs, "suspend_if_no_recent_input"));
        assertEquals(List.of("realtimecrime-global_prefs_override-emptytags.xml:3: <suspend_if_no_recent_input>"
                + "</suspend_if_no_recent_input> has no value: read as 0, as BOINC does"), prefs.warnings());
    }

    @Test
    void ronanmifredoTabsAndSelfClosingFlags() throws InputProblem {
        GlobalPrefs prefs = corpus("ronanmifredo-global_prefs_override-short.xml");
        assertEquals(50, prefs.number(GlobalPref.CPU_USAGE_LIMIT));
        assertTrue(prefs.flag(GlobalPref.RUN_ON_BATTERIES));
        assertTrue(prefs.flag(GlobalPref.RUN_IF_USER_ACTIVE));
    }

    @Test
    void michaelzhyeTrailingSpacesAndLegacyMaxCpusIgnored() throws InputProblem {
        GlobalPrefs prefs = corpus("michaelzhye-global_prefs_override.xml");
        assertEquals(4, prefs.number(GlobalPref.MAX_CPUS));
        assertFalse(prefs.flag(GlobalPref.RUN_IF_USER_ACTIVE));
        assertEquals(0.1, prefs.number(GlobalPref.WORK_BUF_MIN_DAYS));
        // max_cpus 4 limits nothing: max_ncpus_pct keeps its default 0 (all), so 8 CPUs stay 8
        assertEquals(0, prefs.number(GlobalPref.MAX_NCPUS_PCT));
        assertEquals(8, prefs.enginePrefs().usableCpus(8));
        assertEquals("max_cpus 4 is a legacy preference: ignored, as BOINC does", words(prefs, "max_cpus"));
        assertEquals("Use all the CPUs", words(prefs, "max_ncpus_pct"));
    }

    @Test
    void allOfTheCpusIsSaidAlikeWhetherItIsWrittenZeroOrAHundred() throws Exception {
        // raffael's client wrote 100 for the not-in-use limit beside 0 for the other: both leave every CPU.
        GlobalPrefs prefs = reader.read(NONE, file("global_prefs_override.xml", "<global_preferences>"
                + "<max_ncpus_pct>0</max_ncpus_pct><niu_max_ncpus_pct>100</niu_max_ncpus_pct></global_preferences>"));
        assertEquals("Use all the CPUs", words(prefs, "max_ncpus_pct"));
        assertEquals("When not in use: use all the CPUs", words(prefs, "niu_max_ncpus_pct"));
    }

    @Test
    void melonSchedulingPeriod() throws InputProblem {
        GlobalPrefs prefs = corpus("melon-global_prefs_override.xml");
        assertEquals(120, prefs.number(GlobalPref.CPU_SCHEDULING_PERIOD_MINUTES));
        // 120 min x 60 = 7200 s
        assertEquals(7200, prefs.enginePrefs().schedulingPeriodSeconds());
        // 90 % of 4 CPUs: floor(3.6) = 3
        assertEquals(3, prefs.enginePrefs().usableCpus(4));
        assertEquals("Switch between tasks every 120 minutes", words(prefs, "cpu_scheduling_period_minutes"));
    }

    @Test
    void caoyuweiWebPreferencesWithSourceAndLegacyFields() throws InputProblem {
        GlobalPrefs prefs = corpus("caoyuwei-global_prefs-seti.xml");
        assertEquals(0.1, prefs.number(GlobalPref.WORK_BUF_MIN_DAYS));
        assertEquals("Store at least 0.1 days of work", words(prefs, "work_buf_min_days"));
        // not in the file: BOINC's default 0.5
        assertEquals(0.5, prefs.number(GlobalPref.WORK_BUF_ADDITIONAL_DAYS));
        assertEquals(60, prefs.number(GlobalPref.CPU_USAGE_LIMIT));
        assertEquals(16, prefs.number(GlobalPref.MAX_CPUS));
        assertEquals(0.001, prefs.number(GlobalPref.DISK_MIN_FREE_GB));
        assertEquals("http://setiathome.berkeley.edu/", prefs.text(GlobalPref.SOURCE_PROJECT));
        // mod_time 1163016122 s = 2006-11-08 20:02:02 UTC
        assertEquals("Web preferences last edited 2006-11-08 20:02 UTC", words(prefs, "mod_time"));
        // a flag global_prefs.xml does not name is off (GLOBAL_PREFS::init_bools), unlike the default 1
        assertFalse(prefs.flag(GlobalPref.RUN_IF_USER_ACTIVE));
        assertFalse(prefs.flag(GlobalPref.CONFIRM_BEFORE_CONNECTING));
    }

    @Test
    void boincAndroidBatteryPreferences() throws InputProblem {
        GlobalPrefs prefs = corpus("boinc-android-default-global_prefs_override.xml");
        assertFalse(prefs.flag(GlobalPref.RUN_ON_BATTERIES));
        assertEquals(90, prefs.number(GlobalPref.BATTERY_CHARGE_MIN_PCT));
        assertEquals(40, prefs.number(GlobalPref.BATTERY_MAX_TEMPERATURE));
        assertEquals(50, prefs.number(GlobalPref.MAX_NCPUS_PCT));
        assertTrue(prefs.flag(GlobalPref.NETWORK_WIFI_ONLY));
        assertEquals("Suspend when the battery is below 90 %", words(prefs, "battery_charge_min_pct"));
        assertEquals("Suspend when the battery is above 40 °C", words(prefs, "battery_max_temperature"));
        assertEquals("Suspend while on batteries", words(prefs, "run_on_batteries"));
    }

    @Test
    void siddharthbakshiDayPrefsWithStrayTextAndCrLf() throws InputProblem {
        GlobalPrefs prefs = corpus("siddharthbakshi-wcg-global_prefs_override.xml");
        // day 0 = Sunday: 0-24 computing, 0-6 transfers; day 6 = Saturday: 0-24 computing
        assertEquals(Map.of(DayOfWeek.SUNDAY, new HourSpan(0, 24), DayOfWeek.SATURDAY, new HourSpan(0, 24)),
                prefs.computeDays());
        assertEquals(Map.of(DayOfWeek.SUNDAY, new HourSpan(0, 6)), prefs.transferDays());
        assertEquals("Saturdays: compute at any time", words(prefs, "day_prefs Saturday"));
        assertEquals("Sundays: compute at any time; transfer files only between 00:00 and 06:00",
                words(prefs, "day_prefs Sunday"));
    }

    @Test
    void simPrefsFromTheEmulator() throws InputProblem {
        GlobalPrefs prefs = corpus(SIM_PREFS);
        assertEquals(1, prefs.number(GlobalPref.CPU_SCHEDULING_PERIOD_MINUTES));
        assertEquals(0.0001, prefs.number(GlobalPref.WORK_BUF_MIN_DAYS));
        assertTrue(prefs.flag(GlobalPref.RUN_IF_USER_ACTIVE));
        assertTrue(prefs.flag(GlobalPref.LEAVE_APPS_IN_MEMORY));
        assertTrue(prefs.flag(GlobalPref.HANGUP_IF_DIALED));
        // 200000 B/s = 200 kB/s
        assertEquals("Limit the download rate to 200 kB/s", words(prefs, "max_bytes_sec_down"));
    }

    @Test
    void theSummaryIsInAStableOrder() throws InputProblem {
        List<String> names = corpus("pooleja-global_prefs_override-commented.xml").inWords().stream()
                .map(PrefInWords::name).toList();
        assertEquals(List.of("run_on_batteries", "battery_charge_min_pct", "battery_max_temperature",
                "run_if_user_active", "run_gpu_if_user_active", "idle_time_to_run", "suspend_if_no_recent_input",
                "suspend_cpu_usage", "niu_suspend_cpu_usage", "start_hour/end_hour", "max_ncpus_pct",
                "niu_max_ncpus_pct", "cpu_usage_limit", "niu_cpu_usage_limit", "leave_apps_in_memory",
                "cpu_scheduling_period_minutes", "work_buf_min_days", "work_buf_additional_days",
                "disk_max_used_gb", "disk_max_used_pct", "disk_min_free_gb", "disk_interval",
                "ram_max_used_busy_pct", "ram_max_used_idle_pct", "vm_max_used_pct", "net_start_hour/net_end_hour",
                "max_bytes_sec_down", "max_bytes_sec_up", "daily_xfer_limit_mb/daily_xfer_period_days",
                "network_wifi_only", "confirm_before_connecting", "hangup_if_dialed", "dont_verify_images"), names);
    }

    @Test
    void dayPrefsLaterBlocksReplaceEarlierOnesForTheSameDay() throws IOException, InputProblem {
        Path f = file("global_prefs_override.xml", """
                <global_preferences>
                   <start_hour>8</start_hour>
                   <end_hour>17.5</end_hour>
                   <day_prefs>
                      <day_of_week>1</day_of_week>
                      <start_hour>9.25</start_hour>
                      <end_hour>17</end_hour>
                   </day_prefs>
                   <day_prefs>
                      <day_of_week>3</day_of_week>
                      <net_start_hour>22</net_start_hour>
                      <net_end_hour>6</net_end_hour>
                   </day_prefs>
                   <day_prefs>
                      <day_of_week>1</day_of_week>
                      <start_hour>10</start_hour>
                      <end_hour>16</end_hour>
                   </day_prefs>
                   <day_prefs>
                      <day_of_week>7</day_of_week>
                      <start_hour>1</start_hour>
                   </day_prefs>
                </global_preferences>
                """);
        GlobalPrefs prefs = reader.read(NONE, f);
        // Monday (1): the second block (10-16) replaces the first (9.25-17)
        assertEquals(Map.of(DayOfWeek.MONDAY, new HourSpan(10, 16)), prefs.computeDays());
        // Wednesday (3): transfers only, across midnight
        assertEquals(Map.of(DayOfWeek.WEDNESDAY, new HourSpan(22, 6)), prefs.transferDays());
        assertEquals(List.of("global_prefs_override.xml:19: day_prefs without a day_of_week from 0 (Sunday) to 6:"
                + " ignored"), prefs.warnings());
        // 17.5 h = 17:30
        assertEquals("Compute only between 08:00 and 17:30", words(prefs, "start_hour/end_hour"));
        assertEquals("Mondays: compute only between 10:00 and 16:00", words(prefs, "day_prefs Monday"));
        assertEquals("Wednesdays: transfer files only between 22:00 and 06:00", words(prefs, "day_prefs Wednesday"));
    }

    @Test
    void aDayWithEqualStartAndEndHoursFollowsTheGeneralHoursAsInBoinc() throws IOException, InputProblem {
        // BOINC's WEEK_PREFS::set returns at once when start == end: Wednesday's 0 to 0 (which would read as
        // "at any time") and Thursday's transfer hours 5 to 5 set nothing, so those days keep 08:30 to 17:15 and
        // 22:00 to 06:00; Thursday's computing hours (9 to 12) are kept.
        Path f = file("global_prefs_override.xml", """
                <global_preferences>
                <start_hour>8.5</start_hour><end_hour>17.25</end_hour>
                <net_start_hour>22</net_start_hour><net_end_hour>6</net_end_hour>
                <day_prefs><day_of_week>3</day_of_week><start_hour>0</start_hour><end_hour>0</end_hour></day_prefs>
                <day_prefs><day_of_week>4</day_of_week><start_hour>9</start_hour><end_hour>12</end_hour>
                <net_start_hour>5</net_start_hour><net_end_hour>5</net_end_hour></day_prefs>
                </global_preferences>
                """);
        GlobalPrefs prefs = reader.read(NONE, f);

        assertEquals(Map.of(DayOfWeek.THURSDAY, new HourSpan(9, 12)), prefs.computeDays());
        assertEquals(Map.of(), prefs.transferDays());
        assertEquals(List.of("global_prefs_override.xml:4: day_prefs for Wednesday: start_hour and end_hour are both 0:"
                + " ignored, as BOINC does (the general hours apply that day)", "global_prefs_override.xml:5: day_prefs"
                + " for Thursday: net_start_hour and net_end_hour are both 5: ignored, as BOINC does (the general hours"
                + " apply that day)"), prefs.warnings());
    }

    @Test
    void aLaterDayWithEqualHoursLeavesTheHoursAnEarlierOneSet() throws IOException, InputProblem {
        // Monday 9 to 17, then Monday 3 to 3: BOINC's WEEK_PREFS::set returns early, so Monday keeps 9 to 17.
        Path f = file("global_prefs_override.xml", """
                <global_preferences>
                <day_prefs><day_of_week>1</day_of_week><start_hour>9</start_hour><end_hour>17</end_hour></day_prefs>
                <day_prefs><day_of_week>1</day_of_week><start_hour>3</start_hour><end_hour>3</end_hour></day_prefs>
                </global_preferences>
                """);
        GlobalPrefs prefs = reader.read(NONE, f);

        assertEquals(Map.of(DayOfWeek.MONDAY, new HourSpan(9, 17)), prefs.computeDays());
        assertEquals(List.of("global_prefs_override.xml:3: day_prefs for Monday: start_hour and end_hour are both 3:"
                + " ignored, as BOINC does (that day keeps the hours set before)"), prefs.warnings());
    }

    @Test
    void theOverrideChangesOnlyWhatItNamesOverTheWebPreferences() throws IOException, InputProblem {
        Path web = file("global_prefs.xml", """
                <global_preferences>
                <max_ncpus_pct>80</max_ncpus_pct>
                <niu_max_ncpus_pct>30</niu_max_ncpus_pct>
                <work_buf_min_days>2</work_buf_min_days>
                <day_prefs><day_of_week>1</day_of_week><start_hour>9</start_hour><end_hour>17</end_hour>
                <net_start_hour>1</net_start_hour><net_end_hour>5</net_end_hour></day_prefs>
                </global_preferences>
                """);
        Path override = file("global_prefs_override.xml", """
                <global_preferences>
                <max_ncpus_pct>50</max_ncpus_pct>
                <run_if_user_active/>
                <day_prefs><day_of_week>1</day_of_week><start_hour>8</start_hour><end_hour>12</end_hour></day_prefs>
                </global_preferences>
                """);
        GlobalPrefs prefs = reader.read(web, override);
        assertEquals(50, prefs.number(GlobalPref.MAX_NCPUS_PCT));
        // the override does not name niu_max_ncpus_pct, so BOINC copies the in-use 50 over the web file's 30
        assertEquals(50, prefs.number(GlobalPref.NIU_MAX_NCPUS_PCT));
        assertEquals(2, prefs.number(GlobalPref.WORK_BUF_MIN_DAYS));
        // off in global_prefs.xml (not named there), on in the override
        assertTrue(prefs.flag(GlobalPref.RUN_IF_USER_ACTIVE));
        assertFalse(prefs.flag(GlobalPref.LEAVE_APPS_IN_MEMORY));
        // Monday: the override's computing window, the web file's transfer window
        assertEquals(Map.of(DayOfWeek.MONDAY, new HourSpan(8, 12)), prefs.computeDays());
        assertEquals(Map.of(DayOfWeek.MONDAY, new HourSpan(1, 5)), prefs.transferDays());
    }

    @Test
    void valuesOutOfRangeAreReplacedAsBoincDoesWithAWarningEach() throws IOException, InputProblem {
        Path f = file("global_prefs_override.xml", """
                <global_preferences>
                  <max_ncpus_pct>250</max_ncpus_pct>
                  <cpu_usage_limit>0</cpu_usage_limit>
                  <work_buf_min_days>-1</work_buf_min_days>
                  <cpu_scheduling_period_minutes>0</cpu_scheduling_period_minutes>
                  <idle_time_to_run>-5</idle_time_to_run>
                  <niu_max_ncpus_pct>-5</niu_max_ncpus_pct>
                  <ram_max_used_busy_pct>0</ram_max_used_busy_pct>
                  <daily_xfer_limit_mb>-3</daily_xfer_limit_mb>
                  <start_hour>25</start_hour>
                </global_preferences>
                """);
        GlobalPrefs prefs = reader.read(NONE, f);
        assertEquals(List.of(
                "global_prefs_override.xml:2: max_ncpus_pct 250 is out of 0..100: using 100",
                "global_prefs_override.xml:3: cpu_usage_limit 0 is out of (0..100]: ignored, keeping 100",
                "global_prefs_override.xml:4: work_buf_min_days -1 is out of 0..1000: using 0",
                "global_prefs_override.xml:5: cpu_scheduling_period_minutes 0 is out of 0.0001..525600: "
                        + "using the default 60",
                "global_prefs_override.xml:6: idle_time_to_run -5 is out of 0..525600: using the default 3",
                "global_prefs_override.xml:7: niu_max_ncpus_pct -5 is out of 0..100: using 100",
                "global_prefs_override.xml:9: daily_xfer_limit_mb -3 is out of 0..1000000000: ignored, keeping 0",
                "global_prefs_override.xml:10: start_hour 25 is out of 0..24: using 24"), prefs.warnings());
        assertEquals(new Prefs(60, 0, 0.5, 100, 100, 0, 90, 0.1), prefs.enginePrefs());
        assertEquals(3, prefs.number(GlobalPref.IDLE_TIME_TO_RUN));
        assertEquals(100, prefs.number(GlobalPref.NIU_MAX_NCPUS_PCT));
        // 0 means 100 for the memory limits: no warning (line 8)
        assertEquals(100, prefs.number(GlobalPref.RAM_MAX_USED_BUSY_PCT));
    }

    @Test
    void notANumberInfinityAndAbsurdFiguresNeverReachTheEngine() throws IOException, InputProblem {
        Path f = file("global_prefs_override.xml", """
                <global_preferences>
                  <disk_max_used_gb>1e300</disk_max_used_gb>
                  <disk_min_free_gb>NaN</disk_min_free_gb>
                  <work_buf_additional_days>Infinity</work_buf_additional_days>
                  <disk_max_used_pct>-inf</disk_max_used_pct>
                  <work_buf_min_days>lots</work_buf_min_days>
                  <max_bytes_sec_up>1e400</max_bytes_sec_up>
                </global_preferences>
                """);
        GlobalPrefs prefs = reader.read(NONE, f);
        assertEquals(List.of(
                "global_prefs_override.xml:2: disk_max_used_gb 1e300 is out of 0..1000000000: using 1000000000",
                "global_prefs_override.xml:3: disk_min_free_gb NaN is not a number: ignored, keeping 0.1",
                "global_prefs_override.xml:4: work_buf_additional_days Infinity is out of 0..1000: using 1000",
                "global_prefs_override.xml:5: disk_max_used_pct -inf is out of 0..100: using 0 (no limit)",
                "global_prefs_override.xml:6: work_buf_min_days lots is not a number: ignored, keeping 0.1",
                "global_prefs_override.xml:7: max_bytes_sec_up 1e400 is out of 0..1000000000000: "
                        + "using 1000000000000"), prefs.warnings());
        assertEquals(new Prefs(60, 0.1, 1000, 0, 100, 1e9, 0, 0.1), prefs.enginePrefs());
        assertFalse(prefs.inWords().isEmpty());
    }

    /**
     * A value ignored where the one kept is a 0 that means something says what it means (QA: "disk_max_used_gb 1O0
     * is not a number: ignored, keeping 0", the 0 being no limit); one without a meaning of its own says the figure.
     */
    @Test
    void aZeroKeptSaysWhatItMeans() throws IOException, InputProblem {
        Path f = file("global_prefs_override.xml", """
                <global_preferences>
                  <disk_max_used_gb>1O0</disk_max_used_gb>
                  <disk_interval>fast</disk_interval>
                </global_preferences>
                """);
        assertEquals(List.of(
                "global_prefs_override.xml:2: disk_max_used_gb 1O0 is not a number: ignored, keeping 0 (no limit)",
                "global_prefs_override.xml:3: disk_interval fast is not a number: ignored, keeping 60"),
                reader.read(NONE, f).warnings());
    }

    /**
     * An element with no value between its tags is read as 0, as BOINC's parse_double reads it, and always said,
     * as {@code <foo/>} (which BOINC ignores) is: an empty cpu_scheduling_period_minutes was said as
     * "cpu_scheduling_period_minutes  is out of 0.0001..525600", and an empty disk_max_used_gb or a max_ncpus_pct
     * holding a space not at all (QA).
     */
    @Test
    void anEmptyNumberIsReadAsZeroAndSaidSo() throws IOException, InputProblem {
        Path f = file("global_prefs_override.xml", """
                <global_preferences>
                  <disk_max_used_gb></disk_max_used_gb>
                  <work_buf_min_days/>
                  <max_ncpus_pct> </max_ncpus_pct>
                  <cpu_scheduling_period_minutes></cpu_scheduling_period_minutes>
                  <ram_max_used_busy_pct></ram_max_used_busy_pct>
                </global_preferences>
                """);
        GlobalPrefs prefs = reader.read(NONE, f);
        assertEquals(List.of(
                "global_prefs_override.xml:2: <disk_max_used_gb></disk_max_used_gb> has no value: read as 0, as "
                        + "BOINC does (no limit)",
                "global_prefs_override.xml:3: <work_buf_min_days/> has no value: ignored",
                "global_prefs_override.xml:4: <max_ncpus_pct></max_ncpus_pct> has no value: read as 0, as BOINC "
                        + "does (all CPUs)",
                "global_prefs_override.xml:5: <cpu_scheduling_period_minutes></cpu_scheduling_period_minutes> has no "
                        + "value: read as 0, as BOINC does; 0 is out of 0.0001..525600: using the default 60",
                // BOINC reads it as 0 and puts 100 in force ("if (!dtemp) dtemp = 100"): the note says so (review).
                "global_prefs_override.xml:6: <ram_max_used_busy_pct></ram_max_used_busy_pct> has no value: read as "
                        + "0, as BOINC does (100 in force)"),
                prefs.warnings());
        assertEquals(0, prefs.number(GlobalPref.DISK_MAX_USED_GB));
        assertEquals(0, prefs.number(GlobalPref.MAX_NCPUS_PCT));
        assertEquals(60, prefs.number(GlobalPref.CPU_SCHEDULING_PERIOD_MINUTES));
    }

    @Test
    void unusableElementsAreIgnoredWithAWarning() throws IOException, InputProblem {
        Path f = file("global_prefs_override.xml", """
                <global_preferences>
                  <run_if_user_active></run_if_user_active>
                  <leave_apps_in_memory>yes</leave_apps_in_memory>
                  <max_ncpus_pct/>
                  <max_cpus>2.5</max_cpus>
                  <max_ncpu_pct>50</max_ncpu_pct>
                  <venue name="home"><max_ncpus_pct>10</max_ncpus_pct></venue>
                </global_preferences>
                """);
        GlobalPrefs prefs = reader.read(NONE, f);
        assertEquals(List.of(
                "global_prefs_override.xml:2: run_if_user_active is empty: ignored, keeping 1",
                "global_prefs_override.xml:3: leave_apps_in_memory yes is not 0 or 1: ignored, keeping 0",
                "global_prefs_override.xml:4: <max_ncpus_pct/> has no value: ignored",
                "global_prefs_override.xml:5: max_cpus 2.5 is not a whole number: ignored, keeping 0",
                "global_prefs_override.xml:6: unknown preference <max_ncpu_pct>: ignored, as BOINC does",
                "global_prefs_override.xml:7: <venue> ignored: BOINC reads venues in global_prefs.xml only"),
                prefs.warnings());
        assertEquals(GlobalPrefs.defaults().enginePrefs(), prefs.enginePrefs());
        assertTrue(prefs.flag(GlobalPref.RUN_IF_USER_ACTIVE));
        assertFalse(prefs.isNamed(GlobalPref.RUN_IF_USER_ACTIVE));
    }

    private static final String WITH_VENUES = """
            <global_preferences>
              <source_project>https://boinc.bakerlab.org/rosetta/</source_project>
              <max_ncpus_pct>100</max_ncpus_pct>
              <work_buf_min_days>0.5</work_buf_min_days>
              <venue name="work">
                <max_ncpus_pct>50</max_ncpus_pct>
                <work_buf_min_days>2</work_buf_min_days>
              </venue>
              <venue name='home'>
                <max_ncpus_pct>25</max_ncpus_pct>
              </venue>
              <disk_max_used_gb>7</disk_max_used_gb>
            </global_preferences>
            """;

    /**
     * The computer's venue chooses global_prefs.xml's preferences as in BOINC: the defaults, then that venue's alone;
     * what lies outside it (before or after) is not read, except where the preferences came from.
     */
    @Test
    void theComputersVenueStandsForTheGeneralPreferences() throws IOException, InputProblem {
        Path web = file("global_prefs.xml", WITH_VENUES);
        GlobalPrefs work = reader.read(web, NONE, new HostVenues("work", Map.of()));
        // work: 50 % of the CPUs, 2 days; the general 0.5 days and 7 GB are not read, so disk_max_used_gb is
        // BOINC's default, 0 (no limit in GB).
        assertEquals(50, work.number(GlobalPref.MAX_NCPUS_PCT));
        assertEquals(2, work.enginePrefs().workBufMinDays());
        assertEquals(0, work.number(GlobalPref.DISK_MAX_USED_GB));
        assertEquals("https://boinc.bakerlab.org/rosetta/", work.text(GlobalPref.SOURCE_PROJECT));
        assertEquals(List.of("global_prefs.xml:5: the preferences for this computer's venue, \"work\", are used, "
                + "not the general ones around them, as BOINC does"), work.warnings());
        // home, in single quotes: 25 %, and the default buffer (0.1 days), not the general 0.5.
        GlobalPrefs home = reader.read(web, NONE, new HostVenues("home", Map.of()));
        assertEquals(25, home.number(GlobalPref.MAX_NCPUS_PCT));
        assertEquals(0.1, home.enginePrefs().workBufMinDays());
        // No venue: the general preferences, and the venues are passed over without a word.
        GlobalPrefs none = reader.read(web, NONE, HostVenues.NONE);
        assertEquals(100, none.number(GlobalPref.MAX_NCPUS_PCT));
        assertEquals(0.5, none.enginePrefs().workBufMinDays());
        assertEquals(7, none.number(GlobalPref.DISK_MAX_USED_GB));
        assertEquals(List.of(), none.warnings());
        // A venue the file has no preferences for: the general ones, as BOINC says ("no separate prefs for school").
        GlobalPrefs school = reader.read(web, NONE, new HostVenues("school", Map.of()));
        assertEquals(100, school.number(GlobalPref.MAX_NCPUS_PCT));
        assertEquals(List.of("global_prefs.xml: no separate preferences for this computer's venue, \"school\": the "
                + "general ones are used, as BOINC does"), school.warnings());
    }

    /**
     * The venue of the project the preferences came from wins over the client's (BOINC reads the file again with
     * it), matched as BOINC matches URLs; a {@code <host_venue>} in the override file wins over both.
     */
    @Test
    void theSourceProjectsVenueAndThenTheOverrideFilesWin() throws IOException, InputProblem {
        Path web = file("global_prefs.xml", WITH_VENUES);
        HostVenues rosettaAtHome = new HostVenues("work", Map.of("http://boinc.bakerlab.org/rosetta", "home",
                "https://einstein.phys.uwm.edu/", "work"));
        assertEquals(25, reader.read(web, NONE, rosettaAtHome).number(GlobalPref.MAX_NCPUS_PCT));
        Path override = file("global_prefs_override.xml", """
                <global_preferences>
                  <host_venue>work</host_venue>
                  <work_buf_additional_days>1</work_buf_additional_days>
                </global_preferences>
                """);
        GlobalPrefs prefs = reader.read(web, override, rosettaAtHome);
        assertEquals(50, prefs.number(GlobalPref.MAX_NCPUS_PCT));
        assertEquals(1, prefs.enginePrefs().workBufAdditionalDays());
        // The override's host_venue is read, not reported as unknown.
        assertEquals(List.of("global_prefs.xml:5: the preferences for this computer's venue, \"work\", are used, "
                + "not the general ones around them, as BOINC does"), prefs.warnings());
    }

    @Test
    void aMalformedFileIsOneLineProblemWithItsLine() throws IOException {
        Path f = file("global_prefs_override.xml", "<global_preferences>\n<max_ncpus_pct>50</max_ncpus>\n"
                + "</global_preferences>\n");
        InputProblem p = assertThrows(InputProblem.class, () -> reader.read(NONE, f));
        assertEquals(2, p.line());
        assertEquals(f + ":2: the end tag </max_ncpus> does not match the start tag <max_ncpus_pct> it should close",
                p.oneLine());
        assertFalse(p.oneLine().contains("\n"));
    }

    @Test
    void anotherRootIsRefused() throws IOException {
        Path f = file("global_prefs.xml", "<cc_config><options/></cc_config>");
        InputProblem p = assertThrows(InputProblem.class, () -> reader.read(f, NONE));
        assertEquals("not a preferences file: the root element is <cc_config>, not <global_preferences>",
                p.getMessage());
    }

    @Test
    void withoutFilesTheDefaultsApply() throws InputProblem {
        GlobalPrefs prefs = reader.read(NONE, NONE);
        assertEquals(List.of(), prefs.warnings());
        // BOINC's defaults: 60 min, 0.1 + 0.5 days, all CPUs (0), 100 % CPU time, no GB limit, 90 %, 0.1 GB free
        assertEquals(new Prefs(60, 0.1, 0.5, 0, 100, 0, 90, 0.1), prefs.enginePrefs());
        assertTrue(prefs.flag(GlobalPref.RUN_IF_USER_ACTIVE));
        assertEquals("Compute at any time", words(prefs, "start_hour/end_hour"));
    }
}

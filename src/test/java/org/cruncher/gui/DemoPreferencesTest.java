package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.emulator.DemoScenario;
import org.cruncher.emulator.Scenario;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.host.HostProbe;
import org.cruncher.persist.GlobalPrefs;

/**
 * The demo reads the data folder's global_prefs_override.xml, as BOINC reads it at each start: on a first run with
 * only that file, or after a state that could not be restored, the volunteer's limits were quietly not applied.
 */
class DemoPreferencesTest {

    @TempDir
    Path dir;

    private final HostProbe.Detected here = new HostProbe.Detected(Host.cpuOnly(4, 2e9), List.of());

    /**
     * A file opened with preferences of its own says that the data folder's override is not applied to it, and where
     * the figures changed in Preferences go: its note named only "global_prefs_override.xml", and a volunteer took it
     * for the one in the BOINC folder opened (QA).
     */
    @Test
    void aFileWithItsOwnPreferencesSaysWhereChangedOnesGo() throws Exception {
        Path override = dir.resolve("global_prefs_override.xml");
        Files.writeString(override, "<global_preferences><max_ncpus_pct>50</max_ncpus_pct></global_preferences>");

        String note = ManagerModel.overrideNotApplied(GlobalPrefs.defaultsWith(Prefs.DEFAULTS), override).orElseThrow();

        assertTrue(note.endsWith("saves the figures you change there to " + override + ", never into the folder "
                + "opened"), note);
    }

    @Test
    void theOverrideFileSetsTheDemosPreferencesAndIsSaid() throws Exception {
        Path override = dir.resolve("global_prefs_override.xml");
        Files.writeString(override, "<global_preferences><max_ncpus_pct>50</max_ncpus_pct>"
                + "<disk_max_used_gb>2</disk_max_used_gb></global_preferences>");

        Scenario demo = ManagerModel.demoScenario(here, override);

        // 50 % of 4 CPUs: 2 usable; the demo's own 6 GB limit gives way to the file's 2 GB; the rest is the demo's.
        Prefs p = demo.initialState().prefs();
        assertEquals(50, p.maxNcpusPct(), 1e-9);
        assertEquals(2, p.diskMaxUsedGb(), 1e-9);
        assertEquals(DemoScenario.DISK_LIMIT_GB, DemoScenario.of(here.host()).initialState().prefs().diskMaxUsedGb());
        assertEquals(DemoScenario.of(here.host()).initialState().prefs().workBufMinDays(), p.workBufMinDays(), 1e-9);
        assertEquals(List.of("Preferences read from " + override), demo.notes());
    }

    /**
     * A file opened keeps its own preferences: where the data folder's override would set others, a note says they
     * are not used (the dialog showed the file's 0 GB beside an override holding 1 GB, unexplained); where they agree,
     * or there is no override, nothing is said.
     */
    @Test
    void aFileOpenedSaysTheDataFoldersOtherPreferencesAreNotUsed() throws Exception {
        Path override = dir.resolve("global_prefs_override.xml");
        GlobalPrefs opened = GlobalPrefs.defaultsWith(Prefs.DEFAULTS);
        assertEquals(java.util.Optional.empty(), ManagerModel.overrideNotApplied(opened, override));

        Files.writeString(override, "<global_preferences><disk_max_used_gb>1</disk_max_used_gb></global_preferences>");
        String note = ManagerModel.overrideNotApplied(opened, override).orElseThrow();
        assertTrue(note.startsWith("The preferences in " + override + " (applied in earlier sessions) are not used "
                + "for this file"), note);

        Files.writeString(override, "<global_preferences><disk_max_used_gb>0</disk_max_used_gb></global_preferences>");
        assertEquals(java.util.Optional.empty(), ManagerModel.overrideNotApplied(opened, override), "the same figure");
    }

    @Test
    void aValueOutOfRangeIsSaidAndABrokenFileLeavesTheDemosOwn() throws Exception {
        Path override = dir.resolve("global_prefs_override.xml");
        Files.writeString(override, "<global_preferences><max_ncpus_pct>250</max_ncpus_pct></global_preferences>");

        Scenario clamped = ManagerModel.demoScenario(here, override);

        assertEquals(100, clamped.initialState().prefs().maxNcpusPct(), 1e-9);
        assertTrue(clamped.notes().stream().anyMatch(n -> n.endsWith("max_ncpus_pct 250 is out of 0..100: using 100")),
                clamped.notes().toString());

        Files.writeString(override, "<global_preferences><max_ncpus_pct>5");
        Scenario broken = ManagerModel.demoScenario(here, override);

        assertEquals(DemoScenario.of(here.host()).initialState().prefs(), broken.initialState().prefs());
        assertEquals(1, broken.notes().size());
        assertTrue(broken.notes().get(0).startsWith("global_prefs_override.xml not read: "), broken.notes().get(0));
        assertEquals(List.of(), ManagerModel.demoScenario(here, dir.resolve("absent.xml")).notes());
    }
}

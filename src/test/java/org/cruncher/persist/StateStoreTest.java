package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.FileTime;
import java.util.List;

import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.emulator.Checkpoint;
import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;

/** The store's rotation and its choice between the current and the previous state. */
class StateStoreTest {

    @TempDir
    Path dir;

    private StateStore store;
    private String firstHour;
    private String secondHour;

    @BeforeEach
    void twoStates() throws Exception {
        store = new StateStore(dir);
        Scenario s = new ScenarioReader().read(Path.of("src/test/resources/scenarios/seed-75-25"));
        Emulation e = new Emulation(s, 1, x -> { });
        e.advanceTo(s.startTime() + 3600);
        firstHour = ClientStateWriter.write(e.checkpoint(), "first");
        e.advanceTo(s.startTime() + 7200);
        Checkpoint c = e.checkpoint();
        secondHour = ClientStateWriter.write(c, "second");
    }

    @Test
    void anOverrideFileChangedSinceTheStateWasSavedGivesThePreferencesInForce() throws Exception {
        // seed-75-25 says max_ncpus_pct 0 (all the CPUs). An override older than the state, or newer with the same
        // values, changes nothing; newer with 50 %, it gives 50 %; newer and unreadable, it is an error.
        store.save(firstHour);
        Path saved = dir.resolve(StateStore.CURRENT);
        Path override = dir.resolve("global_prefs_override.xml");
        StateStore.Loaded l = store.load().orElseThrow();
        assertTrue(l.prefsEditedIn(override).isEmpty(), "no file");

        Files.writeString(override, "<global_preferences><max_ncpus_pct>50</max_ncpus_pct></global_preferences>");
        Files.setLastModifiedTime(override, FileTime.fromMillis(Files.getLastModifiedTime(saved).toMillis() - 10_000));
        assertTrue(l.prefsEditedIn(override).isEmpty(), "older than the state");

        Files.setLastModifiedTime(override, FileTime.fromMillis(Files.getLastModifiedTime(saved).toMillis() + 10_000));
        assertEquals(50, l.prefsEditedIn(override).orElseThrow().prefs().maxNcpusPct(), 1e-9);
        assertEquals(List.of(), l.prefsEditedIn(override).orElseThrow().notes());

        // A value out of range is used as BOINC would (100 %), and said, as on opening a file.
        Files.writeString(override, "<global_preferences><max_ncpus_pct>250</max_ncpus_pct></global_preferences>");
        Files.setLastModifiedTime(override, FileTime.fromMillis(Files.getLastModifiedTime(saved).toMillis() + 10_000));
        OverriddenPrefs clamped = l.prefsEditedIn(override).orElseThrow();
        assertEquals(100, clamped.prefs().maxNcpusPct(), 1e-9);
        assertEquals(1, clamped.notes().size(), clamped.notes().toString());
        assertEquals("global_prefs_override.xml:1: max_ncpus_pct 250 is out of 0..100: using 100",
                clamped.notes().get(0));

        Files.writeString(override, "<global_preferences><max_ncpus_pct>0</max_ncpus_pct></global_preferences>");
        Files.setLastModifiedTime(override, FileTime.fromMillis(Files.getLastModifiedTime(saved).toMillis() + 10_000));
        assertTrue(l.prefsEditedIn(override).isEmpty(), "the same values");

        Files.writeString(override, "<global_preferences><max_ncpus_pct>5");
        Files.setLastModifiedTime(override, FileTime.fromMillis(Files.getLastModifiedTime(saved).toMillis() + 10_000));
        assertThrows(InputProblem.class, () -> l.prefsEditedIn(override));
    }

    /**
     * A broken override file is said at every start, not only at the first after it was changed: the state saved
     * since is newer than the file, and the window opened on it without a word (QA: a global_prefs_override.xml
     * left unclosed, which check-state reports with exit code 2). It is left as it is.
     */
    @Test
    void aBrokenOverrideFileOlderThanTheStateIsStillAProblem() throws Exception {
        store.save(firstHour);
        Path saved = dir.resolve(StateStore.CURRENT);
        // In the data folder, as the window keeps it, not beside the state (whose reading applies one there).
        Path override = Files.createDirectories(dir.resolve("data")).resolve("global_prefs_override.xml");
        String broken = "<global_preferences><work_buf_min_days>1";
        Files.writeString(override, broken);
        Files.setLastModifiedTime(override, FileTime.fromMillis(Files.getLastModifiedTime(saved).toMillis() - 10_000));
        StateStore.Loaded l = store.load().orElseThrow();

        InputProblem p = assertThrows(InputProblem.class, () -> l.prefsEditedIn(override));

        assertTrue(p.oneLine().contains("global_prefs_override.xml"), p.oneLine());
        assertEquals(broken, Files.readString(override));
    }

    @Test
    void nothingSavedLoadsNothing() throws Exception {
        assertFalse(store.hasState());
        assertTrue(store.load().isEmpty());
    }

    @Test
    void savingRotatesTheCurrentStateToPrevious() throws Exception {
        store.save(firstHour);
        store.save(secondHour);

        assertEquals(secondHour, Files.readString(dir.resolve(StateStore.CURRENT)));
        assertEquals(firstHour, Files.readString(dir.resolve(StateStore.PREVIOUS)));
        assertFalse(Files.exists(dir.resolve(StateStore.NEXT)), "nothing half-done is left behind");
        StateStore.Loaded l = store.load().orElseThrow();
        assertFalse(l.previous());
        assertEquals("second", l.state().openedFrom());
        assertTrue(l.problems().isEmpty());
    }

    /** A crash between the two renames leaves no current state: the previous one loads, and the user is told. */
    @Test
    void aMissingCurrentStateFallsBackToThePreviousOne() throws Exception {
        store.save(firstHour);
        store.save(secondHour);
        Files.move(dir.resolve(StateStore.CURRENT), dir.resolve(StateStore.NEXT));

        StateStore.Loaded l = store.load().orElseThrow();

        assertTrue(l.previous());
        assertEquals("first", l.state().openedFrom());
        assertTrue(l.summary().contains("client_state.xml is missing"), l.summary());
    }

    /**
     * A torn current file (a disk that lied about fsync) is not used; the previous state is, the reason is said, and
     * the torn file is set aside so that the next save does not rotate it over the good previous state.
     */
    @Test
    void aTornCurrentStateFallsBackToThePreviousOne() throws Exception {
        store.save(firstHour);
        store.save(secondHour);
        Files.writeString(dir.resolve(StateStore.CURRENT), secondHour.substring(0, secondHour.length() / 2));

        StateStore.Loaded l = store.load().orElseThrow();

        assertTrue(l.previous());
        assertEquals(2, l.problems().size());
        assertTrue(l.problems().get(0).contains("client_state.xml:"), l.problems().get(0));
        assertEquals("kept as client_state.xml.unreadable", l.problems().get(1));
        assertTrue(Files.exists(dir.resolve("client_state.xml.unreadable")));
        assertFalse(Files.exists(dir.resolve(StateStore.CURRENT)));

        // Torn again later: the second copy is kept beside the first, not over it.
        store.save(secondHour);
        Files.writeString(dir.resolve(StateStore.CURRENT), "torn");
        StateStore.Loaded again = store.load().orElseThrow();
        assertEquals("kept as client_state.xml-2.unreadable", again.problems().get(1));
        assertEquals(secondHour.substring(0, secondHour.length() / 2),
                Files.readString(dir.resolve("client_state.xml.unreadable")));
        assertEquals("torn", Files.readString(dir.resolve("client_state.xml-2.unreadable")));
    }

    /**
     * What was set aside on reading is kept on restoring too: here the saved figures, whose count is not a number. It
     * is among the scenario's notes (the window lists them apart), not in the one-line summary.
     */
    @Test
    void theNotesOfReadingTheSavedStateAreKeptBesideItsSummary() throws Exception {
        store.save(firstHour);
        // A clean state says what the first reading of its sample said (no <last_update> there), and nothing more.
        List<String> first = store.load().orElseThrow().scenario().notes();
        assertEquals(List.of("The file does not say when it was saved (its <time_stats> <last_update> is missing): "
                + "the state is taken as of 2026-01-01 00:00 "
                + "UTC, and its tasks' deadlines are read against that"), first);
        store.save(firstHour.replaceFirst("<rpcs>\\d+</rpcs>", "<rpcs>abc</rpcs>"));

        StateStore.Loaded loaded = store.load().orElseThrow();

        assertEquals("Restored seed-75-25 from the saved client_state.xml", loaded.summary());
        assertEquals(List.of(first.get(0), "client_state.xml <figures_so_far>: <rpcs> \"abc\" is not a number: "
                + "the figures of merit "
                + "begin again"), loaded.scenario().notes());
        // The damaged save's note is about that save: it is not kept in the next one.
        assertEquals(first, loaded.scenario().firstNotes());
    }

    @Test
    void twoBrokenStatesAreOneLineProblemAboutTheCurrentOne() throws Exception {
        Files.writeString(dir.resolve(StateStore.CURRENT), "<client_state><host_info>");
        Files.writeString(dir.resolve(StateStore.PREVIOUS), "not xml");

        InputProblem e = assertThrows(InputProblem.class, () -> store.load());

        assertTrue(e.oneLine().startsWith(dir.resolve(StateStore.CURRENT).toString()), e.oneLine());
        assertFalse(e.oneLine().contains("\n"));
    }

    @Test
    void anEarlierStateIsKeptFromTheDiskOrAsGivenAndOnlyTheNewestFiveStay() throws Exception {
        assertTrue(store.keepEarlier("20261121-100000", null).isEmpty(), "nothing saved yet: nothing to keep");
        store.save(firstHour);

        Path fromDisk = store.keepEarlier("20261121-100001", null).orElseThrow();
        Path given = store.keepEarlier("20261121-100002", secondHour).orElseThrow();

        assertEquals(dir.resolve("earlier").resolve("20261121-100001-client_state.xml"), fromDisk);
        assertEquals(firstHour, Files.readString(fromDisk));
        assertEquals(secondHour, Files.readString(given));
        assertEquals(firstHour, Files.readString(dir.resolve(StateStore.CURRENT)), "the current state is untouched");
        for (int i = 3; i <= 7; i++) {
            store.keepEarlier("20261121-10000" + i, secondHour);
        }
        try (var files = Files.list(dir.resolve("earlier"))) {
            // 7 kept in all (1 to 7): the oldest two are gone.
            assertEquals(java.util.List.of("20261121-100003", "20261121-100004", "20261121-100005",
                    "20261121-100006", "20261121-100007"), files.map(f -> f.getFileName().toString().substring(0, 15))
                    .sorted().toList());
        }
    }
}

package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

import org.cruncher.engine.model.Prefs;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** {@link PrefsReader#applyPrefs}: the engine's preferences with what one file names replaced. */
class PrefsReaderTest {

    private final PrefsReader reader = new PrefsReader();

    @TempDir
    Path dir;

    @Test
    void onlyWhatTheFileNamesIsReplaced() throws InputProblem {
        Prefs base = new Prefs(30, 2, 3, 40, 70, 5, 50, 1);
        Prefs applied = reader.applyPrefs(base,
                Path.of("src/test/resources/corpus/prefs/realtimecrime-global_prefs_override-emptytags.xml"));
        // the file names cpu_usage_limit 100.00 (of the engine's eight); the other seven stay as in base
        assertEquals(new Prefs(30, 2, 3, 40, 100, 5, 50, 1), applied);
    }

    @Test
    void aMissingFileChangesNothing() throws InputProblem {
        assertEquals(Prefs.DEFAULTS, reader.applyPrefs(Prefs.DEFAULTS, dir.resolve("global_prefs.xml")));
    }

    @Test
    void outOfRangeValuesAreClampedAsBoincDoes() throws IOException, InputProblem {
        Path f = Files.writeString(dir.resolve("global_prefs_override.xml"), """
                <global_preferences>
                   <max_ncpus_pct>250</max_ncpus_pct>
                   <cpu_usage_limit>-1</cpu_usage_limit>
                   <cpu_scheduling_period_minutes>0</cpu_scheduling_period_minutes>
                </global_preferences>
                """);
        // 250 -> 100; cpu_usage_limit -1 ignored (base 70 kept); period 0 -> BOINC's 60
        assertEquals(new Prefs(60, 0.1, 0.5, 100, 70, 0, 90, 0.1),
                reader.applyPrefs(new Prefs(30, 0.1, 0.5, 40, 70, 0, 90, 0.1), f));
    }
}

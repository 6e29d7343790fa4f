package org.cruncher.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.cruncher.engine.model.Prefs;

/**
 * The engine's preferences once a global_prefs_override.xml is applied over others, with what reading it noted (a
 * value out of range and the one used instead, a value that is not a number and ignored): the notes a file opened
 * with the same override would give.
 *
 * @param prefs the preferences in force
 * @param notes what was noted on reading the override
 */
public record OverriddenPrefs(Prefs prefs, List<String> notes) {

    public OverriddenPrefs {
        notes = List.copyOf(notes);
    }

    /**
     * {@code base} with {@code override} applied over it.
     *
     * @throws InputProblem if the file cannot be read
     */
    public static OverriddenPrefs of(GlobalPrefs base, Path override) throws InputProblem {
        GlobalPrefs read = new GlobalPrefsReader().apply(base, override);
        List<String> notes = new ArrayList<>(read.warnings());
        base.warnings().forEach(notes::remove);
        return new OverriddenPrefs(read.enginePrefs(), notes);
    }
}

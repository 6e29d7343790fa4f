package org.cruncher.persist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.AtomicMoveNotSupportedException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.cruncher.emulator.Scenario;
import org.cruncher.engine.model.Prefs;

/**
 * Cruncher's own saved state in a folder, kept crash-safe as BOINC keeps its client_state.xml:
 * <ol>
 *   <li>write the new state to {@code client_state_next.xml} and fsync it;</li>
 *   <li>rename {@code client_state.xml} (if any) to {@code client_state_prev.xml};</li>
 *   <li>rename {@code client_state_next.xml} to {@code client_state.xml}, and fsync the folder.</li>
 * </ol>
 * Each rename is atomic, so whenever the process dies, the folder holds a complete current state, or (between
 * steps 2 and 3) a complete previous one. Loading takes the current state, else the previous one, and says which.
 */
public final class StateStore {

    public static final String CURRENT = "client_state.xml";
    public static final String PREVIOUS = "client_state_prev.xml";
    public static final String NEXT = "client_state_next.xml";
    /** Suffix given to a state file that could not be read, so that it is kept, not rotated away or overwritten. */
    public static final String UNREADABLE = ".unreadable";
    /** The folder of states set aside when another emulation was opened, newest last by name. */
    public static final String EARLIER = "earlier";
    /** How many set-aside states are kept. */
    static final int KEEP_EARLIER = 5;

    private final Path dir;

    public StateStore(Path dir) {
        this.dir = dir;
    }

    public Path dir() {
        return dir;
    }

    /** Whether a saved state (current or previous) is there to load. */
    public boolean hasState() {
        return Files.exists(dir.resolve(CURRENT)) || Files.exists(dir.resolve(PREVIOUS));
    }

    /** Saves {@code document} as the current state, keeping the one it replaces as the previous state. */
    public void save(String document) throws IOException {
        Files.createDirectories(dir);
        Path next = dir.resolve(NEXT);
        Path current = dir.resolve(CURRENT);
        AtomicFileWrite.writeSynced(next, document.getBytes(StandardCharsets.UTF_8));
        if (Files.exists(current)) {
            move(current, dir.resolve(PREVIOUS));
        }
        move(next, current);
        AtomicFileWrite.forceFolder(dir);
    }

    /**
     * Keeps a state that another emulation's states are about to replace, as {@code earlier/STAMP-client_state.xml}:
     * {@code document} if given, else the current state on disk. Only the newest {@link #KEEP_EARLIER} are kept.
     *
     * @return the file written, or empty if there was nothing to keep
     */
    public Optional<Path> keepEarlier(String stamp, String document) throws IOException {
        Path earlier = dir.resolve(EARLIER);
        Path file = earlier.resolve(stamp + "-" + CURRENT);
        Path current = dir.resolve(CURRENT);
        if (document == null && !Files.exists(current)) {
            return Optional.empty();
        }
        Files.createDirectories(earlier);
        AtomicFileWrite.replace(file, document != null ? document.getBytes(StandardCharsets.UTF_8)
                : Files.readAllBytes(current));
        try (var files = Files.list(earlier)) {
            List<Path> all = files.filter(f -> f.getFileName().toString().endsWith("-" + CURRENT)).sorted().toList();
            for (Path old : all.subList(0, Math.max(0, all.size() - KEEP_EARLIER))) {
                Files.deleteIfExists(old);
            }
        }
        return Optional.of(file);
    }

    /** A state loaded from the folder, and what the user should be told about it. */
    public record Loaded(ScenarioReader.Read state, Path file, boolean previous, List<String> problems) {

        public Scenario scenario() {
            return state.scenario();
        }

        /**
         * One line for the user: where the state came from and, if the current one was unusable, why. What was
         * inferred on reading it (a saved value set aside) is in the scenario's notes, which the window lists apart.
         */
        public String summary() {
            String from = "Restored " + scenario().name() + " from the saved " + file.getFileName();
            return problems.isEmpty() ? from : from + " (" + String.join("; ", problems) + ")";
        }

        /**
         * The preferences in force once {@code override} (global_prefs_override.xml) is applied over the saved ones,
         * if it was changed after this state was saved and changes them (or says something about them: a value out of
         * range): BOINC reads the override file at each start, so a volunteer's hand edit made while Cruncher was
         * closed takes effect, as it would in BOINC.
         *
         * @throws InputProblem if the file cannot be read, changed since or not: BOINC reads it at each start, and a
         *                      file broken before the state was last saved went unsaid at the next (QA)
         */
        public Optional<OverriddenPrefs> prefsEditedIn(Path override) throws InputProblem {
            boolean changed;
            try {
                if (override == null || !Files.isRegularFile(override)) {
                    return Optional.empty();
                }
                changed = Files.getLastModifiedTime(override).compareTo(Files.getLastModifiedTime(file)) > 0;
            } catch (IOException e) {
                return Optional.empty();
            }
            OverriddenPrefs edited = OverriddenPrefs.of(state.prefs(), override);
            if (!changed) {
                return Optional.empty();
            }
            return edited.prefs().equals(scenario().initialState().prefs()) && edited.notes().isEmpty()
                    ? Optional.empty() : Optional.of(edited);
        }
    }

    /**
     * The current state, else the previous one; empty if there is neither.
     *
     * @throws InputProblem if there is a state but neither file can be read (the problem of the current one)
     */
    public Optional<Loaded> load() throws InputProblem {
        List<String> problems = new ArrayList<>();
        InputProblem first = null;
        for (String name : List.of(CURRENT, PREVIOUS)) {
            Path file = dir.resolve(name);
            if (!Files.exists(file)) {
                if (name.equals(CURRENT) && Files.exists(dir.resolve(PREVIOUS))) {
                    problems.add(file + " is missing");
                }
                continue;
            }
            try {
                ScenarioReader.Read s = new ScenarioReader().readWithHeader(file);
                if (first != null) {
                    problems.add("kept as " + setAside(first.file()).getFileName());
                }
                return Optional.of(new Loaded(s, file, name.equals(PREVIOUS), problems));
            } catch (InputProblem e) {
                problems.add(e.oneLine());
                first = first == null ? e : first;
            }
        }
        if (first != null) {
            throw first;
        }
        return Optional.empty();
    }

    /**
     * Renames the state files that cannot be read to {@code NAME.unreadable}, so that saving again keeps them for a
     * look; returns what they are now called, the current one's first, so that the user is told of each.
     */
    public List<Path> setAsideUnreadable() {
        List<Path> kept = new ArrayList<>();
        for (String name : List.of(CURRENT, PREVIOUS)) {
            Path file = dir.resolve(name);
            if (Files.exists(file)) {
                kept.add(setAside(file));
            }
        }
        return kept;
    }

    /**
     * Moves {@code file} to NAME.unreadable, or NAME-2.unreadable and so on where an earlier one is kept: a second
     * file set aside must not replace the first. Returns where it went ({@code file} itself if it could not move).
     */
    private static Path setAside(Path file) {
        Path aside = file.resolveSibling(file.getFileName() + UNREADABLE);
        for (int n = 2; Files.exists(aside); n++) {
            aside = file.resolveSibling(file.getFileName() + "-" + n + UNREADABLE);
        }
        try {
            if (Files.exists(file)) {
                move(file, aside);
            }
            return aside;
        } catch (IOException e) {
            return file;
        }
    }

    private static void move(Path from, Path to) throws IOException {
        try {
            Files.move(from, to, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } catch (AtomicMoveNotSupportedException e) {
            Files.move(from, to, StandardCopyOption.REPLACE_EXISTING);
        }
    }
}

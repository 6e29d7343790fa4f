package org.cruncher.gui.tasks;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * The Tasks table's sort order as the window remembers it between launches: columns by name, each ascending or
 * descending, first the one that decides, written "deadline ascending, project descending". An empty list is a table
 * the user left unsorted.
 *
 * @param keys the columns the rows are sorted by, first the one that decides
 */
public record TaskSort(List<Key> keys) {

    /** A column of the Tasks table and its direction. */
    public record Key(String column, boolean ascending) {
    }

    /** The table's columns, by the names used here: each column's id without "Column" (appColumn: "app"). */
    public static final List<String> COLUMNS = List.of("project", "name", "status", "progress", "elapsed", "remaining",
            "deadline", "finish", "app", "resources", "why");

    /** What the table opens with: by status, then by project. */
    public static final TaskSort DEFAULT = new TaskSort(List.of(new Key("status", true), new Key("project", true)));

    /** The columns whose values change as tasks run, with no change of status. */
    private static final List<String> CHANGING = List.of("progress", "elapsed", "remaining", "finish", "why");

    public TaskSort {
        keys = List.copyOf(keys);
    }

    /**
     * Whether the rows' order may change at any update, as by a column whose values change as tasks run (not only
     * when rows come or go or a status changes).
     */
    public boolean followsRunningValues() {
        return keys.stream().anyMatch(k -> CHANGING.contains(k.column()));
    }

    /** "deadline ascending, project descending"; "" for an unsorted table. */
    public String written() {
        List<String> parts = new ArrayList<>();
        for (Key k : keys) {
            parts.add(k.column() + (k.ascending() ? " ascending" : " descending"));
        }
        return String.join(", ", parts);
    }

    /**
     * Reads what {@link #written} wrote; empty when a column is not one of the table's, a direction is neither
     * ascending nor descending, or a column is named twice.
     */
    public static Optional<TaskSort> read(String text) {
        List<Key> keys = new ArrayList<>();
        if (text.isBlank()) {
            return Optional.of(new TaskSort(keys));
        }
        for (String part : text.split(",", -1)) {
            String[] words = part.trim().toLowerCase(Locale.ROOT).split("\\s+");
            if (words.length != 2 || !COLUMNS.contains(words[0])
                    || keys.stream().anyMatch(k -> k.column().equals(words[0]))) {
                return Optional.empty();
            }
            if (!words[1].equals("ascending") && !words[1].equals("descending")) {
                return Optional.empty();
            }
            keys.add(new Key(words[0], words[1].equals("ascending")));
        }
        return Optional.of(new TaskSort(keys));
    }
}

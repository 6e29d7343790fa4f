package org.cruncher.gui.events;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Locale;
import java.util.TreeSet;
import java.util.function.Predicate;

import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyLongProperty;
import javafx.beans.property.ReadOnlyLongWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventCategory;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;
import org.cruncher.persist.AtomicFileWrite;

/**
 * The event log: time-stamped decisions and events, newest first, filtered by category, project and a search text,
 * exportable to a file. Keeps the newest {@link #MAX_ROWS}. Runs on the FX thread (export excepted).
 */
public final class EventLogViewModel {

    /** Rows kept; older ones are dropped. */
    public static final int MAX_ROWS = 20_000;
    /** The "any" choice in the category and project filters. */
    public static final String ALL = "All";

    private final ObservableList<EventRow> all = FXCollections.observableArrayList();
    private final FilteredList<EventRow> visible = new FilteredList<>(all);
    private final ObjectProperty<String> category = new SimpleObjectProperty<>(ALL);
    private final ObjectProperty<String> project = new SimpleObjectProperty<>(ALL);
    private final StringProperty search = new SimpleStringProperty("");
    private final ReadOnlyStringWrapper exportOutcome = new ReadOnlyStringWrapper("");
    private final ReadOnlyBooleanWrapper exportFailed = new ReadOnlyBooleanWrapper(false);
    /** Moves each time the events are forgotten. */
    private long generation;
    private final ObservableList<String> categories = FXCollections.observableArrayList();
    private final ObservableList<String> projects = FXCollections.observableArrayList(ALL);
    private final TreeSet<String> projectNames = new TreeSet<>();
    private final ReadOnlyLongWrapper passedOver = new ReadOnlyLongWrapper();

    public EventLogViewModel() {
        categories.add(ALL);
        for (EventCategory c : EventCategory.values()) {
            categories.add(Words.category(c));
        }
        category.addListener((o, a, b) -> refilter());
        project.addListener((o, a, b) -> refilter());
        search.addListener((o, a, b) -> refilter());
    }

    /** The events shown change: what the last export saved no longer describes them, and is no longer said. */
    private void refilter() {
        visible.setPredicate(predicate());
        if (!exportFailed.get()) {
            exportOutcome.set("");
        }
    }

    private Predicate<EventRow> predicate() {
        String c = category.get();
        String p = project.get();
        String s = search.get() == null ? "" : search.get().strip().toLowerCase(Locale.ROOT);
        // Each word may be in any column ("Pulsar reported" finds Pulsar Hunt's "10 results reported"): it found
        // only the words together, within one column.
        List<String> words = s.isEmpty() ? List.of() : List.of(s.split("\\s+"));
        return r -> (c == null || c.equals(ALL) || r.getCategory().equals(c))
                && (p == null || p.equals(ALL) || r.getProject().equals(p))
                && words.stream().allMatch(r::contains);
    }

    /** Every row kept, newest first. */
    public ObservableList<EventRow> allRows() {
        return all;
    }

    /** The rows that pass the filters, newest first. */
    public ObservableList<EventRow> visibleRows() {
        return visible;
    }

    public ObjectProperty<String> categoryProperty() {
        return category;
    }

    public ObjectProperty<String> projectProperty() {
        return project;
    }

    public StringProperty searchProperty() {
        return search;
    }

    public ObservableList<String> categories() {
        return categories;
    }

    public ObservableList<String> projects() {
        return projects;
    }

    /** What the last export came to: "77 events saved to events.tsv", or why it failed; "" before any. */
    public ReadOnlyStringProperty exportOutcomeProperty() {
        return exportOutcome.getReadOnlyProperty();
    }

    /** Whether the last export failed. */
    public ReadOnlyBooleanProperty exportFailedProperty() {
        return exportFailed.getReadOnlyProperty();
    }

    /** Which events an export started now is of: it changes when they are forgotten (another emulation). */
    public long generation() {
        return generation;
    }

    /**
     * Says what an export of the events of {@code of} (a {@link #generation}) came to; nothing, if another emulation
     * has replaced them since it started (it said "77 events saved" beside the next computer's events).
     */
    public void exportDone(long of, String outcome, boolean failed) {
        if (of == generation) {
            exportOutcome.set(outcome);
            exportFailed.set(failed);
        }
    }

    /**
     * Forgets every event (another emulation starts) and what the last export came to, which was of the events
     * before; the filters stay as chosen, on "all" for projects.
     */
    public void clear() {
        generation++;
        exportOutcome.set("");
        exportFailed.set(false);
        all.clear();
        passedOver.set(0);
        projectNames.clear();
        projects.setAll(ALL);
        project.set(ALL);
    }

    /**
     * Adds {@code events} (oldest first), and counts {@code passedOver} more that came too many at once to be kept
     * on their way here.
     */
    public void add(List<EngineEvent> events, long passedOver) {
        this.passedOver.set(this.passedOver.get() + passedOver);
        if (events.isEmpty()) {
            return;
        }
        List<EventRow> rows = new ArrayList<>(events.size());
        for (EngineEvent e : events) {
            rows.add(new EventRow(e));
            if (!e.project().isEmpty() && projectNames.add(e.project())) {
                projects.add(1 + projectNames.headSet(e.project()).size(), e.project());
            }
        }
        Collections.reverse(rows);
        if (rows.size() > MAX_ROWS) {
            rows = rows.subList(0, MAX_ROWS);
        }
        int overflow = all.size() + rows.size() - MAX_ROWS;
        if (overflow > 0) {
            all.remove(all.size() - overflow, all.size());
        }
        all.addAll(0, rows);
    }

    /** Events of this emulation that never reached the log: too many came at once (at the fastest speeds). */
    public ReadOnlyLongProperty passedOverProperty() {
        return passedOver.getReadOnlyProperty();
    }

    /**
     * What the log holds, for its count: "8,339 events"; filtered, "3,276 of 20,000 events (the newest 20,000 are
     * kept); 6,468 more, of every kind and project, came too fast to show".
     */
    public String countText() {
        int shown = visible.size();
        int held = all.size();
        long lost = passedOver.get();
        String count = shown < held ? String.format(Locale.ROOT, "%,d of %,d events", shown, held)
                : String.format(Locale.ROOT, "%,d %s", held, held == 1 ? "event" : "events");
        return count + (isFull() ? String.format(Locale.ROOT, " (the newest %,d are kept)", MAX_ROWS) : "")
                + (lost > 0 ? String.format(Locale.ROOT, "; %,d more%s came too fast to show", lost,
                shown < held ? ", of every kind and project," : "") : "");
    }

    /** The newest event's time, emulated seconds; NaN while the log is empty. */
    public double newestTime() {
        return all.isEmpty() ? Double.NaN : all.get(0).eventTime();
    }

    /** Whether the log holds events of more than one year, so that the older ones show their year. */
    public boolean spansYears() {
        return !all.isEmpty() && !Format.sameYear(all.get(all.size() - 1).eventTime(), newestTime());
    }

    /** Whether the log is full, so that each new event drops the oldest. */
    public boolean isFull() {
        return all.size() >= MAX_ROWS;
    }

    /** The rows shown now, as text lines (take them on the FX thread, write them anywhere). */
    public List<String> visibleLines() {
        List<String> lines = new ArrayList<>(visible.size() + 1);
        lines.add(String.join("\t", "time", "category", "project", "task", "resource", "event", "detail"));
        for (EventRow r : visible) {
            lines.add(r.line());
        }
        return lines;
    }

    /** Writes {@code lines} to {@code file} (call off the FX thread). */
    public static void write(List<String> lines, Path file) throws IOException {
        AtomicFileWrite.replace(file, (String.join("\n", lines) + "\n").getBytes(StandardCharsets.UTF_8));
    }
}

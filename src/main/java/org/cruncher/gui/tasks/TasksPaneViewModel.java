package org.cruncher.gui.tasks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.TaskView;
import org.cruncher.gui.text.Words;

/**
 * The Tasks pane: one row per task, updated in place; filters for active tasks only and for tasks at risk of missing
 * their deadline (the deadline-risk view); suspend and resume.
 * The rows shown are kept by difference too: rows that came join and rows that went leave, and with a filter on,
 * rows the filter stopped showing (a task finished computing, or is safe again) leave and rows it now shows join;
 * each is one change of the list per update, and a task starting or stopping changes no list at all. (A list
 * observing each row's status would look through every row at each such change: 5,000 rows, a hundred changes a
 * second.) The view
 * re-sorts the rows shown once per update when {@link #orderRevisionProperty()} moves: rows joined, a status changed,
 * or the table is sorted by a column whose values change as tasks run (remaining time, say). Runs on the FX thread.
 */
public final class TasksPaneViewModel {

    private final ObservableList<TaskRow> rows = FXCollections.observableArrayList();
    private final ObservableList<TaskRow> visible = FXCollections.observableArrayList();
    private final Map<TaskRow.Key, TaskRow> byKey = new HashMap<>();
    private final BooleanProperty activeOnly = new SimpleBooleanProperty(false);
    private final BooleanProperty atRiskOnly = new SimpleBooleanProperty(false);
    private final ObjectProperty<TaskSort> sort = new SimpleObjectProperty<>(TaskSort.DEFAULT);
    private final ReadOnlyIntegerWrapper orderRevision = new ReadOnlyIntegerWrapper();
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper("Starting...");
    /** What the projects say about why there is no task (from the last snapshot). */
    private String noTasks = "Starting...";
    private final Consumer<EngineCommand> commands;
    /**
     * The rows in the last snapshot's order. The engine lists its tasks in a stable order, so an update walks this
     * beside the new snapshot and looks a task up by its key only where the two part (a task came or went).
     */
    private List<TaskRow> lastOrder = List.of();
    /** Counts the updates; each row remembers the last one that listed it. */
    private long generation;

    public TasksPaneViewModel(Consumer<EngineCommand> commands) {
        this.commands = commands;
        activeOnly.addListener((o, was, now) -> refilter());
        atRiskOnly.addListener((o, was, now) -> refilter());
        refilter();
    }

    private boolean filtering() {
        return activeOnly.get() || atRiskOnly.get();
    }

    /** Whether the filters let {@code r} be shown. */
    private boolean shown(TaskRow r) {
        return (!activeOnly.get() || r.activeProperty().get()) && (!atRiskOnly.get() || r.atRiskProperty().get());
    }

    private void refilter() {
        visible.setAll(filtering() ? rows.stream().filter(this::shown).toList() : rows);
        orderRevision.set(orderRevision.get() + 1);
        placeholder.set(placeholder());
    }

    /** Why the table is empty: no task at all (as the projects explain), or none the filters let through. */
    private String placeholder() {
        if (rows.isEmpty() || !filtering()) {
            return noTasks;
        }
        if (atRiskOnly.get()) {
            return activeOnly.get() ? "No active task is at risk of missing its deadline."
                    : "No task is at risk of missing its deadline.";
        }
        return "No active task: every task has finished computing, or you suspended it.";
    }

    /** The rows shown (after the filter), in the table's order: the view sorts this list. */
    public ObservableList<TaskRow> visibleRows() {
        return visible;
    }

    /** Every row, in the order the tasks first appeared. */
    public ObservableList<TaskRow> rows() {
        return rows;
    }

    public BooleanProperty activeOnlyProperty() {
        return activeOnly;
    }

    /** "Show tasks at risk only": those estimated to finish after their deadline, or too close to it. */
    public BooleanProperty atRiskOnlyProperty() {
        return atRiskOnly;
    }

    /** The table's sort order: the view keeps it as the user sorts, and sorts by it when it opens. */
    public ObjectProperty<TaskSort> sortProperty() {
        return sort;
    }

    /** The sort order and filters, as the window remembers them. */
    public TasksLayout layout() {
        return new TasksLayout(Optional.of(sort.get()), Optional.of(activeOnly.get()), Optional.of(atRiskOnly.get()));
    }

    /** Takes what {@code remembered} holds, before the view opens; the rest stays at the defaults. */
    public void restore(TasksLayout remembered) {
        remembered.sort().ifPresent(sort::set);
        remembered.activeOnly().ifPresent(activeOnly::set);
        remembered.atRiskOnly().ifPresent(atRiskOnly::set);
    }

    /** What the empty table says: why there is no task. */
    public ReadOnlyStringProperty placeholderProperty() {
        return placeholder.getReadOnlyProperty();
    }

    /** Moves whenever the rows' order may have to change. */
    public ReadOnlyIntegerProperty orderRevisionProperty() {
        return orderRevision.getReadOnlyProperty();
    }

    public void update(EngineSnapshot s) {
        assert Platform.isFxApplicationThread();
        double cpuFlops = s.host().cpuFlops();
        String notComputing = Words.notComputing(s);
        noTasks = Words.noTasks(s.projects());
        long now = ++generation;
        List<TaskRow> order = new ArrayList<>(s.tasks().size());
        List<TaskRow> added = new ArrayList<>();
        boolean reorder = false;
        int cursor = 0;
        for (TaskView t : s.tasks()) {
            TaskRow row = cursor < lastOrder.size() ? lastOrder.get(cursor) : null;
            if (row != null && row.shows(t)) {
                cursor++;
            } else {
                TaskRow.Key key = new TaskRow.Key(t.projectUrl(), t.name());
                row = byKey.get(key);
                if (row == null) {
                    row = new TaskRow(t);
                    byKey.put(key, row);
                    added.add(row);
                    reorder = true;
                } else if (row.seen != now) {
                    cursor = row.at + 1;
                }
            }
            if (row.seen != now) {
                row.seen = now;
                row.at = order.size();
                row.wasShown = shown(row);
                order.add(row);
            }
            reorder |= row.statusProperty().get() != t.status();
            row.update(t, s.time());
            row.updateTexts(t, cpuFlops, s.nextPeriodBoundary(), notComputing);
        }
        List<TaskRow> flipped = filtering() ? flipped(order, added) : List.of();
        Set<TaskRow> gone = order.size() != byKey.size() ? forgetGone(now) : Set.of();
        lastOrder = order;
        if (!gone.isEmpty()) {
            rows.removeAll(gone);
        }
        if (!added.isEmpty()) {
            rows.addAll(added);
        }
        reorder |= showChanges(added, gone, flipped) || sort.get().followsRunningValues();
        placeholder.set(placeholder());
        if (reorder) {
            orderRevision.set(orderRevision.get() + 1);
        }
    }

    /** The rows listed before that the filters now show and did not, or no longer show, after this update. */
    private List<TaskRow> flipped(List<TaskRow> order, List<TaskRow> added) {
        Set<TaskRow> fresh = new HashSet<>(added);
        List<TaskRow> flipped = new ArrayList<>();
        for (TaskRow r : order) {
            if (r.wasShown != shown(r) && !fresh.contains(r)) {
                flipped.add(r);
            }
        }
        return flipped;
    }

    /** Forgets the rows of the last update that update {@code now} did not list, and returns them. */
    private Set<TaskRow> forgetGone(long now) {
        Set<TaskRow> gone = new HashSet<>();
        for (TaskRow r : lastOrder) {
            if (r.seen != now) {
                gone.add(r);
                byKey.remove(new TaskRow.Key(r.projectUrl(), r.getName()));
            }
        }
        return gone;
    }

    /**
     * Brings the rows shown up to date, with at most one removal and one addition: rows that went, and (with a
     * filter on) rows it no longer shows, leave; rows that came, and rows it now shows, join at the end (the view then
     * sorts them into place). Returns whether rows joined.
     */
    private boolean showChanges(List<TaskRow> added, Set<TaskRow> gone, List<TaskRow> flipped) {
        Set<TaskRow> leave = new HashSet<>(gone);
        List<TaskRow> join = new ArrayList<>();
        for (TaskRow r : added) {
            if (shown(r)) {
                join.add(r);
            }
        }
        if (filtering()) {
            for (TaskRow r : flipped) {
                if (shown(r)) {
                    join.add(r);
                } else {
                    leave.add(r);
                }
            }
        }
        if (!leave.isEmpty()) {
            visible.removeAll(leave);
        }
        if (!join.isEmpty()) {
            visible.addAll(join);
        }
        return !join.isEmpty();
    }

    public void suspend(TaskRow row) {
        commands.accept(new EngineCommand.SetTaskSuspended(row.projectUrl(), row.getName(), true));
    }

    public void resume(TaskRow row) {
        commands.accept(new EngineCommand.SetTaskSuspended(row.projectUrl(), row.getName(), false));
    }
}

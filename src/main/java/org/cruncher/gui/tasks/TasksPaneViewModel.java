package org.cruncher.gui.tasks;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import javafx.application.Platform;
import javafx.beans.Observable;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.ReadOnlyIntegerProperty;
import javafx.beans.property.ReadOnlyIntegerWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.TaskView;
import org.cruncher.gui.text.Words;

/**
 * The Tasks pane: one row per task, updated in place; a filter for active tasks only; suspend and resume.
 * A row whose status changes is re-filtered at once (the list observes each row's status); the view re-sorts the
 * rows once per update when {@link #orderRevisionProperty()} moves (rows came or went, or a status changed).
 * Rows that came are added, and rows that went are removed, in one change of the list per update. Runs on the FX
 * thread.
 */
public final class TasksPaneViewModel {

    private final ObservableList<TaskRow> rows =
            FXCollections.observableArrayList(r -> new Observable[] {r.statusProperty()});
    private final FilteredList<TaskRow> visible = new FilteredList<>(rows);
    private final Map<TaskRow.Key, TaskRow> byKey = new HashMap<>();
    private final BooleanProperty activeOnly = new SimpleBooleanProperty(false);
    private final ReadOnlyIntegerWrapper orderRevision = new ReadOnlyIntegerWrapper();
    private final ReadOnlyStringWrapper placeholder = new ReadOnlyStringWrapper("Starting...");
    private final Consumer<EngineCommand> commands;
    /** Counts the updates; each row remembers the last one that listed it. */
    private long generation;

    public TasksPaneViewModel(Consumer<EngineCommand> commands) {
        this.commands = commands;
        activeOnly.addListener((o, was, now) -> refilter());
        refilter();
    }

    private void refilter() {
        boolean only = activeOnly.get();
        visible.setPredicate(only ? r -> r.statusProperty().get() != null && r.statusProperty().get().isActive()
                : r -> true);
    }

    /** The rows shown (after the filter). */
    public ObservableList<TaskRow> visibleRows() {
        return visible;
    }

    /** Every row. */
    public ObservableList<TaskRow> rows() {
        return rows;
    }

    public BooleanProperty activeOnlyProperty() {
        return activeOnly;
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
        placeholder.set(Words.noTasks(s.projects()));
        long now = ++generation;
        int seen = 0;
        List<TaskRow> added = new ArrayList<>();
        boolean reorder = false;
        for (TaskView t : s.tasks()) {
            TaskRow.Key key = new TaskRow.Key(t.projectUrl(), t.name());
            TaskRow row = byKey.get(key);
            if (row == null) {
                row = new TaskRow(t);
                byKey.put(key, row);
                added.add(row);
                reorder = true;
            }
            if (row.seen != now) {
                row.seen = now;
                seen++;
            }
            reorder |= row.statusProperty().get() != t.status();
            row.update(t);
            row.updateTexts(t, cpuFlops, s.nextPeriodBoundary());
        }
        if (!added.isEmpty()) {
            rows.addAll(added);
        }
        if (seen != byKey.size()) {
            Set<TaskRow> gone = new HashSet<>();
            byKey.values().removeIf(r -> r.seen != now && gone.add(r));
            rows.removeAll(gone);
        }
        if (reorder) {
            orderRevision.set(orderRevision.get() + 1);
        }
    }

    public void suspend(TaskRow row) {
        commands.accept(new EngineCommand.SetTaskSuspended(row.projectUrl(), row.getName(), true));
    }

    public void resume(TaskRow row) {
        commands.accept(new EngineCommand.SetTaskSuspended(row.projectUrl(), row.getName(), false));
    }
}

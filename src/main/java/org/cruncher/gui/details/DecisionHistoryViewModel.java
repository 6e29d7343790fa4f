package org.cruncher.gui.details;

import javafx.beans.property.ReadOnlyObjectProperty;
import javafx.beans.property.ReadOnlyObjectWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.beans.value.ObservableValue;
import javafx.collections.ObservableList;
import javafx.collections.transformation.FilteredList;

import org.cruncher.gui.events.EventRow;

/**
 * The decisions about what is selected (a project or a task), newest first in the view, each with its reason.
 * A view over the event log's rows.
 */
public final class DecisionHistoryViewModel {

    private final FilteredList<EventRow> items;
    private final ReadOnlyStringWrapper title = new ReadOnlyStringWrapper(LATEST);
    private final ReadOnlyStringWrapper explanation = new ReadOnlyStringWrapper("");
    private final ReadOnlyObjectWrapper<Double> focusTime = new ReadOnlyObjectWrapper<>();

    private static final String LATEST = "Latest decisions (select a project or a task to see only its own)";

    public DecisionHistoryViewModel(ObservableList<EventRow> events) {
        this.items = new FilteredList<>(events, r -> true);
    }

    /** Why the selected item is as it is now, in full ("" when nothing is selected). */
    public ReadOnlyStringProperty explanationProperty() {
        return explanation.getReadOnlyProperty();
    }

    /** Back to the latest decisions about everything. */
    public void showAll() {
        focusTime.set(null);
        title.set(LATEST);
        explanation.unbind();
        explanation.set("");
        items.setPredicate(r -> true);
    }

    /**
     * The latest decisions about everything, with the one in force at {@code time} to be shown and selected: a click
     * on the Timeline's row of the computer asks what happened then (the computer going off, say).
     */
    public void showAllAt(double time) {
        showAll();
        focusTime.set(time);
    }

    public ObservableList<EventRow> items() {
        return items;
    }

    public ReadOnlyStringProperty titleProperty() {
        return title.getReadOnlyProperty();
    }

    /** The decisions about {@code project}; {@code why} says why it is as it is now. */
    public void showProject(String project, ObservableValue<String> why) {
        focusTime.set(null);
        title.set("Decisions about project " + project);
        explanation.bind(why);
        items.setPredicate(r -> r.getProject().equals(project));
    }

    /**
     * The decisions about {@code project} as from {@link #showProject}, with the one in force at {@code time} (the
     * newest at or before it) to be shown and selected: a click on the Timeline asks about that moment, not now.
     */
    public void showProjectAt(String project, ObservableValue<String> why, double time) {
        showProject(project, why);
        focusTime.set(time);
    }

    /**
     * The moment whose decision the list should bring into view and select (null for none). Set anew by each
     * {@link #showProjectAt}, so that the view hears a second click at the same moment too.
     */
    public ReadOnlyObjectProperty<Double> focusTimeProperty() {
        return focusTime.getReadOnlyProperty();
    }

    /**
     * Where the decision in force at {@code time} is among the items (newest first): the first at or before it; -1 if
     * none is that old (the record of what ran may reach further back than the decisions, which a restart clears).
     */
    public int indexAt(double time) {
        for (int i = 0; i < items.size(); i++) {
            if (items.get(i).eventTime() <= time) {
                return i;
            }
        }
        return -1;
    }

    /**
     * One event of the log, whole, with the other decisions about its task (else its project, else everything), the
     * event itself shown and selected among them.
     */
    public void showEvent(EventRow event) {
        String project = event.getProject();
        String task = event.getTask();
        title.set("Event of " + event.getFullTime() + (task.isEmpty() ? project.isEmpty() ? ""
                : ", among the decisions about project " + project : ", among the decisions about task " + task));
        explanation.unbind();
        explanation.set(event.fullText());
        items.setPredicate(task.isEmpty() ? project.isEmpty() ? r -> true : r -> r.getProject().equals(project)
                : r -> r.getProject().equals(project) && r.getTask().equals(task));
        focusTime.set(event.eventTime());
    }

    /** The decisions about one task; {@code why} explains its state now. */
    public void showTask(String project, String task, ObservableValue<String> why) {
        focusTime.set(null);
        title.set("Decisions about task " + task + " (" + project + ")");
        explanation.bind(why);
        items.setPredicate(r -> r.getProject().equals(project) && r.getTask().equals(task));
    }
}

package org.cruncher.gui.tasks;

import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskView;

/** One row of the Tasks table, updated in place from each snapshot (properties fire only on change). */
public final class TaskRow {

    /** A deadline and whether the task is estimated to miss it; sorts by time. */
    public record Deadline(double time, boolean atRisk) implements Comparable<Deadline> {
        @Override
        public int compareTo(Deadline o) {
            return Double.compare(time, o.time);
        }
    }

    private final String projectUrl;
    private final String name;
    private final StringProperty project = new SimpleStringProperty();
    private final StringProperty application = new SimpleStringProperty();
    private final StringProperty resources = new SimpleStringProperty();
    private final ObjectProperty<TaskStatus> status = new SimpleObjectProperty<>();
    private final DoubleProperty progress = new SimpleDoubleProperty();
    private final DoubleProperty elapsed = new SimpleDoubleProperty();
    private final DoubleProperty remaining = new SimpleDoubleProperty();
    private final ObjectProperty<Deadline> deadline = new SimpleObjectProperty<>();
    private final StringProperty why = new SimpleStringProperty();
    private final StringProperty explanation = new SimpleStringProperty();

    TaskRow(TaskView t) {
        this.projectUrl = t.projectUrl();
        this.name = t.name();
    }

    static String key(String projectUrl, String name) {
        return projectUrl + '\n' + name;
    }

    String key() {
        return key(projectUrl, name);
    }

    void update(TaskView t, String whyText, String explanationText) {
        project.set(t.projectName());
        application.set(t.application());
        resources.set(t.resources());
        status.set(t.status());
        progress.set(t.fractionDone());
        elapsed.set(t.elapsed());
        remaining.set(t.remaining());
        Deadline d = new Deadline(t.deadline(), t.deadlineAtRisk());
        if (!d.equals(deadline.get())) {
            deadline.set(d);
        }
        why.set(whyText);
        explanation.set(explanationText);
    }

    public String projectUrl() {
        return projectUrl;
    }

    public String getName() {
        return name;
    }

    public StringProperty projectProperty() {
        return project;
    }

    public StringProperty applicationProperty() {
        return application;
    }

    public StringProperty resourcesProperty() {
        return resources;
    }

    public ObjectProperty<TaskStatus> statusProperty() {
        return status;
    }

    public DoubleProperty progressProperty() {
        return progress;
    }

    public DoubleProperty elapsedProperty() {
        return elapsed;
    }

    public DoubleProperty remainingProperty() {
        return remaining;
    }

    public ObjectProperty<Deadline> deadlineProperty() {
        return deadline;
    }

    public StringProperty whyProperty() {
        return why;
    }

    /** The Why in full, for a tooltip and the details pane. */
    public StringProperty explanationProperty() {
        return explanation;
    }
}

package org.cruncher.gui.projects;

import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import org.cruncher.engine.api.FetchView;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.ShareWords;
import org.cruncher.gui.text.Words;

/**
 * One row of the Projects table. Debts are kept as CPU seconds (work / one CPU's speed), formatted by the view.
 */
public final class ProjectRow {

    /**
     * What the project's share comes to on this host.
     *
     * @param fraction   its fair part of the host's work, 0..1 (the sort key)
     * @param cell       the cell's text, "9.6 %"
     * @param why        why, in a sentence (the tooltip)
     * @param belowShare true when the resources it can use cannot give it its share
     */
    public record Target(double fraction, String cell, String why, boolean belowShare) implements Comparable<Target> {
        @Override
        public int compareTo(Target o) {
            return Double.compare(fraction, o.fraction);
        }
    }

    private final String url;
    private final StringProperty name = new SimpleStringProperty();
    private final DoubleProperty share = new SimpleDoubleProperty();
    private final StringProperty sharePercent = new SimpleStringProperty();
    private final ObjectProperty<Target> target = new SimpleObjectProperty<>();
    private final DoubleProperty debt = new SimpleDoubleProperty();
    private final DoubleProperty anticipatedDebt = new SimpleDoubleProperty();
    private final DoubleProperty resourceDebt = new SimpleDoubleProperty();
    private final StringProperty status = new SimpleStringProperty();
    private final StringProperty why = new SimpleStringProperty();
    private final BooleanProperty suspended = new SimpleBooleanProperty();
    private final BooleanProperty noNewTasks = new SimpleBooleanProperty();
    private final BooleanProperty detaching = new SimpleBooleanProperty();
    private final Map<ResourceType, DoubleProperty> longTermDebt = new EnumMap<>(ResourceType.class);

    ProjectRow(String url) {
        this.url = url;
    }

    /**
     * @param tasks     the project's own tasks, for what keeps them waiting on each processor
     * @param computing whether the host computes now (its running tasks are held while it does not)
     */
    void update(ProjectView p, List<TaskView> tasks, double cpuFlops, double now, boolean online,
                String notComputing) {
        boolean computing = notComputing == null;
        name.set(p.name());
        share.set(p.resourceShare());
        sharePercent.set(Format.sharePercent(p.shareFraction()));
        Target t = new Target(p.target().fraction(), ShareWords.cell(p.target()), ShareWords.explain(p),
                p.target().reach() == ShareTarget.Reach.CONFINED);
        if (!t.equals(target.get())) {
            target.set(t);
        }
        debt.set(p.debt() / cpuFlops);
        anticipatedDebt.set(p.anticipatedDebt() / cpuFlops);
        resourceDebt.set(p.contact().resourceDebt() * 3600);
        status.set(Words.status(p, now, computing));
        why.set(Words.why(p, tasks, cpuFlops, now, online, notComputing));
        suspended.set(p.suspended());
        noNewTasks.set(p.noNewTasks());
        detaching.set(p.detachWhenDone());
        Map<ResourceType, Double> debts = new EnumMap<>(ResourceType.class);
        for (FetchView f : p.fetch()) {
            debts.put(f.resource(), f.longTermDebt());
        }
        longTermDebt.forEach((type, debt) -> debt.set(debts.getOrDefault(type, Double.NaN)));
        debts.forEach((type, debt) -> longTermDebtProperty(type).set(debt));
    }

    public String url() {
        return url;
    }

    public StringProperty nameProperty() {
        return name;
    }

    public DoubleProperty shareProperty() {
        return share;
    }

    public StringProperty sharePercentProperty() {
        return sharePercent;
    }

    /** What the share comes to on this host, and why. */
    public ObjectProperty<Target> targetProperty() {
        return target;
    }

    /** Debt as CPU seconds. */
    public DoubleProperty debtProperty() {
        return debt;
    }

    /** Anticipated debt as CPU seconds. */
    public DoubleProperty anticipatedDebtProperty() {
        return anticipatedDebt;
    }

    /** Seed 002's resource debt: share per exponentially averaged CPU hour (infinite before any CPU time). */
    public DoubleProperty resourceDebtProperty() {
        return resourceDebt;
    }

    public StringProperty statusProperty() {
        return status;
    }

    public StringProperty whyProperty() {
        return why;
    }

    public BooleanProperty suspendedProperty() {
        return suspended;
    }

    public BooleanProperty noNewTasksProperty() {
        return noNewTasks;
    }

    /** Whether the project is to be removed when its tasks are done: "no new tasks" it keeps, whatever is clicked. */
    public BooleanProperty detachingProperty() {
        return detaching;
    }

    /** Seed 003's long-term debt for one resource, instance-seconds (NaN if the project has no app for it). */
    public DoubleProperty longTermDebtProperty(ResourceType type) {
        return longTermDebt.computeIfAbsent(type, t -> new SimpleDoubleProperty(Double.NaN));
    }
}

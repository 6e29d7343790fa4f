package org.cruncher.gui.tasks;

import java.util.Objects;

import javafx.beans.binding.Bindings;
import javafx.beans.binding.StringBinding;
import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.ObjectProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleObjectProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;
import javafx.beans.value.ObservableStringValue;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskView;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;

/** One row of the Tasks table, updated in place from each snapshot (properties fire only on change). */
public final class TaskRow {

    /**
     * A deadline, whether the task is estimated to miss it, and when the scheduler's forecast expects it to finish
     * (NaN if it has no end for it); sorts by time.
     *
     * @param otherYear whether it falls in another year than the snapshot's time, so that it is shown with its year
     * @param passed    whether it passed before the snapshot's time with the task not done computing: late, not at risk
     * @param status    the task's status, which says what being late means for it
     */
    public record Deadline(double time, boolean atRisk, double expectedEnd, boolean otherYear, boolean passed,
                           TaskStatus status) implements Comparable<Deadline> {

        /** "3 Jan 14:05", or "3 Jan 2027 14:05" in another year than now. */
        public String shown() {
            return otherYear ? Format.shortDateTimeWithYear(time) : Format.shortDateTime(time);
        }

        @Override
        public int compareTo(Deadline o) {
            return Double.compare(time, o.time);
        }
    }

    /**
     * When the task is expected to finish (NaN if the forecast has no end for it) and its deadline; sorts by that
     * time, a task without one as later than any (last in ascending order). The end is the scheduler's forecast's,
     * but for a running task in deadline rescue, which keeps its processor: its remaining time from now.
     *
     * @param forecastEnd    the forecast's end, which for a rescued task is later than its end and put it first
     * @param atRisk         whether the forecast shown has it or another task of its project late or too close to its
     *                       deadline, or it is in deadline rescue
     * @param laterThanAlone for a running task, how much later than its remaining time alone the forecast has it end,
     *                       in whole minutes (0 otherwise): the forecast gives its project only its share of the
     *                       processors, and users asked why "15 min remaining" finishes half an hour later
     * @param runsFirst      whether it runs first in line to meet its deadline (deadline rescue), so that
     *                       it keeps its processor until it ends, sooner than the forecast has it
     * @param otherYear      whether the end falls in another year than the snapshot's time, so that it is shown with
     *                       its year
     */
    public record Finish(double end, double forecastEnd, double deadline, boolean atRisk, double laterThanAlone,
                         boolean runsFirst, boolean otherYear) implements Comparable<Finish> {

        /** A task's finish as the snapshot at {@code now} has it. */
        static Finish of(TaskView t, double now) {
            double later = t.status() == TaskStatus.RUNNING && !Double.isNaN(t.expectedEnd())
                    ? Math.floor((t.expectedEnd() - (now + t.remaining())) / 60) * 60 : 0;
            boolean runsFirst = t.status() == TaskStatus.RUNNING
                    && (t.verdict().reason() == TaskReason.RUNNING_DEADLINE_RISK
                    || t.verdict().reason() == TaskReason.RUNNING_PAST_DEADLINE);
            // Rescued, it keeps its processor: it ends when its remaining time says, not at the forecast's later end
            // (the cell showed 10:32 beside a tooltip saying it ends about 10:00).
            double end = runsFirst && later > 0 ? now + t.remaining() : t.expectedEnd();
            return new Finish(end, t.expectedEnd(), t.deadline(), t.deadlineAtRisk(), later >= 120 ? later : 0,
                    runsFirst, inAnotherYear(end, now));
        }

        /**
         * "3 Jan 14:05", or "3 Jan 2027 14:05" in another year than now; "* 3 Jan 14:05" for a running task the
         * forecast has end later than its remaining time alone says (beside "12 min" remaining, "07:18" looked wrong),
         * marked first so that a narrow column keeps the mark. Not for a task in deadline rescue, which keeps its
         * processor and ends as its remaining time says.
         */
        public String shown() {
            String at = otherYear ? Format.shortDateTimeWithYear(end) : Format.shortDateTime(end);
            return laterThanAlone > 0 && !runsFirst ? "* " + at : at;
        }

        /** Whether it is expected to finish after its deadline. */
        public boolean late() {
            return end > deadline;
        }

        @Override
        public int compareTo(Finish o) {
            return Double.compare(end, o.end);
        }
    }

    /** A task's identity: its project and name. */
    record Key(String projectUrl, String name) {
    }

    private final String projectUrl;
    private final String name;
    private final StringProperty project = new SimpleStringProperty();
    private final StringProperty application = new SimpleStringProperty();
    private final StringProperty resources = new SimpleStringProperty();
    private final ObjectProperty<TaskStatus> status = new SimpleObjectProperty<>();
    private final BooleanProperty active = new SimpleBooleanProperty();
    private final DoubleProperty progress = new SimpleDoubleProperty();
    private final DoubleProperty elapsed = new SimpleDoubleProperty();
    private final DoubleProperty remaining = new SimpleDoubleProperty();
    private final ObjectProperty<Deadline> deadline = new SimpleObjectProperty<>();
    private final ObjectProperty<Finish> finish = new SimpleObjectProperty<>();
    private final BooleanProperty atRisk = new SimpleBooleanProperty();
    private final ObjectProperty<TaskView> textSource = new SimpleObjectProperty<>();
    private double cpuFlops = 1;
    private double nextPeriodBoundary;
    /** Why the host does not compute, or null while it does (see {@link Words#notComputing}). */
    private String notComputing;
    private final StringBinding why = Bindings.createStringBinding(
            () -> textSource.get() == null ? "" : Words.why(textSource.get(), cpuFlops, nextPeriodBoundary,
                    notComputing),
            textSource);
    private final StringBinding explanation = Bindings.createStringBinding(
            () -> textSource.get() == null ? "" : Words.explain(textSource.get(), cpuFlops, nextPeriodBoundary,
                    notComputing),
            textSource);
    private TaskView textOf;
    /** The last update of the Tasks pane that listed this task (kept by the pane's view model). */
    long seen;
    /** This row's place in that update's order of tasks. */
    int at;
    /** Whether the filter showed the task before that update (to tell which rows it must now show or hide). */
    boolean wasShown;

    TaskRow(TaskView t) {
        this.projectUrl = t.projectUrl();
        this.name = t.name();
    }

    /**
     * Points the Why texts at {@code t} if what they say may have changed (its verdict, status, report time or
     * expected finish, or the period boundary they mention). The texts are built lazily, only for the rows someone looks at.
     */
    void updateTexts(TaskView t, double flopsPerCpu, double boundary, String hostNotComputing) {
        TaskView was = textOf;
        if (was == null || !Objects.equals(was.verdict(), t.verdict()) || was.status() != t.status()
                || Double.compare(was.reportDue(), t.reportDue()) != 0
                || Double.compare(was.expectedEnd(), t.expectedEnd()) != 0
                || Double.compare(nextPeriodBoundary, boundary) != 0
                || !Objects.equals(notComputing, hostNotComputing)) {
            textOf = t;
            cpuFlops = flopsPerCpu;
            nextPeriodBoundary = boundary;
            notComputing = hostNotComputing;
            textSource.set(t);
            // The same task may come again with only the host changed: the texts are read anew all the same.
            why.invalidate();
            explanation.invalidate();
        }
    }

    /** Whether {@code time} is to be shown with its year: a finite time in another year than {@code now}. */
    private static boolean inAnotherYear(double time, double now) {
        return Double.isFinite(time) && Double.isFinite(now) && !Format.sameYear(time, now);
    }

    void update(TaskView t, double now) {
        project.set(t.projectName());
        application.set(t.application());
        resources.set(t.resources());
        status.set(t.status());
        active.set(t.status().isActive());
        progress.set(t.fractionDone());
        elapsed.set(t.elapsed());
        remaining.set(t.remaining());
        atRisk.set(t.deadlineAtRisk());
        Deadline d = new Deadline(t.deadline(), t.deadlineAtRisk(), t.expectedEnd(), inAnotherYear(t.deadline(), now),
                t.deadlineAtRisk() && t.deadline() < now, t.status());
        if (!d.equals(deadline.get())) {
            deadline.set(d);
        }
        Finish f = Finish.of(t, now);
        if (!f.equals(finish.get())) {
            finish.set(f);
        }
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

    /**
     * Whether the task is still to be computed ({@link TaskStatus#isActive()}): what "Show active tasks only" shows.
     * It changes far less often than the status: a task starting or stopping stays active.
     */
    public BooleanProperty activeProperty() {
        return active;
    }

    /** Whether this row shows {@code t}: the same project and task name. */
    boolean shows(TaskView t) {
        return name.equals(t.name()) && projectUrl.equals(t.projectUrl());
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

    /** When the scheduler's forecast expects the task to finish, beside its deadline. */
    public ObjectProperty<Finish> finishProperty() {
        return finish;
    }

    /** Whether the task is estimated to finish after its deadline (or too close to it): what "at risk only" shows. */
    public BooleanProperty atRiskProperty() {
        return atRisk;
    }

    public ObservableStringValue whyProperty() {
        return why;
    }

    /** The Why in full, for a tooltip and the details pane. */
    public ObservableStringValue explanationProperty() {
        return explanation;
    }
}

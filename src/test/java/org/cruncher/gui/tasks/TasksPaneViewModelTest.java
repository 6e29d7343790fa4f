package org.cruncher.gui.tasks;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import javafx.collections.ListChangeListener;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.extension.ExtendWith;
import org.testfx.api.FxRobot;
import org.testfx.framework.junit5.ApplicationExtension;

import org.cruncher.engine.api.DriverStatus;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.HostView;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.text.Format;

/** The Tasks pane's rows follow the snapshots by difference: rows kept in place, one list change per update. */
@ExtendWith(ApplicationExtension.class)
class TasksPaneViewModelTest {

    private final TasksPaneViewModel model = new TasksPaneViewModel(c -> { });

    private static TaskView task(String name, TaskStatus status, double done) {
        return new TaskView("http://a/", "A", name, "app", "1 CPU", ResourceType.CPU, status,
                new TaskVerdict(status == TaskStatus.RUNNING ? TaskReason.RUNNING_HIGHEST_DEBT
                        : TaskReason.WAITING_LOWER_DEBT, ResourceType.CPU, 1, "", 0),
                done, 100 * done, 100 * (1 - done), 0, 86400, false, Double.NaN, Double.NaN);
    }

    /** A waiting task due at 86400 that the forecast expects to finish at {@code end}, at risk or not. */
    private static TaskView due(String name, TaskStatus status, double end, boolean atRisk) {
        return new TaskView("http://a/", "A", name, "app", "1 CPU", ResourceType.CPU, status,
                new TaskVerdict(TaskReason.WAITING_LOWER_DEBT, ResourceType.CPU, 1, "", 0), 0, 0, 3600, 0, 86400,
                atRisk, end, Double.NaN);
    }

    private static EngineSnapshot snapshot(TaskView... tasks) {
        return new EngineSnapshot(0, 3600, true, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, List.of(), List.of(), List.of(tasks), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0,
                null, null, List.of(), null, null);
    }

    private static List<String> names(List<TaskRow> rows) {
        return rows.stream().map(TaskRow::getName).toList();
    }

    @Test
    void rowsThatCameAndWentAreOneChangeEachAndTheOthersStayInPlace(FxRobot robot) {
        robot.interact(() -> model.update(snapshot(task("t1", TaskStatus.RUNNING, 0.1),
                task("t2", TaskStatus.READY_TO_START, 0), task("t3", TaskStatus.READY_TO_START, 0))));
        TaskRow t2 = model.rows().get(1);
        TaskRow t3 = model.rows().get(2);
        List<String> added = new ArrayList<>();
        List<String> removed = new ArrayList<>();
        AtomicInteger changes = new AtomicInteger();
        model.rows().addListener((ListChangeListener<TaskRow>) c -> {
            changes.incrementAndGet();
            while (c.next()) {
                added.addAll(names(new ArrayList<>(c.getAddedSubList())));
                c.getRemoved().forEach(r -> removed.add(r.getName()));
            }
        });
        int revision = model.orderRevisionProperty().get();

        // t1 was reported (gone), t3 started, t4 and t5 arrived.
        robot.interact(() -> model.update(snapshot(task("t2", TaskStatus.READY_TO_START, 0),
                task("t3", TaskStatus.RUNNING, 0.05), task("t4", TaskStatus.READY_TO_START, 0),
                task("t5", TaskStatus.READY_TO_START, 0))));

        assertEquals(List.of("t2", "t3", "t4", "t5"), names(model.rows()));
        assertSame(t2, model.rows().get(0));
        assertSame(t3, model.rows().get(1));
        assertEquals(TaskStatus.RUNNING, t3.statusProperty().get());
        assertEquals(0.05, t3.progressProperty().get(), 1e-12);
        assertEquals(List.of("t4", "t5"), added);
        assertEquals(List.of("t1"), removed);
        // one change for the row that went and one for the rows that came; t3 starting changes no list
        assertEquals(2, changes.get());
        assertTrue(model.orderRevisionProperty().get() > revision, "the order may have changed");
        assertEquals(4, model.visibleRows().size());
    }

    @Test
    void tasksListedInAnotherOrderOrBesideNewOnesKeepTheirRows(FxRobot robot) {
        robot.interact(() -> model.update(snapshot(task("t1", TaskStatus.RUNNING, 0.1),
                task("t2", TaskStatus.READY_TO_START, 0), task("t3", TaskStatus.READY_TO_START, 0),
                task("t4", TaskStatus.READY_TO_START, 0))));
        List<TaskRow> before = List.copyOf(model.rows());

        // t2 went, t5 came between t1 and t3, and t4 is now listed first: every kept task keeps its row.
        robot.interact(() -> model.update(snapshot(task("t4", TaskStatus.READY_TO_START, 0),
                task("t1", TaskStatus.RUNNING, 0.2), task("t5", TaskStatus.READY_TO_START, 0),
                task("t3", TaskStatus.READY_TO_START, 0))));

        assertEquals(List.of("t1", "t3", "t4", "t5"), names(model.rows()));
        assertSame(before.get(0), model.rows().get(0));
        assertSame(before.get(2), model.rows().get(1));
        assertSame(before.get(3), model.rows().get(2));
        assertEquals(0.2, model.rows().get(0).progressProperty().get(), 1e-12);

        // The same tasks again, in that new order: nothing comes or goes.
        AtomicInteger changes = new AtomicInteger();
        model.rows().addListener((ListChangeListener<TaskRow>) c -> changes.incrementAndGet());
        robot.interact(() -> model.update(snapshot(task("t4", TaskStatus.READY_TO_START, 0),
                task("t1", TaskStatus.RUNNING, 0.3), task("t5", TaskStatus.READY_TO_START, 0),
                task("t3", TaskStatus.READY_TO_START, 0))));
        assertEquals(0, changes.get());
        assertEquals(0.3, before.get(0).progressProperty().get(), 1e-12);
    }

    @Test
    void withActiveOnlyAFinishedTaskLeavesAndStartingOrStoppingChangesNoList(FxRobot robot) {
        robot.interact(() -> model.update(snapshot(task("t1", TaskStatus.RUNNING, 0.9),
                task("t2", TaskStatus.READY_TO_START, 0), task("t3", TaskStatus.READY_TO_REPORT, 1))));
        robot.interact(() -> model.activeOnlyProperty().set(true));
        assertEquals(List.of("t1", "t2"), names(model.visibleRows()));
        AtomicInteger changes = new AtomicInteger();
        model.visibleRows().addListener((ListChangeListener<TaskRow>) c -> changes.incrementAndGet());

        // t1 is preempted and t2 starts: both stay active, so neither list changes.
        robot.interact(() -> model.update(snapshot(task("t1", TaskStatus.PREEMPTED, 0.9),
                task("t2", TaskStatus.RUNNING, 0.01), task("t3", TaskStatus.READY_TO_REPORT, 1))));
        assertEquals(0, changes.get());

        // t1 finishes (no longer active) and t4 arrives already finished: t1 leaves, t4 never shows.
        robot.interact(() -> model.update(snapshot(task("t1", TaskStatus.READY_TO_REPORT, 1),
                task("t2", TaskStatus.RUNNING, 0.02), task("t3", TaskStatus.READY_TO_REPORT, 1),
                task("t4", TaskStatus.READY_TO_REPORT, 1))));
        assertEquals(List.of("t2"), names(model.visibleRows()));
        assertEquals(1, changes.get());

        robot.interact(() -> model.activeOnlyProperty().set(false));
        assertEquals(List.of("t1", "t2", "t3", "t4"), names(model.visibleRows()));
    }

    @Test
    void aTaskListedTwiceInOneUpdateIsShownOnce(FxRobot robot) {
        robot.interact(() -> model.update(snapshot(task("t1", TaskStatus.READY_TO_REPORT, 1),
                task("t2", TaskStatus.RUNNING, 0.5))));
        robot.interact(() -> model.activeOnlyProperty().set(true));
        assertEquals(List.of("t2"), names(model.visibleRows()));

        // t1 is listed finished and then running, and the new t3 likewise: each row shows once, as its last listing
        // says (active), and the rows are not doubled either.
        robot.interact(() -> model.update(snapshot(task("t1", TaskStatus.READY_TO_REPORT, 1),
                task("t2", TaskStatus.RUNNING, 0.6), task("t1", TaskStatus.RUNNING, 0.9),
                task("t3", TaskStatus.READY_TO_REPORT, 1), task("t3", TaskStatus.RUNNING, 0.1))));

        assertEquals(List.of("t1", "t2", "t3"), model.visibleRows().stream().map(TaskRow::getName).sorted().toList());
        assertEquals(List.of("t1", "t2", "t3"), names(model.rows()));
    }

    @Test
    void anUnchangedSnapshotChangesNothing(FxRobot robot) {
        EngineSnapshot s = snapshot(task("t1", TaskStatus.RUNNING, 0.1), task("t2", TaskStatus.READY_TO_START, 0));
        robot.interact(() -> model.update(s));
        TaskRow t1 = model.rows().get(0);
        String why = t1.whyProperty().get();
        AtomicInteger fired = new AtomicInteger();
        model.rows().addListener((ListChangeListener<TaskRow>) c -> fired.incrementAndGet());
        t1.progressProperty().addListener(o -> fired.incrementAndGet());
        t1.statusProperty().addListener(o -> fired.incrementAndGet());
        t1.deadlineProperty().addListener(o -> fired.incrementAndGet());
        t1.whyProperty().addListener(o -> fired.incrementAndGet());
        int revision = model.orderRevisionProperty().get();

        robot.interact(() -> model.update(snapshot(task("t1", TaskStatus.RUNNING, 0.1),
                task("t2", TaskStatus.READY_TO_START, 0))));

        assertEquals(0, fired.get());
        assertEquals(revision, model.orderRevisionProperty().get());
        assertEquals(why, t1.whyProperty().get());
    }

    @Test
    void aNewVerdictRewritesTheWhy(FxRobot robot) {
        robot.interact(() -> model.update(snapshot(task("t1", TaskStatus.READY_TO_START, 0))));
        TaskRow t1 = model.rows().get(0);
        String waiting = t1.whyProperty().get();

        robot.interact(() -> model.update(snapshot(task("t1", TaskStatus.RUNNING, 0))));

        assertTrue(!waiting.equals(t1.whyProperty().get()) && t1.whyProperty().get().startsWith("Running"),
                t1.whyProperty().get());
    }

    @Test
    void atRiskOnlyShowsTheTasksThatWouldMissTheirDeadlineAsTheyBecomeAtRiskOrSafe(FxRobot robot) {
        // Due at 86400: t1 expected at 90000 (an hour late, at risk), t2 at 50000 (safe), t3 finished.
        robot.interact(() -> model.update(snapshot(due("t1", TaskStatus.READY_TO_START, 90000, true),
                due("t2", TaskStatus.READY_TO_START, 50000, false), task("t3", TaskStatus.READY_TO_REPORT, 1))));
        robot.interact(() -> model.atRiskOnlyProperty().set(true));
        assertEquals(List.of("t1"), names(model.visibleRows()));
        AtomicInteger changes = new AtomicInteger();
        model.visibleRows().addListener((ListChangeListener<TaskRow>) c -> changes.incrementAndGet());

        // t1 runs and is safe again; t2 now would be late: one leaves and one joins, one change each.
        robot.interact(() -> model.update(snapshot(due("t1", TaskStatus.RUNNING, 80000, false),
                due("t2", TaskStatus.READY_TO_START, 88000, true), task("t3", TaskStatus.READY_TO_REPORT, 1))));
        assertEquals(List.of("t2"), names(model.visibleRows()));
        assertEquals(2, changes.get());

        // With "active only" too, both filters hold: t2 is active and at risk, so it stays.
        robot.interact(() -> model.activeOnlyProperty().set(true));
        assertEquals(List.of("t2"), names(model.visibleRows()));
        robot.interact(() -> model.atRiskOnlyProperty().set(false));
        assertEquals(List.of("t1", "t2"), names(model.visibleRows()));
    }

    @Test
    void eachRowKeepsItsExpectedFinishBesideItsDeadline(FxRobot robot) {
        // Expected at 90000 against a deadline of 86400: an hour late. No end (NaN) sorts after any end.
        robot.interact(() -> model.update(snapshot(due("t1", TaskStatus.READY_TO_START, 90000, true),
                due("t2", TaskStatus.READY_TO_START, Double.NaN, false))));
        TaskRow.Finish late = model.rows().get(0).finishProperty().get();
        TaskRow.Finish none = model.rows().get(1).finishProperty().get();

        assertEquals(90000, late.end(), 0);
        assertEquals(86400, late.deadline(), 0);
        assertTrue(late.late());
        assertTrue(!none.late());
        assertTrue(late.compareTo(none) < 0);
        assertEquals(90000, model.rows().get(0).deadlineProperty().get().expectedEnd(), 0);
        assertTrue(model.rows().get(0).atRiskProperty().get());
    }

    /** A deadline or an expected finish in another year than now shows its year; one in this year does not. */
    @Test
    void aDeadlineInTheNextYearShowsItsYear(FxRobot robot) {
        // Now 1 Jul 2026 12:00 UTC. t1 is due 10 days on and expected 2 days later (still 2026 in every time zone);
        // t2 is due 200 days on, 17 Jan 2027, and expected a day later, 18 Jan 2027.
        double now = 1_782_907_200;
        double day = 86_400;
        TaskView soon = withDeadline(due("t1", TaskStatus.READY_TO_START, now + 12 * day, false), now + 10 * day);
        TaskView next = withDeadline(due("t2", TaskStatus.READY_TO_START, now + 201 * day, false), now + 200 * day);
        robot.interact(() -> model.update(new EngineSnapshot(now, now + 3600, true, true,
                new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()), Prefs.DEFAULTS, List.of(), List.of(),
                List.of(soon, next), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0, null, null, List.of(), null,
                null)));

        assertEquals(Format.shortDateTime(now + 10 * day), model.rows().get(0).deadlineProperty().get().shown());
        assertEquals(Format.shortDateTime(now + 12 * day), model.rows().get(0).finishProperty().get().shown());
        // (A day later east of UTC+12, where 12:00 UTC is past midnight.)
        assertTrue(model.rows().get(1).deadlineProperty().get().shown().matches("1[78] Jan 2027 \\d\\d:\\d\\d"));
        assertTrue(model.rows().get(1).finishProperty().get().shown().matches("1[89] Jan 2027 \\d\\d:\\d\\d"));
    }

    /**
     * A task past its deadline (due at -100, now 0) is late; its Deadline keeps its status, which says what being late
     * means for it (one the user suspended does not run first until resumed).
     */
    @Test
    void aLateTaskKnowsWhatKeepsItFromRunningFirst(FxRobot robot) {
        robot.interact(() -> model.update(snapshot(
                withDeadline(due("t1", TaskStatus.SUSPENDED_BY_USER, Double.NaN, true), -100),
                withDeadline(due("t2", TaskStatus.READY_TO_START, 3600, true), -100))));

        TaskRow.Deadline suspended = model.rows().get(0).deadlineProperty().get();
        TaskRow.Deadline ready = model.rows().get(1).deadlineProperty().get();
        assertTrue(suspended.passed() && ready.passed());
        assertEquals(TaskStatus.SUSPENDED_BY_USER, suspended.status());
        assertEquals(TaskStatus.READY_TO_START, ready.status());
    }

    private static TaskView withDeadline(TaskView t, double deadline) {
        return new TaskView(t.projectUrl(), t.projectName(), t.name(), t.application(), t.resources(), t.resource(),
                t.status(), t.verdict(), t.fractionDone(), t.elapsed(), t.remaining(), t.received(), deadline,
                t.deadlineAtRisk(), t.expectedEnd(), t.reportDue());
    }

    @Test
    void aRunningTaskKnowsHowMuchLaterThanItsRemainingTimeTheForecastEndsIt(FxRobot robot) {
        // At time 0 with 3600 s remaining: alone it would end at 3600. Forecast at 4590, 990 s later: 16 whole
        // minutes (960 s). At 3690 the 90 s are under the 2 minutes worth a word: 0. A waiting task's later end is
        // its wait, not a slower run: 0 too.
        robot.interact(() -> model.update(snapshot(due("t1", TaskStatus.RUNNING, 4590, false),
                due("t2", TaskStatus.RUNNING, 3690, true), due("t3", TaskStatus.READY_TO_START, 9000, false))));

        assertEquals(960, model.rows().get(0).finishProperty().get().laterThanAlone(), 0);
        assertEquals(0, model.rows().get(1).finishProperty().get().laterThanAlone(), 0);
        assertTrue(model.rows().get(1).finishProperty().get().atRisk());
        assertEquals(0, model.rows().get(2).finishProperty().get().laterThanAlone(), 0);
        // The cell marks the later end, so that it does not look like a mistake beside the remaining time.
        assertEquals("* " + Format.shortDateTime(4590), model.rows().get(0).finishProperty().get().shown());
        assertEquals(Format.shortDateTime(3690), model.rows().get(1).finishProperty().get().shown());
    }

    @Test
    void aRunningTaskInDeadlineRescueShowsWhenItEndsKeepingItsProcessor(FxRobot robot) {
        // tight-deadlines: at time 0 with 3600 s remaining, the forecast at its project's share ends it at 5520 (32
        // min later), which put it first; running first it keeps its CPU and ends at 3600. The cell showed 5520,
        // unmarked, beside a tooltip saying it ends about 01:00.
        TaskView d = due("t1", TaskStatus.RUNNING, 5520, true);
        TaskView rescued = new TaskView(d.projectUrl(), d.projectName(), d.name(), d.application(), d.resources(),
                d.resource(), d.status(), new TaskVerdict(TaskReason.RUNNING_DEADLINE_RISK, ResourceType.CPU, 0, null,
                Double.NaN), d.fractionDone(), d.elapsed(), d.remaining(), d.received(), d.deadline(),
                d.deadlineAtRisk(), d.expectedEnd(), d.reportDue());
        robot.interact(() -> model.update(snapshot(rescued)));

        TaskRow.Finish f = model.rows().get(0).finishProperty().get();
        assertEquals(3600, f.end());
        assertEquals(5520, f.forecastEnd());
        assertEquals(1920, f.laterThanAlone(), 0);
        assertEquals(Format.shortDateTime(3600), f.shown());
    }

    @Test
    void anEmptyFilteredTableSaysWhatTheFilterFoundNone(FxRobot robot) {
        // One safe task: shown without filters; with "at risk only" the table is empty, and says why.
        robot.interact(() -> model.update(snapshot(due("t1", TaskStatus.READY_TO_START, 50000, false))));
        String unfiltered = model.placeholderProperty().get();

        robot.interact(() -> model.atRiskOnlyProperty().set(true));
        assertEquals(List.of(), names(model.visibleRows()));
        assertEquals("No task is at risk of missing its deadline.", model.placeholderProperty().get());
        robot.interact(() -> model.activeOnlyProperty().set(true));
        assertEquals("No active task is at risk of missing its deadline.", model.placeholderProperty().get());

        robot.interact(() -> {
            model.atRiskOnlyProperty().set(false);
            model.activeOnlyProperty().set(false);
        });
        assertEquals(unfiltered, model.placeholderProperty().get());
    }

    @Test
    void aNewExpectedFinishRewritesTheExplanation(FxRobot robot) {
        // Same verdict and status; only the forecast's end moves (50000 -> 90000): the explanation follows it.
        robot.interact(() -> model.update(snapshot(due("t1", TaskStatus.READY_TO_START, 50000, false))));
        TaskRow t1 = model.rows().get(0);
        String before = t1.explanationProperty().get();

        robot.interact(() -> model.update(snapshot(due("t1", TaskStatus.READY_TO_START, 90000, true))));

        assertTrue(before.contains("before its deadline"), before);
        assertTrue(t1.explanationProperty().get().contains("1 h 00 min after its deadline"),
                t1.explanationProperty().get());
    }

    /**
     * A task suspended with the rest of the host says why the host does not compute, as the status bar does: the
     * emulated computer off, then on but not allowed to compute. Its row's texts follow the host alone.
     */
    @Test
    void aTaskSuspendedWithTheHostSaysWhy(FxRobot robot) {
        TaskView t = new TaskView("http://a/", "A", "a_1", "app", "1 CPU", ResourceType.CPU,
                TaskStatus.COMPUTING_SUSPENDED, TaskVerdict.of(TaskReason.COMPUTING_SUSPENDED, ResourceType.CPU), 0.5,
                50, 50, 0, 86400, false, Double.NaN, Double.NaN);
        robot.interact(() -> model.update(notComputing(t, false)));
        TaskRow row = model.rows().get(0);
        assertEquals("Computing is suspended (computer off)", row.whyProperty().get());
        assertEquals("Computing is suspended (computer off).", row.explanationProperty().get());

        robot.interact(() -> model.update(notComputing(t, true)));
        assertEquals("Computing is suspended (not allowed now)", row.whyProperty().get());
    }

    /** {@code t} alone, the host not computing; the emulated computer on or off. */
    private static EngineSnapshot notComputing(TaskView t, boolean hostOn) {
        return new EngineSnapshot(0, 3600, false, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, List.of(), List.of(), List.of(t), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0,
                null, new DriverStatus(0, true, 1, hostOn), List.of(), null, null);
    }
}

package org.cruncher.gui.projects;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import javafx.scene.chart.XYChart;

import org.junit.jupiter.api.Test;

import org.cruncher.emulator.DebtHistory;
import org.cruncher.engine.api.ContactView;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.api.FetchView;
import org.cruncher.engine.api.HostView;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;

/** The debt chart: drawn from the emulation's own record, and thinned without losing the swings. */
class ProjectsPaneViewModelTest {

    /** One CPU of 1 GFLOPS: 3.6e12 FLOPs of debt is one CPU-hour. */
    private static EngineSnapshot at(double time) {
        return new EngineSnapshot(time, time + 3600, true, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, List.of(), List.of(), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0,
                null, null, List.of(), null, null);
    }

    /** Until the first snapshot the table is empty because the emulation is starting, not for want of projects. */
    @Test
    void anEmptyTableSaysStartingUntilTheFirstSnapshot() {
        ProjectsPaneViewModel m = new ProjectsPaneViewModel(c -> { });
        assertEquals("Starting...", m.placeholderProperty().get());
        assertFalse(m.startedProperty().get());

        m.update(at(1000));

        assertEquals(ProjectsPaneViewModel.NO_PROJECTS, m.placeholderProperty().get());
        assertTrue(m.startedProperty().get());
    }

    /**
     * A project to be removed when its tasks are done is marked so (its "No new tasks" control is then disabled), also
     * when suspended (Work fetch then says "suspended", not why it gets no work); one the user set to "no new tasks"
     * is not.
     */
    @Test
    void aProjectToBeRemovedWhenDoneIsMarkedDetaching() {
        ProjectView detaching = project("http://a/", "A", FetchBlock.SUSPENDED_BY_USER, true);
        ProjectView user = project("http://b/", "B", FetchBlock.NO_NEW_TASKS, false);
        ProjectsPaneViewModel m = new ProjectsPaneViewModel(c -> { });

        m.update(new EngineSnapshot(1000, 4600, true, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, List.of(), List.of(detaching, user), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0),
                List.of(), 0, null, null, List.of(), null, null));

        ProjectRow a = m.rows().stream().filter(r -> r.url().equals("http://a/")).findFirst().orElseThrow();
        ProjectRow b = m.rows().stream().filter(r -> r.url().equals("http://b/")).findFirst().orElseThrow();
        assertTrue(a.detachingProperty().get() && a.noNewTasksProperty().get());
        assertFalse(b.detachingProperty().get());
        assertTrue(b.noNewTasksProperty().get());
    }

    private static ProjectView project(String url, String name, FetchBlock block, boolean detaching) {
        return new ProjectView(url, name, 100, 0.5, block == FetchBlock.SUSPENDED_BY_USER, true, 0, 0, 0,
                ProjectStatus.NO_RUNNABLE_RESULTS, null, 0, 0, 0, ContactView.CLEAR, List.of(new FetchView(
                ResourceType.CPU, block, 0, 0, 0, 0, 1, 0, 0, true, 0, 0, false)), 0,
                ShareTarget.of(0.5, List.of(ResourceType.CPU), 1, ShareTarget.Reach.SHARE), detaching);
    }

    @Test
    void everyRecordedPointIsChartedHoweverFarApartTheSnapshotsCome() {
        // Recorded each half hour from 0 to 3 h, swinging +1 h / -1 h; one snapshot at 3 h (a day a second brings
        // hours between snapshots) charts all seven, where sampling snapshots charted one.
        DebtHistory h = new DebtHistory();
        for (int i = 0; i <= 6; i++) {
            h.add("a", new DebtHistory.Point(1800.0 * i, (i % 2 == 0 ? 1 : -1) * 3.6e12));
        }
        ProjectsPaneViewModel m = new ProjectsPaneViewModel(c -> { });
        m.begin(h);

        m.update(at(3 * 3600));

        List<XYChart.Data<Number, Number>> a = m.debtSeries().get(0).getData();
        assertEquals(7, a.size());
        assertEquals(-1.0, a.get(5).getYValue().doubleValue(), 1e-12);
        assertEquals(1.0 / 48 * 5, a.get(5).getXValue().doubleValue(), 1e-12, "2.5 h is 5/48 of a day");

        // A point recorded later is charted once, with the next snapshot.
        h.add("a", new DebtHistory.Point(3.5 * 3600, 0));
        m.update(at(3.5 * 3600));
        m.update(at(3.5 * 3600));
        assertEquals(8, a.size());
    }

    @Test
    void aShareChangeOfTheRecordIsMarkedOnceEvenFromARestoredState() {
        // A restored state's record holds a change of a's share from 100 to 300 at 1.5 h: the chart marks it at
        // 1.5 / 24 = 0.0625 days, once however many snapshots come.
        DebtHistory h = new DebtHistory();
        h.add("a", new DebtHistory.Point(0, 0));
        h.addShareChange(new DebtHistory.ShareChange(1.5 * 3600, "a", 100, 300));
        ProjectsPaneViewModel m = new ProjectsPaneViewModel(c -> { });
        m.begin(h);

        m.update(at(3 * 3600));
        m.update(at(4 * 3600));

        assertEquals(1, m.shareMarks().size());
        assertEquals(0.0625, m.shareMarks().get(0).day(), 1e-12);
        assertEquals("a: share 100 -> 300", m.shareMarks().get(0).label());

        // Paused at 4 h, a second change at the same instant as the last snapshot is marked too.
        h.addShareChange(new DebtHistory.ShareChange(4 * 3600, "b", 100, 12.5));
        m.update(at(4 * 3600));
        assertEquals(2, m.shareMarks().size());
        assertEquals("b: share 100 -> 12.5", m.shareMarks().get(1).label());
    }

    @Test
    void aMonthAtADayASecondKeepsItsWholeHistoryOnTheChart() {
        // A point each half hour for 34 days (1,632 of them: the record thins itself past 600), charted as a window
        // at a day a second sees it, four snapshots a second (every 6 h): the chart still starts at day 0.
        DebtHistory h = new DebtHistory();
        ProjectsPaneViewModel m = new ProjectsPaneViewModel(c -> { });
        h.add("a", new DebtHistory.Point(0, 0));
        m.begin(h);
        for (int i = 1; i <= 34 * 48; i++) {
            h.add("a", new DebtHistory.Point(1800.0 * i, (i % 2 == 0 ? 1 : -1) * 3.6e12));
            if (i % 12 == 0) {
                m.update(at(1800.0 * i));
            }
        }

        // Thinning keeps each stretch's lowest and highest, and the first point: the chart begins at day 0.
        List<XYChart.Data<Number, Number>> a = m.debtSeries().get(0).getData();
        assertEquals(0, a.get(0).getXValue().doubleValue(), 1e-9);
        assertEquals(34, a.get(a.size() - 1).getXValue().doubleValue(), 1e-9);
        assertTrue(a.size() <= ProjectsPaneViewModel.MAX_POINTS, a.size() + " points");
    }

    @Test
    void thinningKeepsTheLowestAndHighestOfEachStretchSoASwingStaysASwing() {
        // 601 points swinging +1, -1, +1, ... Keeping every other point would keep only the +1s: a flat line.
        XYChart.Series<Number, Number> s = new XYChart.Series<>();
        for (int i = 0; i <= 600; i++) {
            s.getData().add(new XYChart.Data<>(i, i % 2 == 0 ? 1 : -1));
        }

        ProjectsPaneViewModel.thin(s);

        // 601 points over 600 days: 150 stretches of 4 days give two points each, plus the last: 301.
        assertEquals(301, s.getData().size());
        assertTrue(s.getData().stream().anyMatch(d -> d.getYValue().doubleValue() == -1));
        assertTrue(s.getData().stream().anyMatch(d -> d.getYValue().doubleValue() == 1));
        assertEquals(600, s.getData().get(300).getXValue().intValue(), "the last point stays");
        for (int i = 1; i < s.getData().size(); i++) {
            assertTrue(s.getData().get(i).getXValue().intValue() > s.getData().get(i - 1).getXValue().intValue(),
                    "in time order");
        }
    }
}

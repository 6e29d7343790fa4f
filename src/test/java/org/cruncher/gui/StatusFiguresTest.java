package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.FiguresView;
import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.ResourceType;

/** The status bar's task counts and figures of merit. */
class StatusFiguresTest {

    @Test
    void whereTheTargetsAreTheSharesOneViolationIsShown() {
        // Idle over the usable processors (0.2 %) is shown, not BOINC's over every processor (0.5 %).
        FiguresView f = new FiguresView(0.005, 0.002, 0, 0.0421, 0.0421, 0.1, 0.1);
        assertEquals("Share violation 0.042  Idle 0.2 %  Wasted 0.0 %", ManagerModel.figures(f));
    }

    @Test
    void whereATargetDiffersFromItsShareTheViolationFromTheTargetsFollows() {
        // The demo's: CPU-only projects cannot reach their shares where a GPU does most of the work.
        FiguresView f = new FiguresView(0, 0, 0.0012, 0.8312, 0.0324, 0.1, 0.1);
        assertEquals("Share violation 0.831 (0.032 from targets)  Idle 0.0 %  Wasted 0.1 %", ManagerModel.figures(f));
    }

    @Test
    void theCountsAddUpToEveryTaskWithTheOthersNamedOnlyWhenThereAreAny() {
        // 3 + 2 + 36 + 30 + 26 = 97 tasks, as the Tasks pane counts them; 26 suspended by the user are "other".
        assertEquals("3 running, 2 preempted, 36 ready to start, 30 ready to report, 26 other",
                ManagerModel.counts(new TaskCounts(3, 2, 36, 30, 26, 0), cpus(2, 2), true));
        assertEquals("1 running, 0 preempted, 0 ready to start, 0 ready to report",
                ManagerModel.counts(new TaskCounts(1, 0, 0, 0, 0, 0), null, true));
        // The emulated computer is off: its tasks wait (counted as other), and the counts say why nothing runs.
        assertEquals("Computing suspended: 0 running, 0 preempted, 0 ready to start, 5 ready to report, 2 other",
                ManagerModel.counts(new TaskCounts(0, 0, 0, 5, 2, 0), cpus(2, 0), false));
    }

    @Test
    void tasksAtRiskOfMissingTheirDeadlineAreCountedLast() {
        // 2 of the 3 + 1 + 4 tasks would miss their deadline (they are among those counted already).
        assertEquals("3 running, 1 preempted, 4 ready to start, 0 ready to report; 2 at risk of missing their deadlines",
                ManagerModel.counts(new TaskCounts(3, 1, 4, 0, 0, 2), cpus(2, 2), true));
        assertEquals("1 running, 0 preempted, 0 ready to start, 0 ready to report; 1 at risk of missing its deadline",
                ManagerModel.counts(new TaskCounts(1, 0, 0, 0, 0, 1), cpus(2, 1), true));
    }

    @Test
    void cpusOvercommittedByGpuTasksAreNamed() {
        // 2 CPU tasks (1 CPU each) and a GPU task taking 0.1 CPU: 2.1 CPUs busy of 2.
        assertEquals("3 running on 2.1 of 2 CPUs, 0 preempted, 0 ready to start, 0 ready to report",
                ManagerModel.counts(new TaskCounts(3, 0, 0, 0, 0, 0), cpus(2, 2.1), true));
    }

    private static ResourceView cpus(int instances, double inUse) {
        return new ResourceView(ResourceType.CPU, instances, inUse, 1e9, false, 0, 0, 0, 0, 0, false, false);
    }
}

package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.List;
import java.util.Set;
import java.util.TreeSet;

import org.junit.jupiter.api.Test;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;
import org.cruncher.engine.api.DriverStatus;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.FiguresView;
import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.text.Words;
import org.cruncher.persist.ScenarioReader;

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
    void projectsWithNoApplicationHereAreNamedAsLeftOutOfTheFigures() {
        // A corpus host: SETI@home does all the work with shares 1/3 each, CAS@home and Milkyway have no application
        // for it (not emulated): 0.000 among 1 of the 3 projects, and the note says which two are left out.
        FiguresView f = new FiguresView(0, 0, 0, 0, 0, 0, 0.1);
        assertEquals("Share violation 0.000 (1 of 3 projects)  Idle 0.0 %  Wasted 0.0 %", ManagerModel.figures(f, 1, 3));
        // A host attached to one project without an application here (corpus, 2010): nothing is emulated, so no
        // figure is shown (its idle, over the processors some project can use, would read 0 % on idle CPUs).
        assertEquals("No project emulated (1 left out): nothing to measure", ManagerModel.figures(f, 0, 1));
        assertEquals("SETI@home has no application for this computer or no jobs to emulate: nothing is emulated, so "
                + "there is no work to measure.", ManagerModel.nothingMeasured(List.of("SETI@home")));
        assertEquals("CAS@home, Milkyway@home have no application for this computer or no jobs to emulate, so the "
                + "figures leave them out and measure the other projects' work against their shares alone.",
                ManagerModel.figuresNote(f, List.of("CAS@home", "Milkyway@home")));
        // With the targets differing too, both notes share the brackets; BOINC's idle figure is noted where it differs.
        FiguresView demo = new FiguresView(0.5, 0, 0, 0.8312, 0.0324, 0.1, 0.1);
        assertEquals("Share violation 0.831 (0.032 from targets; 4 of 5 projects)  Idle 0.0 %  Wasted 0.0 %",
                ManagerModel.figures(demo, 4, 5));
        assertEquals("Here idle counts only the processors some project has an application for; over every "
                + "processor, as BOINC's emulator counts it, it is 50.0 %.", ManagerModel.figuresNote(demo, List.of()));
    }

    /**
     * zero-share-backup: Z (share 0) runs whenever A has no work, and all its work counts against the sum; with every
     * share 0 there is nothing to measure against, and no figure is shown.
     */
    @Test
    void backupProjectsAreExplainedAndWithEveryShareZeroNoViolationIsShown() {
        FiguresView f = new FiguresView(0, 0, 0, 1.0383, 1.0383, 0.1, 0.1);
        assertEquals("Z has a resource share of 0 (a backup project): whatever it does is beyond its share and adds "
                + "to the share violation, so the figure stays above 0 once it has run.",
                ManagerModel.figuresNote(f, List.of(), List.of("Z"), false));
        assertEquals("Y, Z have a resource share of 0 (backup projects): whatever they do is beyond their shares and "
                + "adds to the share violation, so the figure stays above 0 once they have run.",
                ManagerModel.figuresNote(f, List.of(), List.of("Y", "Z"), false));
        assertEquals("Share violation - (every share is 0)  Idle 0.0 %  Wasted 0.0 %",
                ManagerModel.figures(f, 2, 2, true, 2));
        // Beside a project with a share, the figure says a backup project weighs on it.
        assertEquals("Share violation 1.038 (with 1 backup project)  Idle 0.0 %  Wasted 0.0 %",
                ManagerModel.figures(f, 2, 2, false, 1));
        assertTrue(ManagerModel.figuresNote(f, List.of(), List.of(), true).startsWith("Every project has a resource "
                + "share of 0"));
        // On a narrow status bar the notes go (the tooltip keeps them), the three figures stay.
        assertEquals("Share violation 1.038  Idle 0.0 %  Wasted 0.0 %",
                ManagerModel.figuresWithoutNotes(ManagerModel.figures(f, 2, 2, false, 1)));
        assertEquals("Share violation -  Idle 0.0 %  Wasted 0.0 %",
                ManagerModel.figuresWithoutNotes(ManagerModel.figures(f, 2, 2, true, 2)));
    }

    @Test
    void theFiguresOfACorpusHostMeasureOnlyTheProjectsTheEmulationHasAServerFor() throws Exception {
        // michaelzhye-4cpu-3proj: only SETI@home has an application for the host (and a job), so only it has a
        // server, and the figures say so; a suspended project without one would be left out all the same.
        Scenario host = new ScenarioReader().read(
                Path.of("src/test/resources/corpus/client_state/michaelzhye-4cpu-3proj.xml").toAbsolutePath());
        FiguresView f = new Emulation(host, 1, e -> { }).figuresSoFar();

        assertEquals(Set.of("http://setiathome.berkeley.edu/"), f.measured());
        assertTrue(f.measures("http://setiathome.berkeley.edu/"));
        assertFalse(f.measures("http://milkyway.cs.rpi.edu/milkyway/"));
        // Figures made without the list measure every project.
        assertTrue(new FiguresView(0, 0, 0, 0, 0, 0, 0).measures("http://milkyway.cs.rpi.edu/milkyway/"));
    }

    @Test
    void theCountsAddUpToEveryTaskWithTheOthersNamedOnlyWhenThereAreAny() {
        // 3 + 2 + 36 + 30 + 26 = 97 tasks, as the Tasks pane counts them; 26 downloading or uploading are "other".
        assertEquals("3 running, 2 preempted, 36 ready to start, 30 ready to report, 26 other",
                ManagerModel.counts(new TaskCounts(3, 2, 36, 30, 26, 0), cpus(2, 2), true));
        assertEquals("1 running, 0 preempted, 0 ready to start, 0 ready to report",
                ManagerModel.counts(new TaskCounts(1, 0, 0, 0, 0, 0), null, true));
        // The emulated computer is off: the 2 tasks that would run are held (as the Projects pane says), and the
        // counts say why nothing runs.
        assertEquals("Computing suspended: 2 held, 0 preempted, 0 ready to start, 5 ready to report",
                ManagerModel.counts(new TaskCounts(2, 0, 0, 5, 0, 0), cpus(2, 0), false));
        // With its cause, where the snapshot tells it (Words.notComputing).
        assertEquals("Computing suspended (computer off): 2 held, 0 preempted, 0 ready to start, 5 ready to report",
                ManagerModel.counts(new TaskCounts(2, 0, 0, 5, 0, 0), cpus(2, 0), "computer off"));
        // Of 3 other tasks, 1 suspended by the user is named as such ("1 other" read as a mystery), 2 stay other.
        assertEquals("2 running, 0 preempted, 48 ready to start, 2 ready to report, 1 suspended by you, 2 other",
                ManagerModel.counts(new TaskCounts(2, 0, 48, 2, 3, 0, 1, 0), cpus(2, 2), true));
        assertEquals("2 running, 0 preempted, 48 ready to start, 2 ready to report, 1 suspended by you",
                ManagerModel.counts(new TaskCounts(2, 0, 48, 2, 1, 0, 1, 0), cpus(2, 2), true));
    }

    @Test
    void tasksAtRiskOfMissingTheirDeadlineAreCountedFirst() {
        // 2 of the 3 + 1 + 4 tasks would miss their deadline (they are among those counted already). First, as a
        // status bar too short for the whole text cut them off (even at 1,440 pixels).
        assertEquals("2 at risk of missing their deadlines; 3 running, 1 preempted, 4 ready to start, 0 ready to report",
                ManagerModel.counts(new TaskCounts(3, 1, 4, 0, 0, 2), cpus(2, 2), true));
        assertEquals("1 at risk of missing its deadline; 1 running, 0 preempted, 0 ready to start, 0 ready to report",
                ManagerModel.counts(new TaskCounts(1, 0, 0, 0, 0, 1), cpus(2, 1), true));
        // A task whose deadline passed is late, not at risk: 3 late or at risk, 1 of them past its deadline.
        assertEquals("1 past its deadline; 2 at risk of missing their deadlines; 3 running, 1 preempted, 4 ready to "
                + "start, 0 ready to report", ManagerModel.counts(new TaskCounts(3, 1, 4, 0, 0, 3, 0, 1), cpus(2, 2),
                true));
        assertEquals("2 past their deadlines; 2 running, 0 preempted, 0 ready to start, 0 ready to report",
                ManagerModel.counts(new TaskCounts(2, 0, 0, 0, 0, 2, 0, 2), cpus(2, 2), true));
        // After why nothing runs, where nothing does.
        assertEquals("Computing suspended (computer off): 1 at risk of missing its deadline; 2 held, 0 preempted, 0 "
                + "ready to start, 5 ready to report",
                ManagerModel.counts(new TaskCounts(2, 0, 0, 5, 0, 1), cpus(2, 0), "computer off"));
    }

    @Test
    void cpusOvercommittedByGpuTasksAreNamed() {
        // 2 CPU tasks (1 CPU each) and a GPU task taking 0.1 CPU: 2.1 CPUs busy of 2.
        assertEquals("3 running (2.1 CPUs' worth on 2: overcommitted), 0 preempted, 0 ready to start, 0 ready to "
                + "report", ManagerModel.counts(new TaskCounts(3, 0, 0, 0, 0, 0), cpus(2, 2.1), true));
        // A 16-CPU task on CPUs no other task could use, beside 15 one-CPU tasks, on 20 CPUs (decision 0026):
        // 16 + 15 = 31 CPUs' worth; "on 31 of 20 CPUs" read as impossible.
        assertEquals("16 running (31 CPUs' worth on 20: overcommitted), 0 preempted, 0 ready to start, 0 ready to "
                + "report", ManagerModel.counts(new TaskCounts(16, 0, 0, 0, 0, 0), cpus(20, 31), true));
    }

    /**
     * host-half-on's computer is off for about an hour at a time, and on but not allowed to compute for part of the
     * rest (on_frac 0.5, active_frac 0.5): the counts say which holds the tasks.
     */
    @Test
    void theCountsSayWhyComputingIsSuspended() throws Exception {
        Scenario s = new ScenarioReader().read(Path.of("src/test/resources/scenarios/host-half-on"));
        Emulation e = new Emulation(s, 1, x -> { });
        Set<String> seen = new TreeSet<>();
        for (int i = 0; i < 400 && seen.size() < 2; i++) {
            e.advanceTo(e.now() + 600);
            EngineSnapshot snap = e.engine().snapshot(List.of(), 0, e.figuresSoFar(),
                    new DriverStatus(s.startTime(), false, 0, e.clientRunning()));
            if (!snap.computing()) {
                String why = Words.notComputing(snap);
                assertEquals(e.clientRunning() ? "not allowed now" : "computer off", why);
                seen.add(why);
            }
        }
        assertEquals(Set.of("computer off", "not allowed now"), seen);
    }

    private static ResourceView cpus(int instances, double inUse) {
        return new ResourceView(ResourceType.CPU, instances, inUse, 1e9, false, 0, 0, 0, 0, 0, false, false, Double.NaN);
    }
}

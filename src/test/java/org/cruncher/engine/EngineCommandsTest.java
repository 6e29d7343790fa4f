package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.policy.workfetch.BufferShareFetch;
import org.cruncher.testing.StateBuilder;

class EngineCommandsTest {

    private static final double T0 = 100_000;
    private static final double HOUR = 3600e9;

    private final EngineTest.RecordingControl control = new EngineTest.RecordingControl();

    private Engine engine(StateBuilder b) {
        return new Engine(b.state(), control, new EngineTest.ScriptedTransport(), new BufferShareFetch(),
                new SplittableRandom(3), null);
    }

    private static ActiveTask running(StateBuilder b) {
        return b.state().activeTasks().stream().filter(ActiveTask::isScheduled).findFirst().orElseThrow();
    }

    @Test
    void shareChangeSettlesWithOldShareThenStartsNewPeriod() {
        // 1 CPU, A and B 50/50. A runs half an hour (0.5 CPU-hours), then A's share goes to 150. The period ends
        // now, settled with the old shares: A 0.5 x 0.5 - 0.5 = -0.25 h, B +0.25 h. B takes the CPU; A's new
        // share holds from now on, and the next boundary is an hour later.
        StateBuilder b = StateBuilder.halfAndHalf();
        Engine e = engine(b);
        e.poll(T0);
        running(b).setProgress(1800, 1800, 0.5 * HOUR, 0.05);

        e.submit(new EngineCommand.SetResourceShare("http://a/", 150));
        e.poll(T0 + 1800);

        assertEquals(150, b.project("A").resourceShare());
        assertEquals(-0.25 * HOUR, b.project("A").debt(), 1);
        assertEquals(0.25 * HOUR, b.project("B").debt(), 1);
        assertEquals("B", running(b).project().name());
        assertEquals(T0 + 1800 + 3600, e.nextPeriodBoundary());
    }

    /**
     * A snapshot's work done includes the running tasks' work so far, not only what the last period's end or a task's
     * end settled: half an hour into A's task, A has done 0.5 CPU-hours and B none. The Projects pane's "work done
     * since the shares changed" read 100 % / 0 % an hour after a change, counting only the task that had ended (QA).
     */
    @Test
    void aSnapshotsWorkDoneIncludesTheRunningTasksWorkSoFar() {
        StateBuilder b = StateBuilder.halfAndHalf();
        Engine e = engine(b);
        e.poll(T0);
        running(b).setProgress(1800, 1800, 0.5 * HOUR, 0.05);
        e.poll(T0 + 1800);

        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);
        assertEquals(0.5 * HOUR, s.projects().get(0).totalWork(), 1);
        assertEquals(0, s.projects().get(1).totalWork(), 1);
    }

    /**
     * A backup project given a share starts owed nothing (decision 0023): 1 CPU, A at share 0 runs alone for an
     * hour while B has work (B's share 50): A accrues 0 and pays 1 CPU-hour, -1 h; B accrues its 1 h. Given share
     * 100, A's debt goes to 0, not -1 h to be repaid before it gets the CPU back (QA).
     */
    @Test
    void aBackupProjectGivenAShareStartsOwedNothing() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 0).project("B", 50).cpuJobs("A", 2, 36000);
        Engine e = engine(b);
        e.poll(T0);
        running(b).setProgress(3600, 3600, HOUR, 0.1);
        b.cpuJobs("B", 1, 36000);
        e.poll(T0 + 3600);
        assertTrue(b.project("A").debt() < -0.9 * HOUR, "A paid for its hour: " + b.project("A").debt() / HOUR);

        e.submit(new EngineCommand.SetResourceShare("http://a/", 100));
        e.poll(T0 + 3660);

        assertEquals(100, b.project("A").resourceShare());
        assertEquals(0, b.project("A").debt());
    }

    @Test
    void suspendingProjectPreemptsItsTasksAndFillsTheCpu() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("A", 2, 36000)
                .cpuJobs("B", 2, 36000);
        Engine e = engine(b);
        e.poll(T0);
        ActiveTask a = running(b);
        assertEquals("A", a.project().name());

        e.submit(new EngineCommand.SetProjectSuspended("http://a/", true));
        e.poll(T0 + 60);

        assertFalse(a.isScheduled());
        assertEquals("B", running(b).project().name());
        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);
        ProjectView av = s.projects().get(0);
        assertTrue(av.suspended());
        assertEquals(ProjectStatus.SUSPENDED_BY_USER, av.status());
        assertTrue(s.tasks().stream().filter(t -> t.projectName().equals("A"))
                .allMatch(t -> t.status() == TaskStatus.PROJECT_SUSPENDED));
    }

    @Test
    void suspendingTaskLetsAnotherRunAndResumingMakesItRunnable() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 36000);
        Engine e = engine(b);
        e.poll(T0);
        ActiveTask first = running(b);

        e.submit(new EngineCommand.SetTaskSuspended("http://a/", first.result().name(), true));
        e.poll(T0 + 60);

        assertTrue(first.result().suspendedByUser());
        assertFalse(first.isScheduled());
        assertTrue(running(b) != first);
        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);
        assertEquals(TaskStatus.SUSPENDED_BY_USER, s.tasks().stream()
                .filter(t -> t.name().equals(first.result().name())).findFirst().orElseThrow().status());

        e.submit(new EngineCommand.SetTaskSuspended("http://a/", first.result().name(), false));
        e.poll(T0 + 120);
        assertFalse(first.result().suspendedByUser());
    }

    @Test
    void aTaskThatEndedBeforeTheUsersClickIsLeftAsItIs() {
        // The user opened the task's menu while it ran and chose Suspend after it had ended: nothing to suspend,
        // so it is not marked, and no user action is logged for it.
        List<EngineEvent> events = new ArrayList<>();
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 600);
        Engine e = new Engine(b.state(), control, new EngineTest.ScriptedTransport(), new BufferShareFetch(),
                new SplittableRandom(3), events::add);
        e.poll(T0);
        ActiveTask first = running(b);
        first.setProgress(600, 600, 6e11, 1);
        first.markExited(0);
        e.poll(T0 + 600);
        assertEquals(ResultState.FILES_UPLOADED, first.result().state(), "it ended, its output uploaded");

        e.submit(new EngineCommand.SetTaskSuspended("http://a/", first.result().name(), true));
        e.poll(T0 + 660);

        assertFalse(first.result().suspendedByUser());
        assertEquals(List.of(), events.stream().filter(x -> x.kind() == EventKind.USER_ACTION).toList());
    }

    @Test
    void aTaskSuspendedMidPeriodCountsItsWorkForItsProjectAtOnce() {
        // Seed 000's start_apps: a project's expected future debt is its debt less the work done this period. A's
        // task ran 20 min at 1 GFLOPS (1.2e12 FLOPs) before the user suspended it: that work is A's now, not only
        // at the period's end, since the task's pay-off no longer stands for it; and it is not counted twice then.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 36000);
        Engine e = engine(b);
        e.poll(T0);
        ActiveTask first = running(b);
        first.setProgress(1200, 1200, 1.2e12, 1200.0 / 36000);

        e.submit(new EngineCommand.SetTaskSuspended("http://a/", first.result().name(), true));
        e.poll(T0 + 1200);

        assertEquals(1.2e12, b.project("A").workDoneThisPeriod(), 1);
        assertEquals(0, first.workThisPeriod(), 1e-6);
    }

    @Test
    void fewerCpusInPrefsPreemptsAtOnce() {
        // 2 CPUs, both busy; "use at most 50 % of the CPUs" leaves 1: one task is preempted now.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 3, 36000);
        Engine e = engine(b);
        e.poll(T0);
        assertEquals(2, b.state().activeTasks().stream().filter(ActiveTask::isScheduled).count());

        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withMaxNcpusPct(50)));
        e.poll(T0 + 60);

        assertEquals(1, b.state().resources().cpu().instances());
        assertEquals(1, b.state().activeTasks().stream().filter(ActiveTask::isScheduled).count());
    }

    @Test
    void aPreferenceChangeIsLoggedInBoincsTerms() {
        // max_ncpus_pct 0 means all the CPUs, as in BOINC: the log says so, not "use at most 0% of the CPUs".
        List<EngineEvent> events = new ArrayList<>();
        StateBuilder b = StateBuilder.cpus(2).project("A", 100);
        Engine e = new Engine(b.state(), control, new EngineTest.ScriptedTransport(), new BufferShareFetch(),
                new SplittableRandom(3), events::add);
        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withMaxNcpusPct(0)));
        e.poll(T0);
        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withMaxNcpusPct(50)));
        e.poll(T0 + 60);
        // The disk limits too (BOINC's defaults: no GB limit, 90 %, 0.1 GB free); a change of them alone was logged
        // without a word of what changed. 0 GB and 0 % are no limit.
        e.submit(new EngineCommand.SetPrefs(Prefs.DEFAULTS.withDisk(5, 0, 0)));
        e.poll(T0 + 120);

        assertEquals(List.of("switch between tasks every 60 min, work buffer 0.1 + 0.5 days, use all the CPUs; disk: "
                + "at most 90% of it, leave 0.1 GB free",
                "switch between tasks every 60 min, work buffer 0.1 + 0.5 days, use at most 50% of the CPUs; disk: at "
                + "most 90% of it, leave 0.1 GB free",
                "switch between tasks every 60 min, work buffer 0.1 + 0.5 days, use all the CPUs; disk: at most 5 GB"),
                events.stream().filter(x -> x.kind() == EventKind.PREFS_CHANGED).map(EngineEvent::detail).toList());
    }

    @Test
    void noNewTasksStopsWorkRequests() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Engine e = engine(b);
        e.submit(new EngineCommand.SetNoNewTasks("http://a/", true));
        e.poll(T0);

        assertTrue(b.project("A").noNewTasks());
        ProjectView a = e.snapshot(List.of(), 0, null, null).projects().get(0);
        assertEquals(FetchBlock.NO_NEW_TASKS, a.fetch().stream().filter(f -> f.resource() == ResourceType.CPU)
                .findFirst().orElseThrow().block());
        assertEquals(ProjectStatus.NO_RUNNABLE_RESULTS, a.status());
    }

    /** "Allow new tasks" cannot undo detach_when_done: the project stays without new tasks, and no event says so. */
    @Test
    void allowingNewTasksLeavesAProjectToBeRemovedWithoutThem() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        b.project("A").setDetachWhenDone(true);
        Engine e = engine(b);
        e.submit(new EngineCommand.SetNoNewTasks("http://a/", false));
        e.poll(T0);

        assertTrue(b.project("A").noNewTasks());
        ProjectView a = e.snapshot(List.of(), 0, null, null).projects().get(0);
        assertTrue(a.noNewTasks());
        assertEquals(FetchBlock.DETACH_WHEN_DONE, a.fetch().stream().filter(f -> f.resource() == ResourceType.CPU)
                .findFirst().orElseThrow().block());
    }
}

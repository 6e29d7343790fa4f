package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.App;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.policy.rpc.ReportPolicy;
import org.cruncher.engine.policy.workfetch.BufferShareFetch;
import org.cruncher.testing.StateBuilder;

class SnapshotTest {

    private static final double T0 = 100_000;
    private static final double HOUR = 3600e9;

    /** An engine on {@code b}'s state with the buffer-share fetch policy, its task control and transport the tests'. */
    private static Engine engine(StateBuilder b) {
        return new Engine(b.state(), new EngineTest.RecordingControl(), new EngineTest.ScriptedTransport(),
                new BufferShareFetch(), new SplittableRandom(1), null);
    }

    /**
     * While the host does not compute, the task the schedule runs is held: the counts put it where running tasks
     * go (the status bar says "held"), not among the others. 1 CPU, A's one task runs; the host goes off.
     */
    @Test
    void aTaskHeldWhileTheHostDoesNotComputeIsCountedWithTheRunningOnes() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 7200);
        Engine e = engine(b);
        e.poll(T0);
        e.setHostStatus(new HostStatus(false, false, true));
        e.poll(T0 + 60);

        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);

        assertFalse(s.computing());
        assertEquals(List.of(1, 0, 1, 0), List.of(s.counts().running(), s.counts().preempted(),
                s.counts().readyToStart(), s.counts().other()));
        assertEquals(TaskStatus.COMPUTING_SUSPENDED, s.tasks().get(0).status());
    }

    /**
     * While GPU computing is suspended, a GPU task the schedule runs is counted where its project's status counts it,
     * with the running ones, not among the others ("1 running" beside "Running 1 task" on the Projects pane). 1 CPU
     * and 1 GPU; B has one GPU job and one CPU job, A none: B's GPU task and its CPU task both run (2 running), and
     * stay counted so while GPUs are suspended, the GPU task's status saying so.
     */
    @Test
    void aGpuTaskHeldWhileGpusAreSuspendedIsCountedAsItsProjectCountsIt() {
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(1, 0.1).gpuJobs("B", 1, 7200).cpuJobs("B", 1, 7200);
        Engine e = engine(b);
        e.poll(T0);
        e.setHostStatus(new HostStatus(true, false, true));
        e.poll(T0 + 60);

        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);

        assertTrue(s.tasks().stream().anyMatch(t -> t.status() == TaskStatus.GPU_SUSPENDED));
        assertEquals(List.of(2, 0), List.of(s.counts().running(), s.counts().other()));
        assertEquals(2, project(s, "B").running());
    }

    /**
     * Preempted means the task ran before: one started and given way at the same moment (a rescue right after the
     * period's pass, with nothing run yet) still waits to start; one that ran 10 minutes is preempted.
     */
    @Test
    void aTaskThatNeverRanIsNotCalledPreempted() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 7200);
        List<Result> rs = List.copyOf(b.state().results());
        ActiveTask never = b.activate(rs.get(0), SchedulerState.PREEMPTED);
        ActiveTask ran = b.activate(rs.get(1), SchedulerState.PREEMPTED);
        ran.setProgress(600, 600, 600e9, 600.0 / 7200);

        assertEquals(TaskStatus.READY_TO_START,
                SnapshotFactory.status(rs.get(0), never, b.state(), HostStatus.ALL_ALLOWED, false));
        assertEquals(TaskStatus.PREEMPTED,
                SnapshotFactory.status(rs.get(1), ran, b.state(), HostStatus.ALL_ALLOWED, false));
    }

    /**
     * A project with no application at all in the state (attached, no task sent yet) has none "yet"; one whose app's
     * versions were all left out (cc_config's exclude_gpu, or for a processor this host lacks) has none for this host.
     */
    @Test
    void aProjectWithNoApplicationYetIsToldFromOneWhoseVersionsWereLeftOut() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 7200);
        b.state().addProject(new Project("http://new/", "New", 100));
        Project excluded = new Project("http://gpu/", "Gpu", 100);
        excluded.addApp(new App("g", "g", false));
        b.state().addProject(excluded);
        Engine e = engine(b);
        e.poll(T0);

        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);

        assertEquals(ProjectStatus.NO_APPLICATION_YET, project(s, "New").status());
        assertEquals(ProjectStatus.NO_APPS_FOR_HOST, project(s, "Gpu").status());
    }

    /** The tasks of a project the user suspended are counted as suspended by the user, as a task suspended is. */
    @Test
    void theTasksOfASuspendedProjectCountAsSuspendedByTheUser() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 7200).project("B", 100)
                .cpuJobs("B", 2, 7200);
        Engine e = engine(b);
        e.poll(T0);
        e.submit(new EngineCommand.SetProjectSuspended(b.project("B").url(), true));
        e.poll(T0 + 60);

        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);

        // A's task runs; B's two are suspended with their project: other 2, of which 2 suspended by the user.
        assertEquals(List.of(1, 2, 2), List.of(s.counts().running(), s.counts().other(),
                s.counts().suspendedByUser()));
    }

    private static ProjectView project(EngineSnapshot s, String name) {
        return s.projects().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void snapshotShowsWhoRunsWhoWaitsAndWhy() {
        // 1 CPU; A has debt +1 h, B -1 h: A runs, B's tasks wait with A as the rival.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("A", 1, 7200)
                .cpuJobs("B", 2, 7200);
        b.project("A").setDebt(HOUR);
        b.project("B").setDebt(-HOUR);
        Engine e = engine(b);
        e.poll(T0);

        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);

        assertEquals(T0, s.time());
        assertEquals(1, s.counts().running());
        assertEquals(2, s.counts().readyToStart());
        ProjectView a = s.projects().get(0);
        ProjectView bv = s.projects().get(1);
        assertEquals(ProjectStatus.RUNNING, a.status());
        assertEquals(ProjectStatus.WAITING_LOWER_DEBT, bv.status());
        assertEquals("A", bv.leadVerdict().rival());
        assertEquals(0.5, a.shareFraction());
        TaskView waiting = s.tasks().stream().filter(t -> t.projectName().equals("B")).findFirst().orElseThrow();
        assertEquals(TaskStatus.READY_TO_START, waiting.status());
        assertEquals(TaskReason.WAITING_LOWER_DEBT, waiting.verdict().reason());
        assertEquals("1 CPU", waiting.resources());
        assertEquals(7200, waiting.remaining(), 1e-6);
        assertEquals(1.0, s.resources().get(0).inUse(), 1e-9);
        // The verdict's debts are the period pass's at T0: B -1 h, A +1 h when A took the CPU; it is dated so.
        assertEquals(-HOUR, waiting.verdict().ownPriority(), 1e-3);
        assertEquals(HOUR, waiting.verdict().rivalPriority(), 1e-3);
        assertEquals(T0, waiting.verdict().decidedAt());

        // Ten minutes on nothing is judged again (no instance came free), so the verdict keeps its time.
        e.poll(T0 + 600);
        TaskView later = e.snapshot(List.of(), 0, null, null).tasks().stream()
                .filter(t -> t.projectName().equals("B")).findFirst().orElseThrow();
        assertEquals(T0, later.verdict().decidedAt());
    }

    @Test
    void snapshotMarksDeadlineAtRisk() {
        // A 2-hour job due in 1 hour cannot make it; one due in 10 days can.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        b.job("A", "A_cpu", 7200, T0 + 3600);
        b.job("A", "A_cpu", 7200, T0 + 864000);
        Engine e = engine(b);
        e.poll(T0);

        EngineSnapshot s = e.snapshot(List.of(), 0, null, null);
        List<TaskView> tasks = s.tasks();

        assertTrue(tasks.get(0).deadlineAtRisk());
        assertFalse(tasks.get(1).deadlineAtRisk());
        assertEquals(1, s.counts().atRisk());
        // The forecast runs the urgent one first (earliest deadline): it ends at T0 + 7200, an hour late; the other
        // follows, ending at T0 + 14400.
        assertEquals(T0 + 7200, tasks.get(0).expectedEnd(), 1e-6);
        assertEquals(T0 + 14400, tasks.get(1).expectedEnd(), 1e-6);
    }

    @Test
    void aFinishedTaskIsNotDueToBeReportedBeforeItsProjectMayBeContacted() {
        // A result finished at T0 is due for a report 24 h later (ReportPolicy.MAX_REPORT_DELAY) on its own; with its
        // project's contact deferred to T0 + 30 h after failures, it cannot be reported before then.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Result done = b.job("A", "A_cpu", 3600, T0 + 864000);
        done.finish(ResultState.FILES_UPLOADED, 0, T0, 3.6e12, 3600, 3600);
        Engine e = engine(b);
        e.poll(T0);
        TaskView before = e.snapshot(List.of(), 0, null, null).tasks().get(0);
        assertEquals(T0 + ReportPolicy.MAX_REPORT_DELAY, before.reportDue(), 1e-6);

        b.project("A").contact().defer(T0 + 30 * 3600, RpcDeferral.RPC_FAILURES);
        TaskView deferred = e.snapshot(List.of(), 0, null, null).tasks().get(0);

        assertEquals(T0 + 30 * 3600, deferred.reportDue(), 1e-6);
    }

    @Test
    void theHostSaysHowManyCpusTheClientCountsWhenCcConfigSetsIt() {
        // A 2-CPU host whose cc_config.xml says <ncpus>4</ncpus>: the client counts 4 (and uses them all).
        StateBuilder b = StateBuilder.cpus(2).project("A", 100);
        b.state().setConfig(new ClientConfig(4, false, false));
        Engine e = engine(b);
        e.poll(T0);

        var host = e.snapshot(List.of(), 0, null, null).host();

        assertEquals(2, host.cpus());
        assertEquals(4, host.countedCpus());
    }
}

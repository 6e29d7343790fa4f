package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.ContactView;
import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.api.DiskLimitSource;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.EventReason;
import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.api.FetchView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.RequestView;
import org.cruncher.engine.api.RoomWait;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.rpc.RpcReason;

class WordsTest {

    private static final double GFLOPS = 1e9;
    private static final double GB_BYTES = 1L << 30;
    private static final double MINUTE = 60 * GFLOPS;
    /** A project whose share comes out as it is: half of a CPU-only host. */
    private static final ShareTarget AS_SHARE = ShareTarget.of(0.5, List.of(ResourceType.CPU), 1,
            ShareTarget.Reach.SHARE);

    private static TaskView task(TaskVerdict v) {
        return new TaskView("http://b/", "B", "b1_1", "b1", "1 CPU", ResourceType.CPU, TaskStatus.READY_TO_START, v,
                0, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);
    }

    /** A multi-threaded task names the CPUs it took, not "a CPU" (corpus QA: Milkyway's 16-thread task). */
    @Test
    void aMultiThreadedTaskSaysHowManyCpusItTook() {
        TaskView mt = new TaskView("http://m/", "Milkyway", "m1_1", "m1", "16 CPUs", ResourceType.CPU,
                TaskStatus.RUNNING, new TaskVerdict(TaskReason.RUNNING_FREE_INSTANCE, ResourceType.CPU, 0, "", 0), 0.5,
                0, 3600, 0, 864000, false, Double.NaN, Double.NaN);
        assertEquals("Running: took 16 CPUs that came free (anticipated debt 0 s)", Words.why(mt, GFLOPS, 1000, null));
        TaskView one = new TaskView("http://m/", "Milkyway", "m1_2", "m1", "1 CPU", ResourceType.CPU,
                TaskStatus.RUNNING, new TaskVerdict(TaskReason.RUNNING_HIGHEST_DEBT, ResourceType.CPU, 0, "", 0), 0.5,
                0, 3600, 0, 864000, false, Double.NaN, Double.NaN);
        assertEquals("Running: largest anticipated debt for a CPU (0 s)", Words.why(one, GFLOPS, 1000, null));
    }

    @Test
    void waitingTaskNamesRivalAndBothDebtsAsInTheIssue() {
        // B's anticipated debt -12 min, A won the last CPU at +40 min.
        TaskVerdict v = new TaskVerdict(TaskReason.WAITING_LOWER_DEBT, ResourceType.CPU, -12 * MINUTE, "A",
                40 * MINUTE);
        // The debts are those of the last scheduling decision (they move while the tasks run); the cell is kept
        // short enough to show the rival, and the explanation on hovering says when it was decided.
        assertEquals("Waiting: A took the last CPU with anticipated debt +40 min, against B's -12 min",
                Words.why(task(v), GFLOPS, 0));
        // Stamped by the engine with its pass's time, the words say which moment the debts are of: the Anticipated
        // debt column shows them now, after later tasks started (a GPU job's pay-off moves them by hours).
        double at = 13 * 3600 + 50 * 60;
        assertEquals("Waiting: at " + Format.clock(at) + " A took the last CPU with anticipated debt +40 min, "
                + "against B's -12 min", Words.why(task(v.at(at)), GFLOPS, 0));
        assertTrue(Words.explain(task(v.at(at)), GFLOPS, 0).startsWith("When the CPU time was given out (at "
                + Format.clock(at) + "), B's anticipated debt (-12 min) was below A's (+40 min)"));
    }

    @Test
    void aTaskWhoseSiblingsTookTheCpusItsProjectWonNamesWhoTookTheOthers() {
        // The raffael host: Einstein's tasks got the CPUs its debt won, and Milkyway's 16-CPU task took others at
        // -5 h 58 min while Einstein's stood at -10 h 42 min (the verdict carries both as they were at that pick);
        // "another task of this project runs first" left Milkyway out.
        TaskVerdict v = new TaskVerdict(TaskReason.WAITING_SIBLING_PREFERRED, ResourceType.CPU,
                -(10 * 60 + 42) * MINUTE, "Milkyway@home", -(5 * 60 + 58) * MINUTE);
        TaskView t = new TaskView("http://e/", "Einstein@Home", "e1_1", "e1", "1 CPU", ResourceType.CPU,
                TaskStatus.PREEMPTED, v, 0.5, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);

        // "Other CPUs", not "the rest": the rival may have won its CPU before this project won its own.
        assertEquals("Waiting: another task of this project runs first; Milkyway@home took other CPUs "
                + "with anticipated debt -5 h 58 min, against Einstein@Home's -10 h 42 min", Words.why(t, GFLOPS, 0));
        assertTrue(Words.explain(t, GFLOPS, 0).startsWith("Einstein@Home's turn for a CPU went to another of its "
                + "tasks: running tasks keep going first, then preempted ones, then new ones with the earliest deadline. "
                + "When the CPU time was given out, Milkyway@home took other CPUs with anticipated debt -5 h 58 min, "
                + "more than Einstein@Home's -10 h 42 min then. Both figures have moved since"),
                Words.explain(t, GFLOPS, 0));
        // Where no other project took one, the words stay as they were.
        TaskVerdict own = new TaskVerdict(TaskReason.WAITING_SIBLING_PREFERRED, ResourceType.CPU, 0, null, Double.NaN);
        assertEquals("Waiting: another task of this project runs first",
                Words.why(new TaskView("http://e/", "Einstein@Home", "e1_1", "e1", "1 CPU", ResourceType.CPU,
                        TaskStatus.PREEMPTED, own, 0.5, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN), GFLOPS, 0));
        // A tie lost by the order between equals: both at 0 s when Milkyway took its CPUs.
        TaskVerdict tie = new TaskVerdict(TaskReason.WAITING_SIBLING_PREFERRED, ResourceType.CPU, 0, "Milkyway@home",
                0);
        TaskView tied = new TaskView("http://e/", "Einstein@Home", "e1_1", "e1", "1 CPU", ResourceType.CPU,
                TaskStatus.PREEMPTED, tie, 0.5, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);
        assertEquals("Waiting: another task of this project runs first; Milkyway@home took other CPUs, level with "
                + "Einstein@Home in anticipated debt (0 s)", Words.why(tied, GFLOPS, 0));
        assertTrue(Words.explain(tied, GFLOPS, 0).contains("Milkyway@home took other CPUs with anticipated debt 0 s, "
                + "level with Einstein@Home's (0 s too, once rounded), and came first."), Words.explain(tied, GFLOPS, 0));
    }

    /**
     * While nothing computes, a waiting task's standing decision is what it waits for once computing resumes:
     * "another task of this project runs first" read as if one ran with the computer off. A task that was running,
     * or one no pass has judged, says only that computing is suspended.
     */
    @Test
    void aWaitingTaskWhileNothingComputesSaysSoBeforeItsStandingDecision() {
        TaskVerdict own = new TaskVerdict(TaskReason.WAITING_SIBLING_PREFERRED, ResourceType.CPU, 0, null, Double.NaN);
        TaskView preempted = new TaskView("http://e/", "Einstein@Home", "e1_1", "e1", "1 CPU", ResourceType.CPU,
                TaskStatus.PREEMPTED, own, 0.5, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);
        assertEquals("Waiting: computing is suspended (computer off); then another task of this project runs first",
                Words.why(preempted, GFLOPS, 0, "computer off"));
        assertEquals("Waiting: computing is suspended; then another task of this project runs first",
                Words.why(preempted, GFLOPS, 0, ""));
        assertEquals("Waiting: another task of this project runs first", Words.why(preempted, GFLOPS, 0, null));
        assertEquals("Computing is suspended (not allowed now)", Words.why(task(TaskVerdict.of(
                TaskReason.COMPUTING_SUSPENDED, ResourceType.CPU)), GFLOPS, 0, "not allowed now"));
        // Its tooltip says the same first, then the standing decision's explanation.
        String explained = Words.explain(preempted, GFLOPS, 0, "computer off");
        assertTrue(explained.startsWith("Computing is suspended (computer off), so no task runs now. When it "
                + "resumes: "), explained);
        assertTrue(explained.endsWith(Words.explain(preempted, GFLOPS, 0, null)), explained);
    }

    @Test
    void eventKindsReadAsWordsAndPreferencesAreFoundByTheirName() {
        // A volunteer searching the event log for "prefer" after applying Preferences found nothing: "Prefs changed".
        assertEquals("Preferences changed", Words.event(EventKind.PREFS_CHANGED));
        assertEquals("Task started", Words.event(EventKind.TASK_STARTED));
        assertEquals("RPC failed", Words.event(EventKind.RPC_FAILED));
        assertEquals("GPU computing suspended", Words.event(EventKind.GPU_COMPUTING_SUSPENDED));
    }

    @Test
    void aCpuTaskKeptOutByTheUsersCpuLimitSaysSo() {
        // The demo at "Use at most 50 %" of 2 CPUs: 1 usable, a GPU task takes 0.1 of it, and a CPU task would take
        // the load to 1.1: "not enough CPU free" hid that the limit is the cause.
        TaskVerdict v = TaskVerdict.limited(TaskReason.WAITING_CPU_LIMIT, ResourceType.CPU, 1);
        TaskView t = new TaskView("http://b/", "B", "b1_1", "b1", "1 CPU", ResourceType.CPU, TaskStatus.READY_TO_START,
                v, 0, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);

        assertEquals("Waiting: it would take BOINC past the 1 CPU you let it use", Words.why(t, GFLOPS, 0));
        assertTrue(Words.explain(t, GFLOPS, 0).startsWith("You let BOINC use 1 CPU (\"Use at most % of the CPUs\" in "
                + "Preferences). The running tasks, with the CPU time GPU tasks need beside their GPUs, leave less than "
                + "the 1 CPU this task needs"), Words.explain(t, GFLOPS, 0));
        ProjectView b = new ProjectView("http://b/", "B", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, v, 0, 1, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Waits: its tasks would take BOINC past the 1 CPU you let it use",
                Words.why(b, List.of(), GFLOPS, 1000, true, true));
    }

    @Test
    void aTaskInRescueMayStandInForOneOfItsProjectDueAfterIt() {
        // Decision 0011 rescues a project's earliest deadlines, as many as would be late: the task running first
        // may be safe itself while one due after it is not, so the words may not say it alone would miss.
        TaskVerdict v = new TaskVerdict(TaskReason.RUNNING_DEADLINE_RISK, ResourceType.CPU, 0, null, Double.NaN);
        TaskView t = new TaskView("http://a/", "A", "a1_1", "a1", "1 CPU", ResourceType.CPU, TaskStatus.RUNNING, v,
                0.5, 1800, 1800, 0, 864000, false, Double.NaN, Double.NaN);

        assertEquals("Running first: it, or a task of its project due after it, would miss its deadline otherwise",
                Words.why(t, GFLOPS, 0));
        assertTrue(Words.explain(t, GFLOPS, 0).startsWith("At A's share of the CPU time this task, or one of its "
                + "tasks due after it, would finish after its deadline"), Words.explain(t, GFLOPS, 0));
    }

    @Test
    void aTaskRunningFirstPastItsDeadlineSaysItIsLateNotThatItWouldBe() {
        // In rescue with its deadline (864,000 s) behind it: "it would miss its deadline otherwise" was false, as it
        // has missed it; it runs first to be done as soon as it can be.
        TaskVerdict v = new TaskVerdict(TaskReason.RUNNING_PAST_DEADLINE, ResourceType.CPU, 0, null, Double.NaN);
        TaskView t = new TaskView("http://a/", "A", "a1_1", "a1", "1 CPU", ResourceType.CPU, TaskStatus.RUNNING, v,
                0.5, 1800, 1800, 0, 864000, true, Double.NaN, Double.NaN);

        assertEquals("Running first: its deadline passed; done as soon as it can be", Words.why(t, GFLOPS, 0));
        assertTrue(Words.explain(t, GFLOPS, 0).startsWith("This task's deadline passed (" + Format.dateTime(864000)
                + "), so it will be late whatever runs. It goes first in line for the CPU, whatever the debts"),
                Words.explain(t, GFLOPS, 0));
        ProjectView a = new ProjectView("http://a/", "A", 100, 0.5, false, false, 0, 0, 0, ProjectStatus.RUNNING, v,
                1, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Runs 1 task (first in line: a deadline passed; done as soon as it can be)",
                Words.why(a, List.of(), GFLOPS, 1000, true, true));
    }

    @Test
    void aGpuTaskKeptOutByTheGpuTasksCpuTimeSaysSoAndThatItsGpuIsFree() {
        // 2 CPUs, 4 GPUs, GPU jobs of 1 CPU each: three run (3 CPUs, the 2 + 1 GPU tasks may take); the fourth waits
        // with its GPU free. "not enough NVIDIA GPU free" was false; a CPU task's text ("no CPU is left for CPU
        // tasks") would not fit either.
        TaskVerdict v = TaskVerdict.of(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS, ResourceType.NVIDIA);
        TaskView t = new TaskView("http://a/", "A", "a4_1", "a4", "1 CPU + 1 NVIDIA GPU", ResourceType.NVIDIA,
                TaskStatus.READY_TO_START, v, 0, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);

        assertEquals("Waiting: the running GPU tasks' CPU time leaves none for it (each needs CPU time beside its GPU)",
                Words.why(t, GFLOPS, 0));
        assertEquals("Each GPU task needs some CPU time beside its GPU, and BOINC lets the GPU tasks take one CPU more "
                + "than there are, but no more. The GPU tasks running now need so much between them that this one's "
                + "1 CPU + 1 NVIDIA GPU would go past that, so it waits though its NVIDIA GPU is free. It starts when "
                + "a GPU task ends.", Words.explain(t, GFLOPS, 0));
        ProjectView a = new ProjectView("http://a/", "A", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, v, 0, 1, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Waits: the running GPU tasks' CPU time leaves none for its GPU tasks",
                Words.why(a, List.of(), GFLOPS, 1000, true, true));
        ProjectView held = new ProjectView("http://a/", "A", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, TaskVerdict.of(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS,
                ResourceType.CPU), 0, 1, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Waits: GPU tasks hold every CPU", Words.why(held, List.of(), GFLOPS, 1000, true, true));
    }

    /**
     * A project's Why speaks of its other processors too where its tasks wait there behind another project: B's CPU
     * tasks wait behind A (-1 h against -2 h), and its NVIDIA GPU task waits behind C (+10 min against -20 min). Its
     * GPU task running instead, or waiting for no rival, adds nothing.
     */
    @Test
    void aProjectsWhyNamesWhatKeepsItsTasksWaitingOnTheOtherProcessors() {
        TaskVerdict cpu = new TaskVerdict(TaskReason.WAITING_LOWER_DEBT, ResourceType.CPU, -120 * MINUTE, "A",
                -60 * MINUTE);
        TaskVerdict gpu = new TaskVerdict(TaskReason.WAITING_LOWER_DEBT, ResourceType.NVIDIA, -20 * MINUTE, "C",
                10 * MINUTE);
        ProjectView b = new ProjectView("http://b/", "B", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, cpu, 0, 2, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        TaskView cpuTask = new TaskView("http://b/", "B", "b1_1", "b1", "1 CPU", ResourceType.CPU,
                TaskStatus.READY_TO_START, cpu, 0, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);
        TaskView gpuTask = new TaskView("http://b/", "B", "b2_1", "b2", "1 NVIDIA GPU", ResourceType.NVIDIA,
                TaskStatus.PREEMPTED, gpu, 0.5, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);

        assertEquals("Waits: A took the last CPU with anticipated debt -1 h 00 min, against B's -2 h 00 min; its "
                + "NVIDIA GPU tasks wait: C took the last NVIDIA GPU with anticipated debt +10 min, against B's -20 min",
                Words.why(b, List.of(cpuTask, gpuTask), GFLOPS, 1000, true, true));
        TaskView gpuRunning = new TaskView("http://b/", "B", "b2_1", "b2", "1 NVIDIA GPU", ResourceType.NVIDIA,
                TaskStatus.RUNNING, TaskVerdict.of(TaskReason.RUNNING_HIGHEST_DEBT, ResourceType.NVIDIA), 0.5, 0, 3600,
                0, 864000, false, Double.NaN, Double.NaN);
        assertEquals(Words.why(b, List.of(), GFLOPS, 1000, true, true),
                Words.why(b, List.of(cpuTask, gpuRunning, gpuTask), GFLOPS, 1000, true, true));
    }

    @Test
    void debtsThatReadTheSameOnceRoundedAreLevelNotOneBelowTheOther() {
        // B at -30 min 10 s, A won the last CPU at -29 min 50 s: both read "-30 min", so the words say "level with"
        // rather than "below A's -30 min".
        TaskVerdict close = new TaskVerdict(TaskReason.WAITING_LOWER_DEBT, ResourceType.CPU, -30 * MINUTE - 10 * GFLOPS,
                "A", -30 * MINUTE + 10 * GFLOPS);
        assertEquals("Waiting: A took the last CPU, level with B in anticipated debt (-30 min)",
                Words.why(task(close), GFLOPS, 0));
        assertTrue(Words.explain(task(close), GFLOPS, 0).startsWith("When the CPU time was given out, B's "
                + "anticipated debt (-30 min) was level with A's (-30 min too, once rounded; the allocator compares the "
                + "exact figures), the last project to get a CPU. Both figures have moved since"),
                Words.explain(task(close), GFLOPS, 0));
        ProjectView b = new ProjectView("http://b/", "B", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, close, 0, 1, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Waits: A took the last CPU, level with B in anticipated debt (-30 min)",
                Words.why(b, List.of(), GFLOPS, 1000, true, true));
    }

    @Test
    void aTaskWaitingForABusyProcessorCompetesWhenOneComesFreeNotOnlyAtThePeriod() {
        // The period ends at 07:00 (25,200 s after midnight UTC, shown in local time), but a task ending before then
        // frees its CPU for the next in line: "busy until 07:00" said otherwise.
        TaskVerdict v = TaskVerdict.of(TaskReason.WAITING_NO_FREE_INSTANCE, ResourceType.CPU);
        String at = Format.clock(25_200);
        assertEquals("Waiting: every CPU is busy; it competes when one comes free, or at " + at,
                Words.why(task(v), GFLOPS, 25_200));
        assertEquals("Every CPU is busy. The task competes for the next one that comes free (when a task ends), or at "
                + "the latest at the next scheduling period, at " + at + ".", Words.explain(task(v), GFLOPS, 25_200));
    }

    @Test
    void aProjectToBeRemovedWhenDoneSaysSoNotThatTheUserSetNoNewTasks() {
        ProjectView p = new ProjectView("http://b/", "B", 100, 0.5, false, true, 0, 0, 0, ProjectStatus.RUNNING,
                TaskVerdict.of(TaskReason.RUNNING_HIGHEST_DEBT, ResourceType.CPU), 1, 0, 0, ContactView.CLEAR,
                List.of(new FetchView(ResourceType.CPU, FetchBlock.DETACH_WHEN_DONE, 0, 0, 0, 0, 1, 0, 0,
                        true, 0, 0, false)), 0, AS_SHARE, false);
        assertEquals("No new tasks: to be removed when its tasks are done (set in BOINC)",
                Words.fetchReason(p, p.fetch().get(0), 1000, true));
    }

    /**
     * A project whose fair part of the CPU is none (its share all made up on the GPU, decision 0048) has a part of
     * "Store at least" of none on the CPU, whatever its deadlines (the 10-project bench, P00: queued 6 h 03 min of a
     * share of 1.32 CPUs). It read "(0 s of CPU time), as much as its fair part of the CPU, 0 of its share's 1.32
     * instances, finishes well before its tasks' deadlines".
     */
    @Test
    void aQueueWhoseFairPartIsNoneSaysSoAndNamesNoDeadline() {
        FetchView none = new FetchView(ResourceType.CPU, FetchBlock.PROJECT_HAS_ENOUGH_WORK, Double.NaN, 21780, 0,
                0, 1.316, 0, 0, true, 0, 0, false, 0);
        ProjectView p = new ProjectView("http://a/", "P00", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.RUNNING, TaskVerdict.of(TaskReason.RUNNING_HIGHEST_DEBT, ResourceType.CPU), 1, 0, 0,
                ContactView.CLEAR, List.of(none), 0, AS_SHARE, false);

        assertEquals("Enough CPU work for now: it holds its part of \"Store at least\", which is none: its work on "
                + "the other processors makes up its whole share, leaving it no fair part of the CPU",
                Words.fetchReason(p, none, 1000, true));
    }

    /**
     * A queue held below the project's share of "Store at least" by its tasks' deadlines says so (QA: Asteroid
     * Orbits held 25 min of CPU work, "its part of Store at least", beside a share of 0.32 CPUs, whose part of
     * 2 h 24 min is 46 min). Its fair part here, 0.12 CPUs, finishes 20 min (1,200 s) well before its deadlines.
     */
    @Test
    void aQueueHeldLowerByItsDeadlinesSaysWhy() {
        FetchView fair = new FetchView(ResourceType.CPU, FetchBlock.PROJECT_HAS_ENOUGH_WORK, Double.NaN, 1500, 1200,
                4800, 0.32, 0, 0, true, 0, 0, false, 0.12);
        ProjectView p = new ProjectView("http://a/", "Asteroid Orbits", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.RUNNING, TaskVerdict.of(TaskReason.RUNNING_HIGHEST_DEBT, ResourceType.CPU), 1, 0, 0,
                ContactView.CLEAR, List.of(fair), 0, AS_SHARE, false);

        assertEquals("Enough CPU work for now: it holds its part of \"Store at least\" (20 min of CPU time), as much "
                + "as its fair part of the CPU, 0.12 of its share's 0.32 instances, finishes well before its tasks' "
                + "deadlines: its work on the other processors makes up the rest of its share",
                Words.fetchReason(p, fair, 1000, true));
        // At its share (no other processor gives it work), the share is named.
        FetchView share = new FetchView(ResourceType.CPU, FetchBlock.PROJECT_HAS_ENOUGH_WORK, Double.NaN, 1500, 1200,
                4800, 0.32, 0, 0, true, 0, 0, false, 0.32);
        assertEquals(" (20 min of CPU time), as much as its share, 0.32 instances, finishes well before its tasks' "
                + "deadlines", Words.heldLower(share));
        // Held lower by the tasks of projects that cannot be asked (decision 0050), on a host with a CPU alone: they
        // are named, not other processors (review).
        FetchView beside = new FetchView(ResourceType.CPU, FetchBlock.PROJECT_HAS_ENOUGH_WORK, Double.NaN, 1500,
                1200, 4800, 0.32, 0, 0, true, 0, 0, false, 0.12, true);
        assertEquals(" (20 min of CPU time), as much as its part of the CPU beside the tasks of projects that cannot "
                + "be asked now, 0.12 of its share's 0.32 instances, finishes well before its tasks' deadlines: those "
                + "tasks take the rest of its share until they are done", Words.heldLower(beside));
        FetchView none = new FetchView(ResourceType.CPU, FetchBlock.PROJECT_HAS_ENOUGH_WORK, Double.NaN, 0, 0,
                4800, 0.32, 0, 0, true, 0, 0, false, 0.001, true);
        assertEquals(", which is none for now: the tasks of projects that cannot be asked now take the whole CPU",
                Words.heldLower(none));
        // Its marks its share's: nothing more to say.
        assertEquals("", Words.heldLower(new FetchView(ResourceType.CPU, FetchBlock.PROJECT_HAS_ENOUGH_WORK,
                Double.NaN, 1500, 1200, 4800, 0.32, 0, 0, true, 0, 0, false)));
    }

    @Test
    void aProjectWithTasksThatWouldMissTheirDeadlineIsNotAskedWhileTheyWould() {
        // The block lasts only as long as the forecast has misses: "while" says so, beside requests in the RPC table
        // made when it had none.
        ProjectView p = new ProjectView("http://b/", "B", 100, 0.5, false, false, 0, 0, 0, ProjectStatus.RUNNING,
                TaskVerdict.of(TaskReason.RUNNING_HIGHEST_DEBT, ResourceType.CPU), 1, 0, 0, ContactView.CLEAR,
                List.of(new FetchView(ResourceType.CPU, FetchBlock.DEADLINE_MISSES_PREDICTED, 0, 0, 0, 0, 1, 0, 0,
                        true, 0, 0, false)), 0, AS_SHARE, false);
        FetchView f = p.fetch().get(0);
        // "At its share": the forecast's, not the rescue's, which can run the same task first and call it safe now
        // (QA: "safe now" and "would miss their deadline" in one sentence).
        assertEquals("Not asked for CPU work: at its share, some of its tasks would miss their deadline",
                Words.fetchReason(p, f, 1000, true));
    }

    @Test
    void aProjectWhoseTasksDoNotFitTheFreeCpusSaysSo() {
        // Milkyway's 16-CPU task waits: fewer CPUs were free, and single-CPU tasks took them. "Waits for a free CPU"
        // said nothing of the 16.
        ProjectView wide = new ProjectView("http://b/", "B", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, TaskVerdict.of(TaskReason.WAITING_WOULD_OVERCOMMIT, ResourceType.CPU),
                0, 1, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Waits: its tasks need more CPUs than were free, and tasks that fit took them",
                Words.why(wide, List.of(), GFLOPS, 1000, true, true));
        ProjectView limited = new ProjectView("http://b/", "B", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT,
                TaskVerdict.limited(TaskReason.WAITING_PROJECT_MAX_CONCURRENT, ResourceType.CPU, 2),
                0, 1, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Waits: at its limit of 2 tasks at once (max_concurrent)",
                Words.why(limited, List.of(), GFLOPS, 1000, true, true));
    }

    @Test
    void possessiveOfNamesEndingInS() {
        assertEquals("A's", Words.possessive("A"));
        assertEquals("Asteroid Orbits'", Words.possessive("Asteroid Orbits"));
    }

    @Test
    void runningTaskSaysWhyItWon() {
        TaskVerdict v = new TaskVerdict(TaskReason.RUNNING_HIGHEST_DEBT, ResourceType.NVIDIA, 65 * MINUTE, null,
                Double.NaN);
        assertEquals("Running: largest anticipated debt for an NVIDIA GPU (+1 h 05 min)",
                Words.why(task(v), GFLOPS, 0));
        // Two projects' tasks can each have started when no other task waited (one project's work came, then the
        // other's): "the only project with work for the CPU" said of both read as a contradiction.
        assertEquals("Running: started when no other project had a task that could run on the CPU",
                Words.why(task(TaskVerdict.of(TaskReason.RUNNING_ONLY_PROJECT, ResourceType.CPU)), GFLOPS, 0));
        // A CPU that came free mid-period: the figure is labelled as the debt it is (+38 min).
        TaskVerdict free = new TaskVerdict(TaskReason.RUNNING_FREE_INSTANCE, ResourceType.CPU, 38 * MINUTE, null,
                Double.NaN);
        assertEquals("Running: took a CPU that came free (anticipated debt +38 min)",
                Words.why(task(free), GFLOPS, 0));
    }

    @Test
    void gpuTypesTakeAnAndTheCpuTakesA() {
        assertEquals("a CPU", Words.aResource(ResourceType.CPU));
        assertEquals("an NVIDIA GPU", Words.aResource(ResourceType.NVIDIA));
        assertEquals("an AMD GPU", Words.aResource(ResourceType.AMD));
        assertEquals("an Intel GPU", Words.aResource(ResourceType.INTEL));
    }

    @Test
    void everyReasonHasWords() {
        for (TaskReason r : TaskReason.values()) {
            TaskVerdict v = new TaskVerdict(r, ResourceType.CPU, 0, "A", 0);
            assertEquals(false, Words.why(task(v), GFLOPS, 0).isBlank(), r.name());
            assertEquals(false, Words.explain(task(v), GFLOPS, 0).isBlank(), r.name());
        }
        for (TaskStatus s : TaskStatus.values()) {
            assertEquals(false, Words.status(s).isBlank(), s.name());
        }
    }

    @Test
    void projectWhyCombinesSchedulingAndFetching() {
        // A waits for the CPU (debt -5 min below C's +10 min) and its scheduler is deferred for 12 min 30 s after
        // 3 failures in a row (contacts, tasks or master-file reads, all counted alike, decision 0017).
        TaskVerdict lead = new TaskVerdict(TaskReason.WAITING_LOWER_DEBT, ResourceType.CPU, -5 * MINUTE, "C",
                10 * MINUTE);
        ProjectView p = new ProjectView("http://a/", "A", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, lead, 0, 2, 0,
                new ContactView(1750, RpcDeferral.RPC_FAILURES, 3, false, 0, Double.POSITIVE_INFINITY),
                List.of(new FetchView(ResourceType.CPU, FetchBlock.RPC_BACKOFF, 1750, 0, 0, 0, 1, 0, 0, false, 0,
                        0, false)), 0, AS_SHARE, false);

        assertEquals("Waits: C took the last CPU with anticipated debt +10 min, against A's -5 min; contact deferred "
                + "for 13 min more after 3 failures (contacts, tasks or master-file reads)",
                Words.why(p, List.of(), GFLOPS, 1000, true, true));
        assertEquals("Waiting to run, communication deferred for 13 min more", Words.status(p, 1000, true));
    }

    @Test
    void aDeferralBeforeTheFirstMasterReadSaysTheFileIsToBeReadNotReadAgain() {
        // A project listing no scheduler has its master file read first (decision 0017); after one failed read its
        // contact is deferred, and the file has never been read: "read first", not "read again". With a scheduler
        // listed, a pending read is a re-read.
        ContactView first = new ContactView(1750, RpcDeferral.RPC_FAILURES, 1, true, 0, Double.POSITIVE_INFINITY);
        ContactView again = new ContactView(1750, RpcDeferral.RPC_FAILURES, 10, true, 1, Double.POSITIVE_INFINITY);

        assertEquals("after 1 failure (contacts, tasks or master-file reads); its master file will be read first, "
                + "for its schedulers", Words.deferralCause(first));
        assertEquals("after 10 failures (contacts, tasks or master-file reads); the master file will be read again",
                Words.deferralCause(again));
    }

    @Test
    void anEmptyTaskListSaysWhyThereIsNoTask() {
        ProjectView runs = new ProjectView("http://a/", "A", 100, 1, false, false, 0, 0, 0,
                ProjectStatus.NO_RUNNABLE_RESULTS, null, 0, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        ProjectView noApp = new ProjectView("http://b/", "B", 100, 1, false, false, 0, 0, 0,
                ProjectStatus.NO_APPS_FOR_HOST, null, 0, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        ProjectView suspended = new ProjectView("http://a/", "A", 100, 1, true, false, 0, 0, 0,
                ProjectStatus.SUSPENDED_BY_USER, null, 0, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertTrue(Words.noTasks(List.of()).startsWith("No tasks: this client is attached to no project."));
        assertEquals("No tasks: no project here has an application for this computer.",
                Words.noTasks(List.of(noApp)));
        ProjectView noneYet = new ProjectView("http://c/", "C", 100, 1, false, false, 0, 0, 0,
                ProjectStatus.NO_APPLICATION_YET, null, 0, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("No tasks: no project here has sent an application yet. BOINC gets one with a project's first "
                + "tasks; this emulation has no server to send them.", Words.noTasks(List.of(noneYet)));
        assertEquals("No tasks: no project here has an application for this computer.",
                Words.noTasks(List.of(noApp, noneYet)));
        assertEquals("No tasks: every project that can run here is suspended or gets no new tasks.",
                Words.noTasks(List.of(suspended, noApp)));
        assertEquals("No tasks yet: the projects are being asked for work (see Work fetch).",
                Words.noTasks(List.of(runs, noApp)));
    }

    @Test
    void everyReasonAnEventCanGiveHasWords() {
        // An event's reason is the name of a constant of one of these enums (the engine's emit takes an enum): each
        // has words of its own, not only the lower-cased code.
        List<Enum<?>> reasons = new java.util.ArrayList<>();
        reasons.addAll(List.of(EventReason.values()));
        reasons.addAll(List.of(RpcReason.values()));
        reasons.addAll(List.of(DeletionReason.values()));
        reasons.addAll(List.of(DiskLimitSource.MAX_USED_GB, DiskLimitSource.MIN_FREE_GB, DiskLimitSource.MAX_USED_PCT,
                RpcDeferral.COMPUTATION_FAILURE, TaskReason.COMPUTATION_ERROR, TaskReason.SUSPENDED_BY_USER,
                TaskReason.SUSPENDED_FOR_DISK));
        for (Enum<?> r : reasons) {
            assertTrue(Words.hasWordsFor(r.name()), r.name() + ": " + Words.reason(r.name()));
        }
        // And every scheduling verdict a start or a preemption event carries.
        for (TaskReason r : TaskReason.values()) {
            if (r.isRunning() || r.name().startsWith("WAITING_") && r != TaskReason.WAITING_FOR_DOWNLOAD) {
                assertTrue(!Words.reason(r.name()).equals(r.name().toLowerCase(java.util.Locale.ROOT)
                        .replace('_', ' ')), r.name());
            }
        }
    }

    @Test
    void aCpuTaskHeldOffByGpuTasksSaysSo() {
        TaskVerdict held = TaskVerdict.of(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS, ResourceType.CPU);
        assertEquals("Waiting: GPU tasks hold every CPU (each needs CPU time beside its GPU)",
                Words.why(task(held), GFLOPS, 0));
        assertTrue(Words.explain(task(held), GFLOPS, 0).contains("max_concurrent"));
    }

    @Test
    void aTaskNeedingMoreCpusThanAllowedSaysItCannotStartAndWhatToDo() {
        // A 4-thread task on a host where BOINC may use 2 CPUs (the verdict's limit).
        TaskVerdict v = TaskVerdict.limited(TaskReason.NEEDS_MORE_CPUS_THAN_USABLE, ResourceType.CPU, 2);
        TaskView t = new TaskView("http://b/", "B", "b1_1", "b1", "4 CPUs", ResourceType.CPU,
                TaskStatus.TOO_LARGE_FOR_HOST, v, 0, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);
        assertEquals("Cannot start", Words.status(TaskStatus.TOO_LARGE_FOR_HOST));
        assertEquals("Cannot start: needs 4 CPUs; you let BOINC use 2 CPUs", Words.why(t, GFLOPS, 0));
        assertTrue(Words.explain(t, GFLOPS, 0).contains("Raise \"Use at most % of the CPUs\""));
        ProjectView b = new ProjectView("http://b/", "B", 0, 0, false, false, 0, 0, 0,
                ProjectStatus.NO_RUNNABLE_RESULTS, v, 0, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Nothing it can start: its tasks here need more CPUs than the 2 CPUs you let BOINC use",
                Words.why(b, List.of(), GFLOPS, 1000, true, true));
        assertEquals("Its tasks cannot start", Words.status(b, 1000, true));
    }

    @Test
    void aGpuTaskNeedingMoreCpusThanTheComputerHasSaysSoWithoutAskingToRaiseALimit() {
        // No user limit: 2 CPUs, and a GPU task needing 4 (more than 2 + 1). There is no preference to raise.
        TaskVerdict v = TaskVerdict.limited(TaskReason.NEEDS_MORE_CPUS_THAN_PRESENT, ResourceType.NVIDIA, 2);
        TaskView t = new TaskView("http://b/", "B", "b1_1", "b1", "4 CPUs + 1 NVIDIA GPU", ResourceType.NVIDIA,
                TaskStatus.TOO_LARGE_FOR_HOST, v, 0, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);
        assertEquals("Cannot start: needs 4 CPUs + 1 NVIDIA GPU; this computer has 2 CPUs", Words.why(t, GFLOPS, 0));
        assertFalse(Words.explain(t, GFLOPS, 0).contains("Raise"));
        assertTrue(Words.explain(t, GFLOPS, 0).contains("Abort it"));
    }

    @Test
    void aTaskNeedingMoreGpusThanPresentSaysSo() {
        TaskVerdict v = TaskVerdict.limited(TaskReason.NEEDS_MORE_GPUS_THAN_PRESENT, ResourceType.NVIDIA, 1);
        TaskView t = new TaskView("http://b/", "B", "b1_1", "b1", "0.5 CPU + 2 NVIDIA GPUs", ResourceType.NVIDIA,
                TaskStatus.TOO_LARGE_FOR_HOST, v, 0, 0, 3600, 0, 864000, false, Double.NaN, Double.NaN);
        assertEquals("Cannot start: needs 0.5 CPU + 2 NVIDIA GPUs; this computer has 1 NVIDIA GPU",
                Words.why(t, GFLOPS, 0));
    }

    /** A project over its disk share that leaves room to one within its own says so in Work fetch (0043). */
    @Test
    void aProjectThatLeavesItsRoomToAnotherSaysWhyItIsNotAsked() {
        FetchView yields = new FetchView(ResourceType.CPU, FetchBlock.YIELDS_DISK_ROOM, Double.NaN, 0, 0, 0, 1, 0, 0,
                true, 0, 0, false);
        ProjectView p = new ProjectView("http://a/", "A", 100, 0.5, false, false, 0, 0, 0, ProjectStatus.RUNNING,
                null, 1, 0, 0, ContactView.CLEAR, List.of(yields), 0, AS_SHARE, false);
        assertEquals("Not asked for work: over its disk share, it leaves the room its finished tasks free to a "
                + "project within its share that has no work and waits for room, and reports them at once (see Disk)",
                Words.fetchReason(p, yields, 1000, true));
    }

    @Test
    void aBackupProjectSaysItRunsOnlyWhereNoProjectWithAShareCan() {
        // B has share 0: it waits behind A whatever the debts, and runs on a CPU no project with a share could use.
        TaskVerdict waits = new TaskVerdict(TaskReason.WAITING_BACKUP_PROJECT, ResourceType.CPU, 0, "A", -60 * MINUTE);
        assertEquals("Waiting: backup project (share 0), runs only on a CPU no other project can use",
                Words.why(task(waits), GFLOPS, 0));
        assertTrue(Words.explain(task(waits), GFLOPS, 0).endsWith("whatever the debts. A took the last CPU given out."));
        ProjectView b = new ProjectView("http://b/", "B", 0, 0, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, waits, 0, 1, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Waits: a backup project (share 0) runs only on a CPU no project with a share can use",
                Words.why(b, List.of(), GFLOPS, 1000, true, true));
        // Not asked for work either: "backup project" is said once in the project's Why, and in the Work fetch
        // pane's own reason, which stands alone.
        FetchView zero = new FetchView(ResourceType.CPU, FetchBlock.ZERO_SHARE_NOT_IDLE, 0, 0, 0, 0, 0, 0, 0, true,
                0, 0, false);
        ProjectView notAsked = new ProjectView("http://b/", "B", 0, 0, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, waits, 0, 1, 0, ContactView.CLEAR, List.of(zero), 0, AS_SHARE, false);
        assertEquals("Waits: a backup project (share 0) runs only on a CPU no project with a share can use; asked "
                + "only when a CPU would idle", Words.why(notAsked, List.of(), GFLOPS, 1000, true, true));
        assertEquals("Backup project: asked only when a CPU would idle", Words.fetchReason(notAsked, zero, 1000,
                true));
        TaskVerdict runs = new TaskVerdict(TaskReason.RUNNING_BACKUP_PROJECT, ResourceType.CPU, 0, null, Double.NaN);
        assertEquals("Running: backup project (share 0), on a CPU no other project could use",
                Words.why(task(runs), GFLOPS, 0));
        ProjectView running = new ProjectView("http://b/", "B", 0, 0, false, false, 0, 0, 0, ProjectStatus.RUNNING,
                runs, 1, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Runs 1 task (backup project: no project with a share had work for the CPU)",
                Words.why(running, List.of(), GFLOPS, 1000, true, true));
    }

    /**
     * A backup project with CPU and NVIDIA GPU apps is said to be one on both (QA: Asteroid Orbits at share 0 read
     * "runs only on a CPU ...; asked only when a CPU would idle" while its Work fetch row for the NVIDIA GPU said it
     * was a backup there too); a GPU type it has no app for is not named.
     */
    @Test
    void aBackupProjectNamesEveryResourceItIsABackupOn() {
        TaskVerdict waits = new TaskVerdict(TaskReason.WAITING_BACKUP_PROJECT, ResourceType.CPU, 0, "A", -60 * MINUTE);
        FetchView cpu = new FetchView(ResourceType.CPU, FetchBlock.ZERO_SHARE_NOT_IDLE, 0, 0, 0, 0, 0, 0, 0, true,
                0, 0, false);
        FetchView nvidia = new FetchView(ResourceType.NVIDIA, FetchBlock.ZERO_SHARE_NOT_IDLE, 0, 0, 0, 0, 0, 0, 0,
                true, 0, 0, false);
        FetchView amd = new FetchView(ResourceType.AMD, FetchBlock.NO_APPS_FOR_RESOURCE, 0, 0, 0, 0, 0, 0, 0, false,
                0, 0, false);
        ProjectView b = new ProjectView("http://b/", "B", 0, 0, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, waits, 0, 2, 0, ContactView.CLEAR, List.of(cpu, nvidia, amd), 0,
                AS_SHARE, false);

        assertEquals("Waits: a backup project (share 0) runs only on a CPU or an NVIDIA GPU no project with a share "
                + "can use; asked only when a CPU or an NVIDIA GPU would idle",
                Words.why(b, List.of(), GFLOPS, 1000, true, true));
        // Each Work fetch row still speaks of its own resource.
        assertEquals("Backup project: asked only when an NVIDIA GPU would idle",
                Words.fetchReason(b, nvidia, 1000, true));
        assertEquals("a CPU, an NVIDIA GPU or an AMD GPU",
                Words.anyOf(java.util.EnumSet.of(ResourceType.CPU, ResourceType.NVIDIA, ResourceType.AMD)));
    }

    @Test
    void gpuExplanationsSayAnNvidiaGpu() {
        // QA: a GPU task's explanation read "with work for a NVIDIA GPU"; the Why cells already said "an NVIDIA GPU".
        TaskVerdict won = new TaskVerdict(TaskReason.RUNNING_HIGHEST_DEBT, ResourceType.NVIDIA, 4 * MINUTE, null,
                Double.NaN);
        assertTrue(Words.explain(task(won), GFLOPS, 0).contains("with work for an NVIDIA GPU, so it got one."));
        TaskVerdict free = new TaskVerdict(TaskReason.RUNNING_FREE_INSTANCE, ResourceType.NVIDIA, 4 * MINUTE, null,
                Double.NaN);
        assertTrue(Words.explain(task(free), GFLOPS, 0).startsWith("An NVIDIA GPU came free during the period"));
        TaskVerdict backup = new TaskVerdict(TaskReason.WAITING_BACKUP_PROJECT, ResourceType.NVIDIA, 0, "A",
                -60 * MINUTE);
        assertTrue(Words.explain(task(backup), GFLOPS, 0).contains("it runs only on an NVIDIA GPU that no project"));
        TaskVerdict sibling = new TaskVerdict(TaskReason.WAITING_SIBLING_PREFERRED, ResourceType.NVIDIA, 0, null,
                Double.NaN);
        assertTrue(Words.explain(task(sibling), GFLOPS, 0).contains(" got an NVIDIA GPU, but for another of its"));
        FetchView zero = new FetchView(ResourceType.NVIDIA, FetchBlock.ZERO_SHARE_NOT_IDLE, 0, 0, 0, 0, 0, 0, 0, true,
                0, 0, false);
        ProjectView b = new ProjectView("http://b/", "B", 0, 0, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, backup, 0, 1, 0, ContactView.CLEAR, List.of(zero), 0, AS_SHARE,
                false);
        assertEquals("Backup project: asked only when an NVIDIA GPU would idle", Words.fetchReason(b, zero, 1000,
                true));
    }

    @Test
    void aTaskLeftWaitingBehindARescueSaysWhose() {
        // A's tasks in deadline rescue took every CPU at the period's start: B's task waits behind them.
        TaskVerdict v = new TaskVerdict(TaskReason.WAITING_BEHIND_DEADLINE_RESCUE, ResourceType.CPU, 5 * MINUTE, "A",
                Double.NaN);
        assertEquals("Waiting: A's tasks at risk of missing their deadline hold every CPU",
                Words.why(task(v), GFLOPS, 0));
        ProjectView b = new ProjectView("http://b/", "B", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, v, 0, 1, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Waits: A's tasks at risk of missing their deadline hold every CPU",
                Words.why(b, List.of(), GFLOPS, 1000, true, true));
    }

    @Test
    void aTaskThatGaveWayToARescueSaysForWhom() {
        // B's task was preempted mid-period so that A's task in deadline rescue could start (decision 0022): the
        // verdict names A and has no rival debt to compare with.
        TaskVerdict v = new TaskVerdict(TaskReason.WAITING_DEADLINE_RESCUE, ResourceType.CPU, -5 * MINUTE, "A",
                Double.NaN);
        assertEquals("Waiting: made room for A's task that was at risk of missing its deadline",
                Words.why(task(v), GFLOPS, 0));
        ProjectView b = new ProjectView("http://b/", "B", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.WAITING_LOWER_DEBT, v, 0, 1, 0,
                ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Waits: made room for A's task that was at risk of missing its deadline",
                Words.why(b, List.of(), GFLOPS, 1000, true, true));
        ProjectView a = new ProjectView("http://a/", "A", 100, 0.5, false, false, 0, 0, 0, ProjectStatus.RUNNING,
                new TaskVerdict(TaskReason.RUNNING_DEADLINE_RISK, ResourceType.CPU, 2 * MINUTE, null, Double.NaN),
                1, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        // "First in line", not "ahead of the debt order": a task in rescue may lead on debt too (tight-deadlines).
        assertEquals("Runs 1 task (first in line: it would miss a deadline otherwise)",
                Words.why(a, List.of(), GFLOPS, 1000, true, true));
        // A project that won by debt: the figure is the one it had when chosen (+2 min).
        ProjectView won = new ProjectView("http://a/", "A", 100, 0.5, false, false, 0, 0, 0, ProjectStatus.RUNNING,
                new TaskVerdict(TaskReason.RUNNING_HIGHEST_DEBT, ResourceType.CPU, 2 * MINUTE, null, Double.NaN),
                2, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        // The debt it won with and for which resource: the table shows the debt now.
        assertEquals("Runs 2 tasks (had the largest anticipated debt for a CPU, +2 min)",
                Words.why(won, List.of(), GFLOPS, 1000, true, true));
        // Stamped with the time of the decision (the period at 1,000 s is 00:16:40 UTC, shown in local time): a task
        // kept at a later period said "when it started" of that period's figure. One that took a CPU that came free
        // says so.
        ProjectView kept = new ProjectView("http://a/", "A", 100, 0.5, false, false, 0, 0, 0, ProjectStatus.RUNNING,
                new TaskVerdict(TaskReason.RUNNING_HIGHEST_DEBT, ResourceType.CPU, 23 * MINUTE, null, Double.NaN, 0,
                        1000), 1, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Runs 1 task (had the largest anticipated debt for a CPU at " + Format.clock(1000) + ", +23 min)",
                Words.why(kept, List.of(), GFLOPS, 1000, true, true));
        ProjectView freed = new ProjectView("http://a/", "A", 100, 0.5, false, false, 0, 0, 0, ProjectStatus.RUNNING,
                new TaskVerdict(TaskReason.RUNNING_FREE_INSTANCE, ResourceType.CPU, -9 * MINUTE, null, Double.NaN, 0,
                        1000), 1, 0, 0, ContactView.CLEAR, List.of(), 0, AS_SHARE, false);
        assertEquals("Runs 1 task (took a CPU that came free at " + Format.clock(1000) + ", anticipated debt -9 min)",
                Words.why(freed, List.of(), GFLOPS, 1000, true, true));
        // While the host does not compute (off, or computing not allowed now), the tasks are held, not running.
        assertEquals("Running 2 tasks", Words.status(won, 1000, true));
        assertEquals("Computing suspended, 2 tasks held", Words.status(won, 1000, false));
        assertEquals("Computing is suspended now; when it resumes, it runs 2 tasks (had the largest anticipated debt "
                + "for a CPU, +2 min)", Words.why(won, List.of(), GFLOPS, 1000, true, false));
        // With its cause, where the snapshot tells it (Words.notComputing).
        assertEquals("Computing is suspended now (computer off); when it resumes, it runs 2 tasks (had the largest "
                + "anticipated debt for a CPU, +2 min)",
                Words.why(won, List.of(), GFLOPS, 1000, true, "computer off"));
        assertEquals(Words.why(b, List.of(), GFLOPS, 1000, true, true),
                Words.why(b, List.of(), GFLOPS, 1000, true, false));
    }

    @Test
    void fetchReasonSaysWhyAProjectIsOrIsNotAskedForAResource() {
        // A is backed off for the GPU until 1000 + 750 (interval 1200 s); asked for CPU work now.
        FetchView gpu = new FetchView(ResourceType.NVIDIA, FetchBlock.RESOURCE_BACKOFF, 1750, 0, 0, 0, 0.5, 0, 0,
                false, 1750, 1200, false);
        FetchView cpu = new FetchView(ResourceType.CPU, FetchBlock.FETCHING, Double.NaN, 0, 0, 0, 0.5, 3600, 120,
                true, 0, 0, false);
        ProjectView p = new ProjectView("http://a/", "A", 100, 0.5, false, false, 0, 0, 0,
                ProjectStatus.NO_RUNNABLE_RESULTS, null, 0, 0, 0, ContactView.CLEAR, List.of(gpu, cpu), 120,
                AS_SHARE, false);

        assertEquals("NVIDIA GPU requests backed off for 13 min more (last reply brought no NVIDIA GPU task)",
                Words.fetchReason(p, gpu, 1000, true));
        assertEquals("Asked for CPU work now (largest long-term debt plus shortfall of those short of work)",
                Words.fetchReason(p, cpu, 1000, true));
        // Backed off after a reply whose tasks needed more disk space than was offered: the server had work, so
        // "brought no task" would blame it (disk-75-25). Offered, not "can make": the project may be well within its
        // share, the room held by another (QA).
        FetchView refused = new FetchView(ResourceType.CPU, FetchBlock.RESOURCE_BACKOFF, 2740, 0, 0, 0, 0.5, 0, 0,
                false, 2740, 1200, true);
        assertEquals("CPU requests backed off for 29 min more (its server had work, but its CPU tasks need more disk "
                + "space than this computer offered; see Disk)", Words.fetchReason(p, refused, 1000, true));
        // Waiting for room after a reply that brought work and filled the disk (no interval: decision 0040).
        FetchView filled = new FetchView(ResourceType.CPU, FetchBlock.RESOURCE_BACKOFF, 2740, 0, 0, 0, 0.5, 0, 0,
                false, 2740, 0, true);
        // Without the disk's standing, only that no more fit: not that its own reply filled its room (QA).
        assertEquals("CPU requests wait for room on disk: no more of its CPU tasks fit; asked again when enough room "
                + "is free, at the latest in 29 min (see Disk)", Words.fetchReason(p, filled, 1000, true));
        // Not asked for a reason said first (enough work), while also waiting for room: both are said, or the Backed
        // off for column's countdown stood without a reason (QA).
        FetchView enoughAndWaiting = new FetchView(ResourceType.CPU, FetchBlock.PROJECT_HAS_ENOUGH_WORK, Double.NaN,
                0, 0, 0, 0.5, 0, 0, false, 2740, 0, true);
        assertEquals("Enough CPU work for now: it holds its part of \"Store at least\"; its CPU requests also wait "
                + "for room on disk, for at most 29 min more (see Disk)",
                Words.fetchReason(p, enoughAndWaiting, 1000, true));
        // The project's Why picks the most telling resource: being asked beats being backed off.
        assertEquals("Nothing to run (debt held at 0); asking for CPU work",
                Words.why(p, List.of(), GFLOPS, 1000, true, true));
        // Offline (connected_frac 0, or between connections): chosen, but not asked until the host is online.
        assertEquals("To be asked for CPU work once online (largest long-term debt plus shortfall of those short of "
                        + "work)",
                Words.fetchReason(p, cpu, 1000, false));
        assertEquals("Nothing to run (debt held at 0); to ask for CPU work once online",
                Words.why(p, List.of(), GFLOPS, 1000, false, true));
        // A project whose queue holds its part of "Store at least" is not asked, whatever its shortfall up to the
        // high-water mark: "for now" says it will be.
        FetchView enough = new FetchView(ResourceType.CPU, FetchBlock.PROJECT_HAS_ENOUGH_WORK, Double.NaN, 0, 0, 0,
                0.5, 3600, 120, true, 0, 0, false);
        // It names the gate, since the row beside it shows a shortfall of hours.
        assertEquals("Enough CPU work for now: it holds its part of \"Store at least\"",
                Words.fetchReason(p, enough, 1000, true));
    }

    @Test
    void aWaitForRoomOnDiskNamesWhoHoldsTheRoomAndWhatItWaitsFor() {
        // QA's host m1: Climate Model within its disk share (162 of 512 MB), Prime Search far over its own (610 of
        // 256 MB), Pulsar Hunt within its share. Each resource waits for room after a reply that brought work.
        double mb = 1 << 20;
        FetchView cpuWait = new FetchView(ResourceType.CPU, FetchBlock.RESOURCE_BACKOFF, 2740, 0, 0, 0, 0.5, 0, 0,
                true, 2740, 0, true);
        FetchView gpuWait = new FetchView(ResourceType.NVIDIA, FetchBlock.RESOURCE_BACKOFF, 2740, 0, 0, 0, 0.5, 0,
                0, true, 2740, 0, true);
        ProjectView climate = new ProjectView("http://climate/", "Climate Model", 200, 0.5, false, false, 0, 0, 0,
                ProjectStatus.RUNNING, null, 1, 0, 0, ContactView.CLEAR, List.of(cpuWait), 0, AS_SHARE, false);
        ProjectView prime = new ProjectView("http://prime/", "Prime Search", 100, 0.25, false, false, 0, 0, 0,
                ProjectStatus.RUNNING, null, 1, 0, 0, ContactView.CLEAR, List.of(cpuWait), 0, AS_SHARE, false);
        ProjectView pulsar = new ProjectView("http://pulsar/", "Pulsar Hunt", 100, 0.25, false, false, 0, 0, 0,
                ProjectStatus.RUNNING, null, 1, 0, 0, ContactView.CLEAR, List.of(gpuWait), 0, AS_SHARE, false);
        ProjectDiskView climateDisk = new ProjectDiskView("http://climate/", "Climate Model", 162 * mb, 512 * mb,
                DeletionPolicy.LRU, 2, List.of(), null, false,
                List.of(new RoomWait(ResourceType.CPU, "climate", 162 * mb, 162 * mb, false, 51 * mb, 2740)), "");
        ProjectDiskView primeDisk = new ProjectDiskView("http://prime/", "Prime Search", 610 * mb, 256 * mb,
                DeletionPolicy.LRU, 8, List.of(), null, false,
                List.of(new RoomWait(ResourceType.CPU, "sieve", 153 * mb, 551 * mb, true, 51 * mb, 2740)), "");
        // The room came after the client last checked the wait: 147 MB could be offered, 105 MB is wanted.
        ProjectDiskView pulsarDisk = new ProjectDiskView("http://pulsar/", "Pulsar Hunt", 200 * mb, 256 * mb,
                DeletionPolicy.LRU, 3, List.of(), null, false,
                List.of(new RoomWait(ResourceType.NVIDIA, "pulsar_gpu", 105 * mb, 105 * mb, false, 147 * mb, 2740)),
                "");
        DiskView disk = new DiskView(500 * GB_BYTES, 400 * GB_BYTES, 0, GB_BYTES, DiskLimitSource.MAX_USED_GB,
                GB_BYTES, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, GB_BYTES, 972 * mb, false,
                List.of(primeDisk, pulsarDisk, climateDisk), List.of(), Map.of());

        assertEquals("CPU requests wait for room on disk, held by Prime Search (354 MB over its share): its next "
                + "task needs 162 MB and 51 MB could be offered; asked again when that is free, at the latest in "
                + "29 min (see Disk)", Words.fetchReason(climate, cpuWait, 1000, true, disk));
        assertEquals("CPU requests wait for room on disk, held by its own tasks (354 MB over its share): 51 MB could "
                + "be offered, 551 MB wanted: room for a batch of tasks, not only its next (153 MB); asked again when "
                + "that is free, at the latest in 29 min (see Disk)",
                Words.fetchReason(prime, cpuWait, 1000, true, disk));
        assertEquals("NVIDIA GPU requests wait for room on disk: the 105 MB it waits for is free now (147 MB could be "
                + "offered), come since the client last checked; the wait ends at its next check, at the latest in "
                + "29 min (see Disk)", Words.fetchReason(pulsar, gpuWait, 1000, true, disk));
        // A refusal by the server's disk check (a backoff with an interval): the same holder is named.
        FetchView refused = new FetchView(ResourceType.CPU, FetchBlock.RESOURCE_BACKOFF, 2740, 0, 0, 0, 0.5, 0, 0,
                false, 2740, 1200, true);
        assertEquals("CPU requests backed off for 29 min more (its server had work, but its CPU tasks need more disk "
                + "space than this computer offered, the room held by Prime Search (354 MB over its share); see Disk)",
                Words.fetchReason(climate, refused, 1000, true, disk));
    }

    @Test
    void aProjectThatRanOutOfWorkMidPeriodKeepsItsDebtUntilThePeriodsEnd() {
        // Its last task ended at 13:50 with debt +3 h. At 14:00 its debt is settled (its task did work in that
        // period), and at 15:00, after a whole period without work, seed 001 zeroes it (decision 0015): "held at 0"
        // would contradict the Debt column's +3 h until then.
        ProjectView p = new ProjectView("http://a/", "A", 100, 0.5, false, false, 3 * 3600 * GFLOPS,
                3 * 3600 * GFLOPS, 0, ProjectStatus.NO_RUNNABLE_RESULTS, null, 0, 0, 0, ContactView.CLEAR,
                List.of(), 0, AS_SHARE, false);

        assertEquals("Nothing to run: its debt goes to 0 once a whole period passes without work for it",
                Words.why(p, List.of(), GFLOPS, 1000, true, true));
    }

    @Test
    void everyFetchBlockHasWordsAndTheHeldCpusAreNamed() {
        for (FetchBlock b : FetchBlock.values()) {
            FetchView v = new FetchView(ResourceType.CPU, b, 1750, 0, 0, 0, 1, 0, 0, false, 0, 0, false);
            ProjectView p = new ProjectView("http://a/", "A", 100, 1, false, false, 0, 0, 0,
                    ProjectStatus.NO_RUNNABLE_RESULTS, null, 0, 0, 0, ContactView.CLEAR, List.of(v), 0, AS_SHARE,
                    false);
            assertFalse(Words.fetchReason(p, v, 1000, true).isBlank(), b.name());
        }
        FetchView held = new FetchView(ResourceType.CPU, FetchBlock.CPUS_HELD_BY_GPU_TASKS, Double.NaN, 0, 0, 0, 0,
                0, 0, false, 0, 0, false);
        ProjectView a = new ProjectView("http://a/", "A", 100, 1, false, false, 0, 0, 0,
                ProjectStatus.NO_RUNNABLE_RESULTS, null, 0, 0, 0, ContactView.CLEAR, List.of(held), 0, AS_SHARE, false);
        assertEquals("Not asked for CPU work: GPU tasks hold every CPU for the whole buffer",
                Words.fetchReason(a, held, 1000, true));
        FetchView tooLarge = new FetchView(ResourceType.NVIDIA, FetchBlock.APPS_TOO_LARGE_FOR_HOST, Double.NaN, 0, 0,
                0, 0, 0, 0, false, 0, 0, false);
        assertEquals("Not asked for NVIDIA GPU work: its NVIDIA GPU apps need more CPUs or NVIDIA GPUs than BOINC "
                + "may use here", Words.fetchReason(a, tooLarge, 1000, true));
    }

    @Test
    void rpcsInWords() {
        // Asked for 3 h 12 min of CPU work for 1 instance and reported 2; got 3 CPU tasks and 1 GPU task, both
        // reports acknowledged, request_delay 5 min, on the second scheduler URL.
        RpcView ok = new RpcView(1000, "A", "NEED_WORK",
                Map.of(ResourceType.CPU, new RequestView(3 * 3600 + 12 * 60, 1)), 2,
                Map.of(ResourceType.CPU, 3, ResourceType.NVIDIA, 1), 2, 300, null, 2, false);
        RpcView failed = new RpcView(1000, "A", "RESULTS_DUE", Map.of(), 1, Map.of(), 0, 0, "connection refused", 1,
                false);

        assertEquals("CPU: 3 h 12 min for 1 instance; 2 reported", Words.rpcRequested(ok));
        assertEquals("1 NVIDIA GPU task, 3 CPU tasks, 2 acknowledged, next contact in 5 min (2 scheduler URLs "
                + "tried)", Words.rpcOutcome(ok));
        assertEquals("no work; 1 reported", Words.rpcRequested(failed));
        assertEquals("Failed: connection refused", Words.rpcOutcome(failed));
        // The server had work but found too little disk space offered: that, not an empty server, is why.
        RpcView refused = new RpcView(1000, "A", "NEED_WORK", Map.of(ResourceType.CPU, new RequestView(3600, 1)), 0,
                Map.of(), 0, 0, null, 1, true);
        assertEquals("no task: refused for disk space", Words.rpcOutcome(refused));
    }

    @Test
    void formatsNumbersForPeople() {
        assertEquals("2 h 05 min", Format.duration(7500));
        assertEquals("45 s", Format.duration(45));
        assertEquals("3 d 04 h", Format.duration(3 * 86400 + 4 * 3600));
        // Three significant digits, without trailing zeros: 1.2 GiB -> "1.2 GB"; half of 2.3 TiB -> 1.15 TiB, where one
        // decimal said "1.2 TB" for each of two halves of 2.3 TB; 5e10 bytes / 2^30 = 46.57 -> "46.6 GB"; 2^31 -> "2 GB";
        // 9.996 GiB rounds to "10 GB", not "10.00 GB"; from 100 up every digit: 1000 MiB -> "1000 MB".
        assertEquals("1.2 GB", Format.size(1.2 * 1024 * 1024 * 1024));
        assertEquals("1.15 TB", Format.size(2.3 / 2 * 1024 * 1024 * 1024 * 1024));
        assertEquals("46.6 GB", Format.size(5e10));
        assertEquals("2 GB", Format.size(2.0 * 1024 * 1024 * 1024));
        assertEquals("10 GB", Format.size(9.996 * 1024 * 1024 * 1024));
        assertEquals("1000 MB", Format.size(1000.0 * 1024 * 1024));
        assertEquals("512 bytes", Format.size(512));
        assertEquals("34.6 %", Format.percent(0.3456));
        // 750 s = 12.5 min, rounded up as time left: "13 min"; run out: "0 s".
        assertEquals("13 min", Format.countdown(750));
        assertEquals("0 s", Format.countdown(-5));
        assertEquals("-30 min", Format.cpuTime(-1800 * GFLOPS, GFLOPS));
        assertEquals("+30 min", Format.cpuTime(1800 * GFLOPS, GFLOPS));
    }

    /** A debt that rounds to nothing has no sign: "-0 s" read as owing, "+0 s" as owed. */
    @Test
    void aTimeThatRoundsToNothingHasNoSign() {
        // 0.3 s and -0.3 s round to 0 s; 0.5 s rounds to 1 s and keeps its sign.
        assertEquals("0 s", Format.cpuTime(-0.3 * GFLOPS, GFLOPS));
        assertEquals("0 s", Format.cpuTime(0.3 * GFLOPS, GFLOPS));
        assertEquals("0 s", Format.duration(-0.3));
        assertEquals("+1 s", Format.cpuTime(0.5 * GFLOPS, GFLOPS));
        assertEquals("-1 s", Format.cpuTime(-0.6 * GFLOPS, GFLOPS));
    }

    @Test
    void aCountTakesItsNounsNumber() {
        assertEquals("1 CPU", org.cruncher.engine.api.Units.count(1, "CPU"));
        assertEquals("0 queued tasks", org.cruncher.engine.api.Units.count(0, "queued task"));
        assertEquals("20 CPUs", org.cruncher.engine.api.Units.count(20, "CPU"));
    }

    @Test
    void aNumberEchoedFromAFileIsWrittenAsAPersonWouldWriteIt() {
        assertEquals("-50", org.cruncher.engine.api.Units.exact(-50.0));
        assertEquals("99999999", org.cruncher.engine.api.Units.exact(9.9999999E7));
        assertEquals("0.25", org.cruncher.engine.api.Units.exact(0.25));
        assertEquals("1E+300", org.cruncher.engine.api.Units.exact(1e300));
    }

    @Test
    void aTaskOutOfRescueSaysItIsSafeAndUntilWhenItKeepsItsCpu() {
        // The period ends at this boundary, shown as a time of day in the local zone.
        double boundary = 1_767_276_000;
        TaskView t = task(TaskVerdict.of(TaskReason.RUNNING_RESCUED_NOW_SAFE, ResourceType.CPU));

        assertEquals("Running: started first to meet its deadline, safe now; keeps the CPU until "
                + Format.clock(boundary), Words.why(t, GFLOPS, boundary));
        assertTrue(Words.explain(t, GFLOPS, boundary).contains("no longer in rescue"));
    }

    /**
     * While computing waits for disk space no task runs, so none ends to make room (the text said room came "as
     * running tasks end"): only uploads and reports of finished tasks, or the user, make it.
     */
    @Test
    void aTaskSuspendedForDiskIsNotToldThatRunningTasksWillEnd() {
        String text = Words.explain(task(TaskVerdict.of(TaskReason.SUSPENDED_FOR_DISK, ResourceType.CPU)), GFLOPS, 0);
        assertFalse(text.contains("as running tasks end"), text);
        assertTrue(text.contains("No task runs meanwhile, so none ends to make room"), text);
        assertTrue(text.endsWith("raise the limit in Preferences (Disk) or free space on the disk."), text);
    }
}

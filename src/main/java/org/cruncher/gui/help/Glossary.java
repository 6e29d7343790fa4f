package org.cruncher.gui.help;

import java.util.ArrayList;
import java.util.Collections;
import java.util.List;

import org.cruncher.engine.api.TaskStatus;
import org.cruncher.gui.text.Words;

/**
 * What the window's words mean, one or two sentences each, for Help > What the words mean: BOINC's task states
 * (as the Tasks pane shows them), a project's status, and the scheduler's terms the panes and the status bar use.
 * Volunteers ask for such a list (manager-anchors.md §4, items 18 and 19); the column headers' tooltips say the same
 * things at more length where they are used.
 */
public final class Glossary {

    /** One word or phrase and what it means, under its heading. */
    public record Entry(String heading, String term, String meaning) {
    }

    static final String TASK_STATES = "Task states";
    static final String PROJECT_STATES = "Project status";
    static final String SCHEDULING = "Who runs";
    static final String WORK_FETCH = "Getting work";
    static final String DISK = "Disk";
    static final String FIGURES = "Figures in the status bar";

    private static final List<Entry> ENTRIES = build();

    private Glossary() {
    }

    /** Every entry, heading by heading in the order of the window's panes. */
    public static List<Entry> entries() {
        return ENTRIES;
    }

    private static List<Entry> build() {
        List<Entry> all = new ArrayList<>();
        for (TaskStatus s : TaskStatus.values()) {
            all.add(new Entry(TASK_STATES, Words.status(s), taskState(s)));
        }
        project(all, "Running 2 tasks", "Its tasks hold processors now.");
        project(all, "Computing suspended, 2 tasks held", "These tasks would run, but the computer does not compute "
                + "now (off, in use, outside the allowed hours, or over the disk limit).");
        project(all, "Waiting to run", "It has tasks to run, but the processors went to projects owed more (with a "
                + "larger anticipated debt) or to tasks at risk of missing their deadlines. Each task's Why says "
                + "which.");
        project(all, "No work", "It has no task that could run: it is asked for work when the queue runs low, "
                + "unless it is backed off or gets no new tasks.");
        project(all, "Its tasks cannot start", "Its tasks need more CPUs or GPUs than this computer has, or than the "
                + "preferences let BOINC use.");
        project(all, "No app for this computer", "None of its applications can run here (they need a GPU this "
                + "computer lacks, say): it is not asked for work.");
        project(all, "No app yet", "It has sent no task yet, so the state holds none of its applications. BOINC "
                + "would get them with its first tasks; this emulation has no server to send them, so it stays so.");
        project(all, "Suspended by you", "Its tasks do not run and it is not asked for work until you resume it "
                + "(Suspend in Projects).");
        project(all, "Communication deferred", "Its scheduler may not be contacted for a while: after failed "
                + "contacts (a wait that doubles with each, up to 4 hours, or a day once its master file could not be "
                + "read either), after a failed task, or for as long as the project asked. The Work fetch pane says "
                + "which, and for how long.");
        project(all, "Won't get new tasks", "You chose No new tasks, or the project is to be removed when its tasks "
                + "are done (set in BOINC): it finishes what it has and is not asked for more.");
        scheduling(all, "Resource share", "How much of this computer a project should get against the others: only "
                + "the ratio matters (200 and 100 split 2 : 1). Double-click it in Projects to change it.");
        scheduling(all, "Share", "A project's resource share divided by the sum of all shares.");
        scheduling(all, "Backup project", "A project with a resource share of 0: it runs and gets work only when no "
                + "project with a share can use a processor.");
        scheduling(all, "Target", "The part of this computer's work a project can get, given which processors its "
                + "applications use: a CPU-only project cannot take its share of a GPU.");
        scheduling(all, "Scheduling period", "How often the debts are settled and the processors given out again "
                + "(Switch between tasks every, in Preferences; 60 minutes by default).");
        scheduling(all, "Overcommitted", "The running tasks need more CPUs than there are (\"2.1 CPUs' worth on "
                + "2\"): GPU tasks take some CPU time beside their GPUs and, as in BOINC, may go over the CPUs' number "
                + "by less than one, so that no CPU idles.");
        scheduling(all, "Debt", "CPU time owed to a project: it grows with its share of the time its tasks could "
                + "run and falls as they run. Positive: owed; the project owed the most runs first. It stops at a "
                + "day of this computer's work either way, so that a project held back for long does not take the "
                + "computer for as long once free.");
        scheduling(all, "Anticipated debt", "The debt a project is expected to have at the end of the period once "
                + "its chosen tasks have run; each free processor goes to the largest, and it falls with each task "
                + "given one.");
        scheduling(all, "Resource debt", "For comparison only: a project's resource share per hour of CPU time "
                + "it had lately (\"2.5 /h\"; an hour a week ago counts 1/e, about a third, as much). Larger: owed "
                + "more CPU time; \u221e: none yet. It counts CPU time only, so a GPU project looks owed here. "
                + "Cruncher fetches work by long-term debt.");
        scheduling(all, "Deadline rescue (at risk)", "The forecast has a task finishing after its deadline, or "
                + "too close to it, at its project's share: it runs first, ahead of the debts, until it is safe.");
        scheduling(all, "Safety margin", "How close to its deadline a task may be expected to finish before it "
                + "is at risk: Store at least, or a quarter of the time its project gave for it if that is less, so "
                + "that a short outage does not make it late.");
        scheduling(all, "Forecast", "The scheduler's round-robin simulation of the queued work at each project's "
                + "share: it gives each task its expected finish (Finishes; marked * where a running task may end "
                + "later than its remaining time says), the tasks at risk and the shortfall.");
        scheduling(all, "max_concurrent", "A limit, set in a project's app_config.xml, on how many of its tasks (or "
                + "of one application's) run at once; tasks beyond it wait.");
        fetch(all, "Store at least (low water)", "Work is asked for when a processor's queue keeps it busy for "
                + "less than this (work_buf_min_days).");
        fetch(all, "Store up to an additional (high water)", "A request asks for enough to fill the queue up to "
                + "Store at least plus this (work_buf_additional_days): the Work fetch pane's Buffer, low to high.");
        fetch(all, "Busy for", "How long the queued work keeps every instance of a processor busy, by the forecast.");
        fetch(all, "Shortfall", "The idle instance-time the forecast expects within the buffer: what a request "
                + "would ask for.");
        fetch(all, "Long-term debt", "Per processor type, the instance-time owed to a project: the one with the "
                + "largest, plus its shortfall, is asked for work first. It grows only for projects that supply "
                + "jobs for that processor.");
        fetch(all, "Supplies jobs", "Yes once a project has sent a job for that processor; a request for it that "
                + "brings none sets it to No.");
        fetch(all, "Backoff", "A wait before a project is asked for work again: for one processor type after a "
                + "request for it brought no job (its interval doubles each time, up to a day, and each wait is drawn "
                + "at random between half and all of it; one that brought no job for want of disk space ends as soon "
                + "as the room is there), or for all its processors while communication is deferred.");
        fetch(all, "Scheduler RPC (scheduler request)", "One request to a project's server: it reports finished "
                + "tasks and may ask for work, in seconds of work and idle instances per processor type.");
        disk(all, "Disk limit", "The space BOINC may use: the smallest of the three disk preferences (Use no more "
                + "than ... GB, Leave at least ... GB free, Use no more than ... % of total). The Disk pane says which "
                + "binds.");
        disk(all, "Share of the space", "A project's resource share of the space the projects may use.");
        disk(all, "Over its share", "A project whose files take more than its share of the space: when space runs "
                + "short, its deletable files go first.");
        disk(all, "Deletion policy", "The order a project's files go in when space is needed, as its server "
                + "says: by priority, by expiry, or least recently used first (LRU).");
        disk(all, "Priority (of a file)", "From 1 (low: deleted first when space is needed) to 5 (high).");
        disk(all, "Expires", "Past this date a file goes before others when space is needed (60 days after it "
                + "arrived unless its project says otherwise).");
        disk(all, "Deletion order", "Where a file stands among its project's files that may go when space is "
                + "needed (\"1st to go\"), or what keeps it: a task that uses or needs it, a result not yet "
                + "reported, an application.");
        disk(all, "Standing", "Where a project stands against its share of the space on the Disk pane: within it, "
                + "over it (its files go first), or short of room for its smallest job.");
        figure(all, "Share violation", "How far the work done strays from the resource shares: 0 when each project "
                + "got its share. In brackets: \"0.071 from targets\", the same sum against the targets; \"1 of 3 "
                + "projects\", the others having no application for this computer; \"with 1 backup project\".");
        figure(all, "From targets", "The share violation counted against each project's target instead of its "
                + "share.");
        figure(all, "Idle", "The part of the work the processors could have done while computing was allowed, left "
                + "undone; only the processors some project has an application for count.");
        figure(all, "Wasted", "The part of the work spent on tasks that missed their deadlines.");
        return Collections.unmodifiableList(all);
    }

    private static String taskState(TaskStatus s) {
        return switch (s) {
            case RUNNING -> "It computes now on the processors it needs.";
            case PREEMPTED -> "It ran before and gave its processor to another task (of a project owed more, one at "
                    + "risk of missing its deadline, or another of its own project first); it goes on when it gets one "
                    + "again. Its Why says which.";
            case READY_TO_START -> "Its files are here and it has not run yet: it waits for a processor.";
            case DOWNLOADING -> "Its input files are still on their way; it can start once they are all here.";
            case UPLOADING -> "It has finished, and its output files are going to the project.";
            case READY_TO_REPORT -> "Finished and uploaded: it goes with the next request to its project, and on "
                    + "its own before its report is due.";
            case COMPUTATION_ERROR -> "It failed while computing; the error will be reported.";
            case DOWNLOAD_FAILED -> "An input file could not be downloaded, so it cannot run; the error will be "
                    + "reported.";
            case UPLOAD_FAILED -> "Its output could not be uploaded; the error will be reported.";
            case ABORTED -> "It will not be computed: its deadline passed before it started, or there was no disk "
                    + "space for it.";
            case SUSPENDED_BY_USER -> "You suspended it (from its menu in Tasks); it waits until you resume it.";
            case PROJECT_SUSPENDED -> "You suspended its project (Suspend in Projects).";
            case COMPUTING_SUSPENDED -> "The computer does not compute now: it is off, in use, or outside the hours "
                    + "the preferences allow.";
            case SUSPENDED_FOR_DISK -> "BOINC's files take more space than the disk preferences allow: computing "
                    + "waits until files are deleted or the limit is raised.";
            case GPU_SUSPENDED -> "GPU computing is not allowed now; a task that needs a GPU waits.";
            case GPU_MISSING -> "It needs a kind of GPU this computer does not have.";
            case TOO_LARGE_FOR_HOST -> "It needs more CPUs or GPUs than this computer has, or than the preferences "
                    + "let BOINC use.";
        };
    }

    private static void project(List<Entry> all, String term, String meaning) {
        all.add(new Entry(PROJECT_STATES, term, meaning));
    }

    private static void scheduling(List<Entry> all, String term, String meaning) {
        all.add(new Entry(SCHEDULING, term, meaning));
    }

    private static void fetch(List<Entry> all, String term, String meaning) {
        all.add(new Entry(WORK_FETCH, term, meaning));
    }

    private static void disk(List<Entry> all, String term, String meaning) {
        all.add(new Entry(DISK, term, meaning));
    }

    private static void figure(List<Entry> all, String term, String meaning) {
        all.add(new Entry(FIGURES, term, meaning));
    }
}

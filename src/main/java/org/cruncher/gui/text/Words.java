package org.cruncher.gui.text;

import java.util.EnumMap;
import java.util.EnumSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.api.ContactView;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.EventCategory;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.api.FetchView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.RequestView;
import org.cruncher.engine.api.RoomWait;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.ResourceType;

/**
 * The engine's reasons in plain words: task states, the Why of a task and of a project, event names. Debts are
 * shown as CPU time ("+40 min"): the work one CPU of this host would do in that time.
 */
public final class Words {

    private Words() {
    }

    /** BOINC Manager's wording for a task's state. */
    public static String status(TaskStatus s) {
        switch (s) {
            case RUNNING:
                return "Running";
            case PREEMPTED:
                return "Preempted (waiting to run)";
            case READY_TO_START:
                return "Ready to start";
            case DOWNLOADING:
                return "Downloading";
            case UPLOADING:
                return "Uploading";
            case READY_TO_REPORT:
                return "Ready to report";
            case COMPUTATION_ERROR:
                return "Computation error";
            case DOWNLOAD_FAILED:
                return "Download failed";
            case UPLOAD_FAILED:
                return "Upload failed";
            case ABORTED:
                return "Aborted";
            case SUSPENDED_BY_USER:
                return "Task suspended by user";
            case PROJECT_SUSPENDED:
                return "Project suspended by user";
            case COMPUTING_SUSPENDED:
                return "Suspended - not computing now";
            case SUSPENDED_FOR_DISK:
                return "Suspended - need disk space";
            case GPU_SUSPENDED:
                return "GPU suspended";
            case GPU_MISSING:
                return "GPU missing";
            case TOO_LARGE_FOR_HOST:
                return "Cannot start";
            default:
                throw new IllegalArgumentException(s.name());
        }
    }

    /** "1 CPU", "2 CPUs". */
    static String count(int n, String unit) {
        return n + " " + unit + (n == 1 ? "" : "s");
    }

    /** "A's", but "Asteroid Orbits'". */
    static String possessive(String name) {
        return name.endsWith("s") ? name + "'" : name + "'s";
    }

    private static String res(ResourceType t) {
        return resource(t);
    }

    /** "a CPU", "an NVIDIA GPU", "an AMD GPU": every GPU type's name starts with a vowel sound. */
    static String aResource(ResourceType t) {
        return (t == ResourceType.CPU ? "a " : "an ") + resource(t);
    }

    /** "CPU", "NVIDIA GPU", "AMD GPU", "Intel GPU". */
    public static String resource(ResourceType t) {
        return t == ResourceType.CPU ? "CPU" : t.displayName();
    }

    /**
     * Why a task runs or waits, short enough for a table column: "Waiting: A took the last CPU at 13:50 with
     * anticipated debt +40 min, against B's -12 min" (as at the last scheduling; the explanation says more).
     *
     * @param cpuFlops           one CPU's speed, to show debts as CPU time
     * @param nextPeriodBoundary when the scheduling period ends
     */
    public static String why(TaskView t, double cpuFlops, double nextPeriodBoundary) {
        return why(t, cpuFlops, nextPeriodBoundary, null);
    }

    /**
     * As {@link #why(TaskView, double, double)}; a task suspended with the rest says why the host does not compute
     * ({@code notComputing}, from {@link #notComputing}: "Computing is suspended now (computer off)").
     */
    public static String why(TaskView t, double cpuFlops, double nextPeriodBoundary, String notComputing) {
        String decided = decidedWhy(t, cpuFlops, nextPeriodBoundary, notComputing);
        boolean waiting = t.status() == TaskStatus.READY_TO_START || t.status() == TaskStatus.PREEMPTED;
        if (notComputing == null || !waiting || !decided.startsWith(WAITING)) {
            return decided;
        }
        // Nothing runs now: the standing decision is what it waits for once computing resumes ("another task of
        // this project runs first" read as if one ran).
        return WAITING + "computing is suspended" + (notComputing.isEmpty() ? "" : " (" + notComputing + ")")
                + "; then " + decided.substring(WAITING.length());
    }

    private static final String WAITING = "Waiting: ";

    /**
     * What task {@code t} took of {@code type}: "a CPU", or a multi-threaded task's "16 CPUs" (corpus QA: a 16-thread
     * task said it took "a CPU that came free").
     */
    private static String itsInstances(TaskView t, ResourceType type) {
        String uses = t.resources();
        return type == ResourceType.CPU && uses != null && uses.endsWith(" CPUs") && !uses.contains("+") ? uses
                : aResource(type);
    }

    private static String decidedWhy(TaskView t, double cpuFlops, double nextPeriodBoundary, String notComputing) {
        TaskVerdict v = t.verdict();
        String p = t.projectName();
        String own = Double.isNaN(v.ownPriority()) ? "" : Format.cpuTime(v.ownPriority(), cpuFlops);
        String r = res(v.resource());
        switch (v.reason()) {
            case RUNNING_HIGHEST_DEBT:
                return "Running: largest anticipated debt for " + itsInstances(t, v.resource()) + " (" + own + ")";
            case RUNNING_ONLY_PROJECT:
                return "Running: started when no other project had a task that could run on the " + r;
            case RUNNING_FREE_INSTANCE:
                return "Running: took " + itsInstances(t, v.resource()) + " that came free (anticipated debt " + own
                        + ")";
            case RUNNING_DEADLINE_RISK:
                return "Running first: it, or a task of its project due after it, would miss its deadline otherwise";
            case RUNNING_PAST_DEADLINE:
                return "Running first: its deadline passed; done as soon as it can be";
            case RUNNING_RESCUED_NOW_SAFE:
                return "Running: started first to meet its deadline, safe now; keeps the " + r + " until "
                        + Format.clock(nextPeriodBoundary);
            case RUNNING_BACKUP_PROJECT:
                return "Running: backup project (share 0), on " + aResource(v.resource()) + " no other project could use";
            case RUNNING_OVERCOMMITTING:
                return "Running on more CPUs than were free: no other task could use them (anticipated debt " + own
                        + ")";
            case WAITING_BACKUP_PROJECT:
                return "Waiting: backup project (share 0), runs only on " + aResource(v.resource())
                        + " no other project can use";
            case WAITING_LOWER_DEBT:
                return "Waiting: " + belowRival(v, cpuFlops, p);
            case WAITING_SIBLING_PREFERRED:
                return v.rival() == null ? "Waiting: another task of this project runs first"
                        : "Waiting: another task of this project runs first; "
                        + belowRival(v, cpuFlops, p, "other " + res(v.resource()) + "s");
            case WAITING_DEADLINE_RESCUE:
                return "Waiting: made room for " + possessive(v.rival()) + " task that was at risk of missing its "
                        + "deadline";
            case WAITING_BEHIND_DEADLINE_RESCUE:
                return "Waiting: " + possessive(v.rival()) + " tasks at risk of missing their deadline hold every "
                        + r;
            case WAITING_NO_FREE_INSTANCE:
                return "Waiting: every " + r + " is busy; it competes when one comes free, or at "
                        + Format.clock(nextPeriodBoundary);
            case WAITING_CPUS_HELD_BY_GPU_TASKS:
                return v.resource() == ResourceType.CPU
                        ? "Waiting: GPU tasks hold every CPU (each needs CPU time beside its GPU)"
                        : "Waiting: the running GPU tasks' CPU time leaves none for it (each needs CPU time beside "
                        + "its GPU)";
            case WAITING_DOES_NOT_FIT:
                return "Waiting: not enough " + r + " free for " + t.resources();
            case WAITING_WOULD_OVERCOMMIT:
                return "Waiting: needs " + t.resources() + "; fewer were free, and tasks that fit took them";
            case WAITING_CPU_LIMIT:
                return "Waiting: it would take BOINC past the " + count(v.limit(), "CPU") + " you let it use";
            case WAITING_APP_MAX_CONCURRENT:
            case WAITING_PROJECT_MAX_CONCURRENT:
                return "Waiting: " + concurrencyLimit(t);
            case SUSPENDED_BY_USER:
                return "Suspended by you";
            case PROJECT_SUSPENDED:
                return p + " is suspended by you";
            case COMPUTING_SUSPENDED:
                return notComputing == null ? "Computing is suspended now"
                        : "Computing is suspended (" + notComputing + ")";
            case SUSPENDED_FOR_DISK:
                return "Computing suspended: the client uses more disk than allowed (see Disk)";
            case GPU_SUSPENDED:
                return "GPU computing is suspended now";
            case GPU_MISSING:
                return "Needs " + aResource(v.resource()) + ", which this computer lacks";
            case NEEDS_MORE_CPUS_THAN_USABLE:
                return "Cannot start: needs " + t.resources() + "; you let BOINC use " + count(v.limit(), "CPU");
            case NEEDS_MORE_CPUS_THAN_PRESENT:
                return "Cannot start: needs " + t.resources() + "; this computer has " + count(v.limit(), "CPU");
            case NEEDS_MORE_GPUS_THAN_PRESENT:
                return "Cannot start: needs " + t.resources() + "; this computer has " + count(v.limit(), r);
            case WAITING_FOR_DOWNLOAD:
                return "Waiting for its input files";
            case UPLOADING:
                return "Uploading its results";
            case READY_TO_REPORT:
                return Double.isNaN(t.reportDue()) ? "Reported with the next request"
                        : "Reported by " + Format.shortDateTime(t.reportDue()) + " at the latest";
            case COMPUTATION_ERROR:
                return "The application failed; the error will be reported";
            case DOWNLOAD_FAILED:
                return "Its input files could not be downloaded; the error will be reported";
            case UPLOAD_FAILED:
                return "Its output could not be uploaded; the error will be reported";
            case ABORTED:
                return "Aborted";
            case ABORTED_FOR_DISK:
                return "Aborted: no disk space for it (see Disk); it will be reported as not done";
            default:
                throw new IllegalArgumentException(v.reason().name());
        }
    }

    /** The same, explained in full (for a tooltip or the details pane). */
    public static String explain(TaskView t, double cpuFlops, double nextPeriodBoundary) {
        return explain(t, cpuFlops, nextPeriodBoundary, null);
    }

    /** As {@link #explain(TaskView, double, double)}, saying why the host does not compute where it matters. */
    public static String explain(TaskView t, double cpuFlops, double nextPeriodBoundary, String notComputing) {
        String why = reasonExplained(t, cpuFlops, nextPeriodBoundary, notComputing);
        boolean waiting = t.status() == TaskStatus.READY_TO_START || t.status() == TaskStatus.PREEMPTED;
        if (notComputing != null && waiting && !t.verdict().reason().isRunning()
                && t.verdict().reason() != TaskReason.COMPUTING_SUSPENDED) {
            // As the Why cell says: nothing runs now, and the standing decision is what it waits for after.
            why = "Computing is suspended" + (notComputing.isEmpty() ? "" : " (" + notComputing + ")")
                    + ", so no task runs now. When it resumes: " + why;
        }
        return Double.isNaN(t.expectedEnd()) ? why : why + " " + DeadlineWords.forecast(t.expectedEnd(), t.deadline());
    }

    private static String reasonExplained(TaskView t, double cpuFlops, double nextPeriodBoundary,
                                          String notComputing) {
        TaskVerdict v = t.verdict();
        String p = t.projectName();
        String own = Double.isNaN(v.ownPriority()) ? "" : Format.cpuTime(v.ownPriority(), cpuFlops);
        String r = res(v.resource());
        String a = aResource(v.resource());
        switch (v.reason()) {
            case RUNNING_HIGHEST_DEBT:
                return "At the start of this scheduling period " + possessive(p) + " anticipated debt (" + own
                        + ") was the largest among the projects with work for " + a + ", so it got one. Debt is "
                        + "the work owed to a project by its resource share, shown as time on one CPU.";
            case RUNNING_ONLY_PROJECT:
                return "When this task started, no other project had a task that could run on the " + r + ", so " + p
                        + " got it whatever the debts. If another project's work has arrived since, the debts decide "
                        + "again at the next scheduling period (" + Format.clock(nextPeriodBoundary) + ").";
            case RUNNING_DEADLINE_RISK:
                return "At " + possessive(p) + " share of the " + r + " time this task, or one of its tasks due "
                        + "after it, would finish after its deadline, or so close to it that a short outage would make "
                        + "it late (the safety margin is \"Store at least\", or a quarter of the time " + p + " gave "
                        + "for the task if that is less). Late work is wasted, so " + possessive(p) + " earliest "
                        + "deadlines go first in line, as many as would be late, whatever the debts, until they are "
                        + "safe again (deadline rescue; the Event log names the task at risk). " + p + " is charged "
                        + "for the time as usual, so the shares even out later.";
            case RUNNING_PAST_DEADLINE:
                return "This task's deadline passed (" + Format.dateTime(t.deadline()) + "), so it will be late "
                        + "whatever runs. It goes first in line for the " + r + ", whatever the debts, so that it is "
                        + "done and reported as soon as it can be: a project often still takes a late result, and "
                        + "grants it credit, until another computer returns the same job. " + p + " is charged for "
                        + "the time as usual. If the project no longer wants it, abort it in BOINC Manager.";
            case RUNNING_RESCUED_NOW_SAFE:
                return "This task was put first in line because at " + possessive(p) + " share of the " + r
                        + " time it would have finished after its deadline, or too close to it (deadline rescue). It "
                        + "has run since, and the forecast now has it finishing in time, so it is no longer in "
                        + "rescue. It keeps its " + r + " until the scheduling period ends ("
                        + Format.clock(nextPeriodBoundary) + "), when the debts decide again.";
            case RUNNING_BACKUP_PROJECT:
                return p + " has a resource share of 0 (a backup project), so it runs only on " + a + " that no "
                        + "project with a share has a task for, as now. Its tasks give way at the next scheduling "
                        + "period if such a project has work again.";
            case WAITING_BACKUP_PROJECT:
                return p + " has a resource share of 0 (a backup project): it runs only on " + a + " that no "
                        + "project with a share has a task for, whatever the debts. " + v.rival() + " took the last "
                        + r + " given out.";
            case RUNNING_OVERCOMMITTING:
                return "This task needs " + t.resources() + ", more than were free, and no task that fits the free "
                        + "CPUs was waiting, so it started rather than leave them idle: the CPUs are overcommitted "
                        + "and every CPU task runs a little slower until a task ends. " + p + " had the largest "
                        + "anticipated debt (" + own + ") among the projects with such a task. BOINC starts such a "
                        + "task even when others could use the free CPUs; Cruncher starts it only when none can.";
            case RUNNING_FREE_INSTANCE:
                return "A" + a.substring(1) + " came free during the period (a task ended or work arrived); " + p
                        + " had the largest anticipated debt (" + own + ") among those with work for it.";
            case WAITING_LOWER_DEBT:
                String rival = Format.cpuTime(v.rivalPriority(), cpuFlops);
                String against = rival.equals(own) ? "was level with " + possessive(v.rival()) + " (" + rival
                        + " too, once rounded; the allocator compares the exact figures)"
                        : "was below " + possessive(v.rival()) + " (" + rival + ")";
                return "When the " + r + " time was given out" + (Double.isNaN(v.decidedAt()) ? ""
                        : " (at " + Format.clock(v.decidedAt()) + ")") + ", " + possessive(p) + " anticipated debt ("
                        + own + ") " + against + ", the last project to get " + aResource(v.resource()) + ". Both "
                        + "figures have moved since, by the work of the tasks started and run after, so the "
                        + "Anticipated debt column may show others. " + p + " runs when its debt has grown past the "
                        + "others'.";
            case WAITING_BEHIND_DEADLINE_RESCUE:
                return "At " + possessive(v.rival()) + " share, its tasks would finish after their deadlines, so "
                        + "they run first, before the debt order (deadline rescue), and they took every " + r + ". "
                        + "This task competes again when one of them ends or at the next period ("
                        + Format.clock(nextPeriodBoundary) + "); " + p + " is owed the time meanwhile, so its debt "
                        + "grows and it catches up later.";
            case WAITING_DEADLINE_RESCUE:
                return "A task of " + v.rival() + " would have missed its deadline, so it had to start at once, "
                        + "and this task gave way: of the running tasks that could make room, it has the most time "
                        + "to spare before its own deadline. It competes again when " + a + " comes free or at "
                        + "the next period (" + Format.clock(nextPeriodBoundary) + ").";
            case WAITING_SIBLING_PREFERRED:
                String order = "running tasks keep going first, then preempted ones, then new ones with the "
                        + "earliest deadline.";
                if (v.rival() == null) {
                    return p + " got " + a + ", but for another of its tasks: " + order;
                }
                String rivalDebt = Format.cpuTime(v.rivalPriority(), cpuFlops);
                String compared = rivalDebt.equals(own) ? "level with " + possessive(p) + " (" + own + " too, once "
                        + "rounded), and came first" : "more than " + possessive(p) + " " + own + " then";
                return possessive(p) + " turn for " + a + " went to another of its tasks: " + order + " When the "
                        + r + " time was given out" + (Double.isNaN(v.decidedAt()) ? ""
                        : " (at " + Format.clock(v.decidedAt()) + ")") + ", " + v.rival() + " took other " + r
                        + "s with anticipated debt " + rivalDebt + ", " + compared + ". Both figures have moved "
                        + "since, by the work of the tasks given " + a + ", so the Anticipated debt column may "
                        + "show others.";
            case WAITING_APP_MAX_CONCURRENT:
            case WAITING_PROJECT_MAX_CONCURRENT:
                return Character.toUpperCase(concurrencyLimit(t).charAt(0)) + concurrencyLimit(t).substring(1)
                        + ", and that many run now. It starts when one of them ends (max_concurrent in the project's "
                        + "app_config.xml sets this).";
            case WAITING_CPUS_HELD_BY_GPU_TASKS:
                if (v.resource() != ResourceType.CPU) {
                    return "Each GPU task needs some CPU time beside its GPU, and BOINC lets the GPU tasks take one "
                            + "CPU more than there are, but no more. The GPU tasks running now need so much between "
                            + "them that this one's " + t.resources() + " would go past that, so it waits though "
                            + "its " + r + " is free. It starts when a GPU task ends.";
                }
                return "Each GPU task needs some CPU time beside its GPU, and the GPU tasks running now hold every "
                        + "CPU between them, so no CPU is left for CPU tasks. GPUs are served first, as in BOINC. "
                        + "This task starts when a GPU task ends and leaves a CPU free; to keep a CPU for CPU tasks, "
                        + "limit the GPU tasks with max_concurrent in the GPU project's app_config.xml.";
            case NEEDS_MORE_CPUS_THAN_USABLE:
                return "This task needs " + t.resources() + ", and your preferences let BOINC use only "
                        + count(v.limit(), "CPU") + ", so it cannot start. Raise \"Use at most % of the CPUs\" in "
                        + "Preferences, or abort the task so that " + p + " can send it to another computer. Work "
                        + "fetch does not count it as queued work, and " + p + " is not asked for more of it.";
            case NEEDS_MORE_CPUS_THAN_PRESENT:
                return "This task needs " + t.resources() + ", more than this computer's " + count(v.limit(), "CPU")
                        + " (a GPU task may take one CPU more than there are), so it can never start here. Abort "
                        + "it so that " + p + " can send it to another computer. Work fetch does not count it as "
                        + "queued work.";
            case NEEDS_MORE_GPUS_THAN_PRESENT:
                return "This task needs " + t.resources() + ", more " + r + "s than this computer has, so it can "
                        + "never start here. Abort it so that " + p + " can send it to another computer.";
            case WAITING_CPU_LIMIT:
                return "You let BOINC use " + count(v.limit(), "CPU") + " (\"Use at most % of the CPUs\" in "
                        + "Preferences). The running tasks, with the CPU time GPU tasks need beside their GPUs, leave "
                        + "less than the " + t.resources() + " this task needs within that, and BOINC never goes past "
                        + "the limit, though " + (v.resource() == ResourceType.CPU ? "part of a CPU" : "the " + r)
                        + " then idles. It starts when a running task ends and leaves room, or once you raise the "
                        + "limit.";
            case WAITING_WOULD_OVERCOMMIT:
                return "This task needs " + t.resources() + ", more than were free, and other tasks that fit took "
                        + "the free ones: starting it would have overcommitted the CPUs and slowed every task. It "
                        + "starts when enough CPUs come free, at a scheduling period (next at "
                        + Format.clock(nextPeriodBoundary) + ") when " + p + " leads, or when no other task can use "
                        + "the free CPUs.";
            case WAITING_NO_FREE_INSTANCE:
                return "Every " + r + " is busy. The task competes for the next one that comes free (when a task "
                        + "ends), or at the latest at the next scheduling period, at " + Format.clock(nextPeriodBoundary)
                        + ".";
            case SUSPENDED_FOR_DISK:
                return "The client's files take more disk than your preferences allow. Every file that could go "
                        + "has gone; the rest belong to started tasks, unreported results or queued tasks, and giving "
                        + "up the queued tasks would not bring the files within the limit, so they are kept. "
                        + "No task runs meanwhile, so none ends to make room: room comes only as finished tasks' "
                        + "files are uploaded and their results reported (at once, where that frees files), and "
                        + "computing resumes by itself once the files are within the limit. Otherwise raise the limit "
                        + "in Preferences (Disk) or free space on the disk.";
            case ABORTED_FOR_DISK:
                return "There was no room for this task's files: either the disk limit was lowered and queued tasks "
                        + "had to go (those with the latest deadlines first), or no space could be made when it "
                        + "arrived. " + p + " is told it was not done, so it can send it to another computer.";
            case READY_TO_REPORT:
                return "Finished. It goes with the next request to " + p + " for work, and at the latest at "
                        + Format.shortDateTime(t.reportDue()) + " on its own: reporting with work requests keeps "
                        + "contacts with the project few.";
            default:
                return why(t, cpuFlops, nextPeriodBoundary, notComputing) + ".";
        }
    }

    /**
     * "app_config.xml lets Milkyway run at most 1 N-Body task at once" (app limit) or "... at most 4 tasks at once"
     * (project limit).
     */
    static String concurrencyLimit(TaskView t) {
        int n = t.verdict().limit();
        String what = t.verdict().reason() == TaskReason.WAITING_APP_MAX_CONCURRENT ? " " + t.application() : "";
        return "app_config.xml lets " + t.projectName() + " run at most " + n + what + (n == 1 ? " task" : " tasks")
                + " at once";
    }

    /** Why the Tasks pane is empty, given the projects: none, none that can run here, all suspended, or asked. */
    public static String noTasks(List<ProjectView> projects) {
        if (projects.isEmpty()) {
            // Said of a file just opened too (a host attached to no project): "Open a client_state.xml" read as if none
            // had been.
            return "No tasks: this client is attached to no project. To watch one that is, open another "
                    + "client_state.xml or a sample from the File menu.";
        }
        boolean anyRuns = false;
        boolean anyActive = false;
        for (ProjectView p : projects) {
            if (!p.status().lacksApplication()) {
                anyRuns = true;
                anyActive |= !p.suspended() && !p.noNewTasks();
            }
        }
        if (!anyRuns) {
            return projects.stream().allMatch(p -> p.status() == ProjectStatus.NO_APPLICATION_YET)
                    ? "No tasks: no project here has sent an application yet. BOINC gets one with a project's first "
                    + "tasks; this emulation has no server to send them."
                    : "No tasks: no project here has an application for this computer.";
        }
        if (!anyActive) {
            return "No tasks: every project that can run here is suspended or gets no new tasks.";
        }
        return "No tasks yet: the projects are being asked for work (see Work fetch).";
    }

    /**
     * A project's status in a few words; while the host does not compute ({@code computing} false: the emulated
     * computer is off, the preferences do not allow computing now, or the disk is over its limit), the tasks the
     * schedule runs are held, and the status says so rather than "Running".
     */
    public static String status(ProjectView p, double now, boolean computing) {
        if (p.suspended()) {
            return "Suspended by you";
        }
        String base;
        switch (p.status()) {
            case RUNNING:
                String tasks = p.running() + (p.running() == 1 ? " task" : " tasks");
                base = computing ? "Running " + tasks : "Computing suspended, " + tasks + " held";
                break;
            case WAITING_LOWER_DEBT:
                base = "Waiting to run";
                break;
            case NO_APPS_FOR_HOST:
                base = "No app for this computer";
                break;
            case NO_APPLICATION_YET:
                base = "No app yet";
                break;
            default:
                base = tooLarge(p.leadVerdict()) ? "Its tasks cannot start" : "No work";
                break;
        }
        if (p.contact().minRpcTime() > now) {
            base += ", communication deferred for " + Format.countdown(p.contact().minRpcTime() - now) + " more";
        }
        if (p.noNewTasks()) {
            base += ", won't get new tasks";
        }
        return base;
    }

    private static boolean tooLarge(TaskVerdict v) {
        return v != null && (v.reason() == TaskReason.NEEDS_MORE_CPUS_THAN_USABLE
                || v.reason() == TaskReason.NEEDS_MORE_CPUS_THAN_PRESENT
                || v.reason() == TaskReason.NEEDS_MORE_GPUS_THAN_PRESENT);
    }

    /**
     * Who took the last instance a waiting project lost, when, and both anticipated debts as they stood then: "at 13:50
     * A took the last CPU with anticipated debt +40 min, against B's -12 min". The figures move on as tasks start
     * and run, so the Anticipated debt column, which shows them now, may read otherwise: the time says which moment
     * the words are of. Where the two read the same once rounded, they are "level" rather than one above the other.
     */
    private static String belowRival(TaskVerdict v, double cpuFlops, String ownName) {
        return belowRival(v, cpuFlops, ownName, "the last " + res(v.resource()));
    }

    /**
     * As {@link #belowRival(TaskVerdict, double, String)}, where the rival took {@code what}: "at 13:50 Milkyway@home
     * took other CPUs with anticipated debt +4 h 30 min, against Einstein@Home's -8 h 30 min" for the
     * instances a waiting task's project did not win.
     */
    private static String belowRival(TaskVerdict v, double cpuFlops, String ownName, String what) {
        String own = Format.cpuTime(v.ownPriority(), cpuFlops);
        String rival = Format.cpuTime(v.rivalPriority(), cpuFlops);
        // The time first: "A took the last CPU at 11:00" read as if A held it still, beside A waiting itself.
        String took = (Double.isNaN(v.decidedAt()) ? "" : "at " + Format.clock(v.decidedAt()) + " ") + v.rival()
                + " took " + what;
        return own.equals(rival) ? took + ", level with " + ownName + " in anticipated debt (" + own + ")"
                : took + " with anticipated debt " + rival + ", against " + possessive(ownName) + " " + own;
    }

    /**
     * Why a project is or is not running and fetching, in one line ({@code online}: whether the host is now), with
     * what keeps its tasks waiting on the other processors ({@code tasks}: its own): the status speaks of one
     * processor, and a project whose CPU tasks wait for their turn may have GPU tasks waiting behind another project
     * too. While the host does not compute ({@code computing} false), a project the schedule runs is said to run when
     * computing resumes.
     */
    public static String why(ProjectView p, List<TaskView> tasks, double cpuFlops, double now, boolean online,
                             boolean computing) {
        return why(p, tasks, cpuFlops, now, online, computing ? null : "");
    }

    /**
     * As {@link #why(ProjectView, List, double, double, boolean, boolean)}, where {@code notComputing} is null while
     * the host computes, and otherwise why it does not ({@link #notComputing}; "" when not known).
     */
    public static String why(ProjectView p, List<TaskView> tasks, double cpuFlops, double now, boolean online,
                             String notComputing) {
        String run = running(p, cpuFlops, notComputing) + waitingElsewhere(p, tasks, cpuFlops);
        String fetch = fetching(p, now, online);
        // Said once: "a backup project (share 0) runs only on ...; asked only when a CPU would idle".
        if (fetch.startsWith(BACKUP_PROJECT) && run.contains("backup project")) {
            fetch = fetch.substring(BACKUP_PROJECT.length());
        }
        return fetch.isEmpty() ? run : run + "; " + fetch;
    }

    /**
     * "; its NVIDIA GPU tasks wait: Asteroid Orbits took the last NVIDIA GPU at 21:00 ..." for each processor other than
     * the status's where none of the project's tasks runs and one waits for its turn behind another project.
     */
    private static String waitingElsewhere(ProjectView p, List<TaskView> tasks, double cpuFlops) {
        TaskVerdict lead = p.leadVerdict();
        if (lead == null || tasks.isEmpty()) {
            return "";
        }
        Map<ResourceType, TaskVerdict> waiting = new EnumMap<>(ResourceType.class);
        Set<ResourceType> running = EnumSet.noneOf(ResourceType.class);
        for (TaskView t : tasks) {
            if (t.resource() == lead.resource()) {
                continue;
            }
            if (t.status() == TaskStatus.RUNNING) {
                running.add(t.resource());
            } else if ((t.status() == TaskStatus.PREEMPTED || t.status() == TaskStatus.READY_TO_START)
                    && t.verdict().reason() == TaskReason.WAITING_LOWER_DEBT && t.verdict().rival() != null) {
                waiting.putIfAbsent(t.resource(), t.verdict());
            }
        }
        StringBuilder b = new StringBuilder();
        waiting.forEach((type, v) -> {
            if (!running.contains(type)) {
                b.append("; its ").append(res(type)).append(" tasks wait: ").append(belowRival(v, cpuFlops, p.name()));
            }
        });
        return b.toString();
    }

    /**
     * Why the host does not compute now, in a few words, or null while it does: the emulated computer off, over its
     * disk limit, or on but not allowed to compute (the emulator's active fraction: in use, or outside the hours
     * the preferences allow).
     */
    public static String notComputing(EngineSnapshot s) {
        if (s.computing()) {
            return null;
        }
        if (s.driver() != null && !s.driver().hostOn()) {
            return "computer off";
        }
        if (s.disk() != null && s.disk().suspended()) {
            return "over the disk limit";
        }
        return "not allowed now";
    }

    /**
     * The decision its leading task runs by, when it was made: "had the largest anticipated debt for a CPU at 08:14,
     * +23 min", or "took a CPU that came free at 07:45, anticipated debt -9 min". It said "when it started", which
     * was wrong of a task kept at a later period, whose figure is that period's.
     */
    private static String leadDecision(TaskVerdict v, double cpuFlops) {
        String at = Double.isNaN(v.decidedAt()) ? "" : " at " + Format.clock(v.decidedAt());
        String debt = Format.cpuTime(v.ownPriority(), cpuFlops);
        return v.reason() == TaskReason.RUNNING_FREE_INSTANCE
                ? "took " + aResource(v.resource()) + " that came free" + at + ", anticipated debt " + debt
                : "had the largest anticipated debt for " + aResource(v.resource()) + at + ", " + debt;
    }

    private static String running(ProjectView p, double cpuFlops, String notComputing) {
        TaskVerdict v = p.leadVerdict();
        switch (p.status()) {
            case SUSPENDED_BY_USER:
                return "Suspended by you";
            case RUNNING:
                String tasks = (notComputing == null ? "Runs " : "Computing is suspended now"
                        + (notComputing.isEmpty() ? "" : " (" + notComputing + ")") + "; when it resumes, it runs ")
                        + p.running() + (p.running() == 1 ? " task" : " tasks");
                if (v != null && v.reason() == TaskReason.RUNNING_ONLY_PROJECT) {
                    return tasks + " (started when no other project had a task that could run on the "
                            + res(v.resource()) + ")";
                }
                if (v != null && v.reason() == TaskReason.RUNNING_DEADLINE_RISK) {
                    return tasks + " (first in line: it would miss a deadline otherwise)";
                }
                if (v != null && v.reason() == TaskReason.RUNNING_PAST_DEADLINE) {
                    return tasks + " (first in line: a deadline passed; done as soon as it can be)";
                }
                if (v != null && v.reason() == TaskReason.RUNNING_RESCUED_NOW_SAFE) {
                    return tasks + " (started first in line to meet a deadline; safe now)";
                }
                if (v != null && v.reason() == TaskReason.RUNNING_OVERCOMMITTING) {
                    return tasks + " (on CPUs no other task could use, overcommitting them)";
                }
                if (v != null && v.reason() == TaskReason.RUNNING_BACKUP_PROJECT) {
                    return tasks + " (backup project: no project with a share had work for the " + res(v.resource())
                            + ")";
                }
                return tasks + (v != null && !Double.isNaN(v.ownPriority()) ? " (" + leadDecision(v, cpuFlops) + ")"
                        : "");
            case WAITING_LOWER_DEBT:
                if (v != null && v.reason() == TaskReason.WAITING_DEADLINE_RESCUE) {
                    return "Waits: made room for " + possessive(v.rival()) + " task that was at risk of missing its "
                            + "deadline";
                }
                if (v != null && v.reason() == TaskReason.WAITING_BEHIND_DEADLINE_RESCUE) {
                    return "Waits: " + possessive(v.rival()) + " tasks at risk of missing their deadline hold every "
                            + res(v.resource());
                }
                if (v != null && v.reason() == TaskReason.WAITING_BACKUP_PROJECT) {
                    return "Waits: a backup project (share 0) runs only on " + anyOf(backupOn(p, v.resource()))
                            + " no project with a share can use";
                }
                if (v != null && v.rival() != null) {
                    return "Waits: " + belowRival(v, cpuFlops, p.name());
                }
                if (v != null && v.reason() == TaskReason.WAITING_WOULD_OVERCOMMIT) {
                    return "Waits: its tasks need more CPUs than were free, and tasks that fit took them";
                }
                if (v != null && v.reason() == TaskReason.WAITING_CPU_LIMIT) {
                    return "Waits: its tasks would take BOINC past the " + count(v.limit(), "CPU") + " you let it use";
                }
                if (v != null && v.reason() == TaskReason.WAITING_DOES_NOT_FIT) {
                    return "Waits: not enough " + res(v.resource()) + "s free for its tasks";
                }
                if (v != null && v.reason() == TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS) {
                    return v.resource() == ResourceType.CPU ? "Waits: GPU tasks hold every CPU"
                            : "Waits: the running GPU tasks' CPU time leaves none for its GPU tasks";
                }
                if (v != null && v.limit() > 0) {
                    return "Waits: at its limit of " + count(v.limit(), "task") + " at once (max_concurrent)";
                }
                return "Waits for a free " + (v == null ? "CPU" : res(v.resource()));
            case NO_APPS_FOR_HOST:
                return "No application for this computer";
            case NO_APPLICATION_YET:
                return "No application in the file yet: BOINC gets one with the project's first tasks, which this "
                        + "emulation has no server to send";
            case NO_RUNNABLE_RESULTS:
            default:
                if (v != null && v.reason() == TaskReason.NEEDS_MORE_CPUS_THAN_USABLE) {
                    return "Nothing it can start: its tasks here need more CPUs than the " + count(v.limit(), "CPU")
                            + " you let BOINC use";
                }
                if (v != null && v.reason() == TaskReason.NEEDS_MORE_CPUS_THAN_PRESENT) {
                    return "Nothing it can start: its tasks here need more CPUs than this computer's "
                            + count(v.limit(), "CPU");
                }
                if (v != null && v.reason() == TaskReason.NEEDS_MORE_GPUS_THAN_PRESENT) {
                    return "Nothing it can start: its tasks here need more " + res(v.resource()) + "s than the "
                            + v.limit() + " this computer has";
                }
                // Seed 001 sets the debt of a project with nothing to run to 0 at a period's end, once it had no work
                // for the whole period (src/docs/decisions/0015): until then its debt stands.
                return p.debt() == 0 ? "Nothing to run (debt held at 0)"
                        : "Nothing to run: its debt goes to 0 once a whole period passes without work for it";
        }
    }

    /** The work-fetch half of a project's Why, for its most telling resource. */
    static String fetching(ProjectView p, double now, boolean online) {
        List<FetchView> views = p.fetch();
        if (views.isEmpty() || p.status() == ProjectStatus.SUSPENDED_BY_USER || p.status().lacksApplication()) {
            return "";
        }
        FetchView f = views.get(0);
        for (FetchView v : views) {
            if (rank(v.block()) < rank(f.block())) {
                f = v;
            }
        }
        if (f.block() == FetchBlock.ZERO_SHARE_NOT_IDLE) {
            // Every resource it is held back on as a backup, not the first alone (QA: its NVIDIA GPU went unsaid).
            Set<ResourceType> held = EnumSet.noneOf(ResourceType.class);
            for (FetchView v : views) {
                if (v.block() == FetchBlock.ZERO_SHARE_NOT_IDLE) {
                    held.add(v.resource());
                }
            }
            return BACKUP_PROJECT + "asked only when " + anyOf(held) + " would idle";
        }
        return blockText(p, f, now, online, null);
    }

    /**
     * The resources a backup project is one on: {@code lead}'s and every other it has an application for here that
     * fits, as its Work fetch rows show them.
     */
    private static Set<ResourceType> backupOn(ProjectView p, ResourceType lead) {
        Set<ResourceType> on = EnumSet.of(lead);
        for (FetchView f : p.fetch()) {
            if (f.block() != FetchBlock.NO_APPS_FOR_RESOURCE && f.block() != FetchBlock.APPS_TOO_LARGE_FOR_HOST) {
                on.add(f.resource());
            }
        }
        return on;
    }

    /** "a CPU", "a CPU or an NVIDIA GPU", "a CPU, an NVIDIA GPU or an AMD GPU". */
    static String anyOf(Set<ResourceType> types) {
        List<String> each = types.stream().map(Words::aResource).toList();
        int last = each.size() - 1;
        return last == 0 ? each.get(0) : String.join(", ", each.subList(0, last)) + " or " + each.get(last);
    }

    /**
     * Why a project is or is not asked for work for one resource, as a sentence for the Work fetch pane: "Asked
     * for CPU work now", "Backed off for NVIDIA GPU: 00:12:30 left (its last reply had no NVIDIA GPU task)".
     */
    public static String fetchReason(ProjectView p, FetchView f, double now, boolean online) {
        return fetchReason(p, f, now, online, null);
    }

    /**
     * As {@link #fetchReason(ProjectView, FetchView, double, boolean)}, with the disk's standing ({@code disk}; null
     * when not known), so that a wait for room on disk says who holds that room and what it waits for.
     */
    public static String fetchReason(ProjectView p, FetchView f, double now, boolean online, DiskView disk) {
        String r = res(f.resource());
        switch (f.block()) {
            case SUSPENDED_BY_USER:
                return "Suspended by you";
            case NO_APPS_FOR_RESOURCE:
                return "No " + r + " application";
            case FETCHING:
                return (online ? "Asked for " + r + " work now" : "To be asked for " + r + " work once online")
                        + " (largest long-term debt plus shortfall of those short of work)";
            default:
                String t = blockText(p, f, now, online, disk);
                if (f.block() != FetchBlock.RESOURCE_BACKOFF && waitsForRoom(f, now)) {
                    // Said too, or the "Backed off for" column's countdown has no reason beside it.
                    t += "; its " + r + " requests also wait for room on disk, for at most "
                            + Format.countdown(f.backoffUntil() - now) + " more (see Disk)";
                }
                return t.isEmpty() ? "" : Character.toUpperCase(t.charAt(0)) + t.substring(1);
        }
    }

    /**
     * What a resource waiting for room on disk waits for, and who holds that room, after "CPU requests wait for room
     * on disk": ", held by Prime Search (354 MB over its share): its next task needs 162 MB and 51.3 MB could be
     * offered; asked again when that is free". Not "its last reply filled the room its tasks may use": a project well
     * within its share waits too when another holds the room (QA). Without the disk's standing, only that no more of
     * its tasks fit.
     */
    private static String roomWaited(ProjectView p, FetchView f, DiskView disk) {
        ProjectDiskView own = diskOf(p, disk);
        RoomWait w = null;
        for (RoomWait x : own == null ? List.<RoomWait>of() : own.roomWaits()) {
            w = x.type() == f.resource() ? x : w;
        }
        if (w == null) {
            return ": no more of its " + res(f.resource()) + " tasks fit; asked again when enough room is free";
        }
        if (DiskWords.roomCame(w)) {
            return ": the " + Format.size(w.roomWanted()) + " it waits for is free now (" + Format.size(w.roomNow())
                    + " could be offered), come since the client last checked; the wait ends at its next check";
        }
        String held = DiskWords.roomHolders(own, disk.projects(), true);
        String wanted = w.forBatch() && w.roomWanted() > w.neededBytes()
                ? Format.size(w.roomNow()) + " could be offered, " + Format.size(w.roomWanted()) + " wanted: room "
                + "for a batch of tasks" + (w.neededBytes() > 0 ? ", not only its next (" + Format.size(w.neededBytes())
                + ")" : "")
                : "its next task needs " + Format.size(w.roomWanted()) + " and " + Format.size(w.roomNow())
                + " could be offered";
        return (held.isEmpty() ? "" : ", held by " + held) + ": " + wanted + "; asked again when that is free";
    }

    /** Who holds the room on disk {@code p} waits for, as {@link DiskWords#roomHolders}; "" when not known. */
    private static String roomHeldBy(ProjectView p, DiskView disk) {
        ProjectDiskView own = diskOf(p, disk);
        return own == null ? "" : DiskWords.roomHolders(own, disk.projects(), true);
    }

    private static ProjectDiskView diskOf(ProjectView p, DiskView disk) {
        if (disk != null) {
            for (ProjectDiskView d : disk.projects()) {
                if (d.url().equals(p.url())) {
                    return d;
                }
            }
        }
        return null;
    }

    /** Whether the project's requests for the resource wait for room on disk (decision 0040). */
    private static boolean waitsForRoom(FetchView f, double now) {
        return f.backoffForDisk() && f.backoffInterval() == 0 && f.backoffUntil() > now;
    }

    /**
     * Why a project's part of "Store at least" is less than its share of it, where its tasks' deadlines hold it lower
     * (decisions 0005, 0048 and 0050): its queue read as full beside a share that would hold more (QA: 25 min queued,
     * 0.32 of 2 h 24 min is 46 min). "" where its part is its share's. Where its fair part of the resource is none (its
     * work on the other processors makes up its whole share, decision 0048) its part is none, whatever its deadlines.
     * Where the tasks of projects that cannot be asked hold it lower (decision 0050), they are named, not the other
     * processors (review: on a host with a CPU alone there are none).
     */
    static String heldLower(FetchView f) {
        double part = f.deadlineInstances();
        if (Double.isNaN(part)) {
            return "";
        }
        String r = res(f.resource());
        double share = Math.round(f.shareInstances() * 100) / 100.0;
        double held = Math.round(part * 100) / 100.0;
        if (f.besideHeldWork()) {
            return held == 0 ? ", which is none for now: the tasks of projects that cannot be asked now take the "
                    + "whole " + r : " (" + Format.duration(f.lowWater()) + " of " + r + " time), as much as its part "
                    + "of the " + r + " beside the tasks of projects that cannot be asked now, " + Format.number(held)
                    + " of its share's " + Format.number(share) + " instances, finishes well before its tasks' "
                    + "deadlines: those tasks take the rest of its share until they are done";
        }
        if (held == 0 && part < f.shareInstances()) {
            return ", which is none: its work on the other processors makes up its whole share, leaving it no fair "
                    + "part of the " + r;
        }
        String low = " (" + Format.duration(f.lowWater()) + " of " + r + " time), as much as ";
        if (held < share) {
            return low + "its fair part of the " + r + ", " + Format.number(held) + " of its share's "
                    + Format.number(share) + " instances, finishes well before its tasks' deadlines: its work on the "
                    + "other processors makes up the rest of its share";
        }
        return low + "its share, " + Format.number(held) + (held == 1 ? " instance" : " instances")
                + ", finishes well before its tasks' deadlines";
    }

    private static String blockText(ProjectView p, FetchView f, double now, boolean online, DiskView disk) {
        String r = res(f.resource());
        switch (f.block()) {
            case FETCHING:
                return online ? "asking for " + r + " work" : "to ask for " + r + " work once online";
            case NO_NEW_TASKS:
                return "no new tasks (set by you)";
            case DETACH_WHEN_DONE:
                return "no new tasks: to be removed when its tasks are done (set in BOINC)";
            case RPC_BACKOFF:
                return "contact deferred for " + Format.countdown(f.blockedUntil() - now) + " more "
                        + deferralCause(p.contact());
            case RESOURCE_BACKOFF:
                if (waitsForRoom(f, now)) {
                    return r + " requests wait for room on disk" + roomWaited(p, f, disk) + ", at the latest in "
                            + Format.countdown(f.blockedUntil() - now) + " (see Disk)";
                }
                String held = f.backoffForDisk() ? roomHeldBy(p, disk) : "";
                return r + " requests backed off for " + Format.countdown(f.blockedUntil() - now) + " more "
                        + (f.backoffForDisk() ? "(its server had work, but its " + r + " tasks need more disk space "
                        + "than this computer offered" + (held.isEmpty() ? "" : ", the room held by " + held)
                        + "; see Disk)" : "(last reply brought no " + r + " task)");
            case PROJECT_HAS_ENOUGH_WORK:
                return "enough " + r + " work for now: it holds its part of \"Store at least\"" + heldLower(f);
            case RESOURCE_HAS_ENOUGH_WORK:
                return r + " queue above \"Store at least\"";
            case ZERO_SHARE_NOT_IDLE:
                return BACKUP_PROJECT + "asked only when " + aResource(f.resource()) + " would idle";
            case DEADLINE_MISSES_PREDICTED:
                return "not asked for " + r + " work: at its share, some of its tasks would miss their deadline";
            case CPUS_HELD_BY_GPU_TASKS:
                return "not asked for CPU work: GPU tasks hold every CPU for the whole buffer";
            case APPS_TOO_LARGE_FOR_HOST:
                String more = f.resource() == ResourceType.CPU ? "CPUs" : "CPUs or " + r + "s";
                return "not asked for " + r + " work: its " + r + " apps need more " + more + " than BOINC may use "
                        + "here";
            case NO_DISK_ROOM:
                return "not asked for work: no disk space can be made for it (see Disk)";
            case LEFT_OUT_DISK_NEARLY_FULL:
                return "left out of the request to this project: the disk is nearly full, so only its resources short "
                        + "of jobs for their instances are asked (see Disk)";
            case YIELDS_DISK_ROOM:
                return "not asked for work: over its disk share, it leaves the room its finished tasks free to a "
                        + "project within its share that has no work and waits for room, and reports them at once "
                        + "(see Disk)";
            case ANOTHER_PROJECT_FIRST:
                return "another project is asked for " + r + " work first";
            default:
                return "";
        }
    }

    /** Why a project's scheduler may not be contacted yet, in words: "(project's request)", "after 3 failed ...". */
    public static String deferralCause(ContactView c) {
        switch (c.deferral()) {
            case REQUEST_DELAY:
                return "(project's request)";
            case COMPUTATION_FAILURE:
                return "after a failed task";
            case MASTER_FETCH_FAILURES:
                return "after " + c.rpcFailures() + " failures (contacts, tasks or master-file reads), the last 3 "
                        + "reads of the master file";
            case RPC_FAILURES:
                return "after " + c.rpcFailures() + " failure" + (c.rpcFailures() == 1 ? "" : "s")
                        + " (contacts, tasks or master-file reads)"
                        + (!c.masterFetchPending() ? "" : c.schedulerUrls() == 0
                        ? "; its master file will be read first, for its schedulers"
                        : "; the master file will be read again");
            default:
                return "";
        }
    }

    /** Which block says most about a project (lower is more telling). */
    private static int rank(FetchBlock b) {
        switch (b) {
            case FETCHING:
                return 0;
            case NO_NEW_TASKS:
            case DETACH_WHEN_DONE:
                return 1;
            case RPC_BACKOFF:
                return 2;
            case RESOURCE_BACKOFF:
                return 3;
            case DEADLINE_MISSES_PREDICTED:
            case NO_DISK_ROOM:
            case YIELDS_DISK_ROOM:
            case LEFT_OUT_DISK_NEARLY_FULL:
            case CPUS_HELD_BY_GPU_TASKS:
            case APPS_TOO_LARGE_FOR_HOST:
                return 4;
            case ANOTHER_PROJECT_FIRST:
                return 5;
            case ZERO_SHARE_NOT_IDLE:
                return 6;
            case PROJECT_HAS_ENOUGH_WORK:
                return 7;
            case RESOURCE_HAS_ENOUGH_WORK:
                return 8;
            default:
                return 9;
        }
    }

    /** "Scheduling", "Work fetch", "RPC", "Disk", "Task". */
    public static String category(EventCategory c) {
        switch (c) {
            case WORK_FETCH:
                return "Work fetch";
            case RPC:
                return "RPC";
            default:
                String n = c.name().toLowerCase(Locale.ROOT);
                return Character.toUpperCase(n.charAt(0)) + n.substring(1);
        }
    }

    /** How a backup project's fetch reason begins, where the Work fetch pane shows it alone. */
    private static final String BACKUP_PROJECT = "backup project: ";
    private static final Map<String, String> REASONS = Map.ofEntries(
            Map.entry("RUNNING_HIGHEST_DEBT", "largest anticipated debt"),
            Map.entry("RUNNING_ONLY_PROJECT", "no other project had a task that could run there"),
            Map.entry("RUNNING_FREE_INSTANCE", "an instance came free"),
            Map.entry("RUNNING_DEADLINE_RISK", "it or a later task of its project would miss its deadline otherwise"),
            Map.entry("RUNNING_PAST_DEADLINE", "its deadline passed; done as soon as it can be"),
            Map.entry("RUNNING_RESCUED_NOW_SAFE", "started to meet its deadline, safe now"),
            Map.entry("PROJECT_SUSPENDED", "you suspended the project"),
            Map.entry("PROJECT_RESUMED", "you resumed the project"),
            Map.entry("NO_NEW_TASKS", "you set \"no new tasks\""),
            Map.entry("NEW_TASKS_ALLOWED", "you allowed new tasks"),
            Map.entry("TASK_SUSPENDED", "you suspended the task"),
            Map.entry("SUSPENDED_BY_USER", "you suspended the task"),
            Map.entry("TASK_RESUMED", "you resumed the task"),
            Map.entry("STORE_ERROR", "a file could not be stored or deleted"),
            Map.entry("UNKNOWN_APP_VERSION", "no version of its app"),
            Map.entry("DUPLICATE_RESULT", "a task of that name is already here"),
            Map.entry("RUNNING_BACKUP_PROJECT", "backup project, on an instance no other project could use"),
            Map.entry("RUNNING_OVERCOMMITTING", "on more CPUs than were free, which no other task could use"),
            Map.entry("WAITING_BACKUP_PROJECT", "backup project, after the projects with a share"),
            Map.entry("NOT_STARTED_BY_DEADLINE", "not started by its deadline"),
            Map.entry("WAITING_LOWER_DEBT", "lower anticipated debt"),
            Map.entry("WAITING_SIBLING_PREFERRED", "another task of its project runs first"),
            Map.entry("WAITING_DEADLINE_RESCUE", "deadline rescue"),
            Map.entry("WAITING_BEHIND_DEADLINE_RESCUE", "every instance runs a task in deadline rescue"),
            Map.entry("WAITING_NO_FREE_INSTANCE", "no free instance"),
            Map.entry("WAITING_DOES_NOT_FIT", "does not fit"),
            Map.entry("WAITING_WOULD_OVERCOMMIT", "would overcommit the CPUs"),
            Map.entry("WAITING_CPU_LIMIT", "would go past the CPUs you let BOINC use"),
            Map.entry("WAITING_CPUS_HELD_BY_GPU_TASKS", "GPU tasks hold the CPUs it needs"),
            Map.entry("NEEDS_MORE_CPUS_THAN_USABLE", "needs more CPUs than you let BOINC use"),
            Map.entry("NEEDS_MORE_CPUS_THAN_PRESENT", "needs more CPUs than this computer has"),
            Map.entry("NEEDS_MORE_GPUS_THAN_PRESENT", "needs more GPUs than this computer has"),
            Map.entry("WAITING_APP_MAX_CONCURRENT", "its app's max_concurrent is reached"),
            Map.entry("WAITING_PROJECT_MAX_CONCURRENT", "its project's max_concurrent is reached"),
            Map.entry("NO_RUNNABLE_RESULTS", "nothing to run, debt held at 0"),
            Map.entry("NEED_WORK", "to fetch work"),
            Map.entry("RESULTS_DUE", "to report finished tasks"),
            Map.entry("USER_REQUEST", "you asked for an update"),
            Map.entry("UPDATE", "you asked for an update"),
            Map.entry("MASTER_FETCH", "reading the master file"),
            Map.entry("MASTER_FETCHED", "master file read"),
            Map.entry("MASTER_FETCH_FAILED", "master file unreadable"),
            Map.entry("REQUEST_DELAY_CAPPED", "request_delay too long"),
            Map.entry("DOWNLOAD_FAILED", "download failed"),
            Map.entry("UPLOAD_FAILED", "upload failed"),
            Map.entry("RPC_BACKOFF", "backing off"),
            Map.entry("RESOURCE_BACKOFF", "backed off"),
            Map.entry("ROOM_ON_DISK", "room on disk for its server's tasks"),
            Map.entry("WAITING_FOR_ROOM", "no room on disk for its next tasks: waiting for room"),
            Map.entry("SHARE_CHANGED", "you changed the resource share"),
            Map.entry("COMPUTATION_ERROR", "the application failed"),
            Map.entry("COMPUTATION_FAILURE", "a task failed: waiting before the next contact"),
            Map.entry("OFFENDER_FOR_NEW_FILE", "its project used more than its disk share"),
            Map.entry("OWN_FILE_FOR_NEW_FILE", "room for its own project's new file"),
            Map.entry("OVER_LIMIT_OFFENDER", "over the disk limit: trimming a project above its share"),
            Map.entry("OVER_LIMIT_ROUND_ROBIN", "over the disk limit: one file from each project"),
            Map.entry("OVER_LIMIT_RESULT_GIVEN_UP", "over the disk limit: a queued task given up"),
            Map.entry("GIVEN_UP_FOR_DISK", "given up for disk space"),
            Map.entry("NO_ROOM", "no disk space for it"),
            Map.entry("SERVER_DISK_CHECK", "the server found no room on this disk"),
            Map.entry("SUSPENDED_FOR_DISK", "not enough disk space"),
            Map.entry("DISK_SPACE_AVAILABLE", "disk space is available again"),
            Map.entry("MAX_USED_GB", "\"use no more than\" limit reached"),
            Map.entry("MIN_FREE_GB", "\"leave free\" limit reached"),
            Map.entry("MAX_USED_PCT", "\"% of total\" limit reached"));

    /** What an RPC asked for: "CPU: 3 h 12 min for 1 instance; NVIDIA GPU: 1 h 00 min; 2 reported". */
    public static String rpcRequested(RpcView r) {
        StringBuilder sb = new StringBuilder();
        for (ResourceType type : ResourceType.SERVICE_ORDER) {
            RequestView q = r.requested().get(type);
            if (q == null) {
                continue;
            }
            sb.append(sb.length() == 0 ? "" : "; ").append(resource(type)).append(": ")
                    .append(Format.duration(q.seconds()));
            if (q.instances() > 0) {
                sb.append(" for ").append(Format.number(q.instances()))
                        .append(q.instances() == 1 ? " instance" : " instances");
            }
        }
        if (sb.length() == 0) {
            sb.append("no work");
        }
        if (r.reported() > 0) {
            sb.append("; ").append(r.reported()).append(" reported");
        }
        return sb.toString();
    }

    /** What came of an RPC: "3 CPU tasks, 2 acknowledged, next contact in 5 min" or "failed: connection refused". */
    public static String rpcOutcome(RpcView r) {
        String tries = r.attempts() > 1 ? " (" + r.attempts() + " scheduler URLs tried)" : "";
        if (r.failed()) {
            return "Failed: " + r.failure() + tries;
        }
        StringBuilder sb = new StringBuilder();
        for (ResourceType type : ResourceType.SERVICE_ORDER) {
            Integer n = r.jobs().get(type);
            if (n != null && n > 0) {
                sb.append(sb.length() == 0 ? "" : ", ").append(n).append(' ').append(resource(type))
                        .append(n == 1 ? " task" : " tasks");
            }
        }
        if (sb.length() == 0) {
            sb.append(r.refusedForDisk() ? "no task: refused for disk space" : "no task");
        }
        if (r.acked() > 0) {
            sb.append(", ").append(r.acked()).append(" acknowledged");
        }
        if (r.requestDelay() > 0) {
            sb.append(", next contact in ").append(Format.duration(r.requestDelay()));
        }
        return sb.append(tries).toString();
    }

    /** A reason code from an event ("WAITING_LOWER_DEBT") in words ("lower anticipated debt"). */
    public static String reason(String code) {
        String known = REASONS.get(code);
        if (known != null) {
            return known;
        }
        return code.toLowerCase(Locale.ROOT).replace('_', ' ');
    }

    /** Whether {@link #reason} has words of its own for {@code code}, rather than the code lower-cased. */
    static boolean hasWordsFor(String code) {
        return REASONS.containsKey(code);
    }

    /** "Task started", "Debt changed", "Preferences changed"... */
    public static String event(EventKind k) {
        if (k == EventKind.PREFS_CHANGED) {
            return "Preferences changed";
        }
        String n = k.name().toLowerCase(Locale.ROOT).replace('_', ' ').replace("rpc", "RPC").replace("gpu", "GPU");
        return Character.toUpperCase(n.charAt(0)) + n.substring(1);
    }
}

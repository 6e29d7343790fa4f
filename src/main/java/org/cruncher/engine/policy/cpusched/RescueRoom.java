package org.cruncher.engine.policy.cpusched;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Comparator;
import java.util.List;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.Result;

/**
 * Room, in the middle of a period, for results that newly need deadline rescue (src/docs/decisions/0011 and 0022):
 * only the running tasks that must give way are preempted; the period and the debts go on.
 * <ol>
 *   <li>start from the mid-period pass's standing ({@link MidPeriodStart}): what the running tasks hold, and each
 *       project's expected future debt;</li>
 *   <li>take the rescued results that are not running, resources in service order (GPUs first), earliest deadline
 *       first, those due together in the order the pass will start them (decision 0036);</li>
 *   <li>while one does not fit or a max_concurrent limit holds it back, a running task gives way: one of its
 *       project's (and app's) tasks if a limit holds it back, else one on its coprocessor if that is full, else a GPU
 *       task if the GPU tasks' CPU time keeps a GPU job out (decision 0039), else a CPU job; among those, the one
 *       that can best afford to wait (the latest start that still meets its deadline: its deadline less its
 *       estimated time left), then the one whose project has the smallest expected future debt,
 *       then the larger name; a task in deadline mode never gives way;</li>
 *   <li>once it fits, each task that gave way is tried back in the order they gave way, and keeps running if the
 *       rescued result still fits beside it (one whose share alone made too little room, before a larger one
 *       gave way);</li>
 *   <li>a task that gives way no longer charges its project its pay-off;</li>
 *   <li>if no task can make room, none gives way for that result: it waits for an instance like any other.</li>
 * </ol>
 * The mid-period pass that follows starts the rescued results first (they lead every pass, {@link
 * InstanceAllocator}).
 */
public final class RescueRoom {

    /**
     * A running task that gives way to {@code rescued}, which would miss its deadline otherwise.
     *
     * @param priority the task's project's expected future debt when it gave way, FLOPs
     */
    public record GiveWay(ActiveTask task, Result rescued, double priority) {
    }

    private RescueRoom() {
    }

    /**
     * The running tasks to preempt so that {@code rescued} (results newly in deadline mode) can start.
     *
     * @param rescued results in deadline mode; those already running need no room
     */
    public static List<GiveWay> plan(ClientState state, ResourceSet resources, Collection<Result> rescued) {
        MidPeriodStart start = MidPeriodStart.of(state, resources);
        List<ActiveTask> running = new ArrayList<>();
        for (ActiveTask t : state.activeTasks()) {
            if (t.isScheduled() && !t.exited() && !t.result().deadlineMode()) {
                running.add(t);
            }
        }
        List<GiveWay> plan = new ArrayList<>();
        for (Result r : inServiceOrder(state, resources, rescued, start)) {
            AppVersion v = r.appVersion();
            List<ActiveTask> given = new ArrayList<>();
            List<Double> priorities = new ArrayList<>();
            while (!admitted(start, r)) {
                ActiveTask weakest = weakest(running, given, start, r);
                if (weakest == null) {
                    break;
                }
                given.add(weakest);
                priorities.add(start.priority(weakest.project()));
                start.release(weakest);
            }
            if (admitted(start, r)) {
                keepThoseNotNeeded(start, r, given, priorities);
                start.ledger().take(v);
                start.limits().take(r.project(), v.appName());
                running.removeAll(given);
                for (int i = 0; i < given.size(); i++) {
                    plan.add(new GiveWay(given.get(i), r, priorities.get(i)));
                }
            } else {
                given.forEach(start::hold);
            }
        }
        return plan;
    }

    /**
     * The rescued results not running, GPUs first, earliest deadline first; of those due together, as the scheduling
     * pass will start them (decision 0036): a project with a share before a backup project, the larger expected
     * future debt first, then by URL; then by name.
     */
    private static List<Result> inServiceOrder(ClientState state, ResourceSet resources, Collection<Result> rescued,
                                               MidPeriodStart start) {
        List<Result> waiting = new ArrayList<>();
        for (ProcessingResource resource : resources.inServiceOrder()) {
            List<Result> mine = new ArrayList<>();
            for (Result r : rescued) {
                ActiveTask t = state.taskOf(r);
                if (r.resource() == resource.type() && (t == null || !t.isScheduled())) {
                    mine.add(r);
                }
            }
            mine.sort(Comparator.comparingDouble(Result::reportDeadline)
                    .thenComparing(r -> InstanceAllocator.isBackup(r.project()))
                    .thenComparing(r -> -start.priority(r.project()))
                    .thenComparing(r -> r.project().url())
                    .thenComparing(Result::name));
            waiting.addAll(mine);
        }
        return waiting;
    }

    /** Step 4: the tasks in {@code given} that {@code r} fits beside run on (taken back, in order, one at a time). */
    private static void keepThoseNotNeeded(MidPeriodStart start, Result r, List<ActiveTask> given,
                                           List<Double> priorities) {
        for (int i = 0; i < given.size(); ) {
            ActiveTask t = given.get(i);
            start.hold(t);
            if (admitted(start, r)) {
                given.remove(i);
                priorities.remove(i);
            } else {
                start.release(t);
                i++;
            }
        }
    }

    private static boolean admitted(MidPeriodStart start, Result r) {
        AppVersion v = r.appVersion();
        return start.ledger().fits(v) && start.limits().admits(r.project(), v.appName());
    }

    /** The task that gives way next (step 3), or null if none would help. */
    private static ActiveTask weakest(List<ActiveTask> running, List<ActiveTask> given, MidPeriodStart start,
                                      Result r) {
        ActiveTask best = null;
        for (ActiveTask t : running) {
            if (given.contains(t) || !helps(t, start, r)) {
                continue;
            }
            if (best == null || weaker(t, best, start)) {
                best = t;
            }
        }
        return best;
    }

    private static boolean weaker(ActiveTask a, ActiveTask b, MidPeriodStart start) {
        int c = Double.compare(slack(a), slack(b));
        if (c != 0) {
            return c > 0;
        }
        c = Double.compare(start.priority(a.project()), start.priority(b.project()));
        if (c != 0) {
            return c < 0;
        }
        return a.result().name().compareTo(b.result().name()) > 0;
    }

    private static double slack(ActiveTask t) {
        return t.result().reportDeadline() - t.estimatedRemaining();
    }

    /**
     * Whether {@code t} giving way removes some of what keeps {@code r} out: a task of the limited project (and app)
     * where a max_concurrent limit holds it; a task on its coprocessor where that is full; a GPU task where the GPU
     * tasks' CPU time keeps a GPU job out (decision 0039); otherwise a CPU job, whose CPUs it needs.
     */
    private static boolean helps(ActiveTask t, MidPeriodStart start, Result r) {
        AppVersion v = r.appVersion();
        AppVersion tv = t.appVersion();
        TaskReason limit = start.limits().blockedBy(r.project(), v.appName());
        if (limit != null) {
            return t.project() == r.project()
                    && (limit == TaskReason.WAITING_PROJECT_MAX_CONCURRENT || tv.appName().equals(v.appName()));
        }
        if (start.ledger().coprocessorFull(v)) {
            return tv.usesCoprocessor() && tv.coprocType() == v.coprocType();
        }
        if (start.ledger().heldByGpuJobsCpus(v)) {
            return tv.usesCoprocessor();
        }
        return !tv.usesCoprocessor();
    }
}

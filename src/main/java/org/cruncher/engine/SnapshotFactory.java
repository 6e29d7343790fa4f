package org.cruncher.engine;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.cruncher.engine.api.ContactView;
import org.cruncher.engine.api.DriverStatus;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.FetchView;
import org.cruncher.engine.api.FiguresView;
import org.cruncher.engine.api.HostView;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ProjectResourceState;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.policy.cpusched.Runnability;
import org.cruncher.engine.policy.cpusched.ShareTargets;
import org.cruncher.engine.policy.rpc.ReportPolicy;
import org.cruncher.engine.policy.rpc.ResourceDebt;
import org.cruncher.engine.policy.workfetch.FetchContext;
import org.cruncher.engine.policy.workfetch.FetchDecision;
import org.cruncher.engine.policy.workfetch.LongTermDebt;
import org.cruncher.engine.policy.workfetch.ProjectFetchState;
import org.cruncher.engine.policy.workfetch.RoundRobinSimulation;

/** Builds the immutable {@link EngineSnapshot} from the engine's state (on the engine thread). */
final class SnapshotFactory {

    private SnapshotFactory() {
    }

    static EngineSnapshot build(Engine engine, List<EngineEvent> events, long dropped, FiguresView figures,
                                DriverStatus driver) {
        ClientState state = engine.state();
        double now = engine.shownTime();
        HostStatus host = engine.shownHostStatus();
        Map<ResourceType, Double> inUse = new EnumMap<>(ResourceType.class);
        List<TaskView> tasks = new ArrayList<>(state.results().size());
        Map<Project, int[]> perProject = new HashMap<>();
        int[] counts = new int[5];
        int atRiskCount = 0;
        int pastDeadlineCount = 0;
        int suspendedByUser = 0;
        RoundRobinSimulation.Forecast ends = engine.forecastShown(now);
        // A forecast made for the showing since the last poll says which tasks are in rescue now, as the next poll
        // will: the last poll's marks showed a red deadline beside finish times well before it.
        Set<Result> rescuedNow = ends == null || ends == engine.forecast() ? null
                : DeadlineRescue.rescuedFor(state, ends.predictedMisses());
        Map<ResourceType, Project> heldByRescue = heldByRescue(state, host, engine.diskSuspended(), rescuedNow);
        for (Result r : state.results()) {
            ActiveTask t = state.activeTask(r).orElse(null);
            TaskStatus status = status(r, t, state, host, engine.diskSuspended());
            boolean rescued = rescuedNow == null ? r.deadlineMode() : rescuedNow.contains(r);
            TaskVerdict verdict = pastDeadline(verdict(engine, r, status, rescued, heldByRescue.get(r.resource())),
                    r, now);
            if (t != null && t.isScheduled()) {
                inUse.merge(ResourceType.CPU, r.appVersion().avgNcpus(), Double::sum);
                if (r.appVersion().usesCoprocessor()) {
                    inUse.merge(r.resource(), r.appVersion().coprocCount(), Double::sum);
                }
            }
            double remaining = t == null ? r.estimatedRuntime() : t.estimatedRemaining();
            boolean finished = r.readyToReport();
            // The same forecast as the end shown: a red deadline beside an end before it read as a contradiction.
            boolean atRisk = !finished && (now + remaining > r.reportDeadline() || rescued
                    || (ends != null && ends.predictedMisses().contains(r)));
            // Only what the forecast would queue now has an end: not a task uploading or suspended since it was made.
            // While computing waits for disk space no task ends, whatever the forecast (made as if it computed) says.
            double expectedEnd = ends == null || !RoundRobinSimulation.queued(r, state.resources())
                    || engine.diskSuspended() ? Double.NaN : Math.max(ends.expectedEnd(r), now + remaining);
            tasks.add(new TaskView(r.project().url(), r.project().name(), r.name(),
                    r.project().app(r.appVersion().appName()).map(a -> a.userFriendlyName())
                            .orElse(r.appVersion().appName()),
                    r.appVersion().describeUsage(), r.resource(), status, verdict,
                    finished ? 1 : t == null ? 0 : t.fractionDone(), t == null ? r.finalElapsedTime()
                    : t.elapsedTime(), finished ? 0 : remaining, r.receivedTime(), r.reportDeadline(), atRisk,
                    expectedEnd, finished ? reportDue(r, state) : Double.NaN));
            if (atRisk) {
                atRiskCount++;
                if (r.reportDeadline() < now) {
                    pastDeadlineCount++;
                }
            }
            int[] pc = perProject.computeIfAbsent(r.project(), p -> new int[3]);
            boolean held = status == TaskStatus.SUSPENDED_FOR_DISK && t != null && t.heldForDisk();
            int bucket = bucket(status, t != null, held);
            counts[bucket]++;
            if (status == TaskStatus.SUSPENDED_BY_USER || status == TaskStatus.PROJECT_SUSPENDED) {
                suspendedByUser++;
            }
            // The project's counts are the status bar's, by one rule: running (or held), waiting, to report.
            if (bucket < 3) {
                pc[Math.min(bucket, 1)]++;
            } else if (bucket == 3) {
                pc[2]++;
            }
        }
        List<ProjectView> projects = new ArrayList<>();
        double totalShare = state.totalResourceShare();
        Map<Project, ShareTarget> targets = ShareTargets.of(state.projects(), state.resources());
        for (Project p : state.projects()) {
            int[] pc = perProject.getOrDefault(p, new int[3]);
            projects.add(new ProjectView(p.url(), p.name(), p.resourceShare(),
                    totalShare > 0 ? p.resourceShare() / totalShare : 0, p.suspendedByUser(), p.noNewTasks(),
                    p.debt(), p.anticipatedDebt(), p.totalWork() + state.activeWorkThisPeriod(p, null),
                    projectStatus(p, pc, state),
                    leadVerdict(p, tasks), pc[0], pc[1], pc[2], contact(p, now, engine.now()),
                    fetchViews(p, engine.lastFetchDecision()), LongTermDebt.overall(p, state.resources()),
                    targets.get(p), p.detachWhenDone()));
        }
        List<ResourceView> resources = new ArrayList<>();
        RoundRobinSimulation.Forecast forecast = engine.forecast();
        boolean cpusHeld = forecast != null
                && new FetchContext(state, state.resources(), now, forecast).cpusHeldByGpuTasks();
        for (ProcessingResource r : state.resources().inServiceOrder()) {
            RoundRobinSimulation.ResourceForecast f = forecast == null ? null : forecast.resource(r.type());
            resources.add(new ResourceView(r.type(), r.instances(), inUse.getOrDefault(r.type(), 0.0),
                    r.flopsPerInstance(), r.emulated(), f == null ? Double.NaN : f.idleNow(),
                    f == null ? Double.NaN : f.shortfall(), f == null ? Double.NaN : f.saturated(),
                    state.prefs().workBufTotalSeconds(), state.prefs().workBufMinSeconds(),
                    wantsWork(engine.lastFetchDecision(), r.type()), r.type() == ResourceType.CPU && cpusHeld,
                    forecast == null ? Double.NaN : forecast.now()));
        }
        HostView hostView = new HostView(state.host().name(), state.host().cpuModel(), state.host().cpuCount(),
                state.resources().cpu().instances(), state.host().cpuFlops(), state.host().memoryBytes(),
                state.host().diskTotal(), state.host().diskFree(), state.host().coprocessors(),
                state.config().ncpus(state.host()));
        return new EngineSnapshot(now, engine.nextPeriodBoundary(), host.computeAllowed() && !engine.diskSuspended(),
                host.networkAllowed(), hostView, state.prefs(), resources, projects, tasks,
                new TaskCounts(counts[0], counts[1], counts[2], counts[3], counts[4], atRiskCount,
                        suspendedByUser, pastDeadlineCount), events, dropped, figures,
                driver, engine.recentRpcs(), engine.diskView(), engine.runHistory().view(state));
    }

    /**
     * The broad state a task is counted in. While the host does not compute, the tasks the schedule runs (held with
     * the computer, or for disk space, with an active task) are counted where running ones are: the status bar
     * calls them held. A GPU task the schedule runs while GPU computing is suspended is counted there too, as the
     * project's status counts it. While it waits for disk space, a task preempted before it did stays preempted.
     */
    private static int bucket(TaskStatus s, boolean active, boolean heldForDisk) {
        switch (s) {
            case RUNNING:
            case COMPUTING_SUSPENDED:
            case GPU_SUSPENDED:
                return 0;
            case SUSPENDED_FOR_DISK:
                return heldForDisk ? 0 : active ? 1 : 4;
            case PREEMPTED:
                return 1;
            case READY_TO_START:
                return 2;
            case READY_TO_REPORT:
                return 3;
            default:
                return 4;
        }
    }

    static TaskStatus status(Result r, ActiveTask t, ClientState state, HostStatus host, boolean diskSuspended) {
        Optional<TaskReason> blocked = Runnability.blockedBy(r, state.resources());
        if (blocked.isPresent()) {
            switch (blocked.get()) {
                case WAITING_FOR_DOWNLOAD:
                    return TaskStatus.DOWNLOADING;
                case UPLOADING:
                    return TaskStatus.UPLOADING;
                case READY_TO_REPORT:
                    return TaskStatus.READY_TO_REPORT;
                case COMPUTATION_ERROR:
                    return TaskStatus.COMPUTATION_ERROR;
                case DOWNLOAD_FAILED:
                    return TaskStatus.DOWNLOAD_FAILED;
                case UPLOAD_FAILED:
                    return TaskStatus.UPLOAD_FAILED;
                case ABORTED:
                case ABORTED_FOR_DISK:
                    return TaskStatus.ABORTED;
                case PROJECT_SUSPENDED:
                    return TaskStatus.PROJECT_SUSPENDED;
                case SUSPENDED_BY_USER:
                    return TaskStatus.SUSPENDED_BY_USER;
                case GPU_MISSING:
                    return TaskStatus.GPU_MISSING;
                case NEEDS_MORE_CPUS_THAN_USABLE:
                case NEEDS_MORE_CPUS_THAN_PRESENT:
                case NEEDS_MORE_GPUS_THAN_PRESENT:
                    return TaskStatus.TOO_LARGE_FOR_HOST;
                default:
                    throw new IllegalStateException("unhandled " + blocked.get());
            }
        }
        if (diskSuspended) {
            return TaskStatus.SUSPENDED_FOR_DISK;
        }
        if (t == null) {
            return TaskStatus.READY_TO_START;
        }
        if (!t.isScheduled()) {
            // Preempted means it ran before; one started and given way at the same moment (a rescue right after the
            // period's pass) has not, and still waits to start.
            return t.elapsedTime() > 0 ? TaskStatus.PREEMPTED : TaskStatus.READY_TO_START;
        }
        if (!host.computeAllowed()) {
            return TaskStatus.COMPUTING_SUSPENDED;
        }
        if (r.appVersion().usesCoprocessor() && !host.gpuAllowed()) {
            return TaskStatus.GPU_SUSPENDED;
        }
        return TaskStatus.RUNNING;
    }

    /**
     * The resources whose every instance runs a task in deadline rescue, each with the project of the last such task
     * (as the engine's verdicts name it):
     * a task waiting there waits for them, not for the debt order that kept it out at the last pass (a task the
     * forecast put in rescue after it had started by its debt holds its instance whatever the debts).
     */
    private static Map<ResourceType, Project> heldByRescue(ClientState state, HostStatus host, boolean diskSuspended,
                                                           Set<Result> rescuedNow) {
        Map<ResourceType, Double> held = new EnumMap<>(ResourceType.class);
        Map<ResourceType, Project> last = new EnumMap<>(ResourceType.class);
        for (ActiveTask t : state.activeTasks()) {
            Result r = t.result();
            boolean rescued = rescuedNow == null ? r.deadlineMode() : rescuedNow.contains(r);
            if (rescued && status(r, t, state, host, diskSuspended) == TaskStatus.RUNNING) {
                double usage = r.appVersion().usesCoprocessor() ? r.appVersion().coprocCount()
                        : r.appVersion().avgNcpus();
                held.merge(r.resource(), usage, Double::sum);
                last.put(r.resource(), r.project());
            }
        }
        last.keySet().removeIf(type -> held.get(type) < state.resources().get(type)
                .map(ProcessingResource::instances).orElse(0) - 1e-9);
        return last;
    }

    /** {@code v}, where it runs {@code r} first to meet a deadline that passed before {@code now}, saying so. */
    private static TaskVerdict pastDeadline(TaskVerdict v, Result r, double now) {
        return v.reason() == TaskReason.RUNNING_DEADLINE_RISK && r.reportDeadline() < now
                ? new TaskVerdict(TaskReason.RUNNING_PAST_DEADLINE, v.resource(), v.ownPriority(), v.rival(),
                        v.rivalPriority(), v.limit(), v.decidedAt())
                : v;
    }

    /**
     * Its verdict to show; {@code rescued}: whether it is in deadline rescue by the forecast shown;
     * {@code rescueHolder}: the project of a rescued task where every instance of its resource runs one, or null.
     */
    private static TaskVerdict verdict(Engine engine, Result r, TaskStatus status, boolean rescued,
                                       Project rescueHolder) {
        switch (status) {
            case DOWNLOADING:
                return TaskVerdict.of(TaskReason.WAITING_FOR_DOWNLOAD, r.resource());
            case UPLOADING:
                return TaskVerdict.of(TaskReason.UPLOADING, r.resource());
            case READY_TO_REPORT:
                return TaskVerdict.of(TaskReason.READY_TO_REPORT, r.resource());
            case COMPUTATION_ERROR:
                return TaskVerdict.of(TaskReason.COMPUTATION_ERROR, r.resource());
            case ABORTED:
                return TaskVerdict.of(Runnability.blockedBy(r, engine.state().resources())
                        .orElse(TaskReason.ABORTED), r.resource());
            case SUSPENDED_FOR_DISK:
                return TaskVerdict.of(TaskReason.SUSPENDED_FOR_DISK, r.resource());
            case PROJECT_SUSPENDED:
                return TaskVerdict.of(TaskReason.PROJECT_SUSPENDED, r.resource());
            case SUSPENDED_BY_USER:
                return TaskVerdict.of(TaskReason.SUSPENDED_BY_USER, r.resource());
            case GPU_MISSING:
                return TaskVerdict.of(TaskReason.GPU_MISSING, r.resource());
            case TOO_LARGE_FOR_HOST:
                return tooLarge(r, engine.state().resources());
            case COMPUTING_SUSPENDED:
                return TaskVerdict.of(TaskReason.COMPUTING_SUSPENDED, r.resource());
            case GPU_SUSPENDED:
                return TaskVerdict.of(TaskReason.GPU_SUSPENDED, r.resource());
            default:
                TaskVerdict v = engine.verdicts().get(r);
                if (v == null) {
                    // No pass has judged it since the emulation was opened: restored while the host may not
                    // compute, that is why it waits, not that every processor is busy.
                    return TaskVerdict.of(engine.shownHostStatus().computeAllowed()
                            ? TaskReason.WAITING_NO_FREE_INSTANCE : TaskReason.COMPUTING_SUSPENDED, r.resource());
                }
                // The verdict stands until the next pass, but a rescue ends as soon as the forecast finds the task
                // safe: then it says so, rather than that the task would still miss its deadline.
                if (v.reason() == TaskReason.RUNNING_DEADLINE_RISK && !rescued) {
                    return new TaskVerdict(TaskReason.RUNNING_RESCUED_NOW_SAFE, v.resource(), v.ownPriority(),
                            v.rival(), v.rivalPriority(), v.limit(), v.decidedAt());
                }
                // And a task the forecast puts in rescue while it runs is running first from then on: its verdict
                // from the pass that started it by the debt order no longer says why it keeps its processor. (A task
                // that overcommits the CPUs or runs for a backup project keeps saying so.)
                if (rescued && status == TaskStatus.RUNNING && (v.reason() == TaskReason.RUNNING_HIGHEST_DEBT
                        || v.reason() == TaskReason.RUNNING_FREE_INSTANCE
                        || v.reason() == TaskReason.RUNNING_ONLY_PROJECT)) {
                    return new TaskVerdict(TaskReason.RUNNING_DEADLINE_RISK, v.resource(), v.ownPriority(), null,
                            Double.NaN, v.limit(), v.decidedAt());
                }
                // A task kept out by the debt order while every instance runs a task in rescue waits for those.
                // (Not behind its own project's tasks: its project gets the time, and is not owed it.)
                if (rescueHolder != null && rescueHolder != r.project() && v.reason() == TaskReason.WAITING_LOWER_DEBT
                        && (status == TaskStatus.PREEMPTED || status == TaskStatus.READY_TO_START)) {
                    return new TaskVerdict(TaskReason.WAITING_BEHIND_DEADLINE_RESCUE, v.resource(), v.ownPriority(),
                            rescueHolder.name(), Double.NaN, v.limit(), v.decidedAt());
                }
                return v;
        }
    }

    /** The verdict of a job the host can never start, its limit what the host gives: usable CPUs, or GPUs. */
    private static TaskVerdict tooLarge(Result r, ResourceSet resources) {
        TaskReason reason = Runnability.blockedBy(r, resources).orElseThrow();
        int limit = reason == TaskReason.NEEDS_MORE_GPUS_THAN_PRESENT
                ? resources.get(r.resource()).map(ProcessingResource::instances).orElse(0)
                : resources.cpu().instances();
        return TaskVerdict.limited(reason, r.resource(), limit);
    }

    private static ProjectStatus projectStatus(Project p, int[] pc, ClientState state) {
        if (p.suspendedByUser()) {
            return ProjectStatus.SUSPENDED_BY_USER;
        }
        if (pc[0] > 0) {
            return ProjectStatus.RUNNING;
        }
        if (pc[1] > 0) {
            return ProjectStatus.WAITING_LOWER_DEBT;
        }
        // No app at all (not versions dropped by cc_config's exclude_gpu or for a processor this host lacks).
        if (p.apps().isEmpty() && p.appVersions().isEmpty()) {
            return ProjectStatus.NO_APPLICATION_YET;
        }
        boolean runsHere = p.appVersions().stream().anyMatch(v -> state.resources().canRun(v));
        return runsHere ? ProjectStatus.NO_RUNNABLE_RESULTS : ProjectStatus.NO_APPS_FOR_HOST;
    }

    /**
     * A running task's verdict if one runs; otherwise its waiting task with a rival, if any; otherwise a task that
     * can never start here, if any.
     */
    private static TaskVerdict leadVerdict(Project p, List<TaskView> tasks) {
        TaskVerdict waiting = null;
        TaskVerdict tooLarge = null;
        for (TaskView t : tasks) {
            if (!t.projectUrl().equals(p.url())) {
                continue;
            }
            if (t.verdict().isRunning()) {
                return t.verdict();
            }
            if (waiting == null || (waiting.rival() == null && t.verdict().rival() != null)) {
                if (t.status() == TaskStatus.PREEMPTED || t.status() == TaskStatus.READY_TO_START) {
                    waiting = t.verdict();
                }
            }
            if (tooLarge == null && t.status() == TaskStatus.TOO_LARGE_FOR_HOST) {
                tooLarge = t.verdict();
            }
        }
        return waiting != null ? waiting : tooLarge;
    }

    /**
     * A project's contact record at {@code now}; its resource debt as of the last poll ({@code polled}), which is when
     * its CPU time was last counted: at a later time it would decay without that time and creep between polls.
     * Before the first poll (restored while the computer is off), as of {@code now}: it read as infinite.
     */
    private static ContactView contact(Project p, double now, double polled) {
        var c = p.contact();
        return new ContactView(c.minRpcTime(), c.deferral(now), c.rpcFailures(), c.needsMasterRead(),
                c.schedulerUrls().size(), ResourceDebt.debt(p, Double.isNaN(polled) ? now : polled));
    }

    private static boolean wantsWork(FetchDecision decision, ResourceType type) {
        return decision != null && decision.resources().stream()
                .anyMatch(rs -> rs.type() == type && rs.needsWork());
    }

    private static List<FetchView> fetchViews(Project p, FetchDecision decision) {
        List<FetchView> views = new ArrayList<>();
        if (decision == null) {
            return views;
        }
        for (ProjectFetchState s : decision.projects()) {
            if (s.project() == p) {
                ProjectResourceState st = p.resourceState(s.type());
                views.add(new FetchView(s.type(), s.block(), s.blockedUntil(), s.queuedSeconds(), s.lowWater(),
                        s.highWater(), s.shareInstances(), s.shortfall(), st.longTermDebt(), st.accumulatesDebt(),
                        st.backoffUntil(), st.backoffInterval(), st.backedOffForDisk(), s.deadlineInstances(),
                        s.besideHeldWork()));
            }
        }
        return views;
    }

    /**
     * When a finished result will be reported at the latest: when it falls due on its own (ReportPolicy), but not
     * before its project may be contacted again. A report due while the project's server is down is not reported
     * then; the Tasks pane said "by 7 Jan 05:00 at the latest" on 8 Jan.
     */
    private static double reportDue(Result r, ClientState state) {
        return Math.max(ReportPolicy.dueTime(r, state.config()), r.project().minRpcTime());
    }
}

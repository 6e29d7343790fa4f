package org.cruncher.engine.policy.cpusched;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Predicate;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * The runnable jobs of each project for each resource, in the seeds' order of preference: running tasks, then
 * preempted tasks, then new results, each earliest deadline first (seed 001 orders new results so; the same order
 * for the others means a project that keeps fewer of its running tasks keeps those due first). Ties are broken by result name, so the order never depends on memory
 * layout.
 * <p>
 * A period pass collects them all ({@link #collect}). A mid-period pass fills the one or two instances a finished
 * task freed, and keeps the verdicts it gave earlier for jobs whose project won nothing, so it looks at less
 * ({@link #forFreeInstances}): one lean sweep finds which projects have a job for each resource, the jobs in
 * deadline mode and the jobs without a standing verdict (a job told "another task of this project runs first"
 * loses it once its project runs none on that resource); a project's jobs are sorted only when it wins the argmax;
 * and of the jobs with a standing verdict, only those of projects that won an instance are judged again.
 */
final class Candidates {

    private static final Comparator<Candidate> BY_DEADLINE = Comparator
            .comparingDouble((Candidate c) -> c.result().reportDeadline())
            .thenComparing(c -> c.result().name());

    private final ClientState state;
    private final ResourceSet resources;
    /** A period pass: running tasks are candidates too, every job is judged, and all queues are built at once. */
    private final boolean periodPass;
    private final Map<Project, Map<ResourceType, List<Deque<Candidate>>>> queues = new HashMap<>();
    private final Map<ResourceType, Set<Project>> projectsByResource = new EnumMap<>(ResourceType.class);
    /** Judged whatever the outcome: every candidate in a period pass; else those without a verdict to wait. */
    private final List<Candidate> alwaysJudged = new ArrayList<>();
    private final Map<ResourceType, Deque<Candidate>> rescue = new EnumMap<>(ResourceType.class);
    private final Set<Project> projectsWithRunnable = new LinkedHashSet<>();

    private Candidates(ClientState state, ResourceSet resources, boolean periodPass) {
        this.state = state;
        this.resources = resources;
        this.periodPass = periodPass;
    }

    /** Collects every candidate from {@code state}, running tasks included, each to be judged (a period pass). */
    static Candidates collect(ClientState state, ResourceSet resources) {
        Candidates c = new Candidates(state, resources, true);
        for (Project p : byUrl(state)) {
            boolean runnable = false;
            for (Result r : state.resultsOfView(p)) {
                if (!Runnability.isRunnable(r, resources)) {
                    continue;
                }
                runnable = true;
                Candidate candidate = c.candidate(r);
                if (candidate != null) {
                    c.alwaysJudged.add(candidate);
                    c.sortInto(candidate);
                }
            }
            if (runnable) {
                c.projectsWithRunnable.add(p);
            }
        }
        c.sortRescue();
        return c;
    }

    /**
     * The jobs that may fill free instances (running tasks left out), for a mid-period pass. Only the projects whose
     * jobs changed since the last pass are looked through ({@link CandidateDigests}).
     *
     * @param previous the verdicts standing from earlier passes: a job with a verdict to wait keeps it unless its
     *                 project wins an instance of its resource ({@link #toJudge}), or the verdict names a sibling
     *                 while its project runs none on that resource
     * @param digests  what the last passes found, brought up to date here
     */
    static Candidates forFreeInstances(ClientState state, ResourceSet resources,
                                       Map<Result, TaskVerdict> previous, CandidateDigests digests) {
        Candidates c = new Candidates(state, resources, false);
        digests.useResources(resources);
        for (Project p : digests.byUrl(state)) {
            CandidateDigests.Digest d = digests.digest(p);
            if (CandidateDigests.needsJudging(d, p) || CandidateDigests.needsDescribing(d, p)) {
                c.describe(p, d, previous);
            }
            for (ResourceType type : d.waiting()) {
                c.projectsByResource.computeIfAbsent(type, t -> new LinkedHashSet<>()).add(p);
            }
            for (Result r : d.rescue()) {
                ActiveTask task = state.taskOf(r);
                c.rescue.computeIfAbsent(r.resource(), t -> new ArrayDeque<>())
                        .add(new Candidate(r, task, kindOf(task)));
            }
        }
        c.sortRescue();
        return c;
    }

    /**
     * Writes {@code p}'s digest afresh, and keeps its jobs without a standing verdict to wait, to be judged. "Another
     * task of this project runs first" stands only while one does: once p runs none on that resource, they are
     * judged again.
     */
    private void describe(Project p, CandidateDigests.Digest d, Map<Result, TaskVerdict> previous) {
        CandidateDigests.rewrite(d, p);
        Set<ResourceType> runsOn = EnumSet.noneOf(ResourceType.class);
        for (Result r : state.resultsOfView(p)) {
            ActiveTask task = state.taskOf(r);
            if (task != null && task.isScheduled()) {
                runsOn.add(r.resource());
            }
        }
        for (Result r : state.resultsOfView(p)) {
            if (!Runnability.isRunnable(r, resources)) {
                continue;
            }
            ActiveTask task = state.taskOf(r);
            if (task != null && task.isScheduled()) {
                continue;
            }
            if (r.deadlineMode()) {
                d.rescue().add(r);
            } else {
                d.waiting().add(r.resource());
            }
            TaskVerdict before = previous.get(r);
            if (before == null || before.isRunning() || before.reason() == TaskReason.WAITING_SIBLING_PREFERRED
                    && !runsOn.contains(r.resource())) {
                alwaysJudged.add(new Candidate(r, task, kindOf(task)));
            }
        }
    }

    private static List<Project> byUrl(ClientState state) {
        List<Project> ordered = new ArrayList<>(state.projects());
        ordered.sort(Comparator.comparing(Project::url));
        return ordered;
    }

    private static Candidate.Kind kindOf(ActiveTask task) {
        return task == null ? Candidate.Kind.NEW
                : task.isScheduled() ? Candidate.Kind.RUNNING : Candidate.Kind.PREEMPTED;
    }

    /** {@code r} (runnable) as a candidate, or null if it is running and running tasks are left out. */
    private Candidate candidate(Result r) {
        ActiveTask task = state.taskOf(r);
        Candidate.Kind kind = kindOf(task);
        if (kind == Candidate.Kind.RUNNING && !periodPass) {
            return null;
        }
        return new Candidate(r, task, kind);
    }

    /** Adds {@code candidate} to the rescue list or to its project's queue for its resource. */
    private void sortInto(Candidate candidate) {
        Result r = candidate.result();
        if (r.deadlineMode()) {
            rescue.computeIfAbsent(r.resource(), t -> new ArrayDeque<>()).add(candidate);
            return;
        }
        Project p = r.project();
        queues.computeIfAbsent(p, x -> new EnumMap<>(ResourceType.class))
                .computeIfAbsent(r.resource(), t -> newKindDeques())
                .get(candidate.kind().ordinal()).add(candidate);
        projectsByResource.computeIfAbsent(r.resource(), t -> new LinkedHashSet<>()).add(p);
    }

    private static List<Deque<Candidate>> newKindDeques() {
        List<Deque<Candidate>> l = new ArrayList<>(3);
        for (int i = 0; i < Candidate.Kind.values().length; i++) {
            l.add(new ArrayDeque<>());
        }
        return l;
    }

    private void sortRescue() {
        for (Map.Entry<ResourceType, Deque<Candidate>> e : rescue.entrySet()) {
            e.setValue(sorted(e.getValue(), BY_DEADLINE));
        }
        for (Map<ResourceType, List<Deque<Candidate>>> perResource : queues.values()) {
            for (List<Deque<Candidate>> deques : perResource.values()) {
                sortKinds(deques);
            }
        }
    }

    private static void sortKinds(List<Deque<Candidate>> deques) {
        for (Candidate.Kind kind : Candidate.Kind.values()) {
            deques.set(kind.ordinal(), sorted(deques.get(kind.ordinal()), BY_DEADLINE));
        }
    }

    private static Deque<Candidate> sorted(Deque<Candidate> deque, Comparator<Candidate> order) {
        List<Candidate> l = new ArrayList<>(deque);
        l.sort(order);
        return new ArrayDeque<>(l);
    }

    /** Runnable results in deadline mode for {@code type}, earliest deadline first (taken before any other). */
    Deque<Candidate> rescue(ResourceType type) {
        return rescue.getOrDefault(type, new ArrayDeque<>());
    }

    /** Projects with a runnable job for {@code type} (deadline mode aside), in URL order. */
    List<Project> projectsFor(ResourceType type) {
        return new ArrayList<>(projectsByResource.getOrDefault(type, Set.of()));
    }

    /** Projects with at least one runnable result, including running ones (collected by a period pass only). */
    Set<Project> projectsWithRunnable() {
        return projectsWithRunnable;
    }

    /**
     * For each project with a runnable result, the resources it has runnable results for, those in deadline mode
     * included: a project whose only jobs are being rescued can still use their resource.
     */
    Map<Project, Set<ResourceType>> resourcesByProject() {
        Map<Project, Set<ResourceType>> map = new LinkedHashMap<>();
        for (Project p : projectsWithRunnable) {
            map.put(p, EnumSet.noneOf(ResourceType.class));
        }
        projectsByResource.forEach((type, projects) -> projects.forEach(p -> map.get(p).add(type)));
        rescue.forEach((type, jobs) -> jobs.forEach(c -> map.get(c.result().project()).add(type)));
        return map;
    }

    /**
     * The candidates to judge after {@code outcome}. When every job is judged: all of them, project by project in
     * URL order. For free instances: the jobs without a standing verdict to wait, then every job of each project
     * that won an instance of its resource (a job may appear twice; the verdicts skip the second).
     */
    List<Candidate> toJudge(InstanceAllocator.Outcome outcome) {
        if (periodPass) {
            return alwaysJudged;
        }
        List<Candidate> judged = new ArrayList<>(alwaysJudged);
        outcome.won().forEach((type, projects) -> {
            for (Project p : projects) {
                for (Result r : state.resultsOfView(p)) {
                    if (r.resource() != type || !Runnability.isRunnable(r, resources)) {
                        continue;
                    }
                    Candidate candidate = candidate(r);
                    if (candidate != null) {
                        judged.add(candidate);
                    }
                }
            }
        });
        return judged;
    }

    /**
     * Removes and returns {@code project}'s most preferred candidate for {@code type} that {@code fits}, or null.
     * Candidates that do not fit stay for later.
     */
    Candidate take(Project project, ResourceType type, Predicate<AppVersion> fits) {
        Map<ResourceType, List<Deque<Candidate>>> perResource = periodPass ? queues.get(project)
                : queues.computeIfAbsent(project, this::queuesOf);
        if (perResource == null || !perResource.containsKey(type)) {
            return null;
        }
        for (Deque<Candidate> deque : perResource.get(type)) {
            Iterator<Candidate> it = deque.iterator();
            while (it.hasNext()) {
                Candidate c = it.next();
                if (fits.test(c.result().appVersion())) {
                    it.remove();
                    return c;
                }
            }
        }
        return null;
    }

    /** {@code project}'s queues, sorted, for a mid-period pass that reached it (deadline mode aside). */
    private Map<ResourceType, List<Deque<Candidate>>> queuesOf(Project project) {
        Map<ResourceType, List<Deque<Candidate>>> perResource = new EnumMap<>(ResourceType.class);
        for (Result r : state.resultsOfView(project)) {
            if (r.deadlineMode() || !Runnability.isRunnable(r, resources)) {
                continue;
            }
            Candidate candidate = candidate(r);
            if (candidate != null) {
                perResource.computeIfAbsent(r.resource(), t -> newKindDeques())
                        .get(candidate.kind().ordinal()).add(candidate);
            }
        }
        perResource.values().forEach(Candidates::sortKinds);
        return perResource;
    }
}

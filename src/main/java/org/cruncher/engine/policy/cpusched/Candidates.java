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

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * The runnable jobs of each project for each resource, in the seeds' order of preference: running tasks, then
 * preempted tasks (earliest deadline first), then new results (earliest deadline first, seed 001). Ties are broken
 * by result name, so the order never depends on memory layout.
 */
final class Candidates {

    private static final Comparator<Candidate> BY_DEADLINE = Comparator
            .comparingDouble((Candidate c) -> c.result().reportDeadline())
            .thenComparing(c -> c.result().name());
    private static final Comparator<Candidate> BY_NAME = Comparator.comparing(c -> c.result().name());

    private final Map<Project, Map<ResourceType, List<Deque<Candidate>>>> queues = new HashMap<>();
    private final Map<ResourceType, Set<Project>> projectsByResource = new EnumMap<>(ResourceType.class);
    private final List<Candidate> all = new ArrayList<>();
    private final Map<ResourceType, Deque<Candidate>> rescue = new EnumMap<>(ResourceType.class);
    private final Set<Project> projectsWithRunnable = new LinkedHashSet<>();

    /**
     * Collects candidates from {@code state}.
     *
     * @param includeRunning false for a mid-period pass, which only fills free instances
     */
    static Candidates collect(ClientState state, ResourceSet resources, boolean includeRunning) {
        Candidates c = new Candidates();
        List<Project> ordered = new ArrayList<>(state.projects());
        ordered.sort(Comparator.comparing(Project::url));
        for (Project p : ordered) {
            Map<ResourceType, List<List<Candidate>>> lists = new EnumMap<>(ResourceType.class);
            boolean runnable = false;
            for (Result r : state.resultsOfView(p)) {
                if (!Runnability.isRunnable(r, resources)) {
                    continue;
                }
                runnable = true;
                ActiveTask task = state.taskOf(r);
                Candidate.Kind kind = task == null ? Candidate.Kind.NEW
                        : task.isScheduled() ? Candidate.Kind.RUNNING : Candidate.Kind.PREEMPTED;
                if (kind == Candidate.Kind.RUNNING && !includeRunning) {
                    continue;
                }
                Candidate candidate = new Candidate(r, task, kind);
                c.all.add(candidate);
                if (r.deadlineMode()) {
                    c.rescue.computeIfAbsent(r.resource(), t -> new ArrayDeque<>()).add(candidate);
                    continue;
                }
                lists.computeIfAbsent(r.resource(), t -> newKindLists()).get(kind.ordinal()).add(candidate);
            }
            if (runnable) {
                c.projectsWithRunnable.add(p);
            }
            if (lists.isEmpty()) {
                continue;
            }
            Map<ResourceType, List<Deque<Candidate>>> perResource = new EnumMap<>(ResourceType.class);
            for (Map.Entry<ResourceType, List<List<Candidate>>> e : lists.entrySet()) {
                List<Deque<Candidate>> deques = new ArrayList<>(3);
                for (Candidate.Kind kind : Candidate.Kind.values()) {
                    List<Candidate> l = e.getValue().get(kind.ordinal());
                    l.sort(kind == Candidate.Kind.RUNNING ? BY_NAME : BY_DEADLINE);
                    deques.add(new ArrayDeque<>(l));
                }
                perResource.put(e.getKey(), deques);
                c.projectsByResource.computeIfAbsent(e.getKey(), t -> new LinkedHashSet<>()).add(p);
            }
            c.queues.put(p, perResource);
        }
        for (ResourceType type : new ArrayList<>(c.rescue.keySet())) {
            List<Candidate> l = new ArrayList<>(c.rescue.get(type));
            l.sort(BY_DEADLINE);
            c.rescue.put(type, new ArrayDeque<>(l));
        }
        return c;
    }

    private static List<List<Candidate>> newKindLists() {
        List<List<Candidate>> l = new ArrayList<>(3);
        for (int i = 0; i < Candidate.Kind.values().length; i++) {
            l.add(new ArrayList<>());
        }
        return l;
    }

    /** Runnable results in deadline mode for {@code type}, earliest deadline first (taken before any other). */
    Deque<Candidate> rescue(ResourceType type) {
        return rescue.getOrDefault(type, new ArrayDeque<>());
    }

    /** Projects with a runnable job for {@code type}, in URL order. */
    List<Project> projectsFor(ResourceType type) {
        return new ArrayList<>(projectsByResource.getOrDefault(type, Set.of()));
    }

    /** Projects with at least one runnable result (including running ones, if collected). */
    Set<Project> projectsWithRunnable() {
        return projectsWithRunnable;
    }

    /** For each project with a runnable result, the resources it has runnable results for. */
    Map<Project, Set<ResourceType>> resourcesByProject() {
        Map<Project, Set<ResourceType>> map = new LinkedHashMap<>();
        for (Project p : projectsWithRunnable) {
            map.put(p, EnumSet.noneOf(ResourceType.class));
        }
        projectsByResource.forEach((type, projects) -> projects.forEach(p -> map.get(p).add(type)));
        return map;
    }

    /** Every candidate collected: project by project in URL order, each project's in the order they arrived. */
    List<Candidate> all() {
        return all;
    }

    /**
     * Removes and returns {@code project}'s most preferred candidate for {@code type} that {@code fits}, or null.
     * Candidates that do not fit stay for later.
     */
    Candidate take(Project project, ResourceType type, Predicate<AppVersion> fits) {
        Map<ResourceType, List<Deque<Candidate>>> perResource = queues.get(project);
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
}

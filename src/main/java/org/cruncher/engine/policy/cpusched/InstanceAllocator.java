package org.cruncher.engine.policy.cpusched;

import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.Deque;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.function.ToDoubleFunction;

import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;

/**
 * The loop both scheduling passes share (seed 000 preempt_apps / start_apps, seed 001 schedule_cpus), extended to
 * every processing resource:
 * <ol>
 *   <li>serve the resources in order, GPUs first and the CPU last (so that CPU work in deadline rescue never
 *       leaves a GPU idle);</li>
 *   <li>first, results in deadline mode, earliest deadline first, while they fit, a multi-threaded one even by
 *       overcommitting the CPUs (deadline rescue, an addition to the seeds: src/docs/decisions/0011 and 0026);
 *       among results due at the same time, those running first, then the project with the largest priority, as
 *       below, so that a tie does not go to the result name that sorts first (decision 0036);</li>
 *   <li>while the resource has room: take the project with the largest priority (anticipated debt, or expected
 *       future debt) among those with a job for it, ties going to the smaller URL; a backup project (share 0)
 *       comes after every project with a share, whatever the debts (boinc-engine.md §9.1, as the forecast and
 *       work fetch already treat it);</li>
 *   <li>take that project's most preferred job that fits and that its app's and project's max_concurrent admit
 *       (running, preempted, new by earliest deadline; BOINC's enforce_run_list checks max_concurrent first,
 *       boinc-engine.md §3.12); if none does, drop the project for this resource;</li>
 *   <li>lower the project's priority by the job's expected pay-off, and go on;</li>
 *   <li>if room is left when no project has a job that fits, the dropped projects are taken again in the same
 *       order for a multi-threaded job that fits only by overcommitting the CPUs, so that no CPU idles while a job
 *       waits (src/docs/decisions/0026).</li>
 * </ol>
 */
final class InstanceAllocator {

    /**
     * One job given an instance.
     *
     * @param overcommits a multi-threaded job started on CPUs no job that fits could use, overcommitting them
     */
    record Pick(Candidate candidate, ResourceType resource, double priorityBefore, boolean onlyProject,
                boolean rescue, boolean overcommits) {
    }

    /**
     * What the loop decided, with what the verdicts need.
     *
     * @param won       per resource, the projects given an instance of it, in the order they first won one
     * @param didNotFit per resource, the projects with a job for it none of which fitted or was admitted
     * @param priorityAfter per resource ({@link ResourceType#ordinal}) and project ({@link Project#slot}), its
     *                      priority when the resource had been given out (NaN if unknown)
     */
    record Outcome(List<Pick> picks, Map<ResourceType, Pick> lastWinner, Map<ResourceType, Set<Project>> won,
                   Map<ResourceType, Set<Project>> didNotFit, double[][] priorityAfter) {

        /** {@code p}'s anticipated debt when {@code type} had been given out (NaN if unknown). */
        double priorityAfter(ResourceType type, Project p) {
            double[] m = priorityAfter[type.ordinal()];
            return m == null || p.slot() < 0 || p.slot() >= m.length ? Double.NaN : m[p.slot()];
        }

        boolean won(Project p, ResourceType type) {
            return holds(won, type, p);
        }

        boolean didNotFit(Project p, ResourceType type) {
            return holds(didNotFit, type, p);
        }

        private static boolean holds(Map<ResourceType, Set<Project>> sets, ResourceType type, Project p) {
            Set<Project> s = sets.get(type);
            return s != null && s.contains(p);
        }
    }

    /** The passes over a resource's projects: only the CPUs' jobs may fit by overcommitting them. */
    private static final boolean[] STRICT = {false};
    private static final boolean[] STRICT_THEN_OVERCOMMITTING = {false, true};

    private static final Comparator<Project> BY_URL = Comparator.comparing(Project::url);

    private InstanceAllocator() {
    }

    /**
     * @param priority mutable: each pick lowers its project's entry by the job's pay-off
     * @param payOff   the expected pay-off of a job of the given version, FLOPs
     */
    static Outcome allocate(ResourceSet resources, CapacityLedger ledger, ConcurrencyLimits limits,
                            Candidates candidates, Map<Project, Double> priority,
                            ToDoubleFunction<AppVersion> payOff) {
        List<Pick> picks = new ArrayList<>();
        Map<ResourceType, Pick> lastWinner = new EnumMap<>(ResourceType.class);
        Map<ResourceType, Set<Project>> won = new EnumMap<>(ResourceType.class);
        Map<ResourceType, Set<Project>> didNotFit = new EnumMap<>(ResourceType.class);
        double[][] after = new double[ResourceType.values().length][];
        for (ProcessingResource resource : resources.inServiceOrder()) {
            ResourceType type = resource.type();
            for (RescueTie tied : byDeadline(candidates.rescue(type))) {
                for (Candidate c = tied.next(priority); c != null; c = tied.next(priority)) {
                    Project p = c.result().project();
                    AppVersion v = c.result().appVersion();
                    // A deadline at stake: a multi-threaded job may overcommit the CPUs, as in BOINC (decision 0026).
                    if (!ledger.fitsOvercommitting(v) || !limits.admits(p, v.appName())) {
                        continue;
                    }
                    double before = priority.get(p);
                    ledger.take(v);
                    limits.take(p, v.appName());
                    priority.put(p, before - payOff.applyAsDouble(c.result().appVersion()));
                    Pick pick = new Pick(c, type, before, false, true, false);
                    picks.add(pick);
                    won.computeIfAbsent(type, t -> new LinkedHashSet<>()).add(p);
                }
            }
            List<Project> eligible = candidates.projectsFor(type);
            List<Project> dropped = new ArrayList<>();
            boolean onlyProject = eligible.size() == 1;
            for (boolean overcommitting : type == ResourceType.CPU ? STRICT_THEN_OVERCOMMITTING : STRICT) {
                if (overcommitting) {
                    eligible = candidates.projectsFor(type);
                    eligible.retainAll(dropped);
                }
                while (ledger.hasRoom(type) && !eligible.isEmpty()) {
                    Project best = argmax(eligible, priority);
                    Candidate c = candidates.take(best, type, v -> (overcommitting ? ledger.fitsOvercommitting(v)
                            : ledger.fits(v)) && limits.admits(best, v.appName()));
                    if (c == null) {
                        eligible.remove(best);
                        if (!overcommitting) {
                            dropped.add(best);
                        }
                        if (!won.getOrDefault(type, Set.of()).contains(best)) {
                            didNotFit.computeIfAbsent(type, t -> new HashSet<>()).add(best);
                        }
                        continue;
                    }
                    double before = priority.get(best);
                    ledger.take(c.result().appVersion());
                    limits.take(best, c.result().appVersion().appName());
                    priority.put(best, before - payOff.applyAsDouble(c.result().appVersion()));
                    Pick pick = new Pick(c, type, before, onlyProject, false, overcommitting);
                    picks.add(pick);
                    lastWinner.put(type, pick);
                    won.computeIfAbsent(type, t -> new LinkedHashSet<>()).add(best);
                    Set<Project> notFitted = didNotFit.get(type);
                    if (notFitted != null) {
                        notFitted.remove(best);
                    }
                }
            }
            after[type.ordinal()] = bySlot(priority);
        }
        return new Outcome(picks, lastWinner, won, didNotFit, after);
    }

    /** Each project's priority held by its {@link Project#slot}; NaN for a project without one. */
    private static double[] bySlot(Map<Project, Double> priority) {
        double[] a = new double[Project.slotsOf(priority.keySet())];
        Arrays.fill(a, Double.NaN);
        priority.forEach((p, v) -> {
            if (p.slot() >= 0) {
                a[p.slot()] = v;
            }
        });
        return a;
    }

    /**
     * The jobs in deadline rescue, earliest deadline first, in groups of one deadline: the same second, as the jobs of
     * one reply are, or of replies that came together (a second apart, the earlier goes first, as the seed says).
     */
    private static List<RescueTie> byDeadline(Deque<Candidate> rescue) {
        List<RescueTie> groups = new ArrayList<>();
        RescueTie group = null;
        for (Candidate c : rescue) {
            if (group == null || c.result().reportDeadline() != group.deadline) {
                group = new RescueTie(c.result().reportDeadline());
                groups.add(group);
            }
            group.add(c);
        }
        return groups;
    }

    /**
     * Jobs in deadline rescue due at the same time (decision 0036): the running ones first, in the order given, so
     * that a tie never preempts one; then, one at a time, the next job (in the order given) of the project with the
     * largest priority, by {@link #argmax} over the projects in URL order.
     */
    private static final class RescueTie {
        final double deadline;
        private final Deque<Candidate> running = new ArrayDeque<>();
        private final Map<Project, Deque<Candidate>> others = new TreeMap<>(BY_URL);

        RescueTie(double deadline) {
            this.deadline = deadline;
        }

        void add(Candidate c) {
            if (c.kind() == Candidate.Kind.RUNNING) {
                running.add(c);
            } else {
                others.computeIfAbsent(c.result().project(), p -> new ArrayDeque<>()).add(c);
            }
        }

        /** The next job to try, or null when all have been. */
        Candidate next(Map<Project, Double> priority) {
            if (!running.isEmpty()) {
                return running.poll();
            }
            if (others.isEmpty()) {
                return null;
            }
            Project p = argmax(List.copyOf(others.keySet()), priority);
            Deque<Candidate> jobs = others.get(p);
            Candidate c = jobs.poll();
            if (jobs.isEmpty()) {
                others.remove(p);
            }
            return c;
        }
    }

    /**
     * The project with the largest priority, a backup project (share 0) only when no project with a share is left;
     * {@code eligible} is in URL order, so the first of equals wins.
     */
    private static Project argmax(List<Project> eligible, Map<Project, Double> priority) {
        Project best = null;
        double bestValue = Double.NEGATIVE_INFINITY;
        for (Project p : eligible) {
            double v = priority.get(p);
            if (best == null || isBackup(best) && !isBackup(p) || isBackup(best) == isBackup(p) && v > bestValue) {
                best = p;
                bestValue = v;
            }
        }
        return best;
    }

    /** A project with no resource share: it runs only on an instance no other project can use. */
    static boolean isBackup(Project p) {
        return p.resourceShare() <= 0;
    }
}

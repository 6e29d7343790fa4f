package org.cruncher.engine;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.Iterator;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.policy.cpusched.Runnability;
import org.cruncher.engine.policy.workfetch.FetchContext;
import org.cruncher.engine.policy.workfetch.RoundRobinSimulation;

/**
 * Which results are in deadline rescue (src/docs/decisions/0011), kept from one poll to the next:
 * <ol>
 *   <li>count, per project and resource, the results the forecast says would miss their deadline (m);</li>
 *   <li>that project's m earliest-deadline runnable results of that resource are in rescue (ties by name);</li>
 *   <li>a result no longer among them leaves rescue; one newly among them enters it, with an event;</li>
 *   <li>the results that newly entered and are not running are handed back, to be given room at once
 *       (decision 0022).</li>
 * </ol>
 * While the forecast's misses and the jobs of the projects concerned stand ({@link RescueInputs}), nothing is
 * worked out again.
 */
final class DeadlineRescue {

    private final ClientState state;
    private final EventEmitter events;
    /** The results in rescue, so that a pass need not look through the queue (null: not yet gathered). */
    private Set<Result> inRescue;
    /** What the rescue was last worked out from (null: work it out). */
    private RescueInputs inputs;

    DeadlineRescue(ClientState state, EventEmitter events) {
        this.state = state;
        this.events = events;
    }

    /** Marks the results in rescue after {@code forecast}; returns those that newly are and are not running. */
    List<Result> mark(RoundRobinSimulation.Forecast forecast, double now) {
        if (inRescue == null) {
            inRescue = new LinkedHashSet<>();
            for (Result r : state.results()) {
                if (r.deadlineMode()) {
                    inRescue.add(r);
                }
            }
        }
        Set<Result> predicted = forecast.predictedMisses();
        if (inputs != null && inputs.stillHold(predicted, state.resources())) {
            return List.of();
        }
        Set<Result> rescue = rescuedFor(state, predicted);
        for (Iterator<Result> it = inRescue.iterator(); it.hasNext(); ) {
            Result r = it.next();
            if (!rescue.contains(r)) {
                r.setDeadlineMode(false);
                it.remove();
            }
        }
        List<Result> waiting = new ArrayList<>();
        for (Result r : rescue) {
            if (r.deadlineMode()) {
                continue;
            }
            r.setDeadlineMode(true);
            inRescue.add(r);
            Result atRisk = predicted.contains(r) ? r : atRiskBehind(r, predicted, rescue);
            events.emit(EventKind.DEADLINE_RISK, r.project(), r, r.resource(), TaskReason.RUNNING_DEADLINE_RISK,
                    () -> rescueReason(r, atRisk, now,
                            FetchContext.cushion(atRisk, state.prefs().workBufMinSeconds())));
            if (state.activeTask(r).map(t -> !t.isScheduled()).orElse(true)) {
                waiting.add(r);
            }
        }
        inputs = RescueInputs.of(predicted, state.resources());
        return waiting;
    }

    /**
     * Steps 1 and 2: per project and resource, as many earliest-deadline runnable results as it has misses. (A
     * snapshot works out the same from a forecast made for the showing since the last poll.)
     */
    static Set<Result> rescuedFor(ClientState state, Set<Result> predicted) {
        Map<Project, Map<ResourceType, Integer>> misses = new HashMap<>();
        for (Result r : predicted) {
            misses.computeIfAbsent(r.project(), x -> new EnumMap<>(ResourceType.class))
                    .merge(r.resource(), 1, Integer::sum);
        }
        Set<Result> rescue = new LinkedHashSet<>();
        for (Project p : state.projects()) {
            Map<ResourceType, Integer> mine = misses.get(p);
            if (mine == null) {
                continue;
            }
            for (Map.Entry<ResourceType, Integer> m : mine.entrySet()) {
                List<Result> runnable = new ArrayList<>();
                for (Result r : state.resultsOfView(p)) {
                    if (r.resource() == m.getKey() && Runnability.isRunnable(r, state.resources())) {
                        runnable.add(r);
                    }
                }
                runnable.sort(Comparator.comparingDouble(Result::reportDeadline).thenComparing(Result::name));
                rescue.addAll(runnable.subList(0, Math.min(m.getValue(), runnable.size())));
            }
        }
        return rescue;
    }

    /**
     * The result a rescued {@code r} that is not itself a predicted miss stands in for (step 2 rescues a project's
     * earliest deadlines, as many as it has misses): the earliest-deadline predicted miss of its project and
     * resource that is not rescued itself, else the earliest of them (ties by name).
     */
    private static Result atRiskBehind(Result r, Set<Result> predicted, Set<Result> rescue) {
        Comparator<Result> order = Comparator.comparingDouble(Result::reportDeadline).thenComparing(Result::name);
        List<Result> mine = predicted.stream().filter(x -> x.project() == r.project() && x.resource() == r.resource())
                .sorted(order).toList();
        return mine.stream().filter(x -> !rescue.contains(x)).findFirst().orElse(mine.isEmpty() ? r : mine.get(0));
    }

    /**
     * Why {@code r} is rescued, in words: "due in 5 h 10 min; at its share it would end inside its safety margin, the
     * last 1 h 18 min before it, so it goes first in line for a CPU", or for a deadline already passed, "its deadline
     * passed 693 d 06 h ago, so it goes first in line for a CPU, to be done as soon as it can" (no brackets or colons:
     * the event log brackets it after its reason). Where it stands in for {@code atRisk}, a task of its project due
     * later that is the one predicted to miss, it names that one and its margin: "due in 3 h 00 min; a_01, due in
     * 4 h 24 min, would end inside its safety margin, the last 1 h 06 min before it, at its project's share, so this
     * task, first in deadline order, goes first in line for a CPU". It says "first in line", not "it runs first": a
     * rescued task may still wait, for the CPUs the user lets BOINC use or a concurrency limit.
     */
    static String rescueReason(Result r, Result atRisk, double now, double cushion) {
        double left = r.reportDeadline() - now;
        if (left < 0) {
            return "its deadline passed " + Units.duration(-left) + " ago, so " + firstInLine(r)
                    + ", to be done as soon as it can";
        }
        if (atRisk != r) {
            return "due in " + Units.duration(left) + "; " + atRisk.name() + ", due in "
                    + Units.duration(atRisk.reportDeadline() - now) + ", would end inside its safety margin, the last "
                    + Units.duration(cushion) + " before it, at its project's share, so this task, first in deadline "
                    + "order, " + firstInLine(r).substring("it ".length());
        }
        return "due in " + Units.duration(left) + "; at its share it would end inside its safety margin, the last "
                + Units.duration(cushion) + " before it, so " + firstInLine(r);
    }

    /** "it goes first in line for a CPU", "... for an NVIDIA GPU" (every GPU type's name starts with a vowel sound). */
    private static String firstInLine(Result r) {
        ResourceType t = r.resource();
        return "it goes first in line for " + (t == ResourceType.CPU ? "a CPU" : "an " + t.displayName());
    }
}

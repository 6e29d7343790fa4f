package org.cruncher.engine.policy.cpusched;

import java.util.EnumMap;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * Turns an allocation into a verdict for every candidate, chosen or not (seed 000's start_apps and seed 001's
 * schedule_cpus say who runs; a verdict says why, with the figures behind it):
 * <ol>
 *   <li>a chosen job runs for deadline rescue, overcommitting CPUs no other job could use (decision 0026), as its
 *       resource's only project, as a backup project, or by debt;</li>
 *   <li>a job left waiting is held by a max_concurrent limit, finds every CPU held by GPU jobs (a CPU job), does
 *       not fit what is left (a multi-threaded job: not without overcommitting the CPUs; a CPU or GPU job: not within
 *       the CPUs the user allows; a GPU job, its GPU free: not without the GPU jobs' CPU time passing the CPUs + 1,
 *       decision 0039), gave way to a sibling of its own project (naming the last other project that took
 *       an instance with at least its debt at that moment, if one did), found no free instance, waits behind
 *       deadline rescue (whose project it names), or lost to the last project given an instance (its rival, whose
 *       debt it names; a backup project names it too);</li>
 *   <li>in the middle of a period, only the jobs {@link Candidates#toJudge} lists are judged; the others keep their
 *       verdicts.</li>
 * </ol>
 */
final class Verdicts {

    private Verdicts() {
    }

    /**
     * @param runningReason the reason given to chosen jobs whose project had rivals
     * @param previous      verdicts already given this period, null for a period pass (a mid-period pass keeps
     *                      them for the waiting tasks {@link Candidates#toJudge} leaves out)
     */
    static Map<Result, TaskVerdict> of(Candidates candidates, InstanceAllocator.Outcome outcome,
                                       Map<Project, Double> priorityBefore, CapacityLedger ledger,
                                       ConcurrencyLimits limits, TaskReason runningReason, Map<Result, TaskVerdict> previous) {
        List<Candidate> toJudge = candidates.toJudge(outcome);
        Map<Result, TaskVerdict> verdicts = new LinkedHashMap<>(2 * (outcome.picks().size() + toJudge.size()));
        Map<ResourceType, Map<Project, TaskVerdict>> siblingVerdicts = new EnumMap<>(ResourceType.class);
        for (InstanceAllocator.Pick pick : outcome.picks()) {
            TaskReason reason = pick.rescue() ? TaskReason.RUNNING_DEADLINE_RISK
                    : pick.overcommits() ? TaskReason.RUNNING_OVERCOMMITTING
                    : pick.onlyProject() ? TaskReason.RUNNING_ONLY_PROJECT
                    : InstanceAllocator.isBackup(pick.candidate().result().project()) ? TaskReason.RUNNING_BACKUP_PROJECT
                    : runningReason;
            verdicts.put(pick.candidate().result(),
                    new TaskVerdict(reason, pick.resource(), pick.priorityBefore(), null, Double.NaN));
        }
        for (Candidate c : toJudge) {
            Result r = c.result();
            if (verdicts.containsKey(r)) {
                continue;
            }
            Project p = r.project();
            ResourceType type = r.resource();
            double own = priorityBefore.getOrDefault(p, Double.NaN);
            TaskVerdict limited = limits.verdict(r, type);
            if (limited != null) {
                verdicts.put(r, limited);
            } else if (!r.appVersion().usesCoprocessor() && ledger.cpusHeldByCoprocessorJobs()) {
                verdicts.put(r, TaskVerdict.of(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS, type));
            } else if (ledger.hasRoom(type) && !ledger.fits(r.appVersion())) {
                verdicts.put(r, doesNotFit(ledger, r, type));
            } else if (outcome.won(p, type)) {
                verdicts.put(r, siblingVerdicts.computeIfAbsent(type, t -> new HashMap<>())
                        .computeIfAbsent(p, x -> siblingPreferred(outcome, type, p, own)));
            } else if (outcome.didNotFit(p, type)) {
                verdicts.put(r, doesNotFit(ledger, r, type));
            } else if (previous != null && !ledger.hasRoom(type) && !outcome.lastWinner().containsKey(type)) {
                verdicts.put(r, new TaskVerdict(TaskReason.WAITING_NO_FREE_INSTANCE, type, own, null, Double.NaN));
            } else {
                InstanceAllocator.Pick rival = outcome.lastWinner().get(type);
                InstanceAllocator.Pick rescued = rival == null ? lastRescue(outcome, type) : null;
                if (rescued != null) {
                    verdicts.put(r, new TaskVerdict(TaskReason.WAITING_BEHIND_DEADLINE_RESCUE, type, own,
                            rescued.candidate().result().project().name(), Double.NaN));
                } else if (rival == null) {
                    verdicts.put(r, TaskVerdict.of(TaskReason.WAITING_DOES_NOT_FIT, type));
                } else {
                    double after = outcome.priorityAfter(type, p);
                    boolean outranked = InstanceAllocator.isBackup(p)
                            && !InstanceAllocator.isBackup(rival.candidate().result().project());
                    verdicts.put(r, new TaskVerdict(outranked ? TaskReason.WAITING_BACKUP_PROJECT
                            : TaskReason.WAITING_LOWER_DEBT, type,
                            Double.isNaN(after) ? own : after, rival.candidate().result().project().name(),
                            rival.priorityBefore()));
                }
            }
        }
        return verdicts;
    }

    /**
     * Why a job of {@code p} waits while its project's turns for {@code type} went to its other tasks. The rival named
     * is the last other project that took an instance with at least {@code p}'s debt at that moment (not in rescue,
     * not as a backup project or overcommitting, which take what no one else could): had {@code p} been owed more
     * then, it would have taken that instance. The verdict carries {@code p}'s debt at that moment, not after its own
     * picks, so that the two figures compare what the allocator compared. With no such rival, it carries {@code p}'s
     * debt once its tasks were given instances.
     */
    private static TaskVerdict siblingPreferred(InstanceAllocator.Outcome outcome, ResourceType type, Project p,
                                                double own) {
        double after = outcome.priorityAfter(type, p);
        double ownThen = Double.isNaN(after) ? own : after;
        List<InstanceAllocator.Pick> picks = outcome.picks();
        for (int i = picks.size() - 1; i >= 0; i--) {
            InstanceAllocator.Pick pick = picks.get(i);
            Project other = pick.candidate().result().project();
            if (pick.resource() != type) {
                continue;
            }
            if (other == p) {
                ownThen = pick.priorityBefore();
            } else if (!pick.rescue() && !pick.overcommits() && !InstanceAllocator.isBackup(other)
                    && pick.priorityBefore() >= ownThen) {
                return new TaskVerdict(TaskReason.WAITING_SIBLING_PREFERRED, type, ownThen, other.name(),
                        pick.priorityBefore());
            }
        }
        return new TaskVerdict(TaskReason.WAITING_SIBLING_PREFERRED, type, Double.isNaN(after) ? own : after, null,
                Double.NaN);
    }

    /**
     * Why {@code r} did not fit: it would have gone past the CPUs the user lets the client use (decision 0009; the
     * verdict carries their number), a GPU job's CPU time would have taken the GPU jobs' past the CPUs + 1, a
     * multi-threaded job would have overcommitted the CPUs (decision 0026), or its resource had too little room.
     */
    private static TaskVerdict doesNotFit(CapacityLedger ledger, Result r, ResourceType type) {
        if (ledger.heldByUserCpuLimit(r.appVersion())) {
            return TaskVerdict.limited(TaskReason.WAITING_CPU_LIMIT, type, ledger.usableCpus());
        }
        if (ledger.heldByGpuJobsCpus(r.appVersion())) {
            return TaskVerdict.of(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS, type);
        }
        return TaskVerdict.of(ledger.heldToTheOvercommitRule(r.appVersion()) ? TaskReason.WAITING_WOULD_OVERCOMMIT
                : TaskReason.WAITING_DOES_NOT_FIT, type);
    }

    /** The last job given an instance of {@code type} by deadline rescue in this pass, or null. */
    private static InstanceAllocator.Pick lastRescue(InstanceAllocator.Outcome outcome, ResourceType type) {
        InstanceAllocator.Pick last = null;
        for (InstanceAllocator.Pick pick : outcome.picks()) {
            if (pick.rescue() && pick.resource() == type) {
                last = pick;
            }
        }
        return last;
    }
}

package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

/**
 * A mid-period pass that remembers what earlier passes found ({@link CandidateDigests}) must decide exactly as one
 * that looks through every job, while looking again only at the projects whose jobs changed.
 */
class CandidateDigestsTest {

    private static final double PERIOD = 3600;

    @Test
    void aProjectsStampMovesWithEveryChangeAPassSeesAndNotWithProgress() {
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 3, 3600);
        Project a = b.project("A");
        List<Result> jobs = b.state().resultsOf(a);
        Result first = jobs.get(0);

        ActiveTask task = moves(a, () -> b.activate(first, SchedulerState.SCHEDULED));
        moves(a, () -> task.setSchedulerState(SchedulerState.PREEMPTED));
        moves(a, () -> jobs.get(1).setSuspendedByUser(true));
        moves(a, () -> jobs.get(2).setDeadlineMode(true));
        moves(a, () -> a.setSuspendedByUser(true));
        moves(a, () -> task.markExited(0));
        moves(a, () -> first.finishComputing(0, 100, 1e12, 100, 100));
        moves(a, () -> first.uploaded());
        moves(a, () -> b.state().removeResult(first));
        moves(a, () -> b.job("A", "A_cpu", 3600, 86_400));

        long before = a.jobsStamp();
        task.setProgress(60, 60, 6e11, 0.5);
        task.setExpectedPayOff(1e12);
        a.setDebt(5e12);
        assertEquals(before, a.jobsStamp(), "progress, pay-offs and debts are not changes to the jobs");
    }

    private static <T> T moves(Project p, Supplier<T> change) {
        long before = p.jobsStamp();
        T value = change.get();
        assertNotEquals(before, p.jobsStamp());
        return value;
    }

    private static void moves(Project p, Runnable change) {
        moves(p, () -> {
            change.run();
            return null;
        });
    }

    @Test
    void passesWithDigestsDecideAsPassesThatLookThroughEveryJob() {
        // 2 CPUs, A (75) and B (25) with two 1-hour jobs each (the seed's 75/25 host). Both debts are 0: the period
        // pass gives the first CPU to A (smaller URL), whose anticipated debt then drops by a CPU-hour, so the second
        // goes to B. Then, one change at a time, a remembering pass and a fresh one must agree on what to start and on
        // every verdict they write.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 2, 3600)
                .cpuJobs("B", 2, 3600);
        ClientState state = b.state();
        Map<Result, TaskVerdict> verdicts = new HashMap<>();
        CandidateDigests digests = new CandidateDigests();
        digests.judgedAll(state);
        RunPlan period = PeriodScheduler.plan(state, state.resources(), PERIOD, Double.MAX_VALUE);
        verdicts.putAll(period.verdicts());
        start(b, period);
        assertEquals(2, period.toRun().size());

        finish(state, verdicts, period, b.project("A"), 600);
        RunPlan afterFinish = bothAgree(state, verdicts, digests, 5.0 / 6);
        assertEquals(1, afterFinish.toRun().size(), "the CPU the finished task freed is filled");
        verdicts.putAll(afterFinish.verdicts());
        start(b, afterFinish);

        Result arrived = b.job("B", "B_cpu", 3600, 40_000);
        RunPlan afterArrival = bothAgree(state, verdicts, digests, 4.0 / 6);
        assertEquals(TaskReason.WAITING_NO_FREE_INSTANCE, afterArrival.verdicts().get(arrived).reason(),
                "a job that arrived after the last pass is judged though no instance is free");
        verdicts.putAll(afterArrival.verdicts());

        arrived.setDeadlineMode(true);
        finish(state, verdicts, period, b.project("B"), 1800);
        RunPlan rescue = bothAgree(state, verdicts, digests, 3.0 / 6);
        assertEquals(arrived, rescue.toRun().get(0).result(), "the job in deadline mode takes the free CPU first");
        assertEquals(TaskReason.RUNNING_DEADLINE_RISK, rescue.verdicts().get(arrived).reason());
    }

    @Test
    void aProjectWhoseJobsDidNotChangeKeepsItsVerdictsUnread() {
        // B's waiting job was judged by the first pass and B's jobs have not changed since, so a second pass does not
        // look through B again: a verdict planted for B's job stays as it is, where a fresh pass, which trusts no
        // memory, judges the job again (a standing "running" verdict marks a job to judge again).
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("A", 1, 3600)
                .cpuJobs("B", 1, 3600);
        ClientState state = b.state();
        Result aJob = state.resultsOf(b.project("A")).get(0);
        Result bJob = state.resultsOf(b.project("B")).get(0);
        b.activate(aJob, SchedulerState.SCHEDULED);
        CandidateDigests digests = new CandidateDigests();
        Map<Result, TaskVerdict> verdicts = new HashMap<>(
                MidPeriodScheduler.plan(state, state.resources(), PERIOD, 0.5, Map.of(), digests).verdicts());
        assertEquals(TaskReason.WAITING_NO_FREE_INSTANCE, verdicts.get(bJob).reason());

        TaskVerdict planted = TaskVerdict.of(TaskReason.RUNNING_FREE_INSTANCE, ResourceType.CPU);
        verdicts.put(bJob, planted);
        RunPlan remembering = MidPeriodScheduler.plan(state, state.resources(), PERIOD, 0.5, verdicts, digests);
        RunPlan fresh = MidPeriodScheduler.plan(state, state.resources(), PERIOD, 0.5, verdicts);

        assertEquals(null, remembering.verdicts().get(bJob));
        assertEquals(TaskReason.WAITING_NO_FREE_INSTANCE, fresh.verdicts().get(bJob).reason());
    }

    /** The task {@code plan} started for {@code p} ends after {@code seconds} (at 1 GFLOPS) and leaves its CPU. */
    private static void finish(ClientState state, Map<Result, TaskVerdict> verdicts, RunPlan plan, Project p,
                               double seconds) {
        Result r = plan.toRun().stream().map(RunPlan.Start::result).filter(x -> x.project() == p).findFirst()
                .orElseThrow();
        r.finishComputing(0, seconds, seconds * 1e9, seconds, seconds);
        state.deactivate(r);
        verdicts.remove(r);
    }

    private static RunPlan bothAgree(ClientState state, Map<Result, TaskVerdict> verdicts, CandidateDigests digests,
                                     double fractionLeft) {
        RunPlan fresh = MidPeriodScheduler.plan(state, state.resources(), PERIOD, fractionLeft, verdicts);
        RunPlan remembering = MidPeriodScheduler.plan(state, state.resources(), PERIOD, fractionLeft, verdicts,
                digests);
        assertEquals(fresh.toRun(), remembering.toRun());
        assertEquals(fresh.verdicts(), remembering.verdicts());
        assertEquals(fresh.priorities(), remembering.priorities());
        return remembering;
    }

    private static void start(StateBuilder b, RunPlan plan) {
        for (RunPlan.Start s : plan.toRun()) {
            ActiveTask task = s.task() != null ? s.task() : b.activate(s.result(), SchedulerState.SCHEDULED);
            task.setSchedulerState(SchedulerState.SCHEDULED);
            task.setExpectedPayOff(s.expectedPayOff());
        }
    }

    @Test
    void newResourcesForgetTheDigests() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 3600);
        CandidateDigests digests = new CandidateDigests();
        digests.useResources(b.state().resources());
        CandidateDigests.Digest d = digests.digest(b.project("A"));
        CandidateDigests.rewrite(d, b.project("A"));
        assertSame(d, digests.digest(b.project("A")));

        digests.useResources(StateBuilder.cpus(4).state().resources());

        assertNotSame(d, digests.digest(b.project("A")), "a host with other resources starts from no digest");
    }

    @Test
    void projectsAreWalkedInUrlOrderKeptUntilAProjectIsAdded() {
        // Added as C, A, B: a pass walks them A, B, C (URL order, the tie-break between equal debts). The order is
        // kept from pass to pass (the same list) and sorted again when a project is added: 0D, added last, comes
        // first by URL (http://0d/ before http://a/).
        StateBuilder b = StateBuilder.cpus(1).project("C", 10).project("A", 10).project("B", 10);
        ClientState state = b.state();
        CandidateDigests digests = new CandidateDigests();

        List<Project> first = digests.byUrl(state);
        assertEquals(List.of("A", "B", "C"), first.stream().map(Project::name).toList());
        assertSame(first, digests.byUrl(state));

        b.project("0D", 10);
        assertEquals(List.of("0D", "A", "B", "C"), digests.byUrl(state).stream().map(Project::name).toList());
    }
}

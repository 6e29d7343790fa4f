package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.model.App;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

/** The CPU scheduler honours app_config.xml's max_concurrent, per app and per project (boinc-engine.md §3.12). */
class MaxConcurrentSchedulerTest {

    private static final double PERIOD = 3600;

    private static RunPlan plan(ClientState s) {
        return PeriodScheduler.plan(s, s.resources(), PERIOD, 1e30);
    }

    private static long count(Map<Result, TaskVerdict> verdicts, TaskReason reason) {
        return verdicts.values().stream().filter(v -> v.reason() == reason).count();
    }

    @Test
    void appLimitRunsExactlyThatManyAndTheOthersSayWhy() {
        // 4 CPUs, 6 one-CPU jobs of A_cpu, max_concurrent 2: 2 run, 4 wait with the limit; 2 CPUs stay idle.
        StateBuilder b = StateBuilder.cpus(4).project("A", 100).cpuJobs("A", 6, 3600);
        b.project("A").addApp(App.named("A_cpu").withMaxConcurrent(2));

        RunPlan plan = plan(b.state());

        assertEquals(2, plan.toRun().size());
        assertEquals(4, count(plan.verdicts(), TaskReason.WAITING_APP_MAX_CONCURRENT));
        plan.verdicts().values().stream().filter(v -> !v.isRunning()).forEach(v -> assertEquals(2, v.limit()));
    }

    @Test
    void theLimitedTasksAreTheEarliestDeadlines() {
        // cpuJobs gives deadlines day 10, 11, 12: with max_concurrent 1 the day-10 job runs.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 3, 3600);
        b.project("A").addApp(App.named("A_cpu").withMaxConcurrent(1));

        RunPlan plan = plan(b.state());

        assertEquals(1, plan.toRun().size());
        assertEquals(864000, plan.toRun().get(0).result().reportDeadline());
    }

    @Test
    void projectLimitCountsAllItsAppsAndLeavesTheRestToOthers() {
        // 4 CPUs; A (debt highest, project_max_concurrent 3) and B both have 4 jobs. A gets 3, then its limit
        // leaves the 4th CPU to B; A's 4th job waits for the project limit 3.
        StateBuilder b = StateBuilder.cpus(4).project("A", 100).project("B", 100).cpuJobs("A", 4, 3600)
                .cpuJobs("B", 4, 3600);
        b.project("A").setMaxConcurrent(3);
        b.project("A").setDebt(1e15);

        RunPlan plan = plan(b.state());

        assertEquals(List.of("A", "A", "A", "B"),
                plan.toRun().stream().map(s -> s.result().project().name()).toList());
        List<TaskVerdict> aWaiting = plan.verdicts().entrySet().stream()
                .filter(e -> e.getKey().project().name().equals("A") && !e.getValue().isRunning())
                .map(Map.Entry::getValue).toList();
        assertEquals(List.of(TaskVerdict.limited(TaskReason.WAITING_PROJECT_MAX_CONCURRENT,
                ResourceType.CPU, 3)), aWaiting);
    }

    @Test
    void midPeriodCountsRunningTasksAgainstTheLimit() {
        // 4 CPUs, 2 tasks of A_cpu running (max_concurrent 2), 2 CPUs free: the mid-period pass starts nothing
        // and the queued jobs wait for the limit.
        StateBuilder b = StateBuilder.cpus(4).project("A", 100).cpuJobs("A", 4, 3600);
        b.project("A").addApp(App.named("A_cpu").withMaxConcurrent(2));
        List<Result> jobs = List.copyOf(b.state().results());
        b.activate(jobs.get(0), SchedulerState.SCHEDULED);
        b.activate(jobs.get(1), SchedulerState.SCHEDULED);

        RunPlan plan = MidPeriodScheduler.plan(b.state(), b.state().resources(), PERIOD, 0.5, Map.of());

        assertEquals(List.of(), plan.toRun());
        assertEquals(2, count(plan.verdicts(), TaskReason.WAITING_APP_MAX_CONCURRENT));
    }

    @Test
    void withoutLimitsEveryCpuIsUsed() {
        // no app_config.xml: 4 CPUs, 6 jobs -> 4 run, as before max_concurrent existed
        StateBuilder b = StateBuilder.cpus(4).project("A", 100).cpuJobs("A", 6, 3600);
        b.project("A").addApp(App.named("A_cpu"));

        RunPlan plan = plan(b.state());

        assertEquals(4, plan.toRun().size());
        assertEquals(0, count(plan.verdicts(), TaskReason.WAITING_APP_MAX_CONCURRENT));
    }
}

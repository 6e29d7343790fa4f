package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.model.Workunit;
import org.cruncher.testing.StateBuilder;

/** Default prefs: work_buf_min 0.1 d = 8640 s, work_buf_additional 0.5 d, so the window is 51840 s. */
class RoundRobinSimulationTest {

    private static final double NOW = 1000;

    private static RoundRobinSimulation.Forecast forecast(StateBuilder b) {
        return FetchContext.of(b.state(), NOW).forecast();
    }

    @Test
    void oneJobOnTwoCpusLeavesOneIdleAtOnceAndBothAfterIt() {
        // boinc-engine.md 3.8's worked example: 2 CPUs, one 1-h job. One CPU idles for the first 3600 s, both for
        // the remaining 51840 - 3600 = 48240 s: shortfall = 1 x 3600 + 2 x 48240 = 100080; nidle 1; saturated 0.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 1, 3600);

        RoundRobinSimulation.ResourceForecast cpu = forecast(b).resource(ResourceType.CPU);

        assertEquals(100080, cpu.shortfall(), 1e-6);
        assertEquals(1, cpu.idleNow(), 1e-9);
        assertEquals(0, cpu.saturated(), 1e-9);
        assertEquals(51840, cpu.window(), 1e-9);
    }

    @Test
    void twoJobsOnTwoCpusSaturateForAnHour() {
        // Same with two 1-h jobs: both CPUs busy for 3600 s, then both idle for 48240 s: saturated 3600 (below the
        // 8640 low water), shortfall 2 x 48240 = 96480, nothing idle now.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 2, 3600);

        RoundRobinSimulation.ResourceForecast cpu = forecast(b).resource(ResourceType.CPU);

        assertEquals(3600, cpu.saturated(), 1e-6);
        assertEquals(96480, cpu.shortfall(), 1e-6);
        assertEquals(0, cpu.idleNow(), 1e-9);
    }

    @Test
    void sharesSplitTheCpusAndEachProjectSeesItsOwnShortfall() {
        // 2 CPUs, A 75 B 25: A's share is 1.5 instances, B's 0.5. B holds nothing: its whole share, 0.5 x 51840 =
        // 25920 instance-seconds, is shortfall. A has three 10-h jobs; with B idle A may use both CPUs, so two run
        // for 36000 s, then the third alone: from 36000 to 51840 A uses 1 instance, 0.5 below its share:
        // A's shortfall = 0.5 x 15840 = 7920.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 3, 36000);

        RoundRobinSimulation.Forecast f = forecast(b);

        assertEquals(1.5, f.project(b.project("A"), ResourceType.CPU).shareInstances(), 1e-9);
        assertEquals(0.5, f.project(b.project("B"), ResourceType.CPU).shareInstances(), 1e-9);
        assertEquals(7920, f.project(b.project("A"), ResourceType.CPU).shortfall(), 1e-6);
        assertEquals(25920, f.project(b.project("B"), ResourceType.CPU).shortfall(), 1e-6);
        assertEquals(2, f.project(b.project("A"), ResourceType.CPU).usedNow(), 1e-9);
    }

    @Test
    void shortJobBehindALongOneEndsFirstAndTheNextTakesItsInstance() {
        // 2 CPUs, A alone, deadline order a1 (10 h), a2 (1 h), a3 (1 h). a1 and a2 run; a2 ends at 3600 while a1,
        // first in the queue, runs on; a3 takes its CPU and ends at 7200; a1 alone until 36000. Saturated 7200.
        // Idle in the 51840-s window: 1 x (36000 - 7200) + 2 x (51840 - 36000) = 28800 + 31680 = 60480, which is
        // also A's own shortfall (its share is both CPUs).
        StateBuilder b = StateBuilder.cpus(2).project("A", 100);
        b.job("A", "A_cpu", 36000, 864000);
        b.job("A", "A_cpu", 3600, 950400);
        b.job("A", "A_cpu", 3600, 1036800);

        RoundRobinSimulation.Forecast f = forecast(b);
        RoundRobinSimulation.ProjectForecast a = f.project(b.project("A"), ResourceType.CPU);

        assertEquals(7200, f.resource(ResourceType.CPU).saturated(), 1e-6);
        assertEquals(60480, f.resource(ResourceType.CPU).shortfall(), 1e-6);
        assertEquals(60480, a.shortfall(), 1e-6);
        assertEquals(36000, a.queueEnd(), 1e-6);
        assertEquals(2, a.usedNow(), 1e-9);
        assertEquals(0, a.misses());
    }

    @Test
    void whenAProjectRunsDryItsPartGoesToTheOthers() {
        // 2 CPUs, A 75 (share 1.5 CPUs) with one 1-h job, B 25 (share 0.5) with two 2-h jobs. A needs only 1 CPU,
        // so B gets the other: b1 runs, b2 waits. A's job ends at 3600; B then gets both CPUs, b2 starts: b1 ends
        // at 7200, b2 at 3600 + 7200 = 10800. Saturated 7200; CPU idle: 1 x 3600 + 2 x (51840 - 10800) = 85680.
        // A's shortfall: 0.5 x 3600 + 1.5 x (51840 - 3600) = 1800 + 72360 = 74160. B's: it uses at least its 0.5
        // until 10800, then 0.5 x (51840 - 10800) = 20520.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 1, 3600)
                .cpuJobs("B", 2, 7200);

        RoundRobinSimulation.Forecast f = forecast(b);
        RoundRobinSimulation.ProjectForecast a = f.project(b.project("A"), ResourceType.CPU);
        RoundRobinSimulation.ProjectForecast bf = f.project(b.project("B"), ResourceType.CPU);

        assertEquals(1, a.usedNow(), 1e-9);
        assertEquals(1, bf.usedNow(), 1e-9);
        assertEquals(7200, f.resource(ResourceType.CPU).saturated(), 1e-6);
        assertEquals(85680, f.resource(ResourceType.CPU).shortfall(), 1e-6);
        assertEquals(3600, a.queueEnd(), 1e-6);
        assertEquals(10800, bf.queueEnd(), 1e-6);
        assertEquals(74160, a.shortfall(), 1e-6);
        assertEquals(20520, bf.shortfall(), 1e-6);
    }

    @Test
    void sharesAreTakenAmongProjectsThatMayBeAsked() {
        // A is backed off for the CPU: B alone may be asked, so B's share is both CPUs (seed 003: "P's share among
        // projects not backed off for this PRSC").
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        b.project("A").resourceState(ResourceType.CPU).backOff(NOW + 600, 600);

        RoundRobinSimulation.Forecast f = forecast(b);

        assertEquals(2, f.project(b.project("B"), ResourceType.CPU).shareInstances(), 1e-9);
    }

    @Test
    void jobThatWouldEndInsideItsCushionIsAPredictedMiss() {
        // 1 CPU, A and B 50/50, each with one 4-h job. Round robin gives each 0.5 CPU: both end at 8 h = 28800 s.
        // A's job came with a 10-h deadline (received 0, due 36000): its cushion is min(8640, 36000 / 4) = 8640,
        // so it counts as late after 36000 - 8640 = 27360 s; NOW + 28800 = 29800 > 27360: a miss. B's is due in
        // 10 days: safe.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("B", 1, 14400);
        Result late = b.job("A", "A_cpu", 14400, 36000);

        RoundRobinSimulation.Forecast f = forecast(b);

        assertEquals(java.util.Set.of(late), f.predictedMisses());
        assertEquals(1, f.project(b.project("A"), ResourceType.CPU).misses());
        assertEquals(0, f.project(b.project("B"), ResourceType.CPU).misses());
        assertEquals(28800, f.project(b.project("A"), ResourceType.CPU).queueEnd(), 1e-6);
    }

    @Test
    void gpuJobsTakeTheirCpuShareFirst() {
        // 2 CPUs and 1 GPU. B's GPU job needs 1 CPU beside the GPU, so only 1 CPU is left for A's two CPU jobs: one
        // CPU job runs, none is idle, and the GPU is busy.
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(2, 1).cpuJobs("A", 2, 36000)
                .gpuJobs("B", 1, 36000);

        RoundRobinSimulation.Forecast f = forecast(b);

        assertEquals(0, f.resource(ResourceType.NVIDIA).idleNow(), 1e-9);
        assertEquals(0, f.resource(ResourceType.CPU).idleNow(), 1e-9);
        assertEquals(1, f.project(b.project("A"), ResourceType.CPU).usedNow(), 1e-9);
    }

    @Test
    void aShareOfTheCpusIsOfTheCpusTheGpuJobsLeave() {
        // 2 CPUs and 1 GPU; A and B 50 each, so each has 1 CPU of the 2 (decision 0024). B's 10-h GPU job holds a
        // whole CPU until 36000, so only 1 CPU is left to CPU jobs until then: the usable fraction is 0.5 on
        // [0, 36000) and 1 on [36000, 51840), a mean of (0.5 x 36000 + 15840) / 51840 = 33840 / 51840.
        // B has no CPU job: its share of what is left, 0.5 then 1 CPU, is all unused: 0.5 x 36000 + 1 x 15840 =
        // 33840 (counting both CPUs, it was 1 x 51840). A runs one 10-h job on the CPU left, then its second from
        // 36000 on: its part, 1, never falls below its share (0.5, then 1), so A is short of nothing.
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(2, 1).cpuJobs("A", 2, 36000)
                .gpuJobs("B", 1, 36000);

        RoundRobinSimulation.Forecast f = forecast(b);

        assertEquals(33840.0 / 51840, f.resource(ResourceType.CPU).usable(), 1e-12);
        // Its share of what is left, on average: 1 x 33840 / 51840 CPUs.
        assertEquals(33840.0 / 51840, f.project(b.project("B"), ResourceType.CPU).usableShare(), 1e-12);
        assertEquals(1, f.resource(ResourceType.NVIDIA).usable(), 0);
        assertEquals(1, f.project(b.project("B"), ResourceType.CPU).shareInstances(), 1e-9);
        assertEquals(33840, f.project(b.project("B"), ResourceType.CPU).shortfall(), 1e-6);
        assertEquals(0, f.project(b.project("A"), ResourceType.CPU).shortfall(), 1e-6);
        // The CPUs themselves: both busy (the GPU job's and A's) until 36000, then one idles: 15840.
        assertEquals(15840, f.resource(ResourceType.CPU).shortfall(), 1e-6);
    }

    @Test
    void aShareCappedByMaxConcurrentIsNotScaledDownWithTheCpusLeft() {
        // 4 CPUs and 1 GPU; A and B 50 each, A limited to 1 job at a time. B's GPU jobs (20 h, past the window) each
        // hold 2 CPUs, so 2 are left to CPU jobs. Of all 4, A's fair share is 2, capped at 1, and B takes the other
        // 3. Of the 2 left, A's fair share is 1, within its cap, and B has the other 1. Neither has a CPU job, so
        // each leaves its 1 unused for the whole window: 51840 each. Scaling the nominal shares by the half left
        // would have made A's 0.5, though A can run a job on the CPUs nobody uses.
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(4, 2).gpuJobs("B", 2, 36000);
        b.project("A").setMaxConcurrent(1);

        RoundRobinSimulation.Forecast f = forecast(b);

        RoundRobinSimulation.ProjectForecast a = f.project(b.project("A"), ResourceType.CPU);
        RoundRobinSimulation.ProjectForecast bf = f.project(b.project("B"), ResourceType.CPU);
        assertEquals(0.5, f.resource(ResourceType.CPU).usable(), 1e-12);
        assertEquals(1, a.shareInstances(), 1e-9);
        assertEquals(3, bf.shareInstances(), 1e-9);
        assertEquals(1, a.usableShare(), 1e-9);
        assertEquals(1, bf.usableShare(), 1e-9);
        assertEquals(51840, a.shortfall(), 1e-6);
        assertEquals(51840, bf.shortfall(), 1e-6);
    }

    @Test
    void withoutGpuJobsEveryCpuIsLeftToCpuJobs() {
        // The 75/25 case: no GPU, so the usable fraction is exactly 1 and the shares are 1.5 and 0.5 CPUs.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 3, 36000);

        assertEquals(1, forecast(b).resource(ResourceType.CPU).usable(), 0);
    }

    @Test
    void runningJobIsForecastFromItsRemainingTime() {
        // A's 5-h job has run 3 h (estimate: 2 h left): on 1 CPU it saturates for 7200 s only.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 18000);
        Result r = b.state().results().iterator().next();
        var task = b.activate(r, SchedulerState.SCHEDULED);
        task.setProgress(10800, 10800, 10800 * StateBuilder.GFLOPS, 0.6);

        RoundRobinSimulation.ResourceForecast cpu = forecast(b).resource(ResourceType.CPU);

        assertEquals(7200, cpu.saturated(), 1);
        // Then the CPU idles for the rest of the 51840-s window: 51840 - 7200 = 44640.
        assertEquals(44640, cpu.shortfall(), 1);
    }

    @Test
    void aForecastAnswersForItsOwnProjectsOnlyEvenWhereAnotherStateHasOneInTheSameSlot() {
        // The forecast holds its projects by slot. X is slot 0 of another state, as A is of this one: asked about X,
        // the forecast knows nothing, rather than answering with A's figures. A (75 of 100 on 2 CPUs) has 1.5.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 2, 3600);
        StateBuilder other = StateBuilder.cpus(2).project("X", 100).cpuJobs("X", 2, 3600);
        RoundRobinSimulation.Forecast f = forecast(b);

        assertEquals(0, other.project("X").slot());
        assertEquals(0, b.project("A").slot());
        assertNull(f.project(other.project("X"), ResourceType.CPU));
        assertSame(b.project("A"), f.project(b.project("A"), ResourceType.CPU).project());
        assertEquals(1.5, f.project(b.project("A"), ResourceType.CPU).shareInstances(), 1e-9);
        assertNull(f.project(b.project("A"), ResourceType.NVIDIA), "no GPU, no forecast for it");
    }

    @Test
    void theForecastsProjectsAreListedInTheStatesOrderWithTheirResources() {
        // Both projects may be asked for the CPU, so both have a CPU forecast, in the order they were added.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 2, 3600);

        Map<Project, Map<ResourceType, RoundRobinSimulation.ProjectForecast>> projects = forecast(b).projects();

        assertEquals(List.of(b.project("A"), b.project("B")), List.copyOf(projects.keySet()));
        assertEquals(Set.of(ResourceType.CPU), projects.get(b.project("B")).keySet());
        assertEquals(0.5, projects.get(b.project("B")).get(ResourceType.CPU).shareInstances(), 1e-9);
    }

    @Test
    void eachQueuedJobHasTheEndTheForecastFoundForItOnTheEnginesClock() {
        // The seeds' 75/25 case on 2 CPUs: A's part is 1.5 CPUs, B's 0.5. A holds a1 and a2 (1 h each, a1 due
        // first), B one 1-h job. a1 runs full time, a2 at 0.5, b1 at 0.5. At 3600 a1 ends; a2 and b1 have 1800 s
        // left each, A needs only 1 CPU now, so B gets the other and both run full time: they end at 3600 + 1800 =
        // 5400. On the engine's clock (the forecast is made at NOW = 1000): 4600, 6400 and 6400.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        Result a1 = b.job("A", "A_cpu", 3600, 864000);
        Result a2 = b.job("A", "A_cpu", 3600, 950400);
        Result b1 = b.job("B", "B_cpu", 3600, 864000);

        RoundRobinSimulation.Forecast f = forecast(b);

        assertEquals(NOW + 3600, f.expectedEnd(a1), 1e-6);
        assertEquals(NOW + 5400, f.expectedEnd(a2), 1e-6);
        assertEquals(NOW + 5400, f.expectedEnd(b1), 1e-6);
    }

    @Test
    void aProjectsJobsRunInTheSchedulersOrderRunningThenPreemptedThenNewEachEarliestDeadlineFirst() {
        // 1 CPU, A alone. Running: "late" (due in 10 days, 3 h left of 5 h). Preempted: "started" (due in 9 days,
        // 1 h left of 2 h). New: "soon" (due in 5 days, 1 h) and "sooner" (due in 4 days, 1 h). The CPU scheduler
        // keeps its running task, then resumes the preempted one, then starts new ones earliest deadline first, so
        // the forecast does too: late ends at 3 h, started at 3 + 1 = 4 h, sooner at 5 h, soon at 6 h. Earliest
        // deadline first over them all put late last, at 6 h, while the scheduler ends it at 3 h.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Result late = b.job("A", "A_cpu", 18000, NOW + 10 * 86400);
        Result started = b.job("A", "A_cpu", 7200, NOW + 9 * 86400);
        Result soon = b.job("A", "A_cpu", 3600, NOW + 5 * 86400);
        Result sooner = b.job("A", "A_cpu", 3600, NOW + 4 * 86400);
        b.activate(late, SchedulerState.SCHEDULED).setProgress(7200, 7200, 7200 * StateBuilder.GFLOPS, 0.4);
        b.activate(started, SchedulerState.PREEMPTED).setProgress(3600, 3600, 3600 * StateBuilder.GFLOPS, 0.5);

        RoundRobinSimulation.Forecast f = forecast(b);

        assertEquals(NOW + 3 * 3600, f.expectedEnd(late), 1);
        assertEquals(NOW + 4 * 3600, f.expectedEnd(started), 1);
        assertEquals(NOW + 5 * 3600, f.expectedEnd(sooner), 1);
        assertEquals(NOW + 6 * 3600, f.expectedEnd(soon), 1);
    }

    @Test
    void jobsDueAtTheSameTimeRunInTheOrderOfTheirNamesAsTheSchedulerTakesThem() {
        // 1 CPU, A alone; one reply brought wu_9 then wu_10, both 1 h, due together. The scheduler breaks the tie by
        // name ("wu_10" < "wu_9"), so wu_10 ends at 1 h and wu_9 at 2 h; in arrival order it was the other way.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Result nine = named(b, "wu_9");
        Result ten = named(b, "wu_10");

        RoundRobinSimulation.Forecast f = forecast(b);

        assertEquals(NOW + 3600, f.expectedEnd(ten), 1);
        assertEquals(NOW + 7200, f.expectedEnd(nine), 1);
    }

    /** A one-hour job of A named {@code name}, due in 10 days. */
    private static Result named(StateBuilder b, String name) {
        Project a = b.project("A");
        AppVersion v = a.appVersions().stream().filter(x -> x.appName().equals("A_cpu")).findFirst().orElseThrow();
        Result r = new Result(name, a, Workunit.of(name, "A_cpu", 3600 * v.flops()), v, 0, NOW + 864000,
                ResultState.FILES_DOWNLOADED);
        b.state().addResult(r);
        return r;
    }

    @Test
    void aJobThatEndsPastItsDeadlineIsAPredictedMissWithThatEnd() {
        // 1 CPU, A alone with a 10-h job due in 5 h: it ends at NOW + 36000, after NOW + 18000, so it is a predicted
        // miss, and its expected end says by how much (5 h late).
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Result late = b.job("A", "A_cpu", 36000, NOW + 18000);

        RoundRobinSimulation.Forecast f = forecast(b);

        assertTrue(f.predictedMisses().contains(late));
        assertEquals(NOW + 36000, f.expectedEnd(late), 1e-6);
    }

    @Test
    void aForecastReadAlongItsCourseKeepsTheEndsItForesaw() {
        // Read 600 s on (decision 0020), the course is the premise: a1 still ends at NOW + 3600.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100);
        Result a1 = b.job("A", "A_cpu", 3600, 864000);

        RoundRobinSimulation.Forecast later = forecast(b).at(NOW + 600, b.state());

        assertEquals(NOW + 600, later.now(), 1e-9);
        assertEquals(NOW + 3600, later.expectedEnd(a1), 1e-6);
    }

    @Test
    void aResultThatWasNotQueuedHasNoExpectedEnd() {
        // A result added after the forecast was made is not in it.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).cpuJobs("A", 1, 3600);
        RoundRobinSimulation.Forecast f = forecast(b);
        Result after = b.job("A", "A_cpu", 3600, 864000);

        assertTrue(Double.isNaN(f.expectedEnd(after)));
    }
}

package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ResourceType;
import org.cruncher.testing.StateBuilder;

/**
 * A forecast read along its own course (decision 0020). Default prefs: the window is 51840 s.
 *
 * <p>The case: 2 CPUs, A 75 (share 1.5 CPUs) with one 1-h job, B 25 (share 0.5) with one 20-h job. Each project's
 * demand is 1 CPU, below A's part and equal to B's after A's is given, so both run: A's job ends at 3600, and one
 * CPU idles from then until B's ends at 72000.
 */
class ForecastCourseTest {

    private static final double NOW = 1000;

    private final StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25)
            .cpuJobs("A", 1, 3600).cpuJobs("B", 1, 72000);
    private final RoundRobinSimulation.Forecast made = FetchContext.of(b.state(), NOW).forecast();

    @Test
    void theForecastAtItsOwnTimeIsTheOneMade() {
        // Saturated until A's job ends at 3600; idle 1 x (51840 - 3600) = 48240 in the window. A's unused share:
        // 0.5 x 3600 while its job runs, then 1.5 x (51840 - 3600): 1800 + 72360 = 74160.
        assertEquals(3600, made.resource(ResourceType.CPU).saturated(), 1e-6);
        assertEquals(48240, made.resource(ResourceType.CPU).shortfall(), 1e-6);
        assertEquals(74160, made.project(b.project("A"), ResourceType.CPU).shortfall(), 1e-6);
        assertEquals(NOW, made.course().origin());
    }

    @Test
    void tenMinutesOnTheCourseHoldsWhatWasForeseenForThen() {
        RoundRobinSimulation.Forecast later = made.at(NOW + 600, b.state());
        RoundRobinSimulation.ResourceForecast cpu = later.resource(ResourceType.CPU);
        RoundRobinSimulation.ProjectForecast a = later.project(b.project("A"), ResourceType.CPU);
        RoundRobinSimulation.ProjectForecast bf = later.project(b.project("B"), ResourceType.CPU);

        assertEquals(NOW + 600, later.now());
        // A's job still runs at 600, and ends 3600 - 600 = 3000 s on.
        assertEquals(0, cpu.idleNow(), 1e-9);
        assertEquals(3000, cpu.saturated(), 1e-6);
        // The window is now [600, 52440]: one CPU idles from 3600, 52440 - 3600 = 48840.
        assertEquals(48840, cpu.shortfall(), 1e-6);
        // A: 0.5 x (3600 - 600) + 1.5 x (52440 - 3600) = 1500 + 73260 = 74760; its part at 600 is still 1 CPU.
        assertEquals(74760, a.shortfall(), 1e-6);
        assertEquals(1, a.usedNow(), 1e-9);
        assertEquals(3000, a.queueEnd(), 1e-6);
        // B runs on one CPU, twice its share of 0.5, for the whole window: no shortfall; its queue ends 71400 s on.
        assertEquals(0, bf.shortfall(), 1e-9);
        assertEquals(71400, bf.queueEnd(), 1e-6);
        assertEquals(0.5, bf.shareInstances(), 1e-9);
    }

    @Test
    void readTenMinutesOnAShareOfTheCpusFollowsTheCpusTheGpuJobsLeave() {
        // 2 CPUs and 1 GPU; A and B 50 each. B's 10-h GPU job holds a CPU until 36000 s after the forecast, so half
        // the CPUs are left to CPU jobs until then (decision 0024). Read 600 s on, the window is [600, 52440]:
        // B, with no CPU job, leaves 0.5 x (36000 - 600) + 1 x (52440 - 36000) = 17700 + 16440 = 34140 unused, and
        // the mean usable fraction is 34140 / 51840.
        StateBuilder g = StateBuilder.cpusBesideAGpuProject(2, 1).cpuJobs("A", 2, 36000)
                .gpuJobs("B", 1, 36000);
        RoundRobinSimulation.Forecast later = FetchContext.of(g.state(), NOW).forecast().at(NOW + 600, g.state());

        assertEquals(34140, later.project(g.project("B"), ResourceType.CPU).shortfall(), 1e-6);
        assertEquals(34140.0 / 51840, later.resource(ResourceType.CPU).usable(), 1e-12);
    }

    @Test
    void readTenMinutesOnACappedShareIsWorkedOutOfTheCpusLeft() {
        // 4 CPUs and 1 GPU; A and B 50 each, A limited to 1 job. B's GPU jobs hold 2 CPUs for 20 h, so 2 are left:
        // A's share of them is 1 (its fair 1, within its cap) and B's 1. Read 600 s on, neither has a CPU job: each
        // leaves 1 x 51840 unused in [600, 52440], and each share is 1 on average.
        StateBuilder g = StateBuilder.cpusBesideAGpuProject(4, 2).gpuJobs("B", 2, 36000);
        g.project("A").setMaxConcurrent(1);
        RoundRobinSimulation.Forecast later = FetchContext.of(g.state(), NOW).forecast().at(NOW + 600, g.state());

        for (String name : new String[] {"A", "B"}) {
            RoundRobinSimulation.ProjectForecast f = later.project(g.project(name), ResourceType.CPU);
            assertEquals(51840, f.shortfall(), 1e-6, name);
            assertEquals(1, f.usableShare(), 1e-9, name);
        }
    }

    @Test
    void queuedWorkIsTakenFromTheQueueAsItIs() {
        // Nothing ran in the state meanwhile, so each queue is what it was: A 3600 instance-seconds in 1 job, B 72000.
        RoundRobinSimulation.Forecast later = made.at(NOW + 600, b.state());

        assertEquals(3600, later.project(b.project("A"), ResourceType.CPU).queued(), 1e-6);
        assertEquals(1, later.project(b.project("A"), ResourceType.CPU).jobs(), 1e-9);
        assertEquals(72000, later.project(b.project("B"), ResourceType.CPU).queued(), 1e-6);
    }

    @Test
    void theCourseReachesTenMinutesAndNoFurther() {
        assertTrue(made.course().covers(NOW + ForecastCourse.LIFETIME));
        assertFalse(made.course().covers(NOW + ForecastCourse.LIFETIME + 1));
        assertFalse(made.course().covers(NOW - 1));
        assertThrows(IllegalArgumentException.class, () -> made.at(NOW + 601, b.state()));
        assertSame(made.course(), made.at(NOW + 60, b.state()).course());
    }

    @Test
    void readAtItsOwnTimeTheCourseGivesTheShortfallsTheSimulationCounted() {
        RoundRobinSimulation.Forecast again = made.at(NOW, b.state());

        assertEquals(74160, again.project(b.project("A"), ResourceType.CPU).shortfall(), 1e-6);
        assertEquals(0, again.project(b.project("B"), ResourceType.CPU).shortfall(), 1e-9);
        assertEquals(48240, again.resource(ResourceType.CPU).shortfall(), 1e-6);
    }

    @Test
    void whenAProjectMayNoLongerBeAskedItsShareGoesToTheOthersOnTheSameCourse() {
        // Decision 0021: B backed off 600 s on. The course is the same (the split runs on resource share among the
        // projects with jobs); A alone shares the 2 CPUs, 2 x 75/75 = 2. A's part is 1 CPU until 3600, then 0:
        // unused over [600, 52440] = (2 - 1) x (3600 - 600) + 2 x (52440 - 3600) = 3000 + 97680 = 100680.
        RoundRobinSimulation.Forecast later = made.at(NOW + 600, b.state(),
                Map.of(ResourceType.CPU, Set.of(b.project("A"))));
        RoundRobinSimulation.ProjectForecast a = later.project(b.project("A"), ResourceType.CPU);
        RoundRobinSimulation.ProjectForecast bf = later.project(b.project("B"), ResourceType.CPU);

        assertSame(made.course(), later.course());
        assertEquals(2, a.shareInstances(), 1e-12);
        assertEquals(100680, a.shortfall(), 1e-6);
        // B still has its job on the course (its queue ends 71400 s on) but no share, so no shortfall.
        assertEquals(0, bf.shareInstances(), 1e-12);
        assertEquals(0, bf.shortfall(), 1e-12);
        assertEquals(71400, bf.queueEnd(), 1e-6);
        // The resource's figures do not depend on the shares: 52440 - 3600 = 48840 idle in the window.
        assertEquals(48840, later.resource(ResourceType.CPU).shortfall(), 1e-6);
    }

    @Test
    void aProjectWithoutJobsThatMayBeAskedAgainHasItsWholeShareShort() {
        // C (share 100, no jobs) was backed off when the forecast was made: shares among A and B as before. Once C
        // may be asked again: C 2 x 100/200 = 1, its whole share unused over the window: 1 x 51840 = 51840. A's share
        // is now 2 x 75/200 = 0.75, below its part of 1 until 3600, then all unused: 0.75 x (51840 - 3600) = 36180.
        StateBuilder three = StateBuilder.cpus(2).project("A", 75).project("B", 25).project("C", 100)
                .cpuJobs("A", 1, 3600).cpuJobs("B", 1, 72000);
        var ab = Map.of(ResourceType.CPU, Set.of(three.project("A"), three.project("B")));
        RoundRobinSimulation.Forecast withoutC = FetchContext.of(three.state(), NOW, ab).forecast();
        assertNull(withoutC.project(three.project("C"), ResourceType.CPU));

        var abc = Map.of(ResourceType.CPU, Set.of(three.project("A"), three.project("B"), three.project("C")));
        RoundRobinSimulation.Forecast withC = withoutC.at(NOW, three.state(), abc);
        RoundRobinSimulation.ProjectForecast c = withC.project(three.project("C"), ResourceType.CPU);

        assertEquals(1, c.shareInstances(), 1e-12);
        assertEquals(51840, c.shortfall(), 1e-6);
        assertEquals(0, c.usedNow(), 1e-12);
        assertEquals(36180, withC.project(three.project("A"), ResourceType.CPU).shortfall(), 1e-6);
    }
}

package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

/**
 * The queued work a forecast read along its course counts, kept between reads: it must follow every change of the
 * queue, and a running task's time left, which moves without any change to the jobs.
 */
class QueuedJobsTest {

    @Test
    void keptQueueFollowsTheTasksProgressAndEveryChangeOfTheJobs() {
        // One CPU, the host always on (fractions 1). A has two 1-hour jobs: 7,200 instance-seconds, 2 instances.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 3600);
        ClientState state = b.state();
        Project a = b.project("A");
        QueuedJobs kept = new QueuedJobs();
        assertQueued(state, kept, 7200, 2);

        // A quarter done after 10 minutes: the run is guessed at 0.25 x 2,400 + 0.75 x 3,600 = 3,300 s, 2,700 s of
        // it left, so 2,700 + 3,600 = 6,300.
        Result first = state.resultsOf(a).get(0);
        ActiveTask task = b.activate(first, SchedulerState.SCHEDULED);
        task.setProgress(600, 600, 0, 0.25);
        assertQueued(state, kept, 6300, 2);

        // Half done after 20 minutes (no change to the jobs, only progress): 0.5 x 2,400 + 0.5 x 3,600 = 3,000 s,
        // 1,800 left, so 1,800 + 3,600 = 5,400.
        task.setProgress(1200, 1200, 0, 0.5);
        assertQueued(state, kept, 5400, 2);

        // A third job arrives: + 3,600. Then the second is suspended: - 3,600 and one instance fewer.
        b.job("A", "A_cpu", 3600, 86_400);
        assertQueued(state, kept, 9000, 3);
        state.resultsOf(a).get(1).setSuspendedByUser(true);
        assertQueued(state, kept, 5400, 2);
    }

    @Test
    void aStartedJobBetweenJobsNotStartedCountsItsProgressAndTheOthersTheirWholeRun() {
        // Three 1-hour jobs; the second, a quarter done after 10 minutes, has 2,700 s left (as above): 3,600 + 2,700
        // + 3,600 = 9,900. The jobs not started keep their 3,600 from read to read; the started one moves: half done
        // after 20 minutes, 1,800 left, 9,000.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 3, 3600);
        ClientState state = b.state();
        QueuedJobs kept = new QueuedJobs();
        assertQueued(state, kept, 10_800, 3);
        ActiveTask task = b.activate(state.resultsOf(b.project("A")).get(1), SchedulerState.SCHEDULED);
        task.setProgress(600, 600, 0, 0.25);
        assertQueued(state, kept, 9900, 3);
        task.setProgress(1200, 1200, 0, 0.5);
        assertQueued(state, kept, 9000, 3);
    }

    @Test
    void keptQueueForgetsEverythingWhenTheHostsResourcesChange() {
        // A's GPU job counts 1 instance while the host has the GPU. On the same host without it (the jobs unchanged,
        // so A's stamp has not moved), the job cannot run and nothing is queued.
        StateBuilder withGpu = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e12).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.5, 1e12).gpuJobs("A", 1, 3600);
        ClientState state = withGpu.state();
        QueuedJobs kept = new QueuedJobs();
        assertEquals(1, kept.now(state).instances(withGpu.project("A"), ResourceType.NVIDIA), 1e-9);

        state.setHost(StateBuilder.cpus(1).state().host());

        assertTrue(kept.now(state).isEmpty());
    }

    @Test
    void aNewForecastFromTheKeptQueueIsTheForecastFromTheQueueItself() {
        // The seed's 75/25 host: 2 CPUs, A with three 1-hour jobs due in 2 hours, B with two. At A's share
        // (2 x 75/100 = 1.5 CPUs) its jobs run at 1 and 0.5 CPU: the second ends at 1.5 h, the third (a quarter
        // done by then, at a whole CPU after) at 2.25 h, past its deadline less the cushion (7,200 - 7,200/4 =
        // 5,400 s): one miss. The kept queue must give the same forecast, before and after a change, to the last bit.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("B", 2, 3600);
        for (int i = 0; i < 3; i++) {
            b.job("A", "A_cpu", 3600, 7200);
        }
        ClientState state = b.state();
        QueuedJobs kept = new QueuedJobs();
        assertSameForecast(state, kept);
        b.activate(state.resultsOf(b.project("A")).get(0), SchedulerState.SCHEDULED).setProgress(600, 600, 0, 0.25);
        state.resultsOf(b.project("B")).get(1).setSuspendedByUser(true);
        assertSameForecast(state, kept);
    }

    private static void assertSameForecast(ClientState state, QueuedJobs kept) {
        FetchContext fresh = FetchContext.of(state, 0);
        FetchContext fromKept = FetchContext.of(state, 0, FetchContext.fetchable(state, state.resources(), 0), kept);
        assertEquals(fresh.forecast().resources(), fromKept.forecast().resources());
        assertEquals(fresh.forecast().projects(), fromKept.forecast().projects());
        assertEquals(fresh.forecast().predictedMisses(), fromKept.forecast().predictedMisses());
        assertEquals(1, fresh.forecast().predictedMisses().size(), "A's last job");
    }

    private static void assertQueued(ClientState state, QueuedJobs kept, double work, double instances) {
        Project a = state.projects().iterator().next();
        QueuedJobs.QueuedWork read = kept.now(state);
        QueuedJobs.QueuedWork fresh = new QueuedJobs().now(state);
        assertEquals(work, read.work(a, ResourceType.CPU), 1e-6);
        assertEquals(instances, read.instances(a, ResourceType.CPU), 1e-9);
        assertEquals(fresh.work(a, ResourceType.CPU), read.work(a, ResourceType.CPU), 0,
                "a kept read gives what a fresh one gives, to the last bit");
        assertEquals(fresh.instances(a, ResourceType.CPU), read.instances(a, ResourceType.CPU), 0);
    }

    @Test
    void aReadOfAnotherStatesQueueGivesThisStatesProjectsNothing() {
        // The copy's A sits in the same slot as A, with the same two hours of work; A itself is not in the copy.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 3600);
        ClientState copy = b.state().copy();
        QueuedJobs.QueuedWork read = new QueuedJobs().now(copy);

        assertEquals(7200, read.work(copy.projects().iterator().next(), ResourceType.CPU), 1e-6);
        assertEquals(0, read.work(b.project("A"), ResourceType.CPU), 0);
        assertEquals(0, read.instances(b.project("A"), ResourceType.CPU), 0);
    }
}

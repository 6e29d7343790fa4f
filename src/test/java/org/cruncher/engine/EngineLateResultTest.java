package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.policy.workfetch.RoundRobinFetch;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.testing.StateBuilder;

/**
 * BOINC's abort_unstarted_late_jobs: a result that never started is aborted once its deadline has passed. The engine
 * looks through the queue only when the earliest such deadline has passed or new results came, so these cases check
 * that no late result slips through between looks.
 */
class EngineLateResultTest {

    private static final double T0 = 100_000;

    private final EngineTest.RecordingControl control = new EngineTest.RecordingControl();
    private final EngineTest.ScriptedTransport transport = new EngineTest.ScriptedTransport();

    private Engine engine(StateBuilder b) {
        return new Engine(b.state(), control, transport, new RoundRobinFetch(), new SplittableRandom(1), null);
    }

    /**
     * 1 CPU and no GPU, busy for 10 minutes with A's one CPU job, so A is asked for work at once; A has a GPU app
     * too, so a GPU job it sends can never start here.
     */
    private static StateBuilder cpuOnlyHost() {
        return StateBuilder.cpus(1).project("A", 100).gpuApp("A", ResourceType.NVIDIA, 0.01, 2e9)
                .cpuJobs("A", 1, 600);
    }

    private static boolean abortedLate(Result r) {
        return r.state() == ResultState.ABORTED && r.exitStatus() == Engine.EXIT_UNSTARTED_LATE;
    }

    @Test
    void aResultThatCannotStartIsAbortedOnceItsDeadlineHasPassedAndNotBefore() {
        StateBuilder b = cpuOnlyHost();
        Result gpuJob = b.job("A", "A_gpu", 3600, T0 + 1000);
        Engine e = engine(b);

        e.poll(T0);
        e.poll(T0 + 999);
        assertEquals(ResultState.FILES_DOWNLOADED, gpuJob.state(), "its deadline is still ahead");

        e.poll(T0 + 1001);
        assertTrue(abortedLate(gpuJob));
    }

    @Test
    void theEngineWakesAtTheDeadlineAndAbortsTheResultThen() {
        // BOINC aborts within 10 s (its garbage collection, boinc-engine.md 9.12). A's one CPU job ends at T0 + 600;
        // the GPU job is due at T0 + 1000, so the engine's next wake after T0 + 600 is T0 + 1000 (before, whatever
        // came next: here the end of a backoff, 647 s late; often the next period), and a poll at exactly T0 + 1000
        // aborts it: it is due then (the check was "past due", which left a result due that second to be started).
        StateBuilder b = cpuOnlyHost();
        Result gpuJob = b.job("A", "A_gpu", 3600, T0 + 1000);
        Engine e = engine(b);

        e.poll(T0);
        e.poll(T0 + 600);
        assertEquals(T0 + 1000, e.nextWakeTime(), 1e-9);
        assertEquals(ResultState.FILES_DOWNLOADED, gpuJob.state());

        e.poll(T0 + 1000);
        assertTrue(abortedLate(gpuJob));
    }

    /**
     * A result still downloading when its deadline passes is not aborted (it is not computable yet) and is looked at
     * again at every poll, but it does not wake the engine: before, it made a poll every second until it arrived.
     */
    @Test
    void aLateResultStillDownloadingDoesNotWakeTheEngineEverySecond() {
        StateBuilder b = cpuOnlyHost();
        Result downloading = b.job("A", "A_cpu", 3600, T0 + 100);
        downloading.setState(ResultState.FILES_DOWNLOADING);
        Engine e = engine(b);

        e.poll(T0);
        e.poll(T0 + 200);

        assertEquals(ResultState.FILES_DOWNLOADING, downloading.state());
        assertTrue(e.nextWakeTime() > T0 + 201, "next wake " + (e.nextWakeTime() - T0));
    }

    @Test
    void aResultArrivingWithAnEarlierDeadlineThanAnyQueuedIsStillAbortedInTime() {
        // At T0 the only result not started is due in 10 days, so the next look would be then. A's reply at T0 brings
        // a GPU job due 1000 s after the request: it must be aborted 1000 s on, not in 10 days.
        StateBuilder b = cpuOnlyHost();
        b.job("A", "A_gpu", 3600, T0 + 10 * 86400);
        transport.answers.add(req -> RpcOutcome.success(req, new SchedulerReply(3600,
                List.of(new NewJob("late", Workunit.of("late_wu", "A_gpu", 3600 * 2e9), "A_gpu", 1, "nvidia",
                        req.time() + 1000)), List.of(), List.of())));
        Engine e = engine(b);

        e.poll(T0);
        assertEquals(1, transport.requests.size(), "A is asked for work at once");
        Result late = b.state().result(b.project("A"), "late").orElseThrow();
        assertEquals(ResultState.FILES_DOWNLOADED, late.state());

        e.poll(T0 + 1001);
        assertTrue(abortedLate(late));
    }
}

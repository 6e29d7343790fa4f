package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ProjectResourceState;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.policy.workfetch.RoundRobinFetch;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.testing.StateBuilder;

/**
 * The engine's side of seed 003: per-resource backoff, the D flag, and the answers to the seed's open questions
 * (src/docs/decisions/0012), with the clock and the random stream injected.
 */
class EngineWorkFetchTest {

    private static final double T0 = 100_000;
    private static final ResourceType GPU = ResourceType.NVIDIA;

    private final EngineTest.RecordingControl control = new EngineTest.RecordingControl();
    private final EngineTest.ScriptedTransport transport = new EngineTest.ScriptedTransport();

    private Engine engine(StateBuilder b, long seed) {
        return new Engine(b.state(), control, transport, new RoundRobinFetch(), new SplittableRandom(seed), null);
    }

    /** 1 CPU kept busy for days by A's CPU jobs; A also has a GPU app, and the GPU is idle. */
    private static StateBuilder idleGpuHost() {
        return StateBuilder.cpus(1).gpus(GPU, 1, 1e10).project("A", 100).gpuApp("A", GPU, 0.01, 2e9)
                .cpuJobs("A", 20, 36000);
    }

    private static boolean asksForGpu(SchedulerRequest r) {
        return r.work().get(GPU).asksForWork();
    }

    private static NewJob gpuJob(String name, double deadline) {
        return new NewJob(name, Workunit.of(name + "_wu", "A_gpu", 3600 * 2e9), "A_gpu", 1, "nvidia", deadline);
    }

    @Test
    void projectWithoutGpuJobsIsAskedAtDoublingRandomisedIntervalsUntilAJobClearsTheBackoff() {
        // A never returns GPU work. Each empty reply to a GPU request doubles A's GPU interval from 600 s up to the
        // 24-hour cap: 600, 1200, ..., 76800, 86400, 86400; the wait is interval x U(0.5, 1); the next GPU request
        // comes only once the wait is over.
        StateBuilder b = idleGpuHost();
        Engine e = engine(b, 11);
        ProjectResourceState gpu = b.project("A").resourceState(GPU);
        double[] expected = {600, 1200, 2400, 4800, 9600, 19200, 38400, 76800, 86400, 86400};
        List<Double> waits = new ArrayList<>();
        double t = T0;
        e.poll(t);
        int seen = 0;
        while (seen < expected.length) {
            List<SchedulerRequest> gpuRequests = transport.requests.stream()
                    .filter(EngineWorkFetchTest::asksForGpu).toList();
            if (gpuRequests.size() > seen) {
                SchedulerRequest last = gpuRequests.get(gpuRequests.size() - 1);
                assertEquals(seen + 1, gpuRequests.size(), "one GPU request per backoff");
                assertEquals(expected[seen], gpu.backoffInterval(), 1e-9, "interval after empty reply " + seen);
                double wait = gpu.backoffUntil() - last.time();
                assertTrue(wait >= 0.5 * expected[seen] && wait <= expected[seen], "wait " + wait);
                if (seen > 0) {
                    double previousUntil = waits.get(seen - 1);
                    assertTrue(last.time() >= previousUntil, "asked again before the backoff ended");
                }
                waits.add(gpu.backoffUntil());
                assertFalse(gpu.accumulatesDebt(), "an empty reply clears D(A, GPU)");
                seen++;
            }
            t = e.nextWakeTime();
            e.poll(t);
        }

        // The next GPU request brings a job (and a request_delay of an hour, so that nothing else is asked in the
        // meantime): the backoff is cleared and D(A, GPU) set.
        transport.answers.add(req -> RpcOutcome.success(req, new SchedulerReply(3600,
                List.of(gpuJob("g1", req.time() + 10 * 86400)), List.of(), List.of())));
        while (transport.requests.stream().filter(EngineWorkFetchTest::asksForGpu).count() == seen) {
            e.poll(e.nextWakeTime());
        }
        assertEquals(0, gpu.backoffInterval());
        assertEquals(0, gpu.backoffUntil());
        assertTrue(gpu.accumulatesDebt());
    }

    @Test
    void backoffWaitsDependOnTheRandomStream() {
        // Two clients with different random streams do not wait the same time after the same empty reply.
        StateBuilder b1 = idleGpuHost();
        StateBuilder b2 = idleGpuHost();
        engine(b1, 1).poll(T0);
        EngineTest.ScriptedTransport other = new EngineTest.ScriptedTransport();
        new Engine(b2.state(), control, other, new RoundRobinFetch(), new SplittableRandom(2), null).poll(T0);

        assertNotEquals(b1.project("A").resourceState(GPU).backoffUntil(),
                b2.project("A").resourceState(GPU).backoffUntil());
    }

    @Test
    void resourceBackoffDoesNotStopContactForAnotherResource() {
        // Decision 0012: the project's contact backoff is min_rpc_time only. A is backed off for the GPU, but its
        // CPU is idle: it is asked at once, for CPU work only.
        StateBuilder b = StateBuilder.cpus(1).gpus(GPU, 1, 1e10).project("A", 100).gpuApp("A", GPU, 0.01, 2e9);
        b.project("A").resourceState(GPU).backOff(T0 + 5000, 1200);
        Engine e = engine(b, 3);

        e.poll(T0);

        SchedulerRequest r = transport.requests.get(0);
        assertEquals(T0, r.time());
        assertTrue(r.work().get(ResourceType.CPU).asksForWork());
        assertFalse(asksForGpu(r));
    }

    @Test
    void requestDelayHoldsContactWhateverTheResourceBackoff() {
        // Decision 0012: the server's request_delay (2 h) and the GPU backoff (300..600 s after the first empty
        // reply) are independent: the GPU backoff ends first, but A is not contacted before the request_delay.
        StateBuilder b = idleGpuHost();
        transport.answers.add(req -> RpcOutcome.success(req, new SchedulerReply(7200, List.of(), List.of(),
                List.of())));
        Engine e = engine(b, 5);

        e.poll(T0);
        assertTrue(b.project("A").resourceState(GPU).backoffUntil() <= T0 + 600);
        assertEquals(T0 + 7200, b.project("A").minRpcTime());
        while (e.nextWakeTime() < T0 + 3 * 3600 && transport.requests.size() == 1) {
            e.poll(e.nextWakeTime());
        }

        assertEquals(2, transport.requests.size());
        assertTrue(transport.requests.get(1).time() >= T0 + 7200);
    }

    @Test
    void piggybackedRequestThatReturnsNothingDoesNotLengthenAResourceBackoff() {
        // Decision 0012: A reports a result due now; the RPC asks for GPU work too, although A is backed off for
        // the GPU (BOINC's piggyback). The empty reply leaves the GPU backoff as it was: it was not A's own
        // need that asked.
        StateBuilder b = idleGpuHost();
        Result done = b.job("A", "A_cpu", 600, T0 + 600);
        done.finish(ResultState.FILES_UPLOADED, 0, T0 - 100, 600e9, 600, 600);
        ProjectResourceState gpu = b.project("A").resourceState(GPU);
        gpu.backOff(T0 + 5000, 1200);
        Engine e = engine(b, 7);

        e.poll(T0);

        SchedulerRequest r = transport.requests.get(0);
        assertEquals(1, r.reported().size());
        assertTrue(asksForGpu(r));
        assertEquals(T0 + 5000, gpu.backoffUntil());
        assertEquals(1200, gpu.backoffInterval());
    }

    @Test
    void forecastIsReadAlongItsCourseForTenMinutesUnlessSomethingChanged() {
        // Decisions 0014 and 0020. 1 CPU kept busy by A's twenty 10-h jobs: saturated for 20 x 36000 = 720000 s. A
        // GPU no project has an application for stays idle for good, which must not defeat the reuse. 30 s later
        // nothing has changed: the same course, read 30 s on (saturated 719970). 700 s after the first it is past the
        // course's 600 s: a new forecast.
        StateBuilder b = StateBuilder.cpus(1).gpus(GPU, 1, 1e10).project("A", 100).cpuJobs("A", 20, 36000);
        Engine e = engine(b, 1);
        e.poll(T0);
        var first = e.forecast();
        assertEquals(720000, first.resource(ResourceType.CPU).saturated(), 1e-6);

        e.poll(T0 + 30);
        assertTrue(first.course() == e.forecast().course(), "read along the same course after 30 s");
        assertEquals(T0 + 30, e.forecast().now(), 1e-9);
        assertEquals(719970, e.forecast().resource(ResourceType.CPU).saturated(), 1e-6);

        e.poll(T0 + 700);
        assertFalse(first.course() == e.forecast().course(), "made again after 700 s");
        assertEquals(T0 + 700, e.forecast().course().origin(), 1e-9);
    }

    @Test
    void whenAProjectMayNoLongerBeAskedTheForecastIsReSharedNotRunAgain() {
        // Decision 0021. 2 CPUs, A 75 and B 25, each with twenty 10-h jobs: shares 1.5 and 0.5. B's scheduler asks
        // not to be contacted for a while: B may not be asked, so A alone shares the CPUs (2 x 75/75 = 2) and B has
        // no share, on the same course.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 20, 36000)
                .cpuJobs("B", 20, 36000);
        Engine e = engine(b, 1);
        e.poll(T0);
        var first = e.forecast();
        assertEquals(1.5, first.project(b.project("A"), ResourceType.CPU).shareInstances(), 1e-12);

        b.project("B").contact().defer(T0 + 3600, RpcDeferral.REQUEST_DELAY);
        e.poll(T0 + 30);

        assertTrue(first.course() == e.forecast().course(), "the same course");
        assertEquals(2, e.forecast().project(b.project("A"), ResourceType.CPU).shareInstances(), 1e-12);
        assertEquals(0, e.forecast().project(b.project("B"), ResourceType.CPU).shareInstances(), 1e-12);
    }

    @Test
    void aReplyWithoutWorkLeavesTheForecastOnItsCourse() {
        // A's finished result falls due for a report 20 s on (completed a day less 20 s before T0, so the one-day
        // report delay ends then). The reply acknowledges it and brings no work, so the queue is what the forecast
        // saw: the forecast made at T0 is read on, not run again.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 20, 36000);
        Result done = b.job("A", "A_cpu", 600, T0 + 30 * 86400);
        done.finish(ResultState.FILES_UPLOADED, 0, T0 + 20 - 86400, 600e9, 600, 600);
        transport.answers.add(req -> RpcOutcome.success(req, new SchedulerReply(0, List.of(),
                List.of(done.name()), List.of())));
        Engine e = engine(b, 1);
        e.poll(T0);
        var first = e.forecast();
        assertTrue(transport.requests.isEmpty(), "nothing due yet, and no work wanted");

        e.poll(T0 + 30);

        assertEquals(1, transport.requests.size(), "the report");
        assertTrue(b.state().result(b.project("A"), done.name()).isEmpty(), "reported and acknowledged");
        assertTrue(first.course() == e.forecast().course(), "the same course after a reply without work");
        assertEquals(T0 + 30, e.forecast().now(), 1e-9);
    }

    @Test
    void reportDueWhileTheNetworkIsOffDoesNotMakeTheEnginePollEverySecond() {
        // A finished result is due, but the host has no network: the engine cannot report, so the report does not
        // set its next wake-up (the period boundary, an hour on, does).
        StateBuilder b = idleGpuHost();
        Result done = b.job("A", "A_cpu", 600, T0 + 600);
        done.finish(ResultState.FILES_UPLOADED, 0, T0 - 100, 600e9, 600, 600);
        Engine e = engine(b, 1);
        e.setHostStatus(new HostStatus(true, true, false));

        e.poll(T0);

        assertTrue(e.nextWakeTime() > T0 + 60, "next wake " + (e.nextWakeTime() - T0));
        assertTrue(transport.requests.isEmpty());
    }
}

package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.testing.StateBuilder;

/** Decision 0005's cap and the shortest latencies it is taken from, kept until a project's jobs change. */
class DeadlineCapTest {

    @Test
    void capIsEightTenthsOfWhatTheShareFinishesBeforeTheShortestDeadline() {
        // Latency 1 day, work_buf_min 0.1 day: cushion min(8,640, 86,400 / 4) = 8,640; 0.8 x (86,400 - 8,640)
        // x 1.5 instances = 93,312 instance-seconds. Without a known latency: the share of work_buf_min, 1.5 x 8,640.
        assertEquals(93_312, DeadlineCap.of(86_400, 1.5, 8_640), 1e-6);
        assertEquals(12_960, DeadlineCap.of(Double.POSITIVE_INFINITY, 1.5, 8_640), 1e-6);
    }

    @Test
    void keptLatenciesFollowArrivalsDeparturesAndTheLatestJobSent() {
        // A's jobs were received at 0, due at 10 days and 6 hours: the shortest is 21,600 s.
        StateBuilder b = StateBuilder.cpus(1).project("A", 1);
        ClientState state = b.state();
        Project a = b.project("A");
        b.job("A", "A_cpu", 3600, 864_000);
        Result near = b.job("A", "A_cpu", 3600, 21_600);
        DeadlineCap.Memo memo = new DeadlineCap.Memo();
        assertEquals(21_600, memo.shortestLatency(state, a, ResourceType.CPU));

        // The latest job sent took 3,600 s: that counts at once, though A's jobs did not change.
        a.resourceState(ResourceType.CPU).setLastLatency(3600);
        assertEquals(3_600, memo.shortestLatency(state, a, ResourceType.CPU));
        a.resourceState(ResourceType.CPU).setLastLatency(Double.POSITIVE_INFINITY);

        // The 6-hour job leaves: 10 days again; a 2-hour one arrives: 7,200.
        state.removeResult(near);
        assertEquals(864_000, memo.shortestLatency(state, a, ResourceType.CPU));
        b.job("A", "A_cpu", 600, 7_200);
        assertEquals(7_200, memo.shortestLatency(state, a, ResourceType.CPU));
        assertEquals(Double.POSITIVE_INFINITY, memo.shortestLatency(state, a, ResourceType.NVIDIA), "no GPU job");
    }
}

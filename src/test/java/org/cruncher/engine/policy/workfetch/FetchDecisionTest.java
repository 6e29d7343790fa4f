package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.WorkRequest;
import org.cruncher.testing.StateBuilder;

/** A decision cut down to part of its request says which resources were left out, and why (decision 0043). */
class FetchDecisionTest {

    /**
     * One CPU and one GPU, both idle, project A with apps for both: it is asked for both, the GPU's need serving.
     * Cut down to the CPU part, the decision asks for that alone, serves the CPU, and A's GPU standing says it was
     * left out (review: the Work fetch pane said the GPU was asked while the request carried the CPU alone).
     */
    @Test
    void aDecisionAskingOnlyPartOfItsRequestSaysWhatWasLeftOut() {
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.2, 2e9);
        FetchDecision d = new RoundRobinFetch().decide(FetchContext.of(b.state(), 1000));
        assertEquals(ResourceType.NVIDIA, d.served());
        ResourceRequest cpu = d.request().get(ResourceType.CPU);

        FetchDecision cut = d.askingOnly(new WorkRequest(Map.of(ResourceType.CPU, cpu)));

        assertSame(b.project("A"), cut.project());
        assertEquals(ResourceType.CPU, cut.served());
        assertEquals(new WorkRequest(Map.of(ResourceType.CPU, cpu)), cut.request());
        assertEquals(FetchBlock.LEFT_OUT_DISK_NEARLY_FULL, block(cut, ResourceType.NVIDIA));
        assertEquals(FetchBlock.FETCHING, block(cut, ResourceType.CPU));
        assertSame(d, d.askingOnly(d.request()), "the whole request: the same decision");
    }

    private static FetchBlock block(FetchDecision d, ResourceType type) {
        return d.projects().stream().filter(s -> s.type() == type).findFirst().orElseThrow().block();
    }
}

package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

/** The fair parts' inputs as arrays: the same inputs compare the same, any change does not, the maps are as built. */
class FairPartsInputsTest {

    private static final int CPU = 1 << ResourceType.CPU.ordinal();
    private static final int GPU = 1 << ResourceType.NVIDIA.ordinal();

    private final Project a = new Project("http://a/", "A", 100);
    private final Project b = new Project("http://b/", "B", 300);

    /** A with the CPU and GPU, capped at {@code aCap}; B with the GPU; capacities 4 CPUs and {@code gpu}. */
    private FairPartsInputs inputs(double aCap, double gpu) {
        FairPartsInputs in = new FairPartsInputs(2);
        in.capacity(ResourceType.CPU, 4);
        in.capacity(ResourceType.NVIDIA, gpu);
        in.add(a, CPU | GPU, aCap);
        in.add(b, GPU, Double.NaN);
        return in;
    }

    @Test
    void theSameInputsCompareTheSame() {
        assertTrue(inputs(1, 2).sameAs(inputs(1, 2)));
        assertTrue(inputs(Double.NaN, 2).sameAs(inputs(Double.NaN, 2)));
    }

    @Test
    void aChangedCapacityCapShareOrProjectComparesDifferent() {
        assertFalse(inputs(1, 2).sameAs(inputs(1, 2.000001)), "a GPU's usable part changed");
        assertFalse(inputs(1, 2).sameAs(inputs(2, 2)), "a cap changed");
        assertFalse(inputs(1, 2).sameAs(inputs(Double.NaN, 2)), "a cap went");
        assertFalse(inputs(1, 2).sameAs(null));
        FairPartsInputs before = inputs(1, 2);
        b.setResourceShare(200);
        assertFalse(before.sameAs(inputs(1, 2)), "B's share changed from 300 to 200");
        FairPartsInputs fewer = new FairPartsInputs(2);
        fewer.capacity(ResourceType.CPU, 4);
        fewer.capacity(ResourceType.NVIDIA, 2);
        fewer.add(a, CPU | GPU, 1);
        assertFalse(inputs(1, 2).sameAs(fewer), "B is no longer eligible");
    }

    @Test
    void theMapsAreThoseFairResourcePartsTakes() {
        FairPartsInputs in = inputs(1, 2);

        assertEquals(List.of(a, b), List.copyOf(in.eligible().keySet()), "in the order added");
        assertEquals(Set.of(ResourceType.CPU, ResourceType.NVIDIA), in.eligible().get(a));
        assertEquals(Set.of(ResourceType.NVIDIA), in.eligible().get(b));
        assertEquals(Map.of(ResourceType.CPU, 4.0, ResourceType.NVIDIA, 2.0), in.capacities());
        assertEquals(Map.of(a, 1.0), in.caps(), "B has no limits");
        assertEquals(2, in.resourceCount());
    }
}

package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

/** Decision 0010's fill: each project's fair part of the work when projects can use different resources. */
class FairShareTargetsTest {

    private static final Set<ResourceType> CPU = EnumSet.of(ResourceType.CPU);
    private static final Set<ResourceType> GPU = EnumSet.of(ResourceType.NVIDIA);
    private static final Set<ResourceType> BOTH = EnumSet.of(ResourceType.CPU, ResourceType.NVIDIA);

    private static Map<ResourceType, Double> work(double cpu, double gpu) {
        Map<ResourceType, Double> m = new LinkedHashMap<>();
        m.put(ResourceType.CPU, cpu);
        m.put(ResourceType.NVIDIA, gpu);
        return m;
    }

    /**
     * Seed 003's example (A GPU only, B both, equal shares, GPU work 2 and CPU 1): the GPU alone limits A at
     * lambda 2/1 = 2, the whole host both at 3/2 = 1.5, so both freeze together at 1.5 x 1 = 1.5, limited by the host.
     */
    @Test
    void seed003sExampleGivesEachHalfTheWork() {
        Project a = new Project("http://a/", "A", 1);
        Project b = new Project("http://b/", "B", 1);
        Map<Project, Set<ResourceType>> eligible = new LinkedHashMap<>();
        eligible.put(a, GPU);
        eligible.put(b, BOTH);

        FairShareTargets.Fill fill = FairShareTargets.fill(eligible, work(1, 2));

        assertEquals(1.5, fill.targets().get(a), 1e-12);
        assertEquals(1.5, fill.targets().get(b), 1e-12);
        assertEquals(BOTH, fill.limits().get(a));
    }

    /**
     * Three projects on CPU 6 and GPU 4, shares 1 (A, CPU only, capped at 1), 1 (B, GPU only) and 2 (C, both), a
     * zero-share D first. The cap freezes A first (1/1 = 1 below the host's 10/4 = 2.5, the CPU's 6/3 = 2 and the
     * GPU's 4/1 = 4). Then lambda is the least of the GPU's 4/1 = 4 and the host's (10 - 1)/3 = 3: B and C freeze at
     * 3 and 6, limited by the host. D gets 0 and no limit; the targets come in the given order, the limits in the
     * order the projects froze.
     */
    @Test
    void aCapFreezesFirstAndTheOthersShareWhatItLeaves() {
        Project a = new Project("http://a/", "A", 100);
        Project b = new Project("http://b/", "B", 100);
        Project c = new Project("http://c/", "C", 200);
        Project d = new Project("http://d/", "D", 0);
        Map<Project, Set<ResourceType>> eligible = new LinkedHashMap<>();
        eligible.put(d, CPU);
        eligible.put(a, CPU);
        eligible.put(b, GPU);
        eligible.put(c, BOTH);

        FairShareTargets.Fill fill = FairShareTargets.fill(eligible, work(6, 4), Map.of(a, 1.0));

        assertEquals(List.of(d, a, b, c), List.copyOf(fill.targets().keySet()));
        assertEquals(0.0, fill.targets().get(d), 1e-12);
        assertEquals(1.0, fill.targets().get(a), 1e-12);
        assertEquals(3.0, fill.targets().get(b), 1e-12);
        assertEquals(6.0, fill.targets().get(c), 1e-12);
        assertEquals(List.of(a, b, c), List.copyOf(fill.limits().keySet()));
        assertEquals(CPU, fill.limits().get(a));
        assertEquals(BOTH, fill.limits().get(c));
    }
}

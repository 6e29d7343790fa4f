package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

/** Decision 0048: the most of each resource a project can use while every other project gets its fair part. */
class FairResourcePartsTest {

    private static final Set<ResourceType> CPU = EnumSet.of(ResourceType.CPU);
    private static final Set<ResourceType> GPU = EnumSet.of(ResourceType.NVIDIA);
    private static final Set<ResourceType> BOTH = EnumSet.of(ResourceType.CPU, ResourceType.NVIDIA);

    /** {@code a} eligible for {@code aUses} and {@code b} for {@code bUses}, in that order. */
    private static Map<Project, Set<ResourceType>> eligible(Project a, Set<ResourceType> aUses, Project b,
                                                            Set<ResourceType> bUses) {
        Map<Project, Set<ResourceType>> m = new LinkedHashMap<>();
        m.put(a, aUses);
        m.put(b, bUses);
        return m;
    }

    private static Map<ResourceType, Double> capacity(double cpu, double gpu) {
        Map<ResourceType, Double> m = new LinkedHashMap<>();
        m.put(ResourceType.CPU, cpu);
        m.put(ResourceType.NVIDIA, gpu);
        return m;
    }

    /**
     * Seed 003's example: A GPU only, B CPU and GPU, equal shares, the GPU twice the CPU (capacities 1 and 2). Both
     * fair parts are 1.5; A's comes only from the GPU, 1.5 of 2 = 0.75 of it; B can have the rest, 0.5 of 2 = 0.25,
     * and the whole CPU (A needs none of it).
     */
    @Test
    void seed003sExampleGivesTheGpu75To25() {
        Project a = new Project("http://a/", "A", 100);
        Project b = new Project("http://b/", "B", 100);
        Map<Project, Set<ResourceType>> eligible = eligible(a, GPU, b, BOTH);

        Map<Project, Map<ResourceType, Double>> parts = FairResourceParts.of(eligible, capacity(1, 2));

        assertEquals(0.75, parts.get(a).get(ResourceType.NVIDIA), 1e-12);
        assertEquals(0.25, parts.get(b).get(ResourceType.NVIDIA), 1e-12);
        assertEquals(1.0, parts.get(b).get(ResourceType.CPU), 1e-12);
        assertEquals(Set.of(ResourceType.NVIDIA), parts.get(a).keySet(), "none of a resource it cannot use");
    }

    /** With one resource, a project's part is its share of it: 75/25 on 2 CPUs gives 0.75 and 0.25. */
    @Test
    void onOneResourceThePartIsTheShare() {
        Project a = new Project("http://a/", "A", 75);
        Project b = new Project("http://b/", "B", 25);
        Map<Project, Set<ResourceType>> eligible = eligible(a, CPU, b, CPU);

        Map<Project, Map<ResourceType, Double>> parts = FairResourceParts.of(eligible, Map.of(ResourceType.CPU, 2.0));

        assertEquals(0.75, parts.get(a).get(ResourceType.CPU), 1e-12);
        assertEquals(0.25, parts.get(b).get(ResourceType.CPU), 1e-12);
    }

    /**
     * A GPU-only project whose share is worth more than the whole GPU: shares 3 and 1, capacities 1 and 2. Filling,
     * A's 3 x lambda reaches the GPU's 2 first (lambda 2/3, against 3/4 for the whole host), so A's fair part is the
     * whole GPU and B's the CPU: B can have none of the GPU, whatever its share of it among the two (a quarter).
     */
    @Test
    void aGpuTheFairPartsGiveWhollyToAnotherLeavesNone() {
        Project a = new Project("http://a/", "A", 300);
        Project b = new Project("http://b/", "B", 100);
        Map<Project, Set<ResourceType>> eligible = eligible(a, GPU, b, BOTH);

        Map<Project, Map<ResourceType, Double>> parts = FairResourceParts.of(eligible, capacity(1, 2));

        assertEquals(1.0, parts.get(a).get(ResourceType.NVIDIA), 1e-12);
        assertEquals(0.0, parts.get(b).get(ResourceType.NVIDIA), 1e-12);
        assertEquals(1.0, parts.get(b).get(ResourceType.CPU), 1e-12);
    }

    /**
     * Two projects that can both use both resources (equal shares, capacities 1 and 2): each fair part, 1.5, fits in
     * either's room beside the other's, so each may have as much of a resource as its part: the whole CPU (1 of 1)
     * and 1.5 of the GPU's 2.
     */
    @Test
    void projectsThatCanUseEverythingMayTakeUpToTheirPartOfEither() {
        Project a = new Project("http://a/", "A", 100);
        Project b = new Project("http://b/", "B", 100);
        Map<Project, Set<ResourceType>> eligible = eligible(a, BOTH, b, BOTH);

        Map<Project, Map<ResourceType, Double>> parts = FairResourceParts.of(eligible, capacity(1, 2));

        assertEquals(1.0, parts.get(a).get(ResourceType.CPU), 1e-12);
        assertEquals(0.75, parts.get(a).get(ResourceType.NVIDIA), 1e-12);
        assertEquals(0.75, parts.get(b).get(ResourceType.NVIDIA), 1e-12);
    }

    /**
     * A project whose max_concurrent limits let it use one CPU of four has a fair part of one CPU at most (review).
     * A (CPU only, share 300, capped at 1) and B (CPU and GPU, share 100); capacities 4 and 1. Uncapped, A's part is
     * 300/400 of 5 = 3.75 and B may have 4 - 3.75 = 0.25 CPU, a sixteenth of the CPUs. Capped, A freezes at 1 (its
     * lambda 1/300 comes before the host's 5/400), B's part is the other 4, and of the CPUs B may have 4 - 1 = 3:
     * three-quarters.
     */
    @Test
    void aProjectHeldByItsConcurrencyLimitLeavesTheRestToTheOthers() {
        Project a = new Project("http://a/", "A", 300);
        Project b = new Project("http://b/", "B", 100);
        Map<Project, Set<ResourceType>> eligible = eligible(a, CPU, b, BOTH);

        assertEquals(0.0625, FairResourceParts.of(eligible, capacity(4, 1)).get(b).get(ResourceType.CPU), 1e-12);
        Map<Project, Map<ResourceType, Double>> parts = FairResourceParts.of(eligible, capacity(4, 1), Map.of(a, 1.0));

        assertEquals(0.25, parts.get(a).get(ResourceType.CPU), 1e-12);
        assertEquals(0.75, parts.get(b).get(ResourceType.CPU), 1e-12);
        assertEquals(1.0, parts.get(b).get(ResourceType.NVIDIA), 1e-12);
    }

    /**
     * One project's parts alone are those of the whole: seed 003's example (A GPU only, B both, capacities 1 and 2)
     * gives B 0.25 of the GPU and the whole CPU, and A 0.75 of the GPU, as above; a project not eligible gets none.
     */
    @Test
    void oneProjectsPartsAreItsPartsOfTheWhole() {
        Project a = new Project("http://a/", "A", 100);
        Project b = new Project("http://b/", "B", 100);
        Project c = new Project("http://c/", "C", 100);
        Map<Project, Set<ResourceType>> eligible = eligible(a, GPU, b, BOTH);

        Map<ResourceType, Double> bParts = FairResourceParts.partsOf(eligible, capacity(1, 2), Map.of(), b);

        assertEquals(Map.of(ResourceType.CPU, 1.0, ResourceType.NVIDIA, 0.25), bParts);
        assertEquals(Map.of(ResourceType.NVIDIA, 0.75),
                FairResourceParts.partsOf(eligible, capacity(1, 2), Map.of(), a));
        assertEquals(Map.of(), FairResourceParts.partsOf(eligible, capacity(1, 2), Map.of(), c));
    }
}

package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.testing.StateBuilder;

/** Each project's share of a resource among the projects that may be asked for it (seed 003). */
class ResourceSharesTest {

    private static ProcessingResource cpu(StateBuilder b) {
        return b.state().resources().inServiceOrder().stream().filter(r -> r.type() == ResourceType.CPU)
                .findFirst().orElseThrow();
    }

    private static Map<Project, Double> shares(StateBuilder b, String... members) {
        LinkedHashSet<Project> set = new LinkedHashSet<>();
        for (String m : List.of(members)) {
            set.add(b.project(m));
        }
        return ResourceShares.of(cpu(b), set);
    }

    @Test
    void sharesSplitTheInstancesByResourceShare() {
        // The seed's 75/25 case on 2 CPUs: 2 x 75/100 = 1.5 and 2 x 25/100 = 0.5.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        Map<Project, Double> s = shares(b, "A", "B");

        assertEquals(1.5, s.get(b.project("A")), 1e-12);
        assertEquals(0.5, s.get(b.project("B")), 1e-12);
    }

    @Test
    void aProjectThatMayNotBeAskedHasNoShareAndTheOthersTakeIt() {
        // B backed off: A alone shares the 2 CPUs, 2 x 75/75 = 2; B is no member.
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        Map<Project, Double> s = shares(b, "A");

        assertEquals(2, s.get(b.project("A")), 1e-12);
        assertFalse(s.containsKey(b.project("B")));
    }

    @Test
    void aZeroShareMemberGetsNothing() {
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).project("Z", 0);
        Map<Project, Double> s = shares(b, "A", "Z");

        assertEquals(2, s.get(b.project("A")), 1e-12);
        assertEquals(0, s.get(b.project("Z")), 1e-12);
    }

    @Test
    void aProjectLimitedToOneTaskIsCreditedOneInstanceAndTheRestGoesToTheOthers() {
        // 4 CPUs, A 75 with max_concurrent 1, B 25. The most constrained first: A's limit per share 1/75 is below
        // B's 4/25. A: min(1, 4 x 75/100 = 3) = 1; 3 left, B: min(4, 3 x 25/25 = 3) = 3.
        StateBuilder b = StateBuilder.cpus(4).project("A", 75).project("B", 25);
        b.project("A").setMaxConcurrent(1);
        Map<Project, Double> s = shares(b, "A", "B");

        assertEquals(1, s.get(b.project("A")), 1e-12);
        assertEquals(3, s.get(b.project("B")), 1e-12);
    }
}

package org.cruncher.engine.policy.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotSame;
import static org.junit.jupiter.api.Assertions.assertSame;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.testing.StateBuilder;

/**
 * The projects that may be asked for each resource, worked out at every poll: the last answer is handed back while
 * it still holds (so that the forecast need not work out the shares again), a new one as soon as it does not.
 */
class FetchableTest {

    private static final double NOW = 1000;

    @Test
    void theLastAnswerComesBackWhileItHoldsAndANewOneWhenAProjectBacksOffOrReturns() {
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25);
        ClientState state = b.state();
        Project a = b.project("A");
        Map<ResourceType, Set<Project>> first = FetchContext.fetchable(state, state.resources(), NOW);
        assertEquals(List.of(a, b.project("B")), List.copyOf(first.get(ResourceType.CPU)));

        assertSame(first, FetchContext.fetchable(state, state.resources(), NOW + 60, first));

        // A backs off for the CPU until NOW + 600: only B may be asked; at NOW + 600 A may be asked again.
        a.resourceState(ResourceType.CPU).backOff(NOW + 600, 600);
        Map<ResourceType, Set<Project>> backedOff = FetchContext.fetchable(state, state.resources(), NOW + 60, first);
        assertNotSame(first, backedOff);
        assertEquals(Set.of(b.project("B")), backedOff.get(ResourceType.CPU));
        Map<ResourceType, Set<Project>> back = FetchContext.fetchable(state, state.resources(), NOW + 600, backedOff);
        assertEquals(first, back);

        // A new project with a CPU app may be asked too.
        b.project("C", 10);
        assertEquals(3, FetchContext.fetchable(state, state.resources(), NOW + 600, back).get(ResourceType.CPU).size());
    }
}

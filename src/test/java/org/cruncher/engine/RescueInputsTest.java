package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.HashSet;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Result;
import org.cruncher.testing.StateBuilder;

/**
 * Deadline rescue is worked out again only when what it is worked out from changes: the forecast's misses, the
 * host's resources, or a job of a project with a predicted miss.
 */
class RescueInputsTest {

    @Test
    void theInputsHoldUntilTheMissesTheResourcesOrTheJobsOfAProjectWithAMissChange() {
        StateBuilder b = StateBuilder.cpus(2).project("A", 75).project("B", 25).cpuJobs("A", 2, 3600)
                .cpuJobs("B", 1, 3600);
        ClientState state = b.state();
        Result late = state.resultsOf(b.project("A")).get(1);
        Set<Result> misses = Set.of(late);
        RescueInputs inputs = RescueInputs.of(misses, state.resources());

        assertTrue(inputs.stillHold(misses, state.resources()));
        assertFalse(inputs.stillHold(new HashSet<>(misses), state.resources()), "another forecast's misses");

        // B has no predicted miss: a change to its jobs does not matter to the rescue.
        b.job("B", "B_cpu", 3600, 864_000);
        assertTrue(inputs.stillHold(misses, state.resources()));

        // A's result goes into deadline mode (as the rescue itself does): A's jobs changed, look again.
        late.setDeadlineMode(true);
        assertFalse(inputs.stillHold(misses, state.resources()));
        RescueInputs after = RescueInputs.of(misses, state.resources());
        assertTrue(after.stillHold(misses, state.resources()));

        // New preferences make new resources.
        state.setPrefs(state.prefs());
        assertFalse(after.stillHold(misses, state.resources()));
    }
}

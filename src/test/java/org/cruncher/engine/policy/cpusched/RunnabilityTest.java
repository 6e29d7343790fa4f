package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.Result;
import org.cruncher.testing.StateBuilder;

/** {@link Runnability#isRunnable} is the fast form of {@link Runnability#blockedBy}: they must always agree. */
class RunnabilityTest {

    @Test
    void isRunnableAgreesWithBlockedByInEveryState() {
        int runnable = 0;
        for (ResultState state : ResultState.values()) {
            for (int flags = 0; flags < 8; flags++) {
                StateBuilder b = StateBuilder.cpus(1).project("A", 100);
                Result r = b.job("A", "A_cpu", 3600, 86400);
                r.setState(state);
                if ((flags & 1) != 0) {
                    r.finish(state, 0, 10, 0, 0, 0);
                }
                r.setSuspendedByUser((flags & 2) != 0);
                b.project("A").setSuspendedByUser((flags & 4) != 0);

                Optional<TaskReason> why = Runnability.blockedBy(r, b.state().resources());
                assertEquals(why.isEmpty(), Runnability.isRunnable(r, b.state().resources()), state + " " + flags);
                runnable += why.isEmpty() ? 1 : 0;
            }
        }
        // Only a downloaded result, not finished, neither it nor its project suspended: one case in all.
        assertEquals(1, runnable);
    }

    @Test
    void aSuspendedProjectsResultWaits() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Result r = b.job("A", "A_cpu", 3600, 86400);
        assertTrue(Runnability.isRunnable(r, b.state().resources()));
        b.project("A").setSuspendedByUser(true);
        assertFalse(Runnability.isRunnable(r, b.state().resources()));
        assertEquals(Optional.of(TaskReason.PROJECT_SUSPENDED), Runnability.blockedBy(r, b.state().resources()));
    }
}

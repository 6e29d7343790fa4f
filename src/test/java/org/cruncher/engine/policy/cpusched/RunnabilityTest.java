package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
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
    void aJobNeedingMoreCpusThanTheUserAllowsIsNotRunnable() {
        // 4 CPUs limited to 50 %: 2 usable. A's 3-thread job can never be admitted; its 2-thread job can.
        StateBuilder b = StateBuilder.cpus(4).prefs(Prefs.DEFAULTS.withMaxNcpusPct(50)).project("A", 100);
        b.project("A").addAppVersion(AppVersion.cpu("mt3", 3, 3e9));
        b.project("A").addAppVersion(AppVersion.cpu("mt2", 2, 2e9));
        Result three = b.job("A", "mt3", 3600, 86400);
        Result two = b.job("A", "mt2", 3600, 86400);
        ResourceSet resources = b.state().resources();

        assertEquals(Optional.of(TaskReason.NEEDS_MORE_CPUS_THAN_USABLE), Runnability.blockedBy(three, resources));
        assertFalse(Runnability.isRunnable(three, resources));
        assertTrue(Runnability.isRunnable(two, resources));
    }

    @Test
    void aGpuJobNeedingMoreThanTheCpusAndOneMoreIsNotRunnableWithoutAnyLimit() {
        // 2 CPUs, no user limit: a GPU job may take the CPU load to 2 + 1 = 3. B's needs 4: it never starts, and the
        // cause is the computer's CPUs, not a preference. One needing 3 runs.
        StateBuilder b = StateBuilder.cpus(2).gpus(ResourceType.NVIDIA, 1, 1e10).project("B", 100);
        b.project("B").addAppVersion(AppVersion.gpu("B_four", ResourceType.NVIDIA, 1, 4, 2e9));
        b.project("B").addAppVersion(AppVersion.gpu("B_three", ResourceType.NVIDIA, 1, 3, 2e9));
        Result four = b.job("B", "B_four", 3600, 86400);
        Result three = b.job("B", "B_three", 3600, 86400);

        assertEquals(Optional.of(TaskReason.NEEDS_MORE_CPUS_THAN_PRESENT),
                Runnability.blockedBy(four, b.state().resources()));
        assertTrue(Runnability.isRunnable(three, b.state().resources()));
    }

    @Test
    void aJobNeedingMoreGpusThanTheHostHasIsNotRunnable() {
        // One NVIDIA GPU; B's app needs two devices a job.
        StateBuilder b = StateBuilder.cpus(2).gpus(ResourceType.NVIDIA, 1, 1e10).project("B", 100);
        b.project("B").addAppVersion(AppVersion.gpu("B_two", ResourceType.NVIDIA, 2, 0.5, 2e9));
        Result r = b.job("B", "B_two", 3600, 86400);

        assertEquals(Optional.of(TaskReason.NEEDS_MORE_GPUS_THAN_PRESENT),
                Runnability.blockedBy(r, b.state().resources()));
        assertFalse(Runnability.isRunnable(r, b.state().resources()));
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

package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.testing.StateBuilder;

/** Why a task is rescued, in the decision log's words. */
class RescueReasonTest {

    @Test
    void aTaskDueLaterSaysWhenAndItsSafetyMargin() {
        // Due at 20,000 s, now 1,400 s: due in 18,600 s = 5 h 10 min; the margin 4,680 s = 1 h 18 min.
        Result r = StateBuilder.cpus(1).project("A", 100).job("A", "A_cpu", 3600, 20_000);

        assertEquals("due in 5 h 10 min; at its share it would end inside its safety margin, the last 1 h 18 min "
                + "before it, so it goes first in line for a CPU", DeadlineRescue.rescueReason(r, r, 1_400, 4_680));
    }

    @Test
    void aTaskRescuedInPlaceOfOneDueLaterNamesThatOne() {
        // Decision 0011 rescues a project's earliest deadlines, as many as it has misses. 1 CPU at half of it: a_00
        // (due at 3 h) ends at 2 h, outside its 45-min margin; a_01 (due at 4.4 h = 4 h 24 min) ends at 4 h, inside
        // its 1 h 06 min margin (a quarter of 4.4 h). One miss: a_00 goes first, and says it is for a_01.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Result first = b.job("A", "A_cpu", 3600, 3 * 3600);
        Result atRisk = b.job("A", "A_cpu", 3600, 4.4 * 3600);

        assertEquals("due in 3 h 00 min; " + atRisk.name() + ", due in 4 h 24 min, would end inside its safety "
                + "margin, the last 1 h 06 min before it, at its project's share, so this task, first in deadline "
                + "order, goes first in line for a CPU", DeadlineRescue.rescueReason(first, atRisk, 0, 1.1 * 3600));
    }

    @Test
    void aTaskPastItsDeadlineSaysHowLongAgoNotANegativeDueTime() {
        // Due at 20,000 s, now 20,000 + 2 days + 3,600 s: it read "due in -2 d 01 h".
        Result r = StateBuilder.cpus(1).project("A", 100).job("A", "A_cpu", 3600, 20_000);

        assertEquals("its deadline passed 2 d 01 h ago, so it goes first in line for a CPU, to be done as soon as "
                        + "it can",
                DeadlineRescue.rescueReason(r, r, 20_000 + 2 * 86400 + 3600, 4_680));
    }

    @Test
    void aGpuTaskNamesItsGpuAndNeverPromisesToRun() {
        // A rescued task may still wait (the CPUs the user lets BOINC use, a concurrency limit), so the words put it
        // first in line for its processor rather than saying it runs. Due at 20,000 s, now 2,000 s: 5 h; the margin
        // 600 s = 10 min.
        Result r = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.2, 2e9).job("A", "A_gpu", 3600, 20_000);

        assertEquals("due in 5 h 00 min; at its share it would end inside its safety margin, the last 10 min "
                + "before it, so it goes first in line for an NVIDIA GPU", DeadlineRescue.rescueReason(r, r, 2_000, 600));
    }
}

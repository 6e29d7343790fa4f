package org.cruncher.engine.policy.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

/**
 * Decision 0043's rule: which project over its disk share leaves room to which starved one. Limit 10 GB ("use no
 * more than 10 GB"), no room for the client's own files, so a project's share of the space is its share of 10 GB.
 */
class RoomYieldTest {

    private static final double G = DiskLimits.GB;
    private static final double NOW = 1000;
    private static final double[] NOTHING_IDLE = new double[ResourceType.values().length];

    private static StateBuilder host(String... projectsAndShares) {
        StateBuilder b = StateBuilder.cpus(1).disk(1000 * G, 900 * G).prefs(Prefs.DEFAULTS.withDisk(10, 90, 0.1));
        for (int i = 0; i < projectsAndShares.length; i += 2) {
            b.project(projectsAndShares[i], Double.parseDouble(projectsAndShares[i + 1]));
        }
        return b;
    }

    private static Map<Project, Project> yielding(StateBuilder b) {
        return RoomYield.of(b.state(), NOW, Map.of(), NOTHING_IDLE, p -> 0);
    }

    /**
     * A (share 50: 5 GB) holds 7 GB: a task with a 3 GB input and a queued task with its own 4 GB. B (5 GB) has
     * nothing to run and waits for 4 GB; 10 - 7 = 3 GB are free. Running, the task's 3 GB come back as it ends:
     * 3 + 3 >= 4, and A leaves B that room. Preempted, it may not run again soon: nothing is counted, 3 < 4, and A
     * yields nothing. Shared with the queued task, the input stays when the running task ends: nothing comes back
     * either (review: it was counted, and A was kept from asking for room that never came).
     */
    @Test
    void onlyFilesThatOnlyRunningTasksHoldComeBack() {
        StateBuilder b = host("A", "50", "B", "50");
        Result running = b.job("A", "A_cpu", 3600, 1e9);
        b.input(running, "in", 3 * G);
        b.activate(running, SchedulerState.SCHEDULED);
        Result queued = b.job("A", "A_cpu", 3600, 1e9);
        b.input(queued, "own", 4 * G);
        b.project("B").resourceState(ResourceType.CPU).waitForRoom(NOW + 86400, "B_cpu", 4 * G);

        assertEquals(Map.of(b.project("A"), b.project("B")), yielding(b));

        b.state().activeTask(running).orElseThrow().setSchedulerState(SchedulerState.PREEMPTED);
        assertEquals(Map.of(), yielding(b));

        b.state().activeTask(running).orElseThrow().setSchedulerState(SchedulerState.SCHEDULED);
        queued.setFiles(List.of("own", "in"), List.of());
        assertEquals(Map.of(), yielding(b));
    }

    /**
     * Shares 25 / 50 / 25: A (2.5 GB) holds 9.5 GB, a running task's 1 GB input and a queued task's 8.5 GB; 0.5 GB
     * is free. Q1 waits for 5 GB, Q2 for 1 GB, both with nothing to run and within their shares. The 1 GB that comes
     * back cannot hold Q1's next job (0.5 + 1 < 5) but holds Q2's (0.5 + 1 >= 1): A leaves its room to Q2 (review:
     * only the first starved project was tried, and Q2 stayed starved as long as Q1 could not be helped).
     */
    @Test
    void aLaterStarvedProjectIsHelpedWhereTheFirstCannotBe() {
        StateBuilder b = host("A", "25", "Q1", "50", "Q2", "25");
        Result running = b.job("A", "A_cpu", 3600, 1e9);
        b.input(running, "run_in", 1 * G);
        b.activate(running, SchedulerState.SCHEDULED);
        Result queued = b.job("A", "A_cpu", 3600, 1e9);
        b.input(queued, "q_in", 8.5 * G);
        b.project("Q1").resourceState(ResourceType.CPU).waitForRoom(NOW + 86400, "Q1_cpu", 5 * G);
        b.project("Q2").resourceState(ResourceType.CPU).waitForRoom(NOW + 86400, "Q2_cpu", 1 * G);

        assertEquals(Map.of(b.project("A"), b.project("Q2")), yielding(b));
    }
}

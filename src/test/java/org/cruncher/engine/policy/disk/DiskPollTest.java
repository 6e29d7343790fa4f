package org.cruncher.engine.policy.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

/**
 * data_manager_poll after "use no more than N GB" is lowered. A (share 75) holds a running task's 10 GiB input,
 * two queued results' 10 GiB inputs (deadlines 2e6 and 3e6), an unreported result's 5 GiB output and two 5 GiB
 * expendable files (a1 priority 1, a2 priority 3): 45 GiB. B (share 25) holds a queued result's 5 GiB input
 * (deadline 1e6) and two 10 GiB expendable files (b1 used at 10, b2 at 20): 25 GiB. 70 GiB in all.
 */
class DiskPollTest {

    private static final double G = DiskLimits.GB;
    private static final double NOW = 1000;

    private final StateBuilder b = StateBuilder.cpus(2).disk(1000 * G, 900 * G)
            .prefs(Prefs.DEFAULTS.withDisk(100, 90, 0.1)).project("A", 75).project("B", 25);
    private final ClientState state = b.state();
    private final Result running;
    private final Result queuedEarly;
    private final Result queuedLate;
    private final Result unreported;
    private final Result queuedB;

    DiskPollTest() {
        running = b.job("A", "A_cpu", 3600, 1e7);
        b.activate(running, SchedulerState.SCHEDULED);
        b.input(running, "run_in", 10 * G);
        queuedEarly = b.job("A", "A_cpu", 3600, 2e6);
        b.input(queuedEarly, "early_in", 10 * G);
        queuedLate = b.job("A", "A_cpu", 3600, 3e6);
        b.input(queuedLate, "late_in", 10 * G);
        unreported = b.job("A", "A_cpu", 3600, 1e7);
        b.output(unreported, "done_out", 5 * G);
        unreported.finish(ResultState.FILES_UPLOADED, 0, 500, 0, 0, 0);
        b.file("A", "a1", 5 * G, 1, 0, 10, 1e9);
        b.file("A", "a2", 5 * G, 3, 0, 10, 1e9);
        queuedB = b.job("B", "B_cpu", 3600, 1e6);
        b.input(queuedB, "b_in", 5 * G);
        b.file("B", "b1", 10 * G, 1, 0, 10, 1e9);
        b.file("B", "b2", 10 * G, 1, 0, 20, 1e9);
    }

    private PollPlan pollWithLimit(double gb) {
        state.setPrefs(Prefs.DEFAULTS.withDisk(gb, 90, 0.1));
        return DiskPoll.plan(state, NOW);
    }

    private static List<String> names(PollPlan plan) {
        return plan.deletions().stream().map(d -> d.file().name()).toList();
    }

    @Test
    void underTheLimitNothingHappens() {
        assertSame(PollPlan.NOTHING, pollWithLimit(100));
    }

    @Test
    void stepOneTrimsTheOffendersGreatestFirst() {
        // Limit 40: A's limit 30, B's 10; 30 GiB over. A and B both offend by 15: the tie goes to A's smaller URL.
        // A loses a1 and a2 (its only expendable files; 20 over left), B loses b1 (used at 10), then b2: 0 over.
        PollPlan plan = pollWithLimit(40);
        assertEquals(30 * G, plan.excessBefore(), 0);
        assertEquals(List.of("a1", "a2", "b1", "b2"), names(plan));
        assertTrue(plan.deletions().stream().allMatch(d -> d.reason() == DeletionReason.OVER_LIMIT_OFFENDER));
        assertEquals(0, plan.excessAfter());
        assertFalse(plan.suspend());
        assertEquals(List.of(), plan.givenUp());
    }

    @Test
    void stepThreeGivesUpTheLatestDeadlineFirstWhenThatBringsUsageUnder() {
        // Limit 30: 40 over. Steps 1-2 free 30 (every expendable file); 10 over. Step 3: A's queued result with
        // the latest deadline (3e6) goes with its 10 GiB input: 0 over. B's queued result stays.
        PollPlan plan = pollWithLimit(30);
        assertEquals(List.of(queuedLate), plan.givenUp());
        assertEquals("late_in", plan.deletions().get(plan.deletions().size() - 1).file().name());
        assertEquals(DeletionReason.OVER_LIMIT_RESULT_GIVEN_UP,
                plan.deletions().get(plan.deletions().size() - 1).reason());
        assertEquals(0, plan.excessAfter());
        assertFalse(plan.suspend());
    }

    /**
     * A queued result whose input still downloads may be given up as a downloaded one may (seed 004: only results
     * in computation or awaiting the server's ack are kept). As above, limit 30: 10 GiB over after steps 1-2; the
     * latest deadline (3e6) is queuedLate's, still downloading: it goes, 0 over. Before, it was passed over and
     * queuedEarly (2e6) went instead, against the latest-deadline order.
     */
    @Test
    void stepThreeMayGiveUpAResultWhoseInputStillDownloads() {
        queuedLate.setState(ResultState.FILES_DOWNLOADING);

        PollPlan plan = pollWithLimit(30);

        assertEquals(List.of(queuedLate), plan.givenUp());
        assertEquals(0, plan.excessAfter());
        assertFalse(plan.suspend());
    }

    /**
     * A queued result that refers to no file is not given up: it frees nothing. B also has one without files, its
     * deadline the latest of all (5e6). Limit 25: 45 GiB over; steps 1-2 free 30, 15 over. Step 3, A then B in
     * turn: A's queuedLate (10 GiB), 5 over; B's queuedB (5 GiB), 0 over. Before, B gave up the result without files
     * first (nothing freed) and A's queuedEarly went too: three results lost where two do. QA.
     */
    @Test
    void stepThreeLeavesAResultThatHoldsNoFiles() {
        Result fileless = b.job("B", "B_cpu", 3600, 5e6);

        PollPlan plan = pollWithLimit(25);

        assertEquals(List.of(queuedLate, queuedB), plan.givenUp());
        assertFalse(plan.givenUp().contains(fileless));
        assertEquals(0, plan.excessAfter());
    }

    /**
     * A queued result whose only file another queued result holds is not given up: it frees nothing. B has a second
     * result on queuedB's input (deadline 5e6, B's latest). Limit 25: 15 GiB over after steps 1-2. Step 3: A's
     * queuedLate (10), 5 over; B's two results each leave b_in held by the other: neither frees anything, neither
     * goes; A's queuedEarly (10): 0 over. Before, B's second result went first for nothing: three lost (review).
     */
    @Test
    void stepThreeLeavesAResultWhoseFilesAnotherResultHolds() {
        Result shared = b.job("B", "B_cpu", 3600, 5e6);
        shared.setFiles(List.of("b_in"), shared.outputFiles());

        PollPlan plan = pollWithLimit(25);

        assertEquals(List.of(queuedLate, queuedEarly), plan.givenUp());
        assertEquals(0, plan.excessAfter());
    }

    @Test
    void whenGivingUpResultsWouldNotBeEnoughNoneIsGivenUpAndComputingSuspends() {
        // Limit 10: 60 over. Expendable files free 30; every queued result (10 + 10 + 5) would still leave 5 over,
        // so none is given up. The running task's input and the unreported output are never touched.
        PollPlan plan = pollWithLimit(10);
        assertEquals(List.of(), plan.givenUp());
        assertEquals(List.of("a1", "a2", "b1", "b2"), names(plan));
        assertEquals(30 * G, plan.excessAfter(), 0);
        assertTrue(plan.suspend());
        assertFalse(names(plan).contains("run_in"));
        assertFalse(names(plan).contains("done_out"));
    }

    @Test
    void stepTwoTakesOneFileFromEachProjectInTurn() {
        // A (share 10) offends with nothing but a running task's 30 GiB input; B and C (45 each) are under their
        // limits with two 5 GiB expendable files each. Limit 35 GiB: 50 used, 15 over. Step 1 finds nothing to
        // take from A; step 2 takes one file from each project in turn: b1 (10 over), c1 (5 over), b2 (0).
        StateBuilder three = StateBuilder.cpus(2).disk(1000 * G, 900 * G)
                .prefs(Prefs.DEFAULTS.withDisk(35, 90, 0.1)).project("A", 10).project("B", 45).project("C", 45);
        Result r = three.job("A", "A_cpu", 3600, 1e7);
        three.activate(r, SchedulerState.SCHEDULED);
        three.input(r, "a_in", 30 * G);
        three.file("B", "b1", 5 * G, 1, 0, 10, 1e9);
        three.file("B", "b2", 5 * G, 1, 0, 20, 1e9);
        three.file("C", "c1", 5 * G, 1, 0, 5, 1e9);
        three.file("C", "c2", 5 * G, 1, 0, 15, 1e9);
        PollPlan plan = DiskPoll.plan(three.state(), NOW);
        assertEquals(List.of("b1", "c1", "b2"), names(plan));
        assertTrue(plan.deletions().stream().allMatch(d -> d.reason() == DeletionReason.OVER_LIMIT_ROUND_ROBIN));
        assertEquals(0, plan.excessAfter());
    }
}

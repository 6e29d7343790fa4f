package org.cruncher.engine.policy.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Set;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.api.DiskBlock;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.rpc.DiskSpaceReport;
import org.cruncher.testing.StateBuilder;

/**
 * Seed 004's example: projects A and B with shares 75 and 25. The client may use 100 GiB ("use no more than 100
 * GB" binds on a 1000 GiB disk with 900 GiB free, no core usage), so A's limit is 75 GiB and B's 25 GiB. A uses 10
 * GiB (two 5 GiB files of its own), B 40 GiB (eight 5 GiB files): B offends by 15 GiB, and 50 GiB are free.
 */
class SpaceMakerTest {

    private static final double G = DiskLimits.GB;
    private static final long GB = (long) G;
    private static final double NOW = 1000;

    private final StateBuilder b = StateBuilder.cpus(2).disk(1000 * G, 900 * G)
            .prefs(Prefs.DEFAULTS.withDisk(100, 90, 0.1)).project("A", 75).project("B", 25);
    private final ClientState state = b.state();

    /** The seed's layout; B's files: b1 p1 used at 100, b2 p1 used at 50, b3 p3 expired, b4 p3, b5-b8 p5. */
    private void seedLayout() {
        b.file("A", "a1", 5 * G, 1, 0, 10, 1e9);
        b.file("A", "a2", 5 * G, 1, 0, 20, 1e9);
        b.file("B", "b1", 5 * G, 1, 0, 100, 1e9);
        b.file("B", "b2", 5 * G, 1, 0, 50, 1e9);
        b.file("B", "b3", 5 * G, 3, 0, 30, 500);
        b.file("B", "b4", 5 * G, 3, 0, 10, 1e9);
        for (int i = 5; i <= 8; i++) {
            b.file("B", "b" + i, 5 * G, 5, 0, i, 1e9);
        }
    }

    private static List<String> names(SpacePlan plan) {
        return plan.deletions().stream().map(d -> d.file().name()).toList();
    }

    @Test
    void limitsAreSharesOfTheSpaceAndBOffends() {
        seedLayout();
        DiskAccount a = DiskAccount.of(state);
        assertEquals(100 * G, a.limits().allProjectsLimit(), 0);
        assertEquals(75 * G, a.limit(b.project("A")), 0);
        assertEquals(25 * G, a.limit(b.project("B")), 0);
        assertEquals(15 * G, a.excess(b.project("B")), 0);
        assertFalse(a.isOffender(b.project("A")));
        assertEquals(b.project("B"), a.greatestOffender(Set.of()));
        assertEquals(50 * G, a.free(), 0); // 100 - 10 - 40
    }

    @Test
    void withNothingLimitingTheDiskEveryProjectIsUnlimitedAZeroShareOneToo() {
        // The disk's size unknown and no "use no more than N GB": nothing limits the disk (decision 0018), so every
        // project's limit is unlimited; a share of 0 gets no limit either (infinity x 0 would be no number at all).
        StateBuilder none = StateBuilder.cpus(2).disk(0, 0).prefs(Prefs.DEFAULTS.withDisk(0, 90, 0.1))
                .project("A", 100).project("Z", 0);
        DiskAccount a = DiskAccount.of(none.state());

        assertEquals(Double.POSITIVE_INFINITY, a.limit(none.project("A")));
        assertEquals(Double.POSITIVE_INFINITY, a.limit(none.project("Z")));
        assertFalse(a.isOffender(none.project("Z")));
    }

    @Test
    void bMayUseTheSpaceAUsesNot() {
        seedLayout();
        // B already offends, yet 20 GiB fit in the 50 GiB free: granted, nothing deleted.
        SpacePlan plan = SpaceMaker.plan(state, b.project("B"), 20 * GB, List.of(), NOW);
        assertTrue(plan.granted());
        assertEquals(List.of(), plan.deletions());
    }

    @Test
    void whenANeedsRoomBsLowestPriorityLeastRecentlyUsedFilesGoFirst() {
        seedLayout();
        // A needs 60 GiB, 50 are free: 10 GiB must come from B. Level P_LOW allows b1, b2 (priority 1) and b3
        // (expired); in LRU order b2 (used at 50) then b1 (used at 100): 2 x 5 GiB = 10 GiB, enough.
        SpacePlan plan = SpaceMaker.plan(state, b.project("A"), 60 * GB, List.of(), NOW);
        assertTrue(plan.granted());
        assertEquals(List.of("b2", "b1"), names(plan));
        assertTrue(plan.deletions().stream().allMatch(d -> d.reason() == DeletionReason.OFFENDER_FOR_NEW_FILE));
    }

    @Test
    void bIsTrimmedOnlyUntilItStopsOffendingThenAUsesItsOwnFiles() {
        seedLayout();
        // A needs 70 GiB: 20 beyond the free 50. B gives b2, b1 and the expired b3 (15 GiB), which brings it to its
        // 25 GiB limit: it no longer offends, so b4 stays although 5 GiB are still missing. A's own least recently
        // used file a1 (used at 10) makes up the rest: 50 + 15 + 5 = 70.
        SpacePlan plan = SpaceMaker.plan(state, b.project("A"), 70 * GB, List.of(), NOW);
        assertTrue(plan.granted());
        assertEquals(List.of("b2", "b1", "b3", "a1"), names(plan));
        assertEquals(DeletionReason.OWN_FILE_FOR_NEW_FILE, plan.deletions().get(3).reason());
    }

    @Test
    void refusedWhenEvenEverythingAllowedIsNotEnoughAndNothingIsDeleted() {
        seedLayout();
        // 50 free + 15 from B down to its limit + A's own 10 = 75 GiB < 80.
        SpacePlan plan = SpaceMaker.plan(state, b.project("A"), 80 * GB, List.of(), NOW);
        assertFalse(plan.granted());
        assertEquals(DiskBlock.NO_ROOM, plan.block());
        assertEquals(75 * G, plan.reachable(), 0);
        assertEquals(List.of(), plan.deletions());
        assertEquals(50 * GB, state.files().usage(b.project("B").url()) + state.files().usage(b.project("A").url()));
    }

    @Test
    void thePriorityLevelRisesWhenLowPriorityFilesAreNotEnough() {
        // B: one priority-1 file and seven priority-3 files (5 GiB each, 40 GiB); A nothing. Free 60 GiB.
        b.file("B", "low", 5 * G, 1, 0, 500, 1e9);
        for (int i = 1; i <= 7; i++) {
            b.file("B", "mid" + i, 5 * G, 3, 0, 100 + i, 1e9);
        }
        // A needs 70 GiB: level 1 gives "low" (65 free), level 2 nothing more, level 3 the least recently used
        // priority-3 file mid1 (used at 101): 70.
        SpacePlan plan = SpaceMaker.plan(state, b.project("A"), 70 * GB, List.of(), NOW);
        assertEquals(List.of("low", "mid1"), names(plan));
    }

    @Test
    void filesOfRunningTasksQueuedAndUnreportedResultsAndIncomingJobsAreNeverDeleted() {
        // B holds 15 GiB in three results' files and has four expendable 5 GiB files: 35 GiB, 10 over its limit.
        Result running = b.job("B", "B_cpu", 3600, 1e7);
        b.activate(running, SchedulerState.SCHEDULED);
        b.input(running, "running_in", 5 * G);
        Result queued = b.job("B", "B_cpu", 3600, 1e7);
        b.input(queued, "queued_in", 5 * G);
        Result done = b.job("B", "B_cpu", 3600, 1e7);
        b.output(done, "done_out", 5 * G);
        done.finish(ResultState.FILES_UPLOADED, 0, 500, 0, 0, 0);
        b.file("B", "sticky_in_use", 5 * G, 1, 0, 1, 1e9);
        queued.setFiles(List.of("queued_in", "sticky_in_use"), List.of());
        for (int i = 1; i <= 3; i++) {
            b.file("B", "free" + i, 5 * G, 1, 0, 10 * i, 1e9);
        }
        b.file("A", "a1", 5 * G, 1, 0, 10, 1e9);
        b.file("A", "a2", 5 * G, 1, 0, 20, 1e9);
        b.file("A", "wanted", 5 * G, 1, 0, 5, 1e9);
        // Free: 100 - 15 (A) - 35 (B) = 50. For 70 GiB, B down to its 25 GiB limit frees 10 (free1, free2; the
        // held files and the sticky file a queued result needs are skipped), then A's own a1 and a2 but not
        // "wanted", which A's incoming job needs: 50 + 10 + 10 = 70. One byte more is refused.
        SpacePlan plan = SpaceMaker.plan(state, b.project("A"), 70 * GB, List.of("wanted"), NOW);
        assertTrue(plan.granted());
        assertEquals(List.of("free1", "free2", "a1", "a2"), names(plan));
        SpacePlan tooMuch = SpaceMaker.plan(state, b.project("A"), 71 * GB, List.of("wanted"), NOW);
        assertFalse(tooMuch.granted());
    }

    /**
     * Seed 004's get_more_disk_space: "g_of = the greatest_offender; if (couldn't find one or g_of == p): increase
     * priority ... return false", then associate_file deletes p's own expendable files. A project may take space
     * only from offenders greater than itself. Shares 40/35/25 of 100 GiB: limits 40, 35 and 25 GiB. A holds ten
     * 5 GiB files (50: offends by 10), B eight (40: by 5), C two (10); nothing is free.
     */
    @Test
    void aProjectTakesSpaceOnlyFromGreaterOffendersThanItself() {
        StateBuilder three = StateBuilder.cpus(2).disk(1000 * G, 900 * G).prefs(Prefs.DEFAULTS.withDisk(100, 90, 0.1))
                .project("A", 40).project("B", 35).project("C", 25);
        for (int i = 1; i <= 10; i++) {
            three.file("A", "a" + i, 5 * G, 1, 0, i, 1e9);
        }
        for (int i = 1; i <= 8; i++) {
            three.file("B", "b" + i, 5 * G, 1, 0, i, 1e9);
        }
        three.file("C", "c1", 5 * G, 1, 0, 1, 1e9);
        three.file("C", "c2", 5 * G, 1, 0, 2, 1e9);
        ClientState s = three.state();

        // A is the greatest offender: it takes nothing from B (a lesser one) and makes room from its own files,
        // least recently used first.
        SpacePlan forA = SpaceMaker.plan(s, three.project("A"), 5 * GB, List.of(), NOW);
        assertEquals(List.of("a1"), names(forA));
        assertEquals(DeletionReason.OWN_FILE_FOR_NEW_FILE, forA.deletions().get(0).reason());
        // B offends less than A: A gives a file.
        SpacePlan forB = SpaceMaker.plan(s, three.project("B"), 5 * GB, List.of(), NOW);
        assertEquals(List.of("a1"), names(forB));
        assertEquals(DeletionReason.OFFENDER_FOR_NEW_FILE, forB.deletions().get(0).reason());
        // C does not offend: A is trimmed to its limit (a1, a2: 10 GiB), then B gives b1 for the last 5 of 15.
        assertEquals(List.of("a1", "a2", "b1"), names(SpaceMaker.plan(s, three.project("C"), 15 * GB, List.of(), NOW)));
        // The request figures say the same: for A no greater offender can be trimmed (0 free), its own files
        // free 50 GiB; for C, A and B trimmed to their limits free 10 + 5 = 15 GiB.
        DiskSpaceReport a = SpaceMaker.report(s, three.project("A"), NOW);
        assertEquals(List.of(0.0, 0.0, 50 * G), List.of(a.free(), a.freeIfOffendersTrimmed(), a.freeIfSelfTrimmed()));
        assertEquals(15 * G, SpaceMaker.report(s, three.project("C"), NOW).freeIfOffendersTrimmed(), 0);
    }

    @Test
    void requestFiguresFreeIfOffendersTrimmedAndIfSelfTrimmed() {
        seedLayout();
        // For A: free 50; B trimmed to its limit: +15 = 65; A's own files: +10 = 75.
        DiskSpaceReport a = SpaceMaker.report(state, b.project("A"), NOW);
        assertEquals(50 * G, a.free(), 0);
        assertEquals(65 * G, a.freeIfOffendersTrimmed(), 0);
        assertEquals(75 * G, a.freeIfSelfTrimmed(), 0);
        assertEquals(10 * G, a.usedProject(), 0);
        assertEquals(75 * G, a.projectShare(), 0);
        assertEquals(50 * G, a.usedTotal(), 0);
        // For B: nobody else offends (50, 50); its own 40 GiB are all expendable: 90.
        DiskSpaceReport bb = SpaceMaker.report(state, b.project("B"), NOW);
        assertEquals(50 * G, bb.free(), 0);
        assertEquals(50 * G, bb.freeIfOffendersTrimmed(), 0);
        assertEquals(90 * G, bb.freeIfSelfTrimmed(), 0);
    }

    @Test
    void zeroSharesSplitTheSpaceEqually() {
        b.project("A").setResourceShare(0);
        b.project("B").setResourceShare(0);
        DiskAccount a = DiskAccount.of(state);
        assertEquals(50 * G, a.limit(b.project("A")), 0);
        assertEquals(50 * G, a.limit(b.project("B")), 0);
    }

    @Test
    void aFilesPriorityIsClampedToTheSeedsLevels() {
        FileInfo f = b.file("A", "x", 1, 9, 0, 0, 1);
        assertEquals(FileInfo.P_HIGH, f.priority());
    }
}

package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.DiskRefusal;
import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.api.FileView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.api.RoomWait;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.ResourceType;

/** A project's standing: a headline for the Disk pane's column, and its details a short sentence a line. */
class StandingWordsTest {

    private static final double GB = 1L << 30;
    /** The longest line of the details, characters: a tooltip of 420 pixels shows it in two lines at most. */
    private static final int LINE = 120;
    private static final double AT = 1_767_225_600;

    private static FileView sized(long bytes, FileHold hold) {
        return new FileView("f", FileRole.INPUT, bytes, 1, 0, 1, 0, false, true, hold, "",
                hold == FileHold.NONE ? 1 : 0);
    }

    private static void shortLines(String details) {
        for (String line : details.split("\n")) {
            assertTrue(line.length() <= LINE, line.length() + ": " + line);
        }
    }

    @Test
    void theHeadlineSaysHowFarOverTheShareAndWhyNoWorkComes() {
        // 3 GB used of a 2.5 GB share: 0.5 GB over, with 1 GB in a file nothing holds.
        ProjectDiskView offender = new ProjectDiskView("u", "B", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 4,
                List.of(sized((long) GB, FileHold.NONE), sized((long) (2 * GB), FileHold.QUEUED_RESULT)), null, false,
                List.of(), "");
        assertEquals("Over its share by 512 MB: its expendable files go first when space is needed.",
                StandingWords.headline(offender));
        assertEquals(StandingWords.headline(offender), StandingWords.details(offender));
        // Only 256 MB of it expendable: that goes, its tasks hold the rest.
        ProjectDiskView partly = new ProjectDiskView("u", "B", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 2,
                List.of(sized((long) (GB / 4), FileHold.NONE), sized((long) (2.75 * GB), FileHold.QUEUED_RESULT)),
                null, false, List.of(), "");
        assertEquals("Over its share by 512 MB: 256 MB of its files may go first; tasks hold the rest.",
                StandingWords.headline(partly));
        // Every file held by a task (the seed's 75/25 example, B's queued inputs): nothing can go yet.
        ProjectDiskView held = new ProjectDiskView("u", "B", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 1,
                List.of(sized((long) (3 * GB), FileHold.QUEUED_RESULT)), null, false, List.of(), "");
        assertEquals("Over its share by 512 MB, all held by its tasks until they are done.",
                StandingWords.headline(held));
        // No room can be made at all: that comes first, and no server's figures are said.
        ProjectDiskView noRoom = new ProjectDiskView("u", "B", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 1,
                List.of(sized((long) (3 * GB), FileHold.QUEUED_RESULT)), new DiskRefusal("b1", GB, 0, AT), true,
                List.of(), "");
        assertEquals("No room can be made for new work: not asking for any. Over its share by 512 MB, all held by "
                + "its tasks until they are done.", StandingWords.headline(noRoom));
        // No limit at all (no disk preference limits the client): no share to be within.
        ProjectDiskView unlimited = new ProjectDiskView("u", "C", 0, Double.POSITIVE_INFINITY, DeletionPolicy.LRU, 0,
                List.of(), null, false, List.of(), "");
        assertEquals("No disk limit applies to it.", StandingWords.headline(unlimited));
    }

    /** Over its share while another project, within its own, waits for room (decision 0043): that comes first. */
    @Test
    void aProjectThatLeavesRoomToAnotherSaysWhyInShortLines() {
        ProjectDiskView yielding = new ProjectDiskView("u", "Prime Search", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 1,
                List.of(sized((long) (3 * GB), FileHold.QUEUED_RESULT)), null, false, List.of(), "Climate Model");
        assertEquals("Leaves room to Climate Model: not asking for work. Over its share by 512 MB, all held by its "
                + "tasks until they are done.", StandingWords.headline(yielding));
        assertEquals("""
                Leaves room to Climate Model: not asking for work.
                Over its share by 512 MB, all held by its tasks until they are done.
                Climate Model is within its share, has no work, and waits for room for its next task.
                Until then this project gets no new work.
                It reports finished tasks at once, so the room they free goes to Climate Model.""",
                StandingWords.details(yielding));
        shortLines(StandingWords.details(yielding));
    }

    /**
     * 1 GB of 2 GB; its server had a 1.5 GB job and was offered 1 GB at a request whose time is said. Offered less
     * than its share's room (the disk-75-25 sample), it says why, as "within its share" beside a smaller offer read
     * as a contradiction.
     */
    @Test
    void aRefusalSaysItsFiguresAndWhenFirst() {
        ProjectDiskView refused = new ProjectDiskView("u", "A", GB, 2 * GB, DeletionPolicy.LRU, 1, List.of(),
                new DiskRefusal("a1", 1.5 * GB, GB, AT), false, List.of(), "");
        assertEquals("Its smallest a1 job needs 1.5 GB; at most 1 GB could be offered. Within its share (1 GB left).",
                StandingWords.headline(refused));
        assertEquals("Its smallest a1 job needs 1.5 GB; at most 1 GB could be offered.\nWithin its share (1 GB left)."
                + "\nFigures of its request at " + Format.stamp(AT) + ".\nThe offer counts the files that could be "
                + "deleted to make room.", StandingWords.details(refused));
        ProjectDiskView squeezed = new ProjectDiskView("u", "B", GB, 2 * GB, DeletionPolicy.LRU, 1, List.of(),
                new DiskRefusal("b1", 200 * GB / 1024, 24 * GB / 1024, AT), false, List.of(), "");
        String details = StandingWords.details(squeezed);
        assertTrue(details.endsWith("\nThat is less than the 1 GB left of its share: other projects' tasks hold "
                + "files that fill the rest of the limit."), details);
        shortLines(details);
    }

    /**
     * A project whose CPU requests wait for room after a reply filled it (decision 0040). 700 MB used of a 768 MB
     * share; 12 MB of room now, 640 MB wanted. The tooltip was one sentence of 80 words.
     */
    @Test
    void aWaitForRoomSaysWhatItWaitsForInShortLines() {
        ProjectDiskView waiting = new ProjectDiskView("u", "Einstein", 700 * GB / 1024, 768 * GB / 1024,
                DeletionPolicy.LRU, 1, List.of(), null, false, List.of(new RoomWait(ResourceType.CPU, "brp4",
                7 * GB / 1024, 640 * GB / 1024, true, 12 * GB / 1024, AT)), "");
        assertEquals("CPU requests wait for room: 12 MB could be offered, 640 MB wanted. Within its share (68 MB "
                + "left).", StandingWords.headline(waiting));
        assertEquals("CPU requests wait for room: 12 MB could be offered, 640 MB wanted.\n"
                + "Within its share (68 MB left).\n"
                + "A reply filled the room its CPU tasks may use.\n"
                + "It is asked for CPU work again when 640 MB can be offered: room for a batch of tasks.\n"
                + "Or sooner, when fewer of its CPU tasks are left to start than this computer has CPUs.\n"
                + "It waits until " + Format.stamp(AT) + " at the latest.\n"
                + "The room that could be offered counts the files of finished tasks (deleted when reported).\n"
                + "It also counts space other projects leave unused, even beyond its share.",
                StandingWords.details(waiting));
        shortLines(StandingWords.details(waiting));
        // Few of its tasks left to start: the next task's room is enough, and that is what is said (review).
        ProjectDiskView fewLeft = new ProjectDiskView("u", "Einstein", 700 * GB / 1024, 768 * GB / 1024,
                DeletionPolicy.LRU, 1, List.of(), null, false, List.of(new RoomWait(ResourceType.CPU, "brp4",
                7 * GB / 1024, 7 * GB / 1024, false, 2 * GB / 1024, AT)), "");
        assertTrue(StandingWords.details(fewLeft).contains("\nIt is asked for CPU work again when 7 MB can be "
                + "offered: room for its next task.\nOne task is enough, as fewer of its CPU tasks are left to start "
                + "than this computer has CPUs.\n"), StandingWords.details(fewLeft));
    }

    /**
     * QA's host m1: Prime Search holds 610 MB of its 256 MB share; Climate Model (162 of 512 MB) and Pulsar Hunt (200
     * of 256 MB) wait for room. Climate Model filled nothing: the room is Prime Search's, and the words say so (they
     * said "a reply filled the room its CPU tasks may use"). Pulsar Hunt could be offered 147 MB for the 105 MB it
     * wants: that room came after the client last checked its wait, which ends at the next check.
     */
    @Test
    void aWaitForRoomNamesWhoHoldsItOrSaysTheRoomCameSinceTheLastCheck() {
        double at = 1_767_225_600;
        double mb = GB / 1024;
        ProjectDiskView prime = new ProjectDiskView("p", "Prime Search", 610 * mb, 256 * mb, DeletionPolicy.LRU, 8,
                List.of(), null, false,
                List.of(new RoomWait(ResourceType.CPU, "sieve", 153 * mb, 153 * mb, false, 51 * mb, at)), "");
        ProjectDiskView climate = new ProjectDiskView("c", "Climate Model", 162 * mb, 512 * mb, DeletionPolicy.LRU, 2,
                List.of(), null, false,
                List.of(new RoomWait(ResourceType.CPU, "climate", 162 * mb, 162 * mb, false, 51 * mb, at)), "");
        ProjectDiskView pulsar = new ProjectDiskView("g", "Pulsar Hunt", 200 * mb, 256 * mb, DeletionPolicy.LRU, 3,
                List.of(), null, false,
                List.of(new RoomWait(ResourceType.NVIDIA, "pulsar_gpu", 105 * mb, 105 * mb, false, 147 * mb, at)), "");
        List<ProjectDiskView> all = List.of(prime, pulsar, climate);

        assertEquals("CPU requests wait for room held by Prime Search: 51 MB could be offered, 162 MB wanted. Within "
                + "its share (350 MB left).", StandingWords.headline(climate, all));
        assertTrue(StandingWords.details(climate, all).contains("\nNo more of its CPU tasks fit: the room is held by "
                + "Prime Search (354 MB over its share).\n"), StandingWords.details(climate, all));
        assertTrue(StandingWords.headline(prime, all).startsWith("CPU requests wait for room held by its own tasks: "
                + "51 MB could be offered, 153 MB wanted. Over its share by 354 MB"), StandingWords.headline(prime, all));
        assertEquals("NVIDIA GPU requests wait for room: 147 MB could be offered now, enough for the 105 MB wanted; "
                + "the wait ends at the next check. Within its share (56 MB left).", StandingWords.headline(pulsar, all));
        assertTrue(StandingWords.details(pulsar, all).endsWith("\nThe wait ends at the client's next check, at the "
                + "latest " + Format.stamp(at) + "."), StandingWords.details(pulsar, all));
    }

    /**
     * Waits on two resources say what the room counts once, after both (QA: with a CPU and a GPU wait, the two lines
     * on what the offer counts came twice in a 15-line tooltip).
     */
    @Test
    void twoWaitsSayWhatTheRoomCountsOnce() {
        ProjectDiskView two = new ProjectDiskView("u", "Prime", 700 * GB / 1024, 768 * GB / 1024, DeletionPolicy.LRU,
                1, List.of(), null, false, List.of(
                        new RoomWait(ResourceType.CPU, "sieve", 153 * GB / 1024, 153 * GB / 1024, false,
                                12 * GB / 1024, AT),
                        new RoomWait(ResourceType.NVIDIA, "sieve", 153 * GB / 1024, 408 * GB / 1024, true,
                                12 * GB / 1024, AT)), "");

        String details = StandingWords.details(two);

        assertEquals(1, details.split("counts the files of finished tasks", -1).length - 1, details);
        assertEquals(1, details.split("space other projects leave unused", -1).length - 1, details);
        assertTrue(details.endsWith("It also counts space other projects leave unused, even beyond its share."));
    }
}

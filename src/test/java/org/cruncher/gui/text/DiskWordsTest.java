package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.DiskLimitSource;
import org.cruncher.engine.api.DiskRefusal;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.api.FileView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.api.RoomWait;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.ResourceType;

class DiskWordsTest {

    private static final double GB = 1L << 30;

    private static FileView file(int rank, FileHold hold, boolean sticky) {
        return new FileView("f", FileRole.DATA, 10, 1, 0, 1, 0, sticky, true, hold, "", rank);
    }

    private static FileView sized(long bytes, FileHold hold) {
        return new FileView("f", FileRole.INPUT, bytes, 1, 0, 1, 0, false, true, hold, "",
                hold == FileHold.NONE ? 1 : 0);
    }

    @Test
    void deletionOrderIsAnOrdinalOrWhatKeepsTheFile() {
        assertEquals("1st to go", DiskWords.deletionOrder(file(1, FileHold.NONE, false)));
        assertEquals("2nd to go", DiskWords.deletionOrder(file(2, FileHold.NONE, false)));
        assertEquals("3rd to go", DiskWords.deletionOrder(file(3, FileHold.NONE, false)));
        assertEquals("11th to go", DiskWords.deletionOrder(file(11, FileHold.NONE, false)));
        assertEquals("22nd to go (kept between jobs until space is needed)",
                DiskWords.deletionOrder(file(22, FileHold.NONE, true)));
        assertEquals("Kept: its result is not yet reported",
                DiskWords.deletionOrder(file(0, FileHold.UNREPORTED_RESULT, false)));
    }

    @Test
    void aKeptFileNamesItsTaskAndWhyThatTaskWaits() {
        FileView queued = new FileView("sieve_7_in", FileRole.INPUT, 10, 1, 0, 1, 0, false, true,
                FileHold.QUEUED_RESULT, "sieve_7", 0);
        assertEquals("Kept: task sieve_7 waits to run and needs it (Waiting: every NVIDIA GPU is busy)",
                DiskWords.deletionOrder(queued, "Waiting: every NVIDIA GPU is busy"));
        // Without a Why (the task is not listed), only the task's name.
        assertEquals("Kept: task sieve_7 waits to run and needs it", DiskWords.deletionOrder(queued));
        FileView started = new FileView("sieve_8_in", FileRole.INPUT, 10, 1, 0, 1, 0, false, true,
                FileHold.RUNNING_TASK, "sieve_8", 0);
        assertEquals("Kept: started task sieve_8 uses it", DiskWords.deletionOrder(started, null));
        FileView done = new FileView("sieve_9_out", FileRole.OUTPUT, 10, 1, 0, 1, 0, false, true,
                FileHold.UNREPORTED_RESULT, "sieve_9", 0);
        assertEquals("Kept: the result of sieve_9 is not yet reported", DiskWords.deletionOrder(done));
        // An application's file has no task to name.
        FileView app = new FileView("sieve.exe", FileRole.APP, 10, 1, 0, 1, 0, false, true, FileHold.APP_VERSION, "",
                0);
        assertEquals("Kept: an application needs it", DiskWords.deletionOrder(app, "ignored"));
    }

    @Test
    void standingSaysHowFarOverTheShareAndWhyNoWorkComes() {
        // 3 GB used of a 2.5 GB share: 0.5 GB over, with 1 GB in a file nothing holds.
        ProjectDiskView offender = new ProjectDiskView("u", "B", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 4,
                List.of(sized((long) GB, FileHold.NONE), sized((long) (2 * GB), FileHold.QUEUED_RESULT)), null, false,
                List.of(), "");
        assertEquals("Over its share by 512 MB: its expendable files go first when space is needed",
                DiskWords.standing(offender));
        // Only 256 MB of it expendable: that goes, its tasks hold the rest. Short enough for the Standing column at
        // 1,280 pixels with a project's name beside it.
        ProjectDiskView partly = new ProjectDiskView("u", "B", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 2,
                List.of(sized((long) (GB / 4), FileHold.NONE), sized((long) (2.75 * GB), FileHold.QUEUED_RESULT)),
                null, false, List.of(), "");
        assertEquals("Over its share by 512 MB: 256 MB of its files may go first; tasks hold the rest",
                DiskWords.standing(partly));
        // Every file held by a task (the seed's 75/25 example, B's queued inputs): nothing can go yet.
        ProjectDiskView held = new ProjectDiskView("u", "B", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 1,
                List.of(sized((long) (3 * GB), FileHold.QUEUED_RESULT)), null, false, List.of(), "");
        assertEquals("Over its share by 512 MB, all held by its tasks until they are done",
                DiskWords.standing(held));
        // Over its share while another project, within its own, waits for room (decision 0043): that comes first,
        // and the details after where it stands.
        ProjectDiskView yielding = new ProjectDiskView("u", "Prime Search", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 1,
                List.of(sized((long) (3 * GB), FileHold.QUEUED_RESULT)), null, false, List.of(), "Climate Model");
        assertEquals("Leaves room to Climate Model: not asking for work. Over its share by 512 MB, all held by its "
                + "tasks until they are done. It is not asked for work while Climate Model, within its share and "
                + "with no work, waits for room for its next task, and it reports its finished tasks at once: the "
                + "room their files free goes to Climate Model, not back to it", DiskWords.standing(yielding));
        // 1 GB of 2 GB; its server had a 1.5 GB job and was offered 1 GB (the most the client could make room for,
        // which may be less than what is left of its own share), at a request whose time is said.
        double at = 1_767_225_600;
        ProjectDiskView refused = new ProjectDiskView("u", "A", GB, 2 * GB, DeletionPolicy.LRU, 1, List.of(),
                new DiskRefusal("a1", 1.5 * GB, GB, at), false, List.of(), "");
        // What keeps work away comes first, short enough for the Standing column at 1,280 pixels; the rest follows.
        assertEquals("Its smallest a1 job needs 1.5 GB; at most 1 GB could be offered. Within its share (1 GB left). "
                + "So it stood at its request of " + Format.stamp(at) + ", counting what could be deleted to "
                + "make room", DiskWords.standing(refused));
        assertTrue(DiskWords.standing(refused).indexOf(". ") <= 70, DiskWords.standing(refused));
        // Offered less than its share's room (the disk-75-25 sample: 799 MB left of B's share, 24 MB offered): it
        // says why, as "within its share" beside a smaller offer read as a contradiction. 2 GB - 1 GB = 1 GB left,
        // 24 MB offered.
        ProjectDiskView squeezed = new ProjectDiskView("u", "B", GB, 2 * GB, DeletionPolicy.LRU, 1, List.of(),
                new DiskRefusal("b1", 200 * GB / 1024, 24 * GB / 1024, at), false, List.of(), "");
        assertEquals("Its smallest b1 job needs 200 MB; at most 24 MB could be offered. Within its share (1 GB left). "
                + "So it stood at its request of " + Format.stamp(at) + ", counting what could be deleted to "
                + "make room: less than its share's 1 GB left, as files that cannot go yet (other projects' tasks hold "
                + "them) fill the rest of the limit", DiskWords.standing(squeezed));
        // No room can be made at all: that comes first too, and no server's figures are said.
        ProjectDiskView noRoom = new ProjectDiskView("u", "B", 3 * GB, 2.5 * GB, DeletionPolicy.LRU, 1,
                List.of(sized((long) (3 * GB), FileHold.QUEUED_RESULT)), new DiskRefusal("b1", GB, 0, at), true,
                List.of(), "");
        assertEquals("No room can be made for new work: not asking for any. Over its share by 512 MB, all held by its "
                + "tasks until they are done", DiskWords.standing(noRoom));
        // No limit at all (no disk preference limits the client): no share to be within, no "no limit left".
        ProjectDiskView unlimited = new ProjectDiskView("u", "C", 0, Double.POSITIVE_INFINITY, DeletionPolicy.LRU, 0,
                List.of(), null, false, List.of(), "");
        assertEquals("No disk limit applies to it", DiskWords.standing(unlimited));
    }

    /**
     * A project whose CPU requests wait for room after a reply filled it (decision 0040): the Projects pane's "see
     * Disk" found nothing of it here. 700 MB used of a 768 MB share; 12 MB of room now, 640 MB wanted (5/6 of the
     * 768 MB it may hold).
     */
    @Test
    void standingSaysWhatAResourceWaitingForRoomWaitsFor() {
        double at = 1_767_225_600;
        ProjectDiskView waiting = new ProjectDiskView("u", "Einstein", 700 * GB / 1024, 768 * GB / 1024,
                DeletionPolicy.LRU, 1, List.of(), null, false, List.of(new RoomWait(ResourceType.CPU, "brp4",
                7 * GB / 1024, 640 * GB / 1024, true, 12 * GB / 1024, at)), "");
        assertEquals("CPU requests wait for room: 12 MB could be offered, 640 MB wanted. Within its share (68 MB "
                + "left). A reply filled the room its CPU tasks may use: it is asked for CPU work again once its next "
                + "request can offer 640 MB, room for a batch of tasks (12 MB now, counting the files of its finished "
                + "tasks, deleted when they are reported, and the space other projects leave unused, which may take "
                + "it beyond its share), or when fewer of its CPU tasks are left to start than this computer has "
                + "CPUs, at the latest " + Format.stamp(at), DiskWords.standing(waiting));
        // Few of its tasks left to start: the next task's room is enough, and that is what is said (review).
        ProjectDiskView fewLeft = new ProjectDiskView("u", "Einstein", 700 * GB / 1024, 768 * GB / 1024,
                DeletionPolicy.LRU, 1, List.of(), null, false, List.of(new RoomWait(ResourceType.CPU, "brp4",
                7 * GB / 1024, 7 * GB / 1024, false, 2 * GB / 1024, at)), "");
        assertEquals("CPU requests wait for room: 2 MB could be offered, 7 MB wanted. Within its share (68 MB left). "
                + "A reply filled the room its CPU tasks may use: it is asked for CPU work again once its next "
                + "request can offer 7 MB, room for its next task, as fewer of its CPU tasks are left to start than "
                + "this computer has CPUs (2 MB now, counting the files of its finished tasks, deleted when they are "
                + "reported, and the space other projects leave unused, which may take it beyond its share), at the "
                + "latest " + Format.stamp(at), DiskWords.standing(fewLeft));
    }

    @Test
    void theBindingPreferenceIsNamedWithItsFigure() {
        // A 100 GB disk with 40 GB free; the client uses 1 GB (core) + 9 GB (projects).
        // "Leave at least 20 GB free": 1 + 9 + 40 - 20 = 30 GB; "90 % of total": 90 GB; no GB limit.
        DiskView minFree = new DiskView(100 * GB, 40 * GB, GB, 30 * GB, DiskLimitSource.MIN_FREE_GB,
                Double.POSITIVE_INFINITY, 30 * GB, 90 * GB, 29 * GB, 9 * GB, false, List.of(), List.of(), Map.of());
        assertEquals("\"Leave at least 20 GB free\"", DiskWords.bindingPref(minFree));
        DiskView pct = new DiskView(100 * GB, 40 * GB, GB, 25 * GB, DiskLimitSource.MAX_USED_PCT,
                Double.POSITIVE_INFINITY, 30 * GB, 25 * GB, 24 * GB, 9 * GB, false, List.of(), List.of(), Map.of());
        assertEquals("\"Use no more than 25 % of total\"", DiskWords.bindingPref(pct));
        // caoyuwei's disk_min_free_gb 0.001 (about 1 MB): said as it is, not rounded to "0 GB".
        DiskView tiny = new DiskView(100 * GB, 40 * GB, GB, 50 * GB - 0.001 * GB, DiskLimitSource.MIN_FREE_GB,
                Double.POSITIVE_INFINITY, 50 * GB - 0.001 * GB, 90 * GB, 49 * GB, 9 * GB, false, List.of(), List.of(),
                Map.of());
        assertEquals("\"Leave at least 0.001 GB free\"", DiskWords.bindingPref(tiny));
    }

    @Test
    void theSummaryNamesTheClientsOwnFilesOnlyWhenThereAreAny() {
        // The 30 GB "leave free" limit above: 1 GB of core files leaves the projects 29 GB, of which they use 9 GB.
        DiskView withCore = new DiskView(100 * GB, 40 * GB, GB, 30 * GB, DiskLimitSource.MIN_FREE_GB,
                Double.POSITIVE_INFINITY, 30 * GB, 90 * GB, 29 * GB, 9 * GB, false, List.of(), List.of(), Map.of());
        assertEquals("BOINC may use 30 GB, set by \"Leave at least 20 GB free\". Projects use 9 GB of the "
                + "29 GB left for them after the client's own 1 GB; 40 GB of the disk is free.",
                DiskWords.summary(withCore));
        // No core files (the emulator's usual case): no "after the client's own 0 bytes". 0 + 9 + 40 - 20 = 29 GB.
        DiskView noCore = new DiskView(100 * GB, 40 * GB, 0, 29 * GB, DiskLimitSource.MIN_FREE_GB,
                Double.POSITIVE_INFINITY, 29 * GB, 90 * GB, 29 * GB, 9 * GB, false, List.of(), List.of(), Map.of());
        assertEquals("BOINC may use 29 GB, set by \"Leave at least 20 GB free\". Projects use 9 GB; 40 GB "
                + "of the disk is free.", DiskWords.summary(noCore));
        // Of the 9 GB, a running task's 2 GB output is not written yet (counted at its most, as seed 004 reserves
        // it): the summary says so.
        FileView output = new FileView("out", FileRole.OUTPUT, (long) (2 * GB), 1, 0, Double.POSITIVE_INFINITY, 0,
                false, false, FileHold.NONE, "", 0);
        ProjectDiskView p = new ProjectDiskView("u", "A", 9 * GB, 29 * GB, DeletionPolicy.LRU, 1, List.of(output),
                null, false, List.of(), "");
        DiskView kept = new DiskView(100 * GB, 40 * GB, 0, 29 * GB, DiskLimitSource.MIN_FREE_GB,
                Double.POSITIVE_INFINITY, 29 * GB, 90 * GB, 29 * GB, 9 * GB, false, List.of(p), List.of(), Map.of());
        assertEquals("BOINC may use 29 GB, set by \"Leave at least 20 GB free\". Projects use 9 GB (2 GB of it kept "
                + "for files not yet written: downloads, and outputs at their most); 40 GB of the disk is free.",
                DiskWords.summary(kept));
    }

    @Test
    void aDiskOfUnknownSizeIsNotSaidToHaveNothingFree() {
        // The disk's size unknown (d_total 0): only "Use no more than 10 GB" applies; projects use 9 GB.
        DiskView unknown = new DiskView(0, 0, 0, 10 * GB, DiskLimitSource.MAX_USED_GB, 10 * GB,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 10 * GB, 9 * GB, false, List.of(), List.of(),
                Map.of());
        assertEquals("BOINC may use 10 GB, set by \"Use no more than 10 GB\". Projects use 9 GB; the disk's "
                + "size is unknown.", DiskWords.summary(unknown));
    }
}

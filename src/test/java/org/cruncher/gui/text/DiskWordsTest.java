package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.DiskLimitSource;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.api.FileView;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileRole;

class DiskWordsTest {

    private static final double GB = 1L << 30;

    private static FileView file(int rank, FileHold hold, boolean sticky) {
        return new FileView("f", FileRole.DATA, 10, 1, 0, 1, 0, sticky, true, hold, "", rank);
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

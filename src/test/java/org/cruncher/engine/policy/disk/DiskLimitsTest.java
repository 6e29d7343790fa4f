package org.cruncher.engine.policy.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.DiskLimitSource;
import org.cruncher.engine.model.Prefs;

class DiskLimitsTest {

    private static final double G = DiskLimits.GB;

    @Test
    void boincChecklistExampleLeaveFreeBinds() {
        // boinc-engine.md §9 item 23: 500 GiB disk, 100 GiB free, 10 GiB used by the client, default prefs
        // (90 %, 0.1 GB free, no GB limit): min(10 + 100 - 0.1 = 109.9 GiB, 500 x 0.9 = 450 GiB) = 109.9 GiB.
        DiskLimits l = DiskLimits.of(Prefs.DEFAULTS, 500 * G, 100 * G, 0, 10 * G);
        assertEquals(109.9 * G, l.totalLimit(), 1);
        assertEquals(DiskLimitSource.MIN_FREE_GB, l.source());
        assertEquals(450 * G, l.maxUsedPctLimit(), 1);
        assertEquals(Double.POSITIVE_INFINITY, l.maxUsedGbLimit());
    }

    @Test
    void useNoMoreThanBindsWhenSmallest() {
        // 20 GB < 109.9 GiB < 450 GiB.
        DiskLimits l = DiskLimits.of(Prefs.DEFAULTS.withDisk(20, 90, 0.1), 500 * G, 100 * G, 0, 10 * G);
        assertEquals(20 * G, l.totalLimit(), 0);
        assertEquals(DiskLimitSource.MAX_USED_GB, l.source());
    }

    @Test
    void percentageBindsOnAnEmptyDisk() {
        // 100 GiB disk, 90 GiB free, nothing used: 50 % = 50 GiB < 90 - 0.1 = 89.9 GiB.
        DiskLimits l = DiskLimits.of(Prefs.DEFAULTS.withDisk(0, 50, 0.1), 100 * G, 90 * G, 0, 0);
        assertEquals(50 * G, l.totalLimit(), 0);
        assertEquals(DiskLimitSource.MAX_USED_PCT, l.source());
    }

    @Test
    void zeroMeansNoLimitForGigabytesAndPercent() {
        // Only "leave 1 GB free" is left: 2 (used) + 10 (free) - 1 = 11 GiB.
        DiskLimits l = DiskLimits.of(Prefs.DEFAULTS.withDisk(0, 0, 1), 100 * G, 10 * G, 0, 2 * G);
        assertEquals(11 * G, l.totalLimit(), 0);
        assertEquals(DiskLimitSource.MIN_FREE_GB, l.source());
    }

    @Test
    void neverBelowZero() {
        // 0.5 GiB free, 0 used, leave 2 GB: 0.5 - 2 < 0 -> 0.
        DiskLimits l = DiskLimits.of(Prefs.DEFAULTS.withDisk(0, 90, 2), 100 * G, 0.5 * G, 0, 0);
        assertEquals(0, l.totalLimit());
        assertEquals(0, l.allProjectsLimit());
    }

    @Test
    void unknownDiskSizeLeavesOnlyTheGigabyteLimit() {
        assertEquals(DiskLimitSource.NO_LIMIT, DiskLimits.of(Prefs.DEFAULTS, 0, 0, 0, 0).source());
        assertEquals(Double.POSITIVE_INFINITY, DiskLimits.of(Prefs.DEFAULTS, 0, 0, 0, 0).free());
        DiskLimits l = DiskLimits.of(Prefs.DEFAULTS.withDisk(3, 90, 0.1), 0, 0, 0, 0);
        assertEquals(3 * G, l.totalLimit(), 0);
        assertEquals(DiskLimitSource.MAX_USED_GB, l.source());
    }

    @Test
    void projectsShareWhatTheCoreLeaves() {
        // 10 GB limit, the client's own files 1 GiB, projects 6 GiB: aPl = 9 GiB, free 3 GiB, no excess.
        DiskLimits l = DiskLimits.of(Prefs.DEFAULTS.withDisk(10, 90, 0.1), 500 * G, 100 * G, 1 * G, 6 * G);
        assertEquals(9 * G, l.allProjectsLimit(), 0);
        assertEquals(3 * G, l.free(), 0);
        assertEquals(0, l.excess());
        // Lowered to 5 GB: 1 + 6 = 7 GiB used, 2 GiB over.
        DiskLimits low = DiskLimits.of(Prefs.DEFAULTS.withDisk(5, 90, 0.1), 500 * G, 100 * G, 1 * G, 6 * G);
        assertEquals(2 * G, low.excess(), 0);
    }
}

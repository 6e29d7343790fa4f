package org.cruncher.engine.policy.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;

class DeletionOrderTest {

    private static final double NOW = 1000;

    /** A file: priority, arrival, last use, expiry. */
    private static FileInfo f(String name, int priority, double arrival, double lastUsed, double expiry) {
        FileInfo f = new FileInfo("http://p/", name, FileRole.DATA, "", 1, priority, arrival, expiry, true, true);
        f.touch(lastUsed);
        return f;
    }

    // f1 p1 arrived 10 used 500; f2 p1 arrived 20 used 100; f3 p3 arrived 5 used 50, expired at 300;
    // f4 p5 arrived 1 used 1, expired at 200; f5 p3 arrived 30 used 10. Now = 1000.
    private final FileInfo f1 = f("f1", 1, 10, 500, 5000);
    private final FileInfo f2 = f("f2", 1, 20, 100, 5000);
    private final FileInfo f3 = f("f3", 3, 5, 50, 300);
    private final FileInfo f4 = f("f4", 5, 1, 1, 200);
    private final FileInfo f5 = f("f5", 3, 30, 10, 5000);

    private List<String> order(DeletionPolicy policy) {
        List<FileInfo> files = new ArrayList<>(List.of(f1, f2, f3, f4, f5));
        files.sort(DeletionOrder.of(policy, NOW));
        return files.stream().map(FileInfo::name).toList();
    }

    @Test
    void lruLowestPriorityThenExpiredThenLeastRecentlyUsed() {
        // The first level allows p1 and the expired f3 and f4: p1 by use, f2 (used 100) before f1 (used 500); then
        // f3 (p3) and f4 (p5) by their own priorities; then f5, which only the third level allows.
        assertEquals(List.of("f2", "f1", "f3", "f4", "f5"), order(DeletionPolicy.LRU));
    }

    @Test
    void priorityPolicyLowestPriorityInArrivalOrder() {
        // First level: p1 in arrival order, f1 (10) before f2 (20); the expired f3 (p3) and f4 (p5); then f5.
        assertEquals(List.of("f1", "f2", "f3", "f4", "f5"), order(new DeletionPolicy(true, false)));
    }

    @Test
    void expirePolicyExpiredFilesFirstEarliestExpiryFirst() {
        // Expired: f4 (200) before f3 (300), whatever their priority; then p1 by LRU (f2, f1), then f5.
        assertEquals(List.of("f4", "f3", "f2", "f1", "f5"), order(new DeletionPolicy(false, true)));
    }

    @Test
    void bothFlagsExpiredFirstThenPriorityInArrivalOrder() {
        assertEquals(List.of("f4", "f3", "f1", "f2", "f5"), order(new DeletionPolicy(true, true)));
    }

    @Test
    void aLevelAllowsItsPrioritiesAndEveryExpiredFile() {
        assertTrue(DeletionOrder.eligible(f1, FileInfo.P_LOW, NOW));
        assertTrue(DeletionOrder.eligible(f4, FileInfo.P_LOW, NOW), "expired, so any level");
        assertFalse(DeletionOrder.eligible(f5, FileInfo.P_LOW, NOW));
        assertFalse(DeletionOrder.eligible(f5, 2, NOW));
        assertTrue(DeletionOrder.eligible(f5, FileInfo.P_MEDIUM, NOW));
    }

    @Test
    void defaultExpiryIsSixtyDaysAfterArrival() {
        assertEquals(100 + 60 * 86400, FileInfo.expiry(100, Double.NaN));
        assertEquals(100 + 2 * 86400, FileInfo.expiry(100, 2));
    }

    @Test
    void aFileIsRankedAsTheLevelsDeleteIt() {
        // b0 p2; bx p3 but expired: the first level deletes bx, the second b0, so bx ranks first.
        FileInfo b0 = f("b0", 2, 1, 1, 5000);
        FileInfo bx = f("bx", 3, 2, 2, 300);
        List<FileInfo> files = new ArrayList<>(List.of(b0, bx));
        files.sort(DeletionOrder.of(DeletionPolicy.LRU, NOW));
        assertEquals(List.of("bx", "b0"), files.stream().map(FileInfo::name).toList());
    }
}

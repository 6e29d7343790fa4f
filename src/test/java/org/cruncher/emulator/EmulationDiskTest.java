package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;

/** Seed 004 in the emulator: servers that fill only the space offered, and the disk figures of merit. */
class EmulationDiskTest {

    private static final double GB = 1L << 30;
    private static final double HOUR = 3600;

    /** 2 CPUs; a 100 GB disk with 80 GB free; "use no more than 10 GB". */
    private static ScenarioBuilder host() {
        return new ScenarioBuilder(new Host("h", "cpu", 2, 1e9, 8e9, 100 * GB, 80 * GB, List.of()))
                .prefs(Prefs.DEFAULTS.withDisk(10, 0, 0));
    }

    /**
     * The seed's 75/25 example on a 10 GB limit: A's share is 7.5 GB, B's 2.5 GB. B starts with four 1.5 GB data
     * files (6 GB: above its share, in space A does not use yet): b_keep has priority P_HIGH, b_z_expired expired on
     * arrival, the others are P_LOW and kept 60 days. A's jobs need 1 GB in + 0.1 GB out each and it wants more
     * than 4 GB of them at once.
     */
    private static Scenario seventyFiveTwentyFive() {
        return host().project("A", 75).cpuApp("a1", HOUR, 2 * 86400).files(GB, 0.1 * GB, 0)
                .project("B", 25).cpuApp("b1", HOUR, 2 * 86400)
                .existingFile("b_0", 1.5 * GB, 1, Double.NaN)
                .existingFile("b_keep", 1.5 * GB, 5, Double.NaN)
                .existingFile("b_1", 1.5 * GB, 1, Double.NaN)
                .existingFile("b_z_expired", 1.5 * GB, 1, 0)
                .build("disk 75/25");
    }

    /**
     * A disk that holds less than the work buffer is filled in batches, not a job or two per contact (decision
     * 0040; a QA run on a 20-CPU host under a 1 GB limit saw 3 contacts every few minutes). 8 CPUs, "use no more
     * than 0.25 GB"; A (share 300) has 15-minute jobs of 1.66 MB in and 5.72 MB out, 7.04 MB each, B (100) 4-hour
     * jobs without files. The disk holds about 36 of A's jobs, 1.5 hours of its 6 CPUs' work, under the buffer's
     * 14.4 hours, so A always wants more. A reply that fills the room makes A wait until 5/6 of what it holds is
     * free again, counting the finished tasks its next contact reports: about 30 jobs every 1.25 hours, for two
     * contacts (one reports and gets what fits beside the reported files, the next what their deletion freed). Two
     * days: about 38 batches, 77 contacts, and B's few; before, 773 contacts for the same 1,224 jobs. The CPUs
     * never wait.
     */
    @Test
    void aDiskSmallerThanTheBufferIsFilledInBatches() {
        Scenario s = new ScenarioBuilder(new Host("h", "cpu", 8, 1e9, 8e9, 100 * GB, 80 * GB, List.of()))
                .prefs(Prefs.DEFAULTS.withDisk(0.25, 0, 0)).project("A", 300).cpuApp("a1", 900, 10 * 86400)
                .files(1.66e6, 5.72e6, 0).project("B", 100).cpuApp("b1", 4 * HOUR, 10 * 86400)
                .build("small disk");
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(s, 1, events::add);
        e.advanceTo(e.startTime() + 2 * 86400);
        EmulationReport r = e.report(0);

        assertTrue(r.rpcs() <= 90, r.rpcs() + " RPCs for " + r.jobs() + " jobs");
        assertTrue(r.jobs() >= 1200, r.jobs() + " jobs");
        assertEquals(0, r.usableIdleFraction(), 1e-3);
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.RESOURCE_BACKED_OFF
                && x.reason().equals("WAITING_FOR_ROOM") && x.detail().startsWith("the disk holds no more of its "
                + "CPU tasks: the next would need 7.04 MB")), "said why it waits");
    }

    @Test
    void theOffenderMakesRoomForTheProjectUnderItsShareAndOnlyUntilItStopsOffending() {
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(seventyFiveTwentyFive(), 1, events::add);
        e.advanceTo(e.startTime() + 2 * 86400);
        DiskFigures d = e.report(0).disk();

        assertNotNull(d);
        assertEquals(10 * GB, d.limitBytes());
        assertEquals("MAX_USED_GB", d.bindingPref());
        assertEquals(0, d.maxExcessAfterPollBytes(), "every poll leaves usage within the limit");
        assertTrue(d.peakUsageBytes() <= 10 * GB);
        // Only B's files went, in B's order (LRU policy: lowest priority first, then expired, then least recently
        // used; all were last used at the start, so then by name): b_z_expired, b_0, b_1. B stops offending at
        // 2.5 GB: 6 -> 4.5 -> 3 -> 1.5 GB after three, so b_keep (P_HIGH) stays.
        List<String> deleted = events.stream().filter(x -> x.kind() == EventKind.FILE_DELETED)
                .map(x -> x.project() + ":" + x.detail().split(" ")[0]).toList();
        assertEquals(List.of("B:b_z_expired", "B:b_0", "B:b_1"), deleted);
        // The expired file says why it went first, in the log and in the Disk pane's list.
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.FILE_DELETED
                && x.detail().startsWith("b_z_expired (1.5 GB, priority 1, expired) to store")), deleted.toString());
        assertTrue(e.engine().diskView().recentDeletions().stream().anyMatch(x -> x.fileName().equals("b_z_expired")
                && x.detail().startsWith("it had expired; to store")));
        assertTrue(e.engine().diskView().recentDeletions().stream().anyMatch(x -> x.fileName().equals("b_0")
                && x.detail().startsWith("to store")));
        assertEquals(3L, d.deletions().get("OFFENDER_FOR_NEW_FILE"), d.deletions().toString());
        assertEquals(0, d.suspendedSeconds());
        // What the store holds is what the engine's table says is present.
        double present = e.state().projects().stream().flatMap(p -> e.state().files().filesOf(p.url()).stream())
                .filter(FileInfo::present).mapToDouble(FileInfo::nbytes).sum();
        assertEquals(present, e.storedBytes());
        assertEquals(d.bytesWritten() - d.bytesDeleted(), e.storedBytes());
    }

    @Test
    void aPollBringsUsageUnderALimitItStartsAbove() {
        // B holds eight 1.5 GB files: 12 GB over a 10 GB limit. The first poll deletes until usage is within it.
        ScenarioBuilder b = host().project("A", 75).cpuApp("a1", HOUR, 2 * 86400)
                .project("B", 25).cpuApp("b1", HOUR, 2 * 86400);
        for (int i = 0; i < 8; i++) {
            b.existingFile("b_" + i, 1.5 * GB, 1, Double.NaN);
        }
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(b.build("over the limit"), 1, events::add);
        DiskFigures d = e.report(0).disk();

        assertEquals(0, d.maxExcessAfterPollBytes());
        // Each deletion says what it was for, in one sentence the Disk pane can put in brackets: 12 GB of the
        // client's files against its 10 GB limit; B's share is 25 % of 10 GB.
        assertEquals("b_0 (1.5 GB, priority 1) to bring the client's 12 GB under its 10 GB limit; B held 12 GB against "
                + "its 2.5 GB share", events.stream().filter(x -> x.kind() == EventKind.FILE_DELETED).findFirst()
                .orElseThrow().detail());
        // Step 1 trims B to its 2.5 GB share: 12 -> 10.5 -> 9 GB is within the total limit after two files.
        assertEquals(12 * GB - 2 * 1.5 * GB, e.engine().diskView().projectsUsage(), 1);
        assertEquals(2L, d.deletions().get("OVER_LIMIT_OFFENDER"), d.deletions().toString());
    }

    @Test
    void whenNothingCanGoComputingIsSuspendedAndTheTimeCounted() {
        // The client's own files take 11 GB of a 10 GB limit: no project file can help, computing stays suspended.
        Emulation e = new Emulation(host().coreDiskUsage(11 * GB).project("A", 100).cpuApp("a1", HOUR, 2 * 86400)
                .build("core over the limit"), 1, null);
        e.advanceTo(e.startTime() + 86400);
        EmulationReport r = e.report(0);

        assertEquals(86400, r.disk().suspendedSeconds(), 1e-6);
        assertEquals(GB, r.disk().maxExcessAfterPollBytes(), 1);
        assertEquals(0, r.projects().get(0).cpuSeconds());
    }

    @Test
    void noDiskFiguresWithoutALimit() {
        // A disk of unknown size (d_total 0) and no "use no more than N GB": no preference can apply, no limit.
        Scenario s = new ScenarioBuilder(new Host("h", "cpu", 1, 1e9, 8e9, 0, 0, List.of()))
                .project("A", 100).cpuApp("a1", HOUR, 86400).build("unknown disk");
        assertNull(Emulation.run(s, 0.1, 1, null).disk());
    }
}

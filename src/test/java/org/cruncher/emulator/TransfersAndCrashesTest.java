package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.RpcDeferral;

/** Seed 002's computation failures made real: file transfers and crashing applications in the emulator. */
class TransfersAndCrashesTest {

    private static final double HOUR = 3600;

    private static Scenario oneProject(double in, double out, double error, TransferSpec t) {
        return new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", HOUR, 10 * 86400)
                .files(in, out, error).transfers(t.downloadRate(), t.uploadRate(), t.failureRate())
                .build("files");
    }

    private static Project a(Emulation e) {
        return e.state().projects().iterator().next();
    }

    @Test
    void inputArrivesBeforeAJobRunsAndOutputLeavesBeforeItIsReported() {
        // 10 MB in at 1 MB/s: the first jobs download for 10 s, and none runs before. 20 MB out at 100 kB/s: a
        // finished job uploads for 200 s before it waits to be reported.
        Emulation e = new Emulation(oneProject(10e6, 20e6, 0, new TransferSpec(1e6, 1e5, 0)), 1, null);
        e.advanceTo(e.startTime() + 5);
        List<Result> results = List.copyOf(e.state().results());
        assertTrue(results.stream().allMatch(r -> r.state() == ResultState.FILES_DOWNLOADING), results.toString());
        assertTrue(e.state().activeTasks().isEmpty());

        e.advanceTo(e.startTime() + 11);
        assertTrue(results.stream().allMatch(r -> r.state() == ResultState.FILES_DOWNLOADED));
        assertEquals(1, e.state().activeTasks().size());

        // The first job runs 10 s .. 3610 s, then uploads until 3810 s.
        e.advanceTo(e.startTime() + 10 + HOUR + 100);
        Result first = results.get(0);
        assertEquals(ResultState.FILES_UPLOADING, first.state());
        assertTrue(!first.readyToReport());
        e.advanceTo(e.startTime() + 10 + HOUR + 201);
        assertEquals(ResultState.FILES_UPLOADED, first.state());
        assertTrue(first.readyToReport());
    }

    /**
     * Seed 004's step 3 may give up a result whose input still downloads (it is neither computing nor waiting for
     * the server's ack), and its download ending later does not bring it back. 1 GB in at 100 MB/s: 5 s in, the
     * first jobs download (each holding its 1 GB); the limit falls to 0.5 GB, which only giving them all up meets.
     * They are given up at once, computing is not suspended, and at 20 s, their downloads over (and not yet
     * reported: the server is down from 1 s), they are still aborted for disk space, and none of them ran.
     */
    @Test
    void aResultStillDownloadingMayBeGivenUpForDiskAndStaysGivenUp() {
        Emulation e = new Emulation(new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100)
                .cpuApp("a1", HOUR, 10 * 86400).files(1e9, 0, 0).transfers(1e8, 1e8, 0).outage(1, HOUR)
                .build("given up while downloading"), 1, null);
        e.advanceTo(e.startTime() + 5);
        List<Result> downloading = List.copyOf(e.state().results());
        assertTrue(!downloading.isEmpty() && downloading.stream()
                .allMatch(r -> r.state() == ResultState.FILES_DOWNLOADING), downloading.toString());

        e.engine().submit(new EngineCommand.SetPrefs(e.state().prefs().withDisk(0.5, 90, 0.1)));
        e.applyCommands();
        assertFalse(e.engine().diskSuspended());
        e.advanceTo(e.startTime() + 20);
        assertTrue(e.state().activeTasks().isEmpty(), e.state().activeTasks().toString());

        for (Result r : downloading) {
            assertEquals(ResultState.ABORTED, r.state(), r.name());
            assertEquals(Result.EXIT_DISK_SPACE, r.exitStatus(), r.name());
            assertEquals(0, r.finalElapsedTime(), r.name());
        }
    }

    @Test
    void aFailedDownloadIsReportedAsAnErrorAndDefersContact() {
        // Every transfer fails: the first jobs' downloads fail after 10 s; they are reported as download errors,
        // and the project's scheduler is not contacted again at once (computation-failure backoff).
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(oneProject(10e6, 0, 0, new TransferSpec(1e6, 1e6, 1)), 1, events::add);

        e.advanceTo(e.startTime() + 11);

        assertTrue(e.state().results().stream().allMatch(r -> r.readyToReport()
                && r.state() == ResultState.FILES_DOWNLOADING && r.exitStatus() == Result.ERR_FILE_TRANSFER));
        assertEquals(RpcDeferral.COMPUTATION_FAILURE, a(e).contact().deferral(e.now()));
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.TASK_FAILED
                && x.reason().equals("DOWNLOAD_FAILED")));
    }

    @Test
    void crashingApplicationsAreBackedOffSoFailuresDoNotCycleQuickly() {
        // Every job crashes part way through its hour. Each crash backs the project off (exponentially, as RPC
        // failures do): over a day the client contacts the project far less often than once per crash would.
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(oneProject(0, 0, 1, TransferSpec.NONE), 1, events::add);

        e.advanceTo(e.startTime() + 86400);

        long crashes = events.stream().filter(x -> x.kind() == EventKind.TASK_FAILED).count();
        long rpcs = events.stream().filter(x -> x.kind() == EventKind.RPC_SENT).count();
        assertTrue(crashes > 10, "crashes " + crashes);
        assertTrue(rpcs < crashes, rpcs + " RPCs for " + crashes + " crashes");
        assertTrue(e.state().results().stream().filter(Result::readyToReport)
                .allMatch(r -> r.state() == ResultState.COMPUTE_ERROR));
    }
}

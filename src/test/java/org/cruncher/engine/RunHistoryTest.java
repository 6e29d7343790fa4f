package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.api.HostAvailability;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

class RunHistoryTest {

    private static List<String> changes(RunHistoryView v) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < v.size(); i++) {
            out.add((long) v.time(i) + " " + v.projectName(i) + " " + v.resource(i) + " " + v.instances(i));
        }
        return out;
    }

    @Test
    void onlyChangesAreKeptAndAViewStaysAsItWas() {
        // 2 CPUs: A's task runs at 0 and 60 (one change, at 0); B's joins at 120; A's stops at 180.
        StateBuilder b = StateBuilder.cpus(2).project("A", 50).project("B", 50);
        Result a = b.job("A", "A_cpu", 3600, 864000);
        Result bee = b.job("B", "B_cpu", 3600, 864000);
        ActiveTask ta = b.activate(a, SchedulerState.SCHEDULED);
        RunHistory h = new RunHistory();
        h.record(0, b.state(), HostStatus.ALL_ALLOWED, false);
        h.record(60, b.state(), HostStatus.ALL_ALLOWED, false);
        RunHistoryView early = h.view(b.state());
        b.activate(bee, SchedulerState.SCHEDULED);
        h.record(120, b.state(), HostStatus.ALL_ALLOWED, false);
        ta.setSchedulerState(SchedulerState.PREEMPTED);
        h.record(180, b.state(), HostStatus.ALL_ALLOWED, false);

        RunHistoryView v = h.view(b.state());
        assertEquals(List.of("0 A CPU 1.0", "120 B CPU 1.0", "180 A CPU 0.0"), changes(v));
        assertEquals(0, v.since(), 0);
        assertEquals(180, v.until(), 0);
        assertEquals(List.of("0 A CPU 1.0"), changes(early), "a view handed out earlier does not change");
        assertEquals(60, early.until(), 0);
    }

    @Test
    void aSavedHistoryIsTakenUpByUrlAndTheNextPollAppendsOnlyWhatChanged() {
        // Saved: A held 1 CPU from 0, B 1 CPU from 120, and a project no longer here ("Gone") 2 CPUs from 60. The
        // new state lists B before A, so their slots differ from the saved ones; Gone's change is left out.
        StateBuilder b = StateBuilder.cpus(2).project("B", 50).project("A", 50);
        Result a = b.job("A", "A_cpu", 3600, 864000);
        b.activate(a, SchedulerState.SCHEDULED);
        String urlA = a.project().url();
        String urlB = b.state().projects().stream().filter(p -> p.name().equals("B")).findFirst().orElseThrow().url();
        RunHistoryView saved = new RunHistoryView(0, 150, new double[] {0, 60, 120}, new int[] {0, 2, 1},
                new byte[] {(byte) ResourceType.CPU.ordinal(), (byte) ResourceType.CPU.ordinal(),
                        (byte) ResourceType.CPU.ordinal()}, new double[] {1, 2, 1}, 0, 3,
                List.of(urlA, urlB, "http://gone/"), List.of("A", "B", "Gone"));
        RunHistory h = new RunHistory();

        h.resume(saved, b.state());
        // At 180 A still holds its CPU (no change); B's task is not running here (B held 1, now 0: a change).
        h.record(180, b.state(), HostStatus.ALL_ALLOWED, false);

        RunHistoryView v = h.view(b.state());
        assertEquals(List.of("0 A CPU 1.0", "120 B CPU 1.0", "180 B CPU 0.0"), changes(v));
        assertEquals(0, v.since(), 0);
        assertEquals(180, v.until(), 0);
    }

    @Test
    void aSavedSpanInWhichNothingRanIsTakenUpToo() {
        // Saved from 100 to 200 with nothing running: the record still began at 100, not at the restart.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        RunHistory h = new RunHistory();
        h.resume(new RunHistoryView(100, 200, new double[0], new int[0], new byte[0], new double[0], 0, 0, List.of(),
                List.of()), b.state());
        h.record(300, b.state(), HostStatus.ALL_ALLOWED, false);

        assertEquals(100, h.view(b.state()).since(), 0);
        assertEquals(300, h.view(b.state()).until(), 0);
        assertEquals(List.of(), changes(h.view(b.state())));
    }

    @Test
    void nothingRunsWhileComputingIsSuspended() {
        // The task stays scheduled, but the host does not compute from 60 to 120: no CPU held then.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        b.activate(b.job("A", "A_cpu", 3600, 864000), SchedulerState.SCHEDULED);
        RunHistory h = new RunHistory();
        h.record(0, b.state(), HostStatus.ALL_ALLOWED, false);
        h.record(60, b.state(), new HostStatus(false, false, true), false);
        h.record(120, b.state(), HostStatus.ALL_ALLOWED, false);

        assertEquals(List.of("0 A CPU 1.0", "60 A CPU 0.0", "120 A CPU 1.0"), changes(h.view(b.state())));
    }

    @Test
    void aGpuTaskCountsItsGpusOnItsOwnResource() {
        // A GPU app of 1 NVIDIA GPU + 0.5 CPU: the NVIDIA lane holds 1, the CPU lane nothing (its CPU share goes
        // with the GPU task).
        StateBuilder b = StateBuilder.cpus(2).gpus(ResourceType.NVIDIA, 1, 1e12).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.5, 1e12);
        b.activate(b.job("A", "A_gpu", 3600, 864000), SchedulerState.SCHEDULED);
        RunHistory h = new RunHistory();
        h.record(0, b.state(), HostStatus.ALL_ALLOWED, false);

        assertEquals(List.of("0 A NVIDIA 1.0"), changes(h.view(b.state())));
    }

    @Test
    void changesOlderThanAWeekAreDroppedAndTheRestReadsAsBefore() {
        // A runs throughout; B's task starts and stops every hour and C's every 3 hours, for 400 hours: about 535 changes,
        // more than the arrays first hold (256), so older ones go. What is left must give, at every poll from
        // `since` on, the figures that poll recorded, with those running at the cutoff restated there.
        StateBuilder b = StateBuilder.cpus(3).project("A", 40).project("B", 30).project("C", 30);
        b.activate(b.job("A", "A_cpu", 3600, 864000), SchedulerState.SCHEDULED);
        ActiveTask tb = b.activate(b.job("B", "B_cpu", 3600, 864000), SchedulerState.SCHEDULED);
        ActiveTask tc = b.activate(b.job("C", "C_cpu", 3600, 864000), SchedulerState.SCHEDULED);
        RunHistory h = new RunHistory();
        List<double[]> truth = new ArrayList<>();
        double end = 0;
        for (int hour = 0; hour <= 400; hour++) {
            boolean bRuns = hour % 2 == 0;
            boolean cRuns = hour / 3 % 2 == 0;
            tb.setSchedulerState(bRuns ? SchedulerState.SCHEDULED : SchedulerState.PREEMPTED);
            tc.setSchedulerState(cRuns ? SchedulerState.SCHEDULED : SchedulerState.PREEMPTED);
            end = hour * 3600.0;
            h.record(end, b.state(), HostStatus.ALL_ALLOWED, false);
            truth.add(new double[] {end, 1, bRuns ? 1 : 0, cRuns ? 1 : 0});
        }

        RunHistoryView v = h.view(b.state());
        assertTrue(v.since() > 0, "the oldest changes went");
        assertTrue(end - v.since() >= RunHistory.KEPT, "at least a week is kept");
        assertEquals(v.since(), v.time(0), 0, "what ran at the cutoff is restated there");
        int checked = 0;
        for (double[] poll : truth) {
            if (poll[0] < v.since()) {
                continue;
            }
            double[] held = new double[3];
            for (int i = 0; i < v.size() && v.time(i) <= poll[0]; i++) {
                held["ABC".indexOf(v.projectName(i))] = v.instances(i);
            }
            assertEquals(poll[1], held[0], 0, "A at " + poll[0]);
            assertEquals(poll[2], held[1], 0, "B at " + poll[0]);
            assertEquals(poll[3], held[2], 0, "C at " + poll[0]);
            checked++;
        }
        assertTrue(checked >= 168, "a week of hourly polls checked: " + checked);
    }

    @Test
    void theEngineRecordsEachPollAndTheSnapshotCarriesIt() {
        // One CPU, A and B (equal shares) with 2-hour jobs. Period 1: debts tie, A (smaller URL) runs. Then A's debt
        // is -30 min and B's +30 min: B runs the second hour. Then both are at 0 again and A runs the third.
        Scenario s = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", 7200, 864000)
                .project("B", 100).cpuApp("b1", 7200, 864000).build("A and B");
        Emulation e = new Emulation(s, 1, null);
        double t0 = s.startTime();
        e.advanceTo(t0 + 7200 + 1);

        RunHistoryView v = e.engine().snapshot(List.of(), 0, null, null).runs();

        List<String> firstHours = new ArrayList<>();
        for (String c : changes(v)) {
            if (Long.parseLong(c.substring(0, c.indexOf(' '))) <= (long) t0 + 7200) {
                firstHours.add(c);
            }
        }
        long t = (long) t0;
        assertEquals(List.of(t + " A CPU 1.0", (t + 3600) + " A CPU 0.0", (t + 3600) + " B CPU 1.0",
                (t + 7200) + " A CPU 1.0", (t + 7200) + " B CPU 0.0"), firstHours);
    }

    private static List<String> hostChanges(RunHistoryView v) {
        List<String> out = new ArrayList<>();
        for (int i = 0; i < v.hostChanges(); i++) {
            out.add((long) v.hostTime(i) + " " + v.host(i));
        }
        return out;
    }

    @Test
    void whatTheHostAllowedIsKeptAsChangesTheMostTellingFirst() {
        // A host with a GPU, polled every minute: on and computing (0, 60), GPUs not allowed (120), over the disk
        // limit with the GPUs still not allowed (180: disk full says more), on but not allowed to compute (240), off
        // (300; off says more than not allowed), on and computing again (360). Six changes, one per different poll.
        StateBuilder b = StateBuilder.cpus(2).gpus(ResourceType.NVIDIA, 1, 1e12).project("A", 100);
        RunHistory h = new RunHistory();
        h.record(0, b.state(), HostStatus.ALL_ALLOWED, false);
        h.record(60, b.state(), HostStatus.ALL_ALLOWED, false);
        h.record(120, b.state(), new HostStatus(true, false, true), false);
        h.record(180, b.state(), new HostStatus(true, false, true), true);
        h.record(240, b.state(), new HostStatus(false, false, true), false);
        h.record(300, b.state(), new HostStatus(false, false, false, false), true);
        RunHistoryView early = h.view(b.state());
        h.record(360, b.state(), HostStatus.ALL_ALLOWED, false);

        assertEquals(List.of("0 COMPUTING", "120 GPUS_SUSPENDED", "180 DISK_FULL", "240 NOT_ALLOWED", "300 OFF",
                "360 COMPUTING"), hostChanges(h.view(b.state())));
        assertEquals(5, early.hostChanges(), "a view handed out earlier does not change");
    }

    @Test
    void overTheDiskLimitIsSaidBeforeNotAllowedAsTheStatusBarSaysIt() {
        // On, not allowed to compute and over the disk limit: the disk, as the status bar and the Tasks pane say it;
        // off says more than either.
        assertEquals(HostAvailability.DISK_FULL,
                RunHistory.availability(new HostStatus(false, false, true), true, false));
        assertEquals(HostAvailability.OFF,
                RunHistory.availability(new HostStatus(false, false, false, false), true, false));
    }

    @Test
    void aHostWithoutGpusIsNotSaidToHaveItsGpusSuspended() {
        // CPUs only: the GPU flag off changes nothing the host could do.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100);
        RunHistory h = new RunHistory();
        h.record(0, b.state(), HostStatus.ALL_ALLOWED, false);
        h.record(60, b.state(), new HostStatus(true, false, true), false);

        assertEquals(List.of("0 COMPUTING"), hostChanges(h.view(b.state())));
    }

    @Test
    void theHostsChangesOlderThanAWeekGiveWayAndTheRestReadsAsBefore() {
        // Off for the first half of every hour, on for the second, for 400 hours: 800 changes, far more than the 16
        // first held. What is left must say, at every poll from its first change on, what that poll recorded; the
        // last change before the cutoff is restated at the cutoff, so at least a week reads.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        RunHistory h = new RunHistory();
        HostStatus off = new HostStatus(false, false, false, false);
        double end = 0;
        for (int halfHour = 0; halfHour < 800; halfHour++) {
            end = halfHour * 1800.0;
            h.record(end, b.state(), halfHour % 2 == 0 ? off : HostStatus.ALL_ALLOWED, false);
        }

        RunHistoryView v = h.view(b.state());
        assertTrue(v.hostChanges() < 800, "the oldest went: " + v.hostChanges());
        assertTrue(end - v.hostTime(0) >= RunHistory.KEPT, "at least a week is kept: " + (end - v.hostTime(0)));
        for (int i = 1; i < v.hostChanges(); i++) {
            long halfHour = Math.round(v.hostTime(i) / 1800);
            assertEquals(halfHour % 2 == 0 ? "OFF" : "COMPUTING", v.host(i).name(), "at " + v.hostTime(i));
            assertTrue(v.hostTime(i) > v.hostTime(i - 1));
        }
    }

    @Test
    void aViewOfTheHostRecordHandedOutBeforeOldChangesGiveWayReadsAsBefore() {
        // 16 changes fill the first arrays; a view taken then must read the same after 800 more changes have made
        // the record drop its oldest ones into new arrays.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        RunHistory h = new RunHistory();
        HostStatus off = new HostStatus(false, false, false, false);
        for (int i = 0; i < 16; i++) {
            h.record(i * 1800.0, b.state(), i % 2 == 0 ? off : HostStatus.ALL_ALLOWED, false);
        }
        RunHistoryView early = h.view(b.state());
        List<String> before = hostChanges(early);
        for (int i = 16; i < 816; i++) {
            h.record(i * 1800.0, b.state(), i % 2 == 0 ? off : HostStatus.ALL_ALLOWED, false);
        }

        assertEquals(16, before.size());
        assertEquals(before, hostChanges(early));
    }

    @Test
    void aSavedHostRecordIsTakenUpAndTheNextPollAppendsOnlyAChange() {
        // Saved: computing from 0, off from 100. Resumed at 200 while still off (no change), on at 300.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        RunHistoryView saved = new RunHistoryView(0, 150, new double[0], new int[0], new byte[0], new double[0], 0,
                0, List.of(), List.of()).withHost(List.of(
                        new RunHistoryView.HostChange(0, HostAvailability.COMPUTING),
                        new RunHistoryView.HostChange(100, HostAvailability.OFF)));
        RunHistory h = new RunHistory();
        h.resume(saved, b.state());
        h.record(200, b.state(), new HostStatus(false, false, false, false), false);
        h.record(300, b.state(), HostStatus.ALL_ALLOWED, false);

        assertEquals(List.of("0 COMPUTING", "100 OFF", "300 COMPUTING"), hostChanges(h.view(b.state())));
    }
}

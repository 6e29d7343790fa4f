package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.HostAvailability;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.TimeStats;
import org.cruncher.persist.ScenarioReader;

/**
 * The event log says when the emulated computer goes off and comes on (BOINC's on_frac), which the engine cannot
 * see, as it is not polled meanwhile: a volunteer saw "nothing running" on the Timeline with no word why.
 */
class ComputerOnOffEventsTest {

    @Test
    void theComputerGoingOffAndOnIsSaidAndNothingElseHappensMeanwhile() throws Exception {
        // host-half-on: on_frac 0.5, off for about an hour at a time.
        Scenario s = new ScenarioReader().read(Path.of("src/test/resources/scenarios/host-half-on"));
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(s, 7, events::add);
        e.advanceTo(s.startTime() + 2 * 86400);

        List<EngineEvent> offOn = events.stream().filter(x -> x.kind() == EventKind.COMPUTER_OFF
                || x.kind() == EventKind.COMPUTER_ON).toList();
        assertTrue(offOn.size() >= 4, offOn.size() + " changes in two days");
        for (int i = 0; i < offOn.size(); i++) {
            EngineEvent x = offOn.get(i);
            // They alternate, the first going off (at the start itself, if the computer starts off).
            assertEquals(i % 2 == 0 ? EventKind.COMPUTER_OFF : EventKind.COMPUTER_ON, x.kind(), x.toString());
            if (x.kind() == EventKind.COMPUTER_OFF) {
                assertEquals("the computer is off (it is on 50 % of the time, BOINC's on_frac): nothing computes or "
                        + "asks for work until it is on again", x.detail());
            } else {
                // "after 1 h 02 min off": the time since the event before, which went off.
                double off = x.time() - offOn.get(i - 1).time();
                assertEquals("the computer is on again after " + Units.duration(off) + " off; BOINC resumes its tasks",
                        x.detail());
            }
        }
        // While it is off, the engine decides nothing: no event of another kind between an off and the next on.
        for (int i = 0; i + 1 < offOn.size(); i += 2) {
            double from = offOn.get(i).time();
            double to = offOn.get(i + 1).time();
            assertTrue(events.stream().noneMatch(x -> x.time() > from && x.time() < to), "quiet from " + from);
        }
    }

    /**
     * Computing not allowed while the computer is on (BOINC's active_frac) is said too, when it begins and ends, at
     * the very moments the Timeline's row of the computer turns grey ("not allowed") and back: the log said nothing
     * there and went on listing the passes' decisions. host-half-on is also allowed to compute only half of the time
     * it is on (active_frac 0.5).
     */
    @Test
    void computingNotAllowedWhileOnIsSaidWhenItBeginsAndEnds() throws Exception {
        Scenario s = new ScenarioReader().read(Path.of("src/test/resources/scenarios/host-half-on"));
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(s, 7, events::add);
        e.advanceTo(s.startTime() + 2 * 86400);

        List<List<Double>> expected = notAllowedStretchesOfAMinuteOrMore(e.engine().runs());
        List<Double> notAllowed = expected.get(0);
        List<Double> allowedAgain = expected.get(1);
        assertTrue(notAllowed.size() >= 2, "not allowed " + notAllowed.size() + " times in two days");
        RunHistoryView runs = e.engine().runs();
        assertEquals(notAllowed, lastKnown(events, EventKind.COMPUTING_SUSPENDED, runs));
        assertEquals(allowedAgain, lastKnown(events, EventKind.COMPUTING_ALLOWED, runs));
        EngineEvent first = events.stream().filter(x -> x.kind() == EventKind.COMPUTING_SUSPENDED).findFirst()
                .orElseThrow();
        assertEquals("the computer is on but not allowed to compute (allowed 50 % of the time it is on, BOINC's "
                + "active_frac: in use, or outside the hours the preferences allow); tasks wait until it is",
                first.detail());
        assertTrue(events.stream().filter(x -> x.kind() == EventKind.COMPUTING_ALLOWED)
                .allMatch(x -> x.detail().matches("computing is allowed again after .+; BOINC resumes its tasks")));
    }

    /**
     * From the Timeline's record: when each stretch of "not allowed" of a minute or more began, and when those that
     * ended with computing allowed again (not with the computer going off) ended.
     */
    private static List<List<Double>> notAllowedStretchesOfAMinuteOrMore(RunHistoryView runs) {
        List<Double> began = new ArrayList<>();
        List<Double> ended = new ArrayList<>();
        // The last stretch's end is not known yet: the events compared are those before it (see lastKnown).
        for (int i = 0; i + 1 < runs.hostChanges(); i++) {
            if (runs.host(i) == HostAvailability.NOT_ALLOWED && runs.hostTime(i + 1) - runs.hostTime(i) >= 60) {
                began.add(runs.hostTime(i));
                if (runs.host(i + 1) == HostAvailability.COMPUTING) {
                    ended.add(runs.hostTime(i + 1));
                }
            }
        }
        return List.of(began, ended);
    }

    /** The times of the events of {@code kind} before the record's last change, whose stretch has no known end. */
    private static List<Double> lastKnown(List<EngineEvent> events, EventKind kind, RunHistoryView runs) {
        double last = runs.hostTime(runs.hostChanges() - 1);
        return events.stream().filter(x -> x.kind() == kind && x.time() < last).map(EngineEvent::time).toList();
    }

    /**
     * A stop shorter than a minute is not said, nor its end: raffael's host is allowed to compute 99.99 % of the
     * time it is on, and on 99.98 % of the time, which the emulator makes into stops of a fraction of a second, and
     * the log said "computing is allowed again after 0 s" and "on again after 0 s off" every hour or so.
     */
    @Test
    void aStopShorterThanAMinuteIsNotSaid() throws Exception {
        Scenario s = new ScenarioReader().read(
                Path.of("src/test/resources/corpus/client_state/raffael-gb10-20cpu-cuda-einstein-milkyway.xml"));
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(s, 1, events::add);
        e.advanceTo(s.startTime() + 86400);

        RunHistoryView runs = e.engine().runs();
        long stops = 0;
        for (int i = 0; i < runs.hostChanges(); i++) {
            stops += runs.host(i) == HostAvailability.NOT_ALLOWED ? 1 : 0;
        }
        assertTrue(stops > 0, "the host stops computing now and then");
        List<List<Double>> expected = notAllowedStretchesOfAMinuteOrMore(runs);
        assertEquals(expected.get(0), lastKnown(events, EventKind.COMPUTING_SUSPENDED, runs));
        // The computer's going off for a moment (on_frac 0.9998) is not said either.
        List<String> zero = events.stream().map(EngineEvent::detail).filter(d -> d.contains("after 0 s")).toList();
        assertEquals(List.of(), zero);
    }

    /**
     * An emulation that starts with the computer off shows it off on the Timeline's row of the computer from its first
     * moment, though the engine is not polled until it comes on (the row said "on, computing allowed" until then).
     * host-half-on over seeds 1 to 12: some start off, some on.
     */
    @Test
    void anEmulationStartingWithTheComputerOffShowsItOffFromItsFirstMoment() throws Exception {
        Scenario s = new ScenarioReader().read(Path.of("src/test/resources/scenarios/host-half-on"));
        int startedOff = 0;
        for (long seed = 1; seed <= 12; seed++) {
            Emulation e = new Emulation(s, seed, x -> { });
            RunHistoryView runs = e.engine().runs();
            if (!e.clientRunning()) {
                startedOff++;
                assertEquals(1, runs.hostChanges(), "seed " + seed);
                assertEquals(HostAvailability.OFF, runs.host(0));
                assertEquals(s.startTime(), runs.hostTime(0), 0);
            } else {
                assertTrue(runs.hostChanges() == 0 || runs.host(0) != HostAvailability.OFF, "seed " + seed);
            }
        }
        assertTrue(startedOff > 0 && startedOff < 12, "some seeds start off, others on: " + startedOff);
    }

    /**
     * Restored (or started) with the computer off, the engine has not run a pass yet: the window showed the waiting
     * tasks as "every CPU is busy", no finish times, every resource debt as infinite and a work-fetch line as if
     * decided. Its snapshot now says the tasks wait because computing is suspended, gives the forecast's finish
     * times, and the resource debt as of the time shown; no resource has a forecast of its own (no decision yet).
     */
    @Test
    void aSnapshotBeforeTheFirstPollWithTheComputerOffSaysWhyNothingRuns() throws Exception {
        // 75/25 on 2 CPUs, on half of the time, with four hour-long tasks of each project queued.
        Scenario s = new ScenarioBuilder(Host.cpuOnly(2, 1e9)).timeStats(new TimeStats(0.5, 1, 1, 1))
                .project("A", 75).cpuApp("a1", 3600, 864000).queued(4, 864000)
                .project("B", 25).cpuApp("b1", 3600, 864000).queued(4, 864000).build("75/25 half on");
        Emulation e = null;
        for (long seed = 1; seed <= 12 && e == null; seed++) {
            Emulation tried = new Emulation(s, seed, x -> { });
            e = tried.clientRunning() ? null : tried;
        }
        assertNotNull(e, "a seed of the twelve starts with the computer off");
        // A day ago each project had an hour of CPU time: decayed by e^(-1/7) since, 3,600 x 0.8669 = 3,120.8 s.
        for (Project p : e.engine().state().projects()) {
            p.contact().setExpAvgCpu(3600, s.startTime() - 86400);
        }

        EngineSnapshot snap = e.engine().snapshot(List.of(), 0, null, null);

        List<TaskView> waiting = snap.tasks().stream().filter(t -> t.status() == TaskStatus.READY_TO_START
                || t.status() == TaskStatus.PREEMPTED).toList();
        assertFalse(waiting.isEmpty());
        for (TaskView t : waiting) {
            assertEquals(TaskReason.COMPUTING_SUSPENDED, t.verdict().reason(), t.name());
            assertTrue(Double.isFinite(t.expectedEnd()) && t.expectedEnd() > s.startTime(), t.name());
        }
        for (ProjectView p : snap.projects()) {
            assertEquals(p.resourceShare() / (3600 * Math.exp(-1.0 / 7)), p.contact().resourceDebt(), 1e-9);
            assertTrue(p.fetch().isEmpty(), p.name());
        }
        assertTrue(snap.resources().stream().allMatch(r -> Double.isNaN(r.shortfall())));
    }
}

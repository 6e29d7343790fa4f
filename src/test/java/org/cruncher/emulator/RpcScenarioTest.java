package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.TimeStats;

/** Seed 002 end to end: outages, flaky servers and RPC storms in emulated time. */
class RpcScenarioTest {

    private static final double HOUR = 3600;
    private static final double DAY = 86400;

    private static ProjectFigures project(EmulationReport r, String name) {
        return r.projects().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    @Test
    void anEmulatedProjectThatNamesNoSchedulerIsAskedAtOnceWithoutAMasterRead() {
        // BOINC's emulator format names no scheduler and has no master file: the emulation gives such a project its
        // URL as its scheduler, as a first master read would, so the first request goes at the start, not after a
        // read that would add an event to every scenario. A server that names schedulers is read first (decision
        // 0017's tests), as is a project over real HTTP.
        Scenario s = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", HOUR, 10 * DAY)
                .build("no scheduler named");
        List<EngineEvent> events = new ArrayList<>();

        Emulation e = new Emulation(s, 1, events::add);
        e.advanceTo(e.startTime() + HOUR);

        Project a = e.state().projects().iterator().next();
        assertEquals(List.of(a.url()), a.contact().schedulerUrls());
        assertEquals(0, events.stream().filter(x -> x.kind() == EventKind.MASTER_FETCH).count());
        EngineEvent first = events.stream().filter(x -> x.kind() == EventKind.RPC_SUCCEEDED).findFirst()
                .orElseThrow();
        assertEquals(e.startTime(), first.time());
    }

    @Test
    void aDayLongOutageCostsAboutTwentyAttemptsAndWorkResumesWithinTheBackoffCap() {
        // 1 CPU, A alone with 1-hour jobs; its server is down from day 1 to day 2. While down, the client backs off
        // exponentially (60 s doubling to 4 h, randomised): about 15 attempts in the day, not one a minute. After
        // it comes back, the next contact succeeds within the 4-hour cap.
        Scenario s = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", HOUR, 10 * DAY)
                .outage(DAY, DAY).build("outage");
        List<EngineEvent> events = new ArrayList<>();

        Emulation e = new Emulation(s, 1, events::add);
        e.advanceTo(e.startTime() + 3 * DAY);

        double down = e.startTime() + DAY;
        double up = down + DAY;
        long attempts = events.stream().filter(x -> x.kind() == EventKind.RPC_FAILED
                && x.time() >= down && x.time() < up).count();
        assertTrue(attempts >= 5 && attempts <= 20, attempts + " attempts in the day down");
        double firstBack = events.stream().filter(x -> x.kind() == EventKind.RPC_SUCCEEDED && x.time() >= up)
                .mapToDouble(EngineEvent::time).min().orElseThrow();
        assertTrue(firstBack - up <= 4 * HOUR, "work resumed " + (firstBack - up) + " s after the server came back");
        assertTrue(project(e.report(0), "A").longestDeferral() <= 4 * HOUR + 1);
    }

    @Test
    void oneFlakyServerAmongThreeWithTheHostOnFourFifthsOfTheTime() {
        // 2 CPUs; A, B and C with equal shares and 1 to 3-hour jobs due in 3 to 5 days; C's server is up half the
        // time (in up-periods of 3 h on average); the host is on 80 % of the time. Over 20 days, for each of ten
        // seeds: no deadline missed, at most 0.3 RPCs per job, C's server found down sometimes. One run's share
        // violation is chaotic (an RPC a few minutes earlier meets C's server in another state, and every later
        // contact differs), so the shares are judged over the ten runs: on average within 5 % (BOINC's emulator
        // gives about 0.036 for one run of such a case; seeds 1 to 20 average 0.041 here, from 0.020 to 0.087).
        double violation = 0;
        for (int seed = 1; seed <= 10; seed++) {
            Scenario s = new ScenarioBuilder(Host.cpuOnly(2, 1e9)).timeStats(new TimeStats(0.8, 1, 1, 1))
                    .project("A", 100).cpuApp("a1", HOUR, 3 * DAY)
                    .project("B", 100).cpuApp("b1", 2 * HOUR, 4 * DAY)
                    .project("C", 100).cpuApp("c1", 3 * HOUR, 5 * DAY).available(0.5, 3 * HOUR)
                    .build("one flaky of three");

            EmulationReport r = Emulation.run(s, 20, seed, null);

            for (ProjectFigures p : r.projects()) {
                assertEquals(0, p.deadlinesMissed(), p.name() + ", seed " + seed);
            }
            assertTrue(r.rpcsPerJob() <= 0.3, "RPCs per job " + r.rpcsPerJob() + ", seed " + seed);
            assertTrue(project(r, "C").rpcFailures() > 0, "C's server was down sometimes, seed " + seed);
            violation += r.shareViolation() / 10;
        }
        assertTrue(violation <= 0.05, "mean share violation " + violation);
    }

    @Test
    void clientsThatFailedTogetherDoNotComeBackTogether() {
        // 200 clients, each with its own random stream, all failing against one server that is down for the first
        // 12 hours. Their first attempts after it comes back spread over more than 30 minutes (the 4-hour cap x
        // U(0.5, 1) allows up to 2 hours).
        double[] firstAfter = new double[200];
        for (int c = 0; c < firstAfter.length; c++) {
            Scenario s = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", HOUR, 10 * DAY)
                    .outage(0, 12 * HOUR).build("storm");
            List<EngineEvent> events = new ArrayList<>();
            Emulation e = new Emulation(s, 1000 + c, events::add);
            e.advanceTo(e.startTime() + 18 * HOUR);
            double up = e.startTime() + 12 * HOUR;
            firstAfter[c] = events.stream().filter(x -> x.kind() == EventKind.RPC_SENT && x.time() >= up)
                    .mapToDouble(EngineEvent::time).min().orElseThrow() - up;
        }
        Arrays.sort(firstAfter);
        double spread = firstAfter[firstAfter.length - 1] - firstAfter[0];
        System.out.printf(Locale.ROOT, "Storm test, first attempt after the server is back (min / 10%% / 50%% / 90%% "
                        + "/ max): %.0f / %.0f / %.0f / %.0f / %.0f s%n", firstAfter[0], firstAfter[20],
                firstAfter[100], firstAfter[180], firstAfter[199]);
        assertTrue(spread >= 30 * 60, "attempts spread over " + spread + " s");
    }

    @Test
    void aStaleSchedulerListIsReplacedFromTheMasterFileAfterTenFailures() {
        // The client knows A's scheduler only at an old URL that no longer answers; the master file lists the new
        // one. Ten failed sessions (backing off), then the master file is read, the new URL learnt, the failures
        // reset, and work flows: the old URL cost exactly ten attempts.
        Scenario s = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", HOUR, 10 * DAY)
                .schedulers(List.of("http://old.a.example/cgi"), List.of("http://new.a.example/cgi")).build("moved");
        List<EngineEvent> events = new ArrayList<>();

        Emulation e = new Emulation(s, 1, events::add);
        e.advanceTo(e.startTime() + 2 * DAY);

        assertEquals(10, events.stream().filter(x -> x.kind() == EventKind.RPC_FAILED).count());
        assertTrue(events.stream().anyMatch(x -> x.reason().equals("MASTER_FETCHED")
                && x.detail().contains("new: failures reset")), "master file read");
        assertEquals(List.of("http://new.a.example/cgi"),
                e.state().projects().iterator().next().contact().schedulerUrls());
        assertTrue(project(e.report(0), "A").cpuSeconds() > DAY / 2, "work flowed once the scheduler was found");
    }
}

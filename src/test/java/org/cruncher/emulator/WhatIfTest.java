package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.model.Prefs;

/** The next days, emulated from a checkpoint as they are and after the user's changes. */
class WhatIfTest {

    private static final double NO_PROGRESS_CHECK = 0;

    /** The seeds' 75/25 case (2 CPUs, one-hour jobs), two days in. */
    private static Emulation twoDaysIn() throws Exception {
        Scenario s = ScenarioEmulationTest.scenario("seed-75-25");
        Emulation e = new Emulation(s, 7, ev -> { });
        e.advanceTo(s.startTime() + 2 * 86400);
        return e;
    }

    private static ProjectFigures project(WhatIf.Outcome o, String name) {
        return o.report().projects().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow();
    }

    private static String url(Emulation e, String name) {
        return e.state().projects().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow().url();
    }

    @Test
    void sharesOf75And25GoTo50And50WhenBIsGivenAShareOf75() throws Exception {
        Emulation live = twoDaysIn();
        WhatIf whatIf = new WhatIf(live.checkpoint());

        WhatIf.Outcome asIs = whatIf.run(List.of(), 10, () -> false, f -> { }).orElseThrow();
        WhatIf.Outcome changed = whatIf.run(List.of(new EngineCommand.SetResourceShare(url(live, "B"), 75)), 10,
                () -> false, f -> { }).orElseThrow();

        // As is, 10 days of 2 CPUs go 75/25 (the debts two days in are near 0, so within a point of it).
        assertEquals(0.75, project(asIs, "A").flopsShare(), 0.01);
        assertEquals(10, asIs.report().simulatedDays(), 1e-9);
        // B at 75 beside A's 75: 75 / (75 + 75) = 0.5 each, and the targets say so too (two identical CPUs, CPU
        // applications only). The figures measure against the new shares.
        assertEquals(0.5, project(changed, "A").flopsShare(), 0.01);
        assertEquals(0.5, project(changed, "B").flopsShare(), 0.01);
        assertEquals(75, project(changed, "B").resourceShare());
        assertEquals(0.5, changed.targets().get(url(live, "B")), 1e-12);
        assertTrue(changed.report().shareViolation() < 0.03, "violation " + changed.report().shareViolation());
        assertTrue(asIs.report().shareViolation() < 0.03, "violation " + asIs.report().shareViolation());
    }

    @Test
    void theSameQuestionGetsTheSameAnswerAndTheLiveEmulationGoesOnUntouched() throws Exception {
        Emulation live = twoDaysIn();
        Emulation control = twoDaysIn();
        WhatIf whatIf = new WhatIf(live.checkpoint());
        List<EngineCommand> change = List.of(new EngineCommand.SetResourceShare(url(live, "A"), 10));

        WhatIf.Outcome first = whatIf.run(change, 5, () -> false, f -> { }).orElseThrow();
        WhatIf.Outcome second = whatIf.run(change, 5, () -> false, f -> { }).orElseThrow();
        assertEquals(first, second);
        // Nor did the question change the checkpoint: as things are, it answers as a fresh one from the same moment.
        assertEquals(new WhatIf(control.checkpoint()).run(List.of(), 5, () -> false, f -> { }),
                whatIf.run(List.of(), 5, () -> false, f -> { }));

        double end = live.now() + 3 * 86400;
        live.advanceTo(end);
        control.advanceTo(end);
        assertEquals(control.report(0), live.report(0));
        assertEquals(75, live.state().project(url(live, "A")).orElseThrow().resourceShare(), "A keeps its 75");
    }

    @Test
    void aLargerWorkBufferAsksTheServersLessOften() throws Exception {
        // Store 0.1 + 0.5 days (the default) against 2 + 2 days: with one-hour jobs, each request for the larger
        // buffer brings more jobs, so there are fewer requests for the same work.
        Emulation live = twoDaysIn();
        WhatIf whatIf = new WhatIf(live.checkpoint());
        Prefs larger = live.state().prefs().withWorkBuf(2, 2);

        WhatIf.Outcome asIs = whatIf.run(List.of(), 10, () -> false, f -> { }).orElseThrow();
        WhatIf.Outcome buffered = whatIf.run(List.of(new EngineCommand.SetPrefs(larger)), 10, () -> false,
                f -> { }).orElseThrow();

        assertTrue(buffered.report().rpcs() < asIs.report().rpcs(),
                buffered.report().rpcs() + " against " + asIs.report().rpcs());
        assertEquals(0, buffered.report().idleFraction(), 0.001);
    }

    @Test
    void aQuestionNoLongerWantedStopsAndProgressIsToldOnTheWay() throws Exception {
        WhatIf whatIf = new WhatIf(twoDaysIn().checkpoint());
        AtomicInteger asked = new AtomicInteger();

        // It looks every 1,024 events; 60 days of 2 CPUs and one-hour jobs hold more than that.
        assertTrue(whatIf.run(List.of(), 60, () -> asked.incrementAndGet() > 0, f -> { }).isEmpty());
        assertEquals(1, asked.get(), "it stopped at the first look");

        double[] last = {NO_PROGRESS_CHECK};
        whatIf.run(List.of(), 60, () -> false, f -> {
            assertTrue(f >= last[0] && f <= 1, "fraction " + f);
            last[0] = f;
        }).orElseThrow();
        assertTrue(last[0] > 0.5, "progress reached " + last[0]);
        assertThrows(IllegalArgumentException.class, () -> whatIf.run(List.of(), 0, () -> false, f -> { }));
    }
}

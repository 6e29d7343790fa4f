package org.cruncher.gui.whatif;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.Executor;
import java.util.concurrent.atomic.AtomicInteger;

import org.junit.jupiter.api.Test;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.emulator.WhatIf;
import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.model.Host;
import org.cruncher.persist.ScenarioReader;

/** The what-if dialog's model, on the seeds' 75/25 case, with the emulations run where the test says. */
class WhatIfViewModelTest {

    private static final Executor AT_ONCE = Runnable::run;

    /** 2 CPUs at 1 GFLOPS, A (75) and B (25), one-hour jobs due in 10 days; a day in. */
    private final Emulation live;
    private final EngineSnapshot now;

    WhatIfViewModelTest() {
        Scenario s = new ScenarioBuilder(Host.cpuOnly(2, 1e9)).project("A", 75).cpuApp("a1", 3600, 864000)
                .project("B", 25).cpuApp("b1", 3600, 864000).build("75/25");
        live = new Emulation(s, 3, e -> { });
        live.advanceTo(s.startTime() + 86400);
        now = live.engine().snapshot(List.of(), 0, live.figuresSoFar(), null);
    }

    private WhatIfViewModel model(Executor worker) {
        return new WhatIfViewModel(now, () -> CompletableFuture.completedFuture(new WhatIf(live.checkpoint())),
                worker, AT_ONCE);
    }

    @Test
    void nothingChangedGivesNoCommandsAndEachEditItsOwn() {
        WhatIfViewModel m = new WhatIfViewModel(now, CompletableFuture::new, r -> { }, AT_ONCE);
        assertTrue(m.changes().isEmpty());
        assertFalse(m.changedProperty().get());

        m.rows().get(1).share().textProperty().set("75");
        m.additionalDays().textProperty().set("1");

        String b = m.rows().get(1).url();
        assertEquals(List.of(new EngineCommand.SetResourceShare(b, 75),
                new EngineCommand.SetPrefs(now.prefs().withWorkBuf(now.prefs().workBufMinDays(), 1))), m.changes());
        assertTrue(m.changedProperty().get());

        // A value that is not a share: nothing to apply, and the field says why.
        m.rows().get(0).share().textProperty().set("-3");
        assertFalse(m.validProperty().get());
        assertTrue(m.changes().isEmpty());
        assertFalse(m.changedProperty().get());
        assertEquals("Enter a number from 0 to 1000000000.", m.rows().get(0).share().errorProperty().get());
        assertEquals("Correct the value in red to see what it would do.", m.statusProperty().get());

        // "1,000" may be a thousand or, with a decimal comma, one: refused rather than guessed; "0,5" is a half.
        m.rows().get(0).share().textProperty().set("1,000");
        assertFalse(m.validProperty().get());
        assertEquals("Enter a number from 0 to 1000000000, without a thousands separator (or with a decimal point).",
                m.rows().get(0).share().errorProperty().get());
        m.rows().get(0).share().textProperty().set("0,5");
        assertEquals(new EngineCommand.SetResourceShare(m.rows().get(0).url(), 0.5), m.changes().get(0));
    }

    @Test
    void aProjectWithNoApplicationHereHasNoTarget() throws Exception {
        // A corpus host attached to SETI@home, CAS@home and Milkyway; only SETI@home has an application for it, so
        // the other two are left out of the emulation: "-" as in the Projects pane, not a target of 0 %.
        Scenario host = new ScenarioReader().read(
                Path.of("src/test/resources/corpus/client_state/michaelzhye-4cpu-3proj.xml").toAbsolutePath());
        Emulation e = new Emulation(host, 1, ev -> { });
        WhatIfViewModel m = new WhatIfViewModel(e.engine().snapshot(List.of(), 0, e.figuresSoFar(), null),
                () -> CompletableFuture.completedFuture(new WhatIf(e.checkpoint())), AT_ONCE, AT_ONCE);
        m.daysProperty().set(7);
        m.ask();

        Map<String, String> targets = new TreeMap<>();
        m.rows().forEach(r -> targets.put(r.name(), r.targetProperty().get()));
        assertEquals("100.0 %", targets.remove("SETI@home"));
        assertEquals(List.of("-", "-"), List.copyOf(targets.values()), targets.toString());
    }

    /**
     * A share of 0 makes a backup project: no target, as in the Projects pane (B at 0 leaves A all of it: 75 / 75 =
     * 100 %). Every share at 0 is taken, as BOINC takes it, and said: no project has a target then.
     */
    @Test
    void aZeroShareHasNoTargetAndEverySharesAtZeroIsSaid() {
        WhatIfViewModel m = model(AT_ONCE);
        m.daysProperty().set(7);
        m.rows().get(1).share().textProperty().set("0");
        m.ask();

        assertEquals(List.of("100.0 %", "-"), m.rows().stream().map(r -> r.targetProperty().get()).toList());
        assertEquals("", m.allSharesZeroProperty().get());

        m.rows().get(0).share().textProperty().set("0");
        m.ask();

        assertEquals(List.of("-", "-"), m.rows().stream().map(r -> r.targetProperty().get()).toList());
        assertEquals(WhatIfViewModel.ALL_ZERO, m.allSharesZeroProperty().get());
        assertTrue(m.changedProperty().get(), "it can be applied");
        m.rows().get(0).share().textProperty().set("1");
        assertEquals("", m.allSharesZeroProperty().get());
    }

    /**
     * The targets follow the shares at once: while the emulation of an edit runs, the last answer's targets are not
     * shown beside shares they no longer belong to; a buffer typed wrong leaves the targets, which it does not touch.
     */
    @Test
    void targetsAreNotShownBesideSharesTheyWereNotWorkedOutFor() {
        List<Runnable> queued = new ArrayList<>();
        WhatIfViewModel m = model(queued::add);
        m.daysProperty().set(7);
        m.ask();
        queued.forEach(Runnable::run);
        queued.clear();
        // 75 / (75 + 25) = 75 %, 25 %.
        assertEquals(List.of("75.0 %", "25.0 %"), m.rows().stream().map(r -> r.targetProperty().get()).toList());

        m.additionalDays().textProperty().set("abc");
        assertEquals(List.of("75.0 %", "25.0 %"), m.rows().stream().map(r -> r.targetProperty().get()).toList());
        m.additionalDays().textProperty().set("0.5");

        m.rows().get(1).share().textProperty().set("0");
        assertEquals(List.of("-", "-"), m.rows().stream().map(r -> r.targetProperty().get()).toList(),
                "while the emulation runs");
        queued.forEach(Runnable::run);
        assertEquals(List.of("100.0 %", "-"), m.rows().stream().map(r -> r.targetProperty().get()).toList());
        // The targets as things are stay beside them, to compare with (QA: B's 25 % went, the one to compare with).
        assertEquals(List.of("75.0 %", "25.0 %"), m.rows().stream().map(r -> r.targetAsIsProperty().get()).toList());
    }

    private String url(String name) {
        return live.state().projects().stream().filter(p -> p.name().equals(name)).findFirst().orElseThrow().url();
    }

    /**
     * A suspended project and one that gets no new tasks say so beside their names, and the suspended one has no
     * target, as in the Projects pane: their 0 % of the work is what the user asked for, not a fault.
     */
    @Test
    void aSuspendedProjectAndOneWithNoNewTasksSaySoAndTheSuspendedOneHasNoTarget() {
        live.engine().submit(new EngineCommand.SetProjectSuspended(url("A"), true));
        live.engine().submit(new EngineCommand.SetNoNewTasks(url("B"), true));
        live.applyCommands();
        WhatIfViewModel m = new WhatIfViewModel(live.engine().snapshot(List.of(), 0, live.figuresSoFar(), null),
                () -> CompletableFuture.completedFuture(new WhatIf(live.checkpoint())), AT_ONCE, AT_ONCE);
        m.daysProperty().set(7);

        m.ask();

        assertEquals(List.of("A (suspended)", "B (no new tasks)"), m.rows().stream().map(WhatIfRow::name).toList());
        assertEquals("-", m.rows().get(0).targetProperty().get());
    }

    @Test
    void theNextDaysAsTheyAreAndWithBsShareRaisedTo75() {
        WhatIfViewModel m = model(AT_ONCE);
        m.daysProperty().set(7);
        m.ask();

        // As things are, 75/25 of 2 CPUs: within a point of 75 % and 25 %; nothing changed, so both columns agree.
        WhatIfRow a = m.rows().get(0);
        WhatIfRow b = m.rows().get(1);
        assertEquals(75, percent(a.workAsIsProperty().get()), 1);
        assertEquals(a.workAsIsProperty().get(), a.workChangedProperty().get());
        assertEquals("75.0 %", a.targetProperty().get());
        assertTrue(m.statusProperty().get().startsWith("The next 7 days from "), m.statusProperty().get());
        assertFalse(m.busyProperty().get());

        // B at 75 beside A's 75: each is due 75 / 150 = 50 % (its target too), and gets it within a point.
        b.share().textProperty().set("75");

        assertEquals(75, percent(a.workAsIsProperty().get()), 1, "as things are, still 75/25");
        assertEquals(50, percent(a.workChangedProperty().get()), 1);
        assertEquals(50, percent(b.workChangedProperty().get()), 1);
        assertEquals("50.0 %", b.targetProperty().get());
        assertEquals("0", b.missedChangedProperty().get());
        FigureRow idle = m.figures().get(0);
        assertEquals("Idle", idle.name());
        assertEquals(0, percent(idle.changedProperty().get()), 0.1);
        assertTrue(m.statusProperty().get().contains("as things are and with your changes"));
        // "as is" is one draw of the chances, not the emulation's own future: the status says so.
        assertTrue(m.statusProperty().get().endsWith(WhatIfViewModel.CHANCE), m.statusProperty().get());

        // A value in red: the figures with the changes go; those as things are stay while they are for the days
        // chosen, and go too when the days change.
        b.share().textProperty().set("x");
        assertEquals("-", b.workChangedProperty().get());
        assertEquals(75, percent(a.workAsIsProperty().get()), 1);
        m.daysProperty().set(30);
        assertEquals("-", a.workAsIsProperty().get());
    }

    /**
     * The disk limit is tried like a share. One 1-GFLOPS CPU, one project with one-hour jobs of 100 MB each. As things
     * are (90 % of a 1 TB disk) a request fills the buffer's 0.1 + 0.5 days, 14.4 hours: 15 jobs, and 16 at the most
     * with the one running when the next request comes, 1,600 MB = 1.56 GB. "Use no more than 0.5 GB" (512 MB) holds
     * 5 jobs, 500 MB; 5 hours of work still keep the CPU busy.
     */
    @Test
    void aLowerDiskLimitIsTriedAndItsPeakShown() {
        double mb = 1 << 20;
        Scenario s = new ScenarioBuilder(Host.cpuOnly(1, 1e9)).project("A", 100).cpuApp("a1", 3600, 864000)
                .files(100 * mb, 0, 0).build("100 MB jobs");
        Emulation e = new Emulation(s, 1, ev -> { });
        WhatIfViewModel m = new WhatIfViewModel(e.engine().snapshot(List.of(), 0, e.figuresSoFar(), null),
                () -> CompletableFuture.completedFuture(new WhatIf(e.checkpoint())), AT_ONCE, AT_ONCE);
        m.daysProperty().set(7);
        m.diskMaxGb().textProperty().set("0.5");

        assertEquals(List.of(new EngineCommand.SetPrefs(s.initialState().prefs().withDisk(0.5, 90, 0.1))),
                m.changes());
        FigureRow peak = m.figures().get(6);
        assertEquals("Disk used at most", peak.name());
        assertEquals("1.56 GB", peak.asIsProperty().get());
        assertEquals("500 MB", peak.changedProperty().get());
        assertEquals("0.0 %", m.figures().get(0).changedProperty().get(), "the CPU still never waits");

        m.diskMaxGb().textProperty().set("-1");
        assertFalse(m.validProperty().get());
        assertTrue(m.changes().isEmpty());
    }

    /**
     * Both shares at 0: there is no share to measure the work against, so the share violation and the one from
     * targets with the changes are "-", as the status bar says it, while those as things are (75/25) are numbers.
     */
    @Test
    void everyShareAtZeroLeavesTheViolationsWithTheChangesUndefined() {
        WhatIfViewModel m = model(AT_ONCE);
        m.daysProperty().set(7);
        m.ask();
        m.rows().get(0).share().textProperty().set("0");
        m.rows().get(1).share().textProperty().set("0");

        FigureRow violation = m.figures().get(4);
        FigureRow fromTargets = m.figures().get(5);
        assertEquals("Share violation", violation.name());
        assertEquals("-", violation.changedProperty().get());
        assertEquals("-", fromTargets.changedProperty().get());
        assertTrue(violation.asIsProperty().get().matches("0\\.\\d{3}"), violation.asIsProperty().get());
    }

    /**
     * While the answer to an edit is worked out, the figures with the last changes go (blank): they answered other
     * fields, and a volunteer read them as the new answer during a 25-second run (QA). Those as things are stay.
     */
    @Test
    void theFiguresWithChangesGoWhileTheNextAnswerIsWorkedOut() {
        List<Runnable> queued = new ArrayList<>();
        WhatIfViewModel m = model(queued::add);
        m.daysProperty().set(7);
        m.ask();
        queued.forEach(Runnable::run);
        queued.clear();
        WhatIfRow a = m.rows().get(0);
        String asIs = a.workAsIsProperty().get();
        assertEquals(asIs, a.workChangedProperty().get(), "nothing changed yet: both columns agree");

        m.rows().get(1).share().textProperty().set("75");

        assertTrue(m.busyProperty().get());
        assertEquals("", a.workChangedProperty().get());
        assertEquals("", m.figures().get(0).changedProperty().get());
        assertEquals(asIs, a.workAsIsProperty().get());
        queued.forEach(Runnable::run);
        assertEquals(50, percent(a.workChangedProperty().get()), 1);
    }

    @Test
    void anAnswerNoLongerWantedIsNeverShown() {
        ArrayDeque<Runnable> queued = new ArrayDeque<>();
        WhatIfViewModel m = model(queued::add);
        m.daysProperty().set(7);
        m.ask();
        WhatIfRow b = m.rows().get(1);
        b.share().textProperty().set("75");
        assertTrue(m.busyProperty().get());

        // Three questions queued (7 days, the explicit ask, B's share): the first two are stale when their turn
        // comes, and only the last is answered.
        assertEquals(3, queued.size());
        queued.poll().run();
        queued.poll().run();
        assertEquals("", b.workChangedProperty().get());
        queued.poll().run();
        assertEquals(50, percent(b.workChangedProperty().get()), 1);
        assertFalse(m.busyProperty().get());
    }

    @Test
    void anEmulationThatHasStoppedIsSaidSo() {
        AtomicInteger asked = new AtomicInteger();
        WhatIfViewModel m = new WhatIfViewModel(now, () -> {
            asked.incrementAndGet();
            return CompletableFuture.failedFuture(new IllegalStateException("the emulation has stopped"));
        }, AT_ONCE, AT_ONCE);

        m.ask();
        m.ask();

        assertEquals("Could not emulate the next days: the emulation has stopped", m.statusProperty().get());
        assertEquals(1, asked.get(), "the emulation is asked once, when the dialog first needs it");
        assertFalse(m.busyProperty().get());
    }

    /** "74.8 %" -> 74.8 */
    private static double percent(String text) {
        return Double.parseDouble(text.replace("%", "").strip());
    }
}

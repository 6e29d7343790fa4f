package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Random;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.FiguresView;
import org.cruncher.engine.api.TaskStatus;

/**
 * The same scenario and seed give the same emulation however its time is cut up: the window advances it a frame at a
 * time, the command line in one go. Deciding at the ends of the window's slices (a poll at every frame) made what ran
 * and when the servers were asked depend on the frame rate: no two runs in the window agreed, nor any with `emulate`.
 */
class ChunkedEmulationTest {

    @ParameterizedTest
    @ValueSource(strings = {"src/test/resources/scenarios/seed-75-25", "src/test/resources/scenarios/flaky-servers",
            "assets/scenarios/disk-75-25", "src/test/resources/scenarios/seed-gpu-example",
            "src/test/resources/scenarios/host-half-on", "assets/scenarios/tight-deadlines",
            "assets/scenarios/shares-75-25", "assets/scenarios/gpu-sharing", "assets/scenarios/backup-project",
            "assets/scenarios/flaky-servers"})
    void aRunCutIntoSlicesIsTheRunInOneGo(String folder) throws Exception {
        Scenario scenario = new ScenarioReader().read(Path.of(folder));
        double end = scenario.startTime() + 2 * 86400;
        List<String> wholeEvents = new ArrayList<>();
        Emulation whole = new Emulation(scenario, 7, e -> wholeEvents.add(describe(e)));
        whole.advanceTo(end);

        List<String> slicedEvents = new ArrayList<>();
        Emulation sliced = new Emulation(scenario, 7, e -> slicedEvents.add(describe(e)));
        // Slices as a window's frames cut them: a frame's wall time (a sixtieth of a second, give or take a fifth)
        // times the speed, 10 emulated minutes a second for the first day, an hour a second for the second. The
        // lengths are not whole numbers: progress summed over them differed in its last digits, and two debts of
        // exactly 0 s in one go came out 0.0015 FLOPs apart, which turned a tie the other way (tight-deadlines).
        Random frames = new Random(3);
        double t = scenario.startTime();
        while (t < end) {
            double speed = t < scenario.startTime() + 86400 ? 600 : 3600;
            t = Math.min(end, t + speed / 60 * (0.9 + 0.2 * frames.nextDouble()));
            sliced.advanceTo(t);
            // A window looks at every frame: what it is shown (a forecast run for it between polls) changes nothing.
            sliced.engine().snapshot(List.of(), 0, sliced.figuresSoFar(), null);
        }

        assertEquals(wholeEvents, slicedEvents);
        // Progress is worked out from where each task stood when it began at its speed, not summed slice by slice
        // (it differed in its last digits: 3599999999892.712 against 3599999999892.7114): the states are the same,
        // digit for digit, but for the figures, which are sums over the slices.
        assertEquals(withoutFigures(ClientStateWriter.write(whole.checkpoint(), "")),
                withoutFigures(ClientStateWriter.write(sliced.checkpoint(), "")));
        // The figures integrate over time: cut into slices, the sums differ in their last digits only.
        FiguresView a = whole.figuresSoFar();
        FiguresView b = sliced.figuresSoFar();
        assertEquals(a.shareViolation(), b.shareViolation(), 1e-12);
        assertEquals(a.monotony(), b.monotony(), 1e-12);
        assertEquals(a.idleFraction(), b.idleFraction(), 1e-12);
        assertEquals(a.wastedFraction(), b.wastedFraction(), 1e-12);
        assertEquals(a.rpcsPerJob(), b.rpcsPerJob(), 1e-12);
    }

    /** The state without its figures, which are compared on their own. */
    private static String withoutFigures(String state) {
        return state.replaceAll("(?s)<figures_so_far>.*</figures_so_far>", "");
    }

    /**
     * Cut half a millisecond before each task's end: a task that close to its end counts as ended only at an event,
     * so the stop leaves it running and it ends, with a poll, at its own time. Ending it at the stop, where nothing
     * polls, left a CPU idle until the engine's next wake (up to half an hour).
     */
    @ParameterizedTest
    @ValueSource(strings = {"src/test/resources/scenarios/seed-75-25", "src/test/resources/scenarios/seed-gpu-example"})
    void aCutJustBeforeATaskEndsChangesNothing(String folder) throws Exception {
        Scenario scenario = new ScenarioReader().read(Path.of(folder));
        double end = scenario.startTime() + 86400;
        List<String> wholeEvents = new ArrayList<>();
        List<Double> completions = new ArrayList<>();
        Emulation whole = new Emulation(scenario, 7, e -> {
            wholeEvents.add(decision(e));
            if (e.kind() == EventKind.TASK_COMPLETED) {
                completions.add(e.time());
            }
        });
        whole.advanceTo(end);

        List<String> slicedEvents = new ArrayList<>();
        Emulation sliced = new Emulation(scenario, 7, e -> slicedEvents.add(decision(e)));
        for (double t : completions) {
            if (t - 0.0005 > sliced.now()) {
                sliced.advanceTo(t - 0.0005);
            }
        }
        sliced.advanceTo(end);

        // The same decisions at the same times; a debt's minutes in the words may round the other way, as progress
        // summed in two steps differs in its last digits.
        assertEquals(wholeEvents, slicedEvents);
    }

    /**
     * While the client is off nothing polls the engine, yet a window looking then sees the client's time and that
     * nothing computes: no task shown running, the host shown not computing. (It showed the tasks running, their
     * elapsed time frozen, and the Timeline drew them on through the stretch.)
     */
    @Test
    void aWindowLookingWhileTheClientIsOffSeesItOff() throws Exception {
        Scenario scenario = new ScenarioReader().read(Path.of("src/test/resources/scenarios/host-half-on"));
        Emulation e = new Emulation(scenario, 7, null);
        double t = scenario.startTime();
        int offLooks = 0;
        boolean wasOn = false;
        for (int i = 0; i < 4 * 24 * 60 && offLooks < 5; i++) {
            t += 60;
            e.advanceTo(t);
            wasOn |= e.clientRunning();
            if (wasOn && !e.clientRunning()) {
                EngineSnapshot s = e.engine().snapshot(List.of(), 0, null, null);
                assertEquals(t, s.time(), 1e-6);
                assertFalse(s.computing());
                assertTrue(s.tasks().stream().noneMatch(x -> x.status() == TaskStatus.RUNNING),
                        "no task runs while the client is off");
                offLooks++;
            }
        }
        assertEquals(5, offLooks, "the client went off at some point in four days");
    }

    /** An event without its words: what was decided, when, for whom and why. */
    private static String decision(EngineEvent e) {
        return e.time() + " " + e.kind() + " " + e.project() + " " + e.task() + " " + e.reason();
    }

    private static String describe(EngineEvent e) {
        return e.time() + " " + e.kind() + " " + e.project() + " " + e.task() + " " + e.reason() + " " + e.detail();
    }
}

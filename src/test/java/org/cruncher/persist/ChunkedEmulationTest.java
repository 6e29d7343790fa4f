package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.FiguresView;

/**
 * The same scenario and seed give the same emulation however its time is cut up: the window advances it a frame at a
 * time, the command line in one go. Deciding at the ends of the window's slices (a poll at every frame) made what ran
 * and when the servers were asked depend on the frame rate: no two runs in the window agreed, nor any with `emulate`.
 */
class ChunkedEmulationTest {

    @ParameterizedTest
    @ValueSource(strings = {"src/test/resources/scenarios/seed-75-25", "src/test/resources/scenarios/flaky-servers",
            "assets/scenarios/disk-75-25", "src/test/resources/scenarios/seed-gpu-example"})
    void aRunCutIntoSlicesIsTheRunInOneGo(String folder) throws Exception {
        Scenario scenario = new ScenarioReader().read(Path.of(folder));
        double end = scenario.startTime() + 2 * 86400;
        List<String> wholeEvents = new ArrayList<>();
        Emulation whole = new Emulation(scenario, 7, e -> wholeEvents.add(describe(e)));
        whole.advanceTo(end);

        List<String> slicedEvents = new ArrayList<>();
        Emulation sliced = new Emulation(scenario, 7, e -> slicedEvents.add(describe(e)));
        // Slices of 37 s to 7 min, as frames at different speeds would cut them.
        double t = scenario.startTime();
        for (int i = 0; t < end; i++) {
            t = Math.min(end, t + 37 + (i * 53) % 383);
            sliced.advanceTo(t);
        }

        assertEquals(wholeEvents, slicedEvents);
        // Progress summed over more, shorter steps differs in the last digits only (3599999999892.712 against
        // 3599999999892.7114): the states agree to nine significant digits.
        assertEquals(roughly(ClientStateWriter.write(whole.checkpoint(), "")),
                roughly(ClientStateWriter.write(sliced.checkpoint(), "")));
        // The figures integrate over time: cut into slices, the sums differ in their last digits only.
        FiguresView a = whole.figuresSoFar();
        FiguresView b = sliced.figuresSoFar();
        assertEquals(a.shareViolation(), b.shareViolation(), 1e-12);
        assertEquals(a.monotony(), b.monotony(), 1e-12);
        assertEquals(a.idleFraction(), b.idleFraction(), 1e-12);
        assertEquals(a.wastedFraction(), b.wastedFraction(), 1e-12);
        assertEquals(a.rpcsPerJob(), b.rpcsPerJob(), 1e-12);
    }

    /** The state without its figures (compared on their own), every number to nine significant digits. */
    private static String roughly(String state) {
        String withoutFigures = state.replaceAll("(?s)<figures_so_far>.*</figures_so_far>", "");
        Matcher m = Pattern.compile("-?\\d+(\\.\\d+)?(E-?\\d+)?").matcher(withoutFigures);
        StringBuilder b = new StringBuilder();
        while (m.find()) {
            m.appendReplacement(b, String.format(Locale.ROOT, "%.9g", Double.parseDouble(m.group())));
        }
        return m.appendTail(b).toString();
    }

    private static String describe(EngineEvent e) {
        return e.time() + " " + e.kind() + " " + e.project() + " " + e.task() + " " + e.reason() + " " + e.detail();
    }
}

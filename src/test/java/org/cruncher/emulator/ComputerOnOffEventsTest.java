package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.Units;
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
}

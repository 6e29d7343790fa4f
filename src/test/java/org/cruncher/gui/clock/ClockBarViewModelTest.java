package org.cruncher.gui.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.emulator.EmulatorDriver;
import org.cruncher.engine.api.DriverStatus;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.HostView;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.Prefs;

class ClockBarViewModelTest {

    /**
     * The clock shows whole minutes, and the span emulated agrees with it: from 00:00:00 to 24 h 19 min 40 s later
     * the clock reads 00:19 the next day, and the span 24 h 19 min (rounded, it said 24 h 20 min beside 00:19).
     */
    @Test
    void theSpanEmulatedAgreesWithTheClocksMinutes() {
        double start = 1_767_225_600; // 1 Jan 2026 00:00:00 UTC
        double now = start + 24 * 3600 + 19 * 60 + 40;
        ClockBarViewModel m = new ClockBarViewModel();

        m.update(new EngineSnapshot(now, now + 3600, true, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, List.of(), List.of(), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0, null,
                new DriverStatus(start, false, 10, true), List.of(), null, null));

        assertEquals("emulated 24 h 19 min", m.emulatedSpanProperty().get());
    }

    /**
     * While a step waits for a loopback project's reply (decision 0046), time stands still, and the span says for
     * which server instead of how long the emulation has run.
     */
    @Test
    void theSpanSaysWhichServerTheEmulationWaitsFor() {
        double start = 1_767_225_600; // 1 Jan 2026 00:00:00 UTC
        ClockBarViewModel m = new ClockBarViewModel();

        m.update(new EngineSnapshot(start + 3600, start + 7200, true, true,
                new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()), Prefs.DEFAULTS, List.of(), List.of(), List.of(),
                new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0, null,
                new DriverStatus(start, true, 10, true, "http://127.0.0.1:18600/", false), List.of(), null, null));

        assertEquals("emulated 1 h 00 min", m.emulatedSpanProperty().get());
        assertEquals("(waiting for 127.0.0.1:18600 to answer)", m.wallSpanProperty().get());

        m.update(new EngineSnapshot(start + 3600, start + 7200, true, true,
                new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()), Prefs.DEFAULTS, List.of(), List.of(), List.of(),
                new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0, null,
                new DriverStatus(start, true, 10, true, "http://127.0.0.1:18600/", true), List.of(), null, null));

        // A share typed meanwhile is applied when the reply comes: said, or it looked ignored.
        assertEquals("(waiting for 127.0.0.1:18600 to answer; your changes apply then)", m.wallSpanProperty().get());
    }

    /** A step while playing pauses first, then runs to the next period: it used to jump ahead and play on. */
    @Test
    void aStepWhilePlayingPausesAndThenSteps() {
        List<String> calls = new ArrayList<>();
        ClockBarViewModel m = new ClockBarViewModel();
        m.connect(new ClockBarViewModel.Controls() {
            @Override
            public void play() {
                calls.add("play");
            }

            @Override
            public void pause() {
                calls.add("pause");
            }

            @Override
            public void stepPeriod() {
                calls.add("step");
            }

            @Override
            public void setSpeed(EmulatorDriver.Speed speed) {
            }
        });
        m.togglePlay();

        m.step();
        m.step();

        assertEquals(List.of("play", "pause", "step", "step"), calls);
        assertFalse(m.playingProperty().get());
    }
}

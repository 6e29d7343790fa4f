package org.cruncher.gui.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.model.ResourceType;

class ResourceStateTest {

    private static final double HOUR = 3600;
    /** The default buffer: "Store at least" 0.1 day = 2 h 24 min, up to 0.6 day = 14 h 24 min. */
    private static final double LOW = 0.1 * 86400;
    private static final double WINDOW = 0.6 * 86400;

    private static ResourceView cpuBusyFor(double saturated) {
        return new ResourceView(ResourceType.CPU, 2, 2, 1e9, false, 0, 0, saturated, WINDOW, LOW, false, false, Double.NaN);
    }

    @Test
    void aResourceWithEnoughWorkSaysWhenItsQueueFallsBelowStoreAtLeast() {
        // Busy for 6 h: 6 h - 2 h 24 min = 3 h 36 min.
        assertEquals("Enough work queued; below \"Store at least\" in about 3 h 36 min",
                WorkFetchPaneViewModel.enough(cpuBusyFor(6 * HOUR)));
    }

    /** Busy for: how long every instance stays busy; with one idle now, it says so rather than a duration. */
    @Test
    void busyForSaysIdleNowWhileAnInstanceIdles() {
        ResourceView idle = new ResourceView(ResourceType.CPU, 2, 1, 1e9, false, 1, 0, 0, WINDOW, LOW, true, false, Double.NaN);
        assertEquals("idle now", WorkFetchPaneViewModel.saturated(idle));
        assertEquals("whole window", WorkFetchPaneViewModel.saturated(cpuBusyFor(WINDOW)));
        assertEquals(org.cruncher.gui.text.Format.duration(6 * HOUR),
                WorkFetchPaneViewModel.saturated(cpuBusyFor(6 * HOUR)));
    }

    @Test
    void aResourceBusyForTheWholeWindowSaysAtLeast() {
        // The forecast looks 14 h 24 min ahead: busy all of it, so at least 14 h 24 min - 2 h 24 min = 12 h.
        assertEquals("Enough work queued; below \"Store at least\" in at least 12 h 00 min",
                WorkFetchPaneViewModel.enough(cpuBusyFor(WINDOW)));
    }

    @Test
    void aCpuHeldByGpuTasksSaysSoInsteadOfEnoughWork() {
        // Nothing queued for the CPU, but GPU tasks hold it for the whole window: no CPU work is wanted.
        ResourceView held = new ResourceView(ResourceType.CPU, 1, 1, 1e9, false, 0, 0, WINDOW, WINDOW, LOW, false,
                true, Double.NaN);
        assertEquals("No CPU work wanted: GPU tasks hold every CPU for the whole window",
                WorkFetchPaneViewModel.state(held));
        assertEquals("Enough work queued; below \"Store at least\" in at least 12 h 00 min",
                WorkFetchPaneViewModel.state(cpuBusyFor(WINDOW)));
    }

    @Test
    void withoutAForecastItSaysOnlyThatThereIsEnough() {
        assertEquals("Enough work queued", WorkFetchPaneViewModel.enough(cpuBusyFor(Double.NaN)));
    }

    /** The shortfall is idle instance-time; shown per instance it reads beside Busy for, a time on the clock. */
    @Test
    void theShortfallIsShownPerInstanceTimesTheInstances() {
        // 16 CPUs short by 378,240 instance-seconds (4 d 09 h 04 min): 378,240 / 16 = 23,640 s = 6 h 34 min each.
        ResourceView sixteen = new ResourceView(ResourceType.CPU, 16, 16, 1e9, false, 0, 378_240, 4 * HOUR, WINDOW,
                LOW, false, false, Double.NaN);
        assertEquals("6 h 34 min \u00d7 16", WorkFetchPaneViewModel.shortfall(sixteen));
        // One GPU short by 9 h 13 min: no multiplier.
        ResourceView one = new ResourceView(ResourceType.NVIDIA, 1, 1, 1e10, false, 0, 9 * HOUR + 13 * 60, HOUR,
                WINDOW, LOW, false, false, Double.NaN);
        assertEquals("9 h 13 min", WorkFetchPaneViewModel.shortfall(one));
        assertEquals("none", WorkFetchPaneViewModel.shortfall(cpuBusyFor(WINDOW)));
        assertEquals("", WorkFetchPaneViewModel.shortfall(new ResourceView(ResourceType.CPU, 2, 2, 1e9, false, 0,
                Double.NaN, 0, WINDOW, LOW, false, false, Double.NaN)));
    }
}

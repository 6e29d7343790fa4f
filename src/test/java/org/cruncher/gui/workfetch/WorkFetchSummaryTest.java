package org.cruncher.gui.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.HostView;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;

/** The Work fetch pane's headline while a project is to be asked. */
class WorkFetchSummaryTest {

    private static EngineSnapshot snapshot(boolean online) {
        return new EngineSnapshot(0, 3600, true, online, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, List.of(), List.of(), List.of(), new TaskCounts(0, 0, 0, 0, 0), List.of(), 0,
                null, null, List.of(), null);
    }

    @Test
    void theHeadlineSaysWhoIsAskedAndThatNobodyIsWhileTheComputerIsOffline() {
        Map<ResourceType, String> asked = Map.of(ResourceType.CPU, "SETI@home");
        assertEquals("Asking SETI@home for CPU work.", WorkFetchPaneViewModel.summary(snapshot(true), asked));
        // A client_state.xml whose host was never online (connected_frac 0): the decision stands, the contact waits.
        assertEquals("Offline now, so no project is contacted; once online, asking SETI@home for CPU work.",
                WorkFetchPaneViewModel.summary(snapshot(false), asked));
    }
}

package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.DriverStatus;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.HostView;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.Prefs;

/**
 * A change made while the emulation waits for a loopback project's reply is said in the status bar: the clock bar's
 * note was cut off at 800 and 1,024 pixels, and the share typed went back to the old one until the reply came (QA).
 */
class HeldChangeNoticeTest {

    private static EngineSnapshot waitingFor(String url) {
        return new EngineSnapshot(3600, 7200, true, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, List.of(), List.of(), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0, null,
                new DriverStatus(0, true, 10, true, url, true), List.of(), null, null);
    }

    @Test
    void aChangeWhileAReplyIsAwaitedSaysWhenItApplies() {
        assertEquals("Your change applies when 127.0.0.1:18960 answers: the emulation waits for it",
                ManagerModel.heldChangeNotice(waitingFor("http://127.0.0.1:18960/")));
    }

    @Test
    void nothingIsSaidWhereNoReplyIsAwaited() {
        assertEquals("", ManagerModel.heldChangeNotice(waitingFor("")));
        assertEquals("", ManagerModel.heldChangeNotice(null));
    }
}

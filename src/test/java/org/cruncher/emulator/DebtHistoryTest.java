package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Project;

/** Each project's debt over time: what is new since a time, the bound on points kept, and the share changes. */
class DebtHistoryTest {

    @Test
    void sinceGivesEachProjectsPointsAfterATimeAndLeavesOutProjectsWithNone() {
        DebtHistory h = new DebtHistory();
        h.add("a", new DebtHistory.Point(0, 1));
        h.add("a", new DebtHistory.Point(1800, 2));
        h.add("a", new DebtHistory.Point(3600, 3));
        h.add("b", new DebtHistory.Point(0, -1));

        // After 1800: a's point at 3600 only (1800 itself was charted already); b has nothing newer.
        assertEquals(Map.of("a", List.of(new DebtHistory.Point(3600, 3))), h.since(1800));
        assertEquals(3, h.since(Double.NEGATIVE_INFINITY).get("a").size());
        assertEquals(Map.of(), h.since(3600));
    }

    @Test
    void beyondTheBoundEachRunOfFourKeepsItsLowestAndHighest() {
        // MAX_POINTS + 1 points swinging +1 / -1 each step (a debt that swings each period): the 601st halves the
        // list. Of each run of four (0-3, 4-7, ... 596-599) the lowest and highest stay, 150 x 2, and the last point:
        // 301, still swinging, where keeping the even-numbered points would have kept only the +1s.
        DebtHistory h = new DebtHistory();
        for (int i = 0; i <= DebtHistory.MAX_POINTS; i++) {
            h.add("a", new DebtHistory.Point(i, i % 2 == 0 ? 1 : -1));
        }
        List<DebtHistory.Point> kept = h.byProject().get("a");
        assertEquals(DebtHistory.MAX_POINTS / 2 + 1, kept.size());
        assertEquals(List.of(new DebtHistory.Point(0, 1), new DebtHistory.Point(1, -1)), kept.subList(0, 2));
        assertEquals(new DebtHistory.Point(DebtHistory.MAX_POINTS, 1), kept.get(kept.size() - 1));
    }

    @Test
    void aRecordNotesEachShareThatChangedSinceTheLastAndKeepsTheNewestChanges() {
        // A at 75 recorded at 0; at 3600 it is 25: one change, 75 -> 25 at 3600. Recorded again unchanged: none.
        Project a = new Project("http://a/", "A", 75);
        DebtHistory h = new DebtHistory();
        h.record(0, List.of(a));
        a.setResourceShare(25);
        h.record(3600, List.of(a));
        h.record(5400, List.of(a));

        assertEquals(List.of(new DebtHistory.ShareChange(3600, "http://a/", 75, 25)),
                h.shareChangesSince(Double.NEGATIVE_INFINITY));
        assertEquals(List.of(), h.shareChangesSince(3600));
        assertEquals(h.shareChangesSince(0), h.copy().shareChangesSince(0));

        // Beyond MAX_SHARE_CHANGES the oldest go: 100 more changes leave the last 100, the first at 7200.
        for (int i = 1; i <= DebtHistory.MAX_SHARE_CHANGES; i++) {
            h.addShareChange(new DebtHistory.ShareChange(3600 + 3600.0 * i, "http://a/", i, i + 1));
        }
        List<DebtHistory.ShareChange> kept = h.shareChangesSince(Double.NEGATIVE_INFINITY);
        assertEquals(DebtHistory.MAX_SHARE_CHANGES, kept.size());
        assertEquals(7200, kept.get(0).time());
    }
}

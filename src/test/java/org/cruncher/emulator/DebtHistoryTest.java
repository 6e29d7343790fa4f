package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

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
    void beyondTheBoundEachStretchOfTimeKeepsItsLowestAndHighest() {
        // MAX_POINTS + 1 points swinging +1 / -1 each step (a debt that swings each period): the 601st halves the
        // list. The span 0..600 is cut into 601 / 4 = 150 stretches of 4 (0-3, 4-7, ... 596-600); of each the lowest
        // and highest stay, 150 x 2, and the last point: 301, still swinging, where keeping the even-numbered points
        // would have kept only the +1s.
        DebtHistory h = new DebtHistory();
        for (int i = 0; i <= DebtHistory.MAX_POINTS; i++) {
            h.add("a", new DebtHistory.Point(i, i % 2 == 0 ? 1 : -1));
        }
        List<DebtHistory.Point> kept = h.byProject().get("a");
        assertEquals(DebtHistory.MAX_POINTS / 2 + 1, kept.size());
        assertEquals(List.of(new DebtHistory.Point(0, 1), new DebtHistory.Point(1, -1)), kept.subList(0, 2));
        assertEquals(new DebtHistory.Point(DebtHistory.MAX_POINTS, 1), kept.get(kept.size() - 1));
    }

    /**
     * Points at uneven times are thinned by time, not by count. Eight points, so 8 / 4 = 2 stretches of (40 - 0) / 2
     * = 20 s: the first holds the seven points from 0 to 12 s, whose highest is +5 at 1 s and lowest -5 at 2 s; the
     * second holds only the last point, at 40 s. Kept: the first point (it always stays), +5, -5 and the last.
     */
    @Test
    void pointsAtUnevenTimesAreThinnedByStretchesOfTime() {
        List<DebtHistory.Point> points = List.of(new DebtHistory.Point(0, 0), new DebtHistory.Point(1, 5),
                new DebtHistory.Point(2, -5), new DebtHistory.Point(3, 1), new DebtHistory.Point(10, 2),
                new DebtHistory.Point(11, -1), new DebtHistory.Point(12, 4), new DebtHistory.Point(40, 0));

        assertEquals(List.of(new DebtHistory.Point(0, 0), new DebtHistory.Point(1, 5), new DebtHistory.Point(2, -5),
                new DebtHistory.Point(40, 0)), DebtHistory.thin(points, DebtHistory.Point::time, DebtHistory.Point::debt));
    }

    /**
     * Halved again and again, the history still covers its whole time evenly. 1,300 days of half-hourly points
     * (62,400) of a debt that stays at 0: halving by runs of four kept one point of four at each halving of the old
     * points while the new ones stayed dense, so after 1,300 days 290 of the 300 points lay in the last 30 days and a
     * restored chart drew the first 1,270 days as one straight line. By stretches of time, no gap between two points
     * kept is wider than a few stretches of the last halving (a stretch is span / 150 at 600 points, 8.7 days here:
     * at most span / 40, 32.5 days) and each tenth of the span holds at least 5 points.
     */
    @Test
    void halvedAgainAndAgainTheHistoryStillCoversItsWholeTimeEvenly() {
        DebtHistory h = new DebtHistory();
        int n = 1300 * 48;
        for (int i = 0; i < n; i++) {
            h.add("a", new DebtHistory.Point(i * 1800.0, 0));
        }
        List<DebtHistory.Point> kept = h.byProject().get("a");
        double span = (n - 1) * 1800.0;
        assertEquals(0, kept.get(0).time());
        assertEquals(span, kept.get(kept.size() - 1).time());
        double widest = 0;
        for (int i = 1; i < kept.size(); i++) {
            widest = Math.max(widest, kept.get(i).time() - kept.get(i - 1).time());
        }
        assertTrue(widest <= span / 40, widest / 86400 + " days between two points");
        for (int tenth = 0; tenth < 10; tenth++) {
            double from = span * tenth / 10;
            double to = span * (tenth + 1) / 10;
            assertTrue(kept.stream().filter(p -> p.time() >= from && p.time() < to).count() >= 5,
                    "a tenth of the time with fewer than 5 of " + kept.size() + " points");
        }
    }

    @Test
    void aRecordNotesEachShareThatChangedSinceTheLastAndKeepsTheNewestChanges() {
        // A at 75 (work 10) and B at 25 recorded at 0; at 3600 A is 25, with work 40: one change, 75 -> 25 at 3600,
        // and the work of each project then (A 40, B 20). Recorded again unchanged: no more.
        Project a = new Project("http://a/", "A", 75);
        Project b = new Project("http://b/", "B", 25);
        a.addWorkDoneThisPeriod(ResourceType.CPU, 10);
        DebtHistory h = new DebtHistory();
        h.record(0, List.of(a, b));
        a.setResourceShare(25);
        a.addWorkDoneThisPeriod(ResourceType.CPU, 30);
        b.addWorkDoneThisPeriod(ResourceType.CPU, 20);
        h.record(3600, List.of(a, b));
        h.record(5400, List.of(a, b));

        DebtHistory.ShareChanges all = h.shareChangesAfter(0);
        assertEquals(List.of(new DebtHistory.ShareChange(3600, "http://a/", 75, 25)), all.changes());
        assertEquals(1, all.seen());
        assertEquals(List.of(), h.shareChangesAfter(all.seen()).changes());
        assertEquals(Map.of("http://a/", 40.0, "http://b/", 20.0), h.workAtLastShareChange());
        assertEquals(h.shareChanges(), h.copy().shareChanges());
        assertEquals(h.workAtLastShareChange(), h.copy().workAtLastShareChange());
    }

    @Test
    void changesAtTheSameInstantAfterOnesAlreadySeenAreAllNew() {
        // Paused, you change A's share, the chart marks it, then you change B's at the same emulated instant.
        DebtHistory h = new DebtHistory();
        h.addShareChange(new DebtHistory.ShareChange(3600, "http://a/", 100, 200));
        long seen = h.shareChangesAfter(0).seen();
        h.addShareChange(new DebtHistory.ShareChange(3600, "http://b/", 100, 50));

        assertEquals(List.of(new DebtHistory.ShareChange(3600, "http://b/", 100, 50)),
                h.shareChangesAfter(seen).changes());
    }

    @Test
    void beyondTheBoundTheOldestShareChangesGo() {
        // 101 changes: the last 100 stay, the first at 7200; all 101 were added.
        DebtHistory h = new DebtHistory();
        for (int i = 0; i <= DebtHistory.MAX_SHARE_CHANGES; i++) {
            h.addShareChange(new DebtHistory.ShareChange(3600 + 3600.0 * i, "http://a/", i + 1, i + 2));
        }
        List<DebtHistory.ShareChange> kept = h.shareChanges();
        assertEquals(DebtHistory.MAX_SHARE_CHANGES, kept.size());
        assertEquals(7200, kept.get(0).time());
        assertEquals(DebtHistory.MAX_SHARE_CHANGES + 1, h.shareChangesAfter(0).seen());
        assertEquals(kept, h.shareChangesAfter(0).changes());
    }
}

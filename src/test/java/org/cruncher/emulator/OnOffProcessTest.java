package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class OnOffProcessTest {

    @Test
    void alwaysOnNeverChanges() {
        OnOffProcess p = OnOffProcess.alwaysOn();
        assertTrue(p.isOn(1e9));
        assertEquals(Double.POSITIVE_INFINITY, p.nextChange(0));
    }

    @Test
    void fractionZeroIsAlwaysOff() {
        OnOffProcess p = new OnOffProcess(0, 3600, 0, new RandomStreams(1).stream("x"));
        assertFalse(p.isOn(5000));
    }

    @Test
    void longRunOnFractionApproachesFrac() {
        // frac 0.3, mean on-period 1 h (mean off-period 1 / 0.3 - 1 = 2.33 h). Over 10,000 hours the time on is
        // within 3 % of 30 % (the sum of ~3000 exponential periods).
        OnOffProcess p = new OnOffProcess(0.3, 3600, 0, new RandomStreams(42).stream("host.on"));
        double t = 0;
        double on = 0;
        double end = 3600 * 10_000.0;
        while (t < end) {
            double next = Math.min(p.nextChange(t), end);
            if (p.isOn(t)) {
                on += next - t;
            }
            t = next;
        }
        assertEquals(0.3, on / end, 0.03 * 0.3 * 3);
    }

    @Test
    void sameSeedAndNameGiveSameProcess() {
        OnOffProcess a = new OnOffProcess(0.5, 3600, 0, new RandomStreams(9).stream("s"));
        OnOffProcess b = new OnOffProcess(0.5, 3600, 0, new RandomStreams(9).stream("s"));
        OnOffProcess c = new OnOffProcess(0.5, 3600, 0, new RandomStreams(9).stream("other"));
        double t = 0;
        boolean differs = false;
        for (int i = 0; i < 50; i++) {
            assertEquals(a.nextChange(t), b.nextChange(t));
            differs |= a.nextChange(t) != c.nextChange(t);
            t = a.nextChange(t);
        }
        assertTrue(differs, "streams with other names must differ");
    }

    @Test
    void aProcessGoesOnFromWhereItWasSaved() {
        // Saved off until 5000 at 1000: off until then, on from then, whatever the stream draws; and it says so when
        // saved again. A process always on (frac 1) stays on whatever was saved.
        OnOffProcess p = new OnOffProcess(0.5, 3600, new OnOffProcess.Saved(false, 5000),
                new RandomStreams(1).stream("host.on"));
        assertFalse(p.isOn(4999));
        assertEquals(5000, p.nextChange(4999), 0);
        assertTrue(p.isOn(5000));
        assertEquals(new OnOffProcess.Saved(true, p.nextChange(5000)), p.saved(5000));

        OnOffProcess always = new OnOffProcess(1, 3600, new OnOffProcess.Saved(false, 5000), null);
        assertTrue(always.isOn(10));
        assertEquals(Double.POSITIVE_INFINITY, always.nextChange(10));
    }
}

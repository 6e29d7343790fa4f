package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

/** Numbers as the window writes them. */
class FormatTest {

    @Test
    void aRatioFitsANarrowColumnHoweverLarge() {
        // A share of 1e9 gave a resource debt of 44,730,396.3 per hour, shown "44730396.3..." in a clipped cell.
        assertEquals("0.50", Format.ratio(0.5));
        assertEquals("999.99", Format.ratio(999.99));
        assertEquals("12,346", Format.ratio(12345.6));
        assertEquals("44.7 million", Format.ratio(44730396.3));
        assertEquals("4.47e12", Format.ratio(4.47e12));
        // 999,999.7 rounds to a million, so it is written as one: "1.0 million", not "1,000,000".
        assertEquals("1.0 million", Format.ratio(999_999.7));
        assertEquals("1.00e9", Format.ratio(999.96e6));
    }

    /** 75 beside 1,000,000,000 is 0.0000075 of the total: "< 0.1 %", not the backup project's "0.0 %" (QA). */
    @Test
    void aTinyShareIsNotShownAsNone() {
        assertEquals("< 0.1 %", Format.sharePercent(75 / (1e9 + 75)));
        assertEquals("0.0 %", Format.sharePercent(0));
        assertEquals("0.1 %", Format.sharePercent(0.0005));
        assertEquals("25.0 %", Format.sharePercent(0.25));
    }

    @Test
    void aResourceShareShowsAsTypedWithoutRoundingItsWholePart() {
        // 12.5 stays 12.5 (it showed as "13"); 12345 stays whole (four significant digits made it "12350"); a tiny
        // share is not shown as 0, which would read as a backup project.
        assertEquals("100", Format.share(100));
        assertEquals("12.5", Format.share(12.5));
        assertEquals("12345", Format.share(12345));
        assertEquals("0.0004", Format.share(0.0004));
        assertEquals("0", Format.share(0));
        // Below a millionth, six decimals would round to 0: 0.0000001 keeps its digit.
        assertEquals("0.0000001", Format.share(1e-7));
        assertEquals("0.000000456", Format.share(4.56e-7));
    }

    @Test
    void aDateInAnotherYearThanNowShowsItsYear() {
        // Now 1 Jul 2026 12:00 UTC (1,782,907,200 s): a date 10 days on is in the same year in every time zone, one
        // 200 days on (17 Jan 2027 at 12:00 UTC, the 18th east of UTC+12) is in the next, and one 400 days before (27
        // May 2025) in the last.
        double now = 1_782_907_200;
        double day = 86_400;
        assertEquals(Format.shortDateTime(now + 10 * day), Format.shortDateTime(now + 10 * day, now));
        assertTrue(Format.shortDateTime(now + 200 * day, now).matches("1[78] Jan 2027 \\d\\d:\\d\\d"),
                Format.shortDateTime(now + 200 * day, now));
        assertTrue(Format.shortDateTime(now - 400 * day, now).matches("\\d\\d? May 2025 \\d\\d:\\d\\d"),
                Format.shortDateTime(now - 400 * day, now));
        assertTrue(Format.sameYear(now, now + 10 * day));
        assertFalse(Format.sameYear(now, now + 200 * day));
        // A time that is not one (never, unknown) keeps the short form.
        assertEquals(Format.shortDateTime(now), Format.shortDateTime(now, Double.NaN));
    }
}

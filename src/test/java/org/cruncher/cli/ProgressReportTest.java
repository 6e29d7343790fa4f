package org.cruncher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.concurrent.atomic.AtomicLong;

import org.junit.jupiter.api.Test;

class ProgressReportTest {

    private static final long SECOND = 1_000_000_000L;
    private static final double START = 1_000_000;

    @Test
    void silentForFiveSecondsThenAtMostOnceEveryFive() {
        StringWriter text = new StringWriter();
        AtomicLong clock = new AtomicLong(100 * SECOND);
        ProgressReport p = new ProgressReport(new PrintWriter(text), clock::get, START, 365);

        clock.set(104 * SECOND);
        p.accept(START + 86400);
        assertEquals("", text.toString());
        // 5 s in, 45.5 days emulated (45.5 x 86,400 s).
        clock.set(105 * SECOND);
        p.accept(START + 45.5 * 86400);
        // 9 s in: under 5 s since the last line.
        clock.set(109 * SECOND);
        p.accept(START + 80 * 86400);
        clock.set(111 * SECOND);
        p.accept(START + 90 * 86400);

        assertEquals("cruncher: emulated 45.5 of 365 days (5 s so far)\n"
                + "cruncher: emulated 90.0 of 365 days (11 s so far)\n", text.toString().replace("\r\n", "\n"));
    }
}

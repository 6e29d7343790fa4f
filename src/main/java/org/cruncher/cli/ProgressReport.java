package org.cruncher.cli;

import java.io.PrintWriter;
import java.util.Locale;
import java.util.function.DoubleConsumer;
import java.util.function.LongSupplier;

import org.cruncher.engine.api.Units;

/**
 * A long emulation's progress on the error stream, so that a run of months on a big host does not look hung:
 * "cruncher: emulated 45.2 of 365 days (10 s so far)". Silent for the first {@link #EVERY_NANOS}, then at most once
 * per {@link #EVERY_NANOS}; the figures printed on the output stream are not touched.
 */
final class ProgressReport implements DoubleConsumer {

    /** Five seconds, in nanoseconds: short runs print nothing. */
    static final long EVERY_NANOS = 5_000_000_000L;

    private final PrintWriter err;
    private final LongSupplier clock;
    private final double start;
    private final double days;
    private final long began;
    private long next;

    /**
     * @param err   where the lines go
     * @param clock wall-clock nanoseconds (System::nanoTime)
     * @param start the emulation's start, epoch seconds
     * @param days  the days it will emulate
     */
    ProgressReport(PrintWriter err, LongSupplier clock, double start, double days) {
        this.err = err;
        this.clock = clock;
        this.start = start;
        this.days = days;
        this.began = clock.getAsLong();
        this.next = began + EVERY_NANOS;
    }

    @Override
    public void accept(double now) {
        long t = clock.getAsLong();
        if (t < next) {
            return;
        }
        next = t + EVERY_NANOS;
        err.printf(Locale.ROOT, "cruncher: emulated %.1f of %s days (%d s so far)%n", (now - start) / 86400,
                Units.number(days), (t - began) / 1_000_000_000L);
        err.flush();
    }
}

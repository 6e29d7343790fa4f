package org.cruncher.emulator;

import java.util.random.RandomGenerator;

/**
 * A two-state random process, as BOINC's emulator models host availability and server uptime (sim_util.cpp
 * RANDOM_PROCESS): on-periods are exponential with mean {@code lambda}, off-periods exponential with mean
 * lambda / frac - lambda, so that the process is on a fraction {@code frac} of the time; it starts on with
 * probability {@code frac}. frac = 1 is always on; frac = 0 always off.
 *
 * <p>Periods are drawn lazily as time advances; queries must not go back in time.
 */
public final class OnOffProcess {

    /** BOINC's default mean on-period, seconds. */
    public static final double DEFAULT_LAMBDA = 3600;

    private final double frac;
    private final double lambda;
    private final RandomGenerator random;
    private boolean on;
    private double until;

    public OnOffProcess(double frac, double lambda, double start, RandomGenerator random) {
        this.frac = Math.max(0, Math.min(1, Double.isNaN(frac) ? 1 : frac));
        this.lambda = lambda > 0 ? lambda : DEFAULT_LAMBDA;
        this.random = random;
        if (this.frac >= 1) {
            on = true;
            until = Double.POSITIVE_INFINITY;
        } else if (this.frac <= 0) {
            on = false;
            until = Double.POSITIVE_INFINITY;
        } else {
            on = random.nextDouble() < this.frac;
            until = start + draw(on);
        }
    }

    /** A process that is always on. */
    public static OnOffProcess alwaysOn() {
        return new OnOffProcess(1, DEFAULT_LAMBDA, 0, null);
    }

    private double draw(boolean onPeriod) {
        double mean = onPeriod ? lambda : lambda / frac - lambda;
        return -mean * Math.log(1 - random.nextDouble());
    }

    private void advanceTo(double t) {
        while (until <= t) {
            on = !on;
            until += draw(on);
        }
    }

    /** Whether the process is on at {@code t}. */
    public boolean isOn(double t) {
        advanceTo(t);
        return on;
    }

    /** The first time after {@code t} at which the state changes (infinite if never). */
    public double nextChange(double t) {
        advanceTo(t);
        return until;
    }
}

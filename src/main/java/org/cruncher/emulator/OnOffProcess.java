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
        this(frac, lambda, random);
        if (this.frac > 0 && this.frac < 1) {
            on = random.nextDouble() < this.frac;
            until = start + draw(on);
        }
    }

    /**
     * The process going on from a saved moment: {@code on} until {@code until}, then drawn as usual. A process always
     * on or always off (frac 1 or 0) is as its fraction says, whatever was saved.
     */
    public OnOffProcess(double frac, double lambda, Saved saved, RandomGenerator random) {
        this(frac, lambda, random);
        if (this.frac > 0 && this.frac < 1) {
            on = saved.on();
            until = saved.until();
        }
    }

    /** The fields; always on (frac 1) or always off (frac 0) for good, otherwise to be set by the caller. */
    private OnOffProcess(double frac, double lambda, RandomGenerator random) {
        this.frac = Math.max(0, Math.min(1, Double.isNaN(frac) ? 1 : frac));
        this.lambda = lambda > 0 ? lambda : DEFAULT_LAMBDA;
        this.random = random;
        on = this.frac >= 1;
        until = Double.POSITIVE_INFINITY;
    }

    /** Where a process stands: on or off until {@code until}, when it changes. */
    public record Saved(boolean on, double until) {
    }

    /** Where the process stands at {@code t}, to go on from there after a restart. */
    public Saved saved(double t) {
        advanceTo(t);
        return new Saved(on, until);
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

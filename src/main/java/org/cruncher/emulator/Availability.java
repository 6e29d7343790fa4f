package org.cruncher.emulator;

import java.util.random.RandomGenerator;

import org.cruncher.engine.model.TimeStats;

/**
 * The host's availability fractions and mean on-period lengths (time_stats with BOINC's emulator-only *_lambda), and
 * where a restored emulation's on/off processes stood when it was saved ({@code resume}, null for a fresh start): a
 * state saved with the computer off comes back off until the saved period ends, instead of drawing it anew.
 */
public record Availability(TimeStats fractions, double onLambda, double activeLambda, double gpuActiveLambda,
                           double connectedLambda, HostProcesses.Saved resume) {

    /** Availability for a fresh start: the processes' first periods are drawn. */
    public Availability(TimeStats fractions, double onLambda, double activeLambda, double gpuActiveLambda,
                        double connectedLambda) {
        this(fractions, onLambda, activeLambda, gpuActiveLambda, connectedLambda, null);
    }

    public static Availability of(TimeStats fractions) {
        double l = OnOffProcess.DEFAULT_LAMBDA;
        return new Availability(fractions, l, l, l, l);
    }

    /** The same, going on from where the processes stand in {@code saved}. */
    public Availability resumingFrom(HostProcesses.Saved saved) {
        return new Availability(fractions, onLambda, activeLambda, gpuActiveLambda, connectedLambda, saved);
    }

    HostProcesses processes(double start, RandomStreams streams) {
        return new HostProcesses(
                process(fractions.onFrac(), onLambda, start, resume == null ? null : resume.on(),
                        streams.stream("host.on")),
                process(fractions.activeFrac(), activeLambda, start, resume == null ? null : resume.active(),
                        streams.stream("host.active")),
                process(fractions.gpuActiveFrac(), gpuActiveLambda, start, resume == null ? null : resume.gpuActive(),
                        streams.stream("host.gpu")),
                process(fractions.connectedFrac(), connectedLambda, start, resume == null ? null : resume.connected(),
                        streams.stream("host.net")));
    }

    /** A process drawn from {@code start}, or going on from {@code saved} where that reaches beyond it. */
    private static OnOffProcess process(double frac, double lambda, double start, OnOffProcess.Saved saved,
                                        RandomGenerator random) {
        return saved != null && saved.until() > start ? new OnOffProcess(frac, lambda, saved, random)
                : new OnOffProcess(frac, lambda, start, random);
    }
}

package org.cruncher.emulator;

import org.cruncher.engine.model.TimeStats;

/**
 * The host's availability fractions and mean on-period lengths (time_stats with BOINC's emulator-only *_lambda).
 */
public record Availability(TimeStats fractions, double onLambda, double activeLambda, double gpuActiveLambda,
                           double connectedLambda) {

    public static Availability of(TimeStats fractions) {
        double l = OnOffProcess.DEFAULT_LAMBDA;
        return new Availability(fractions, l, l, l, l);
    }

    HostProcesses processes(double start, RandomStreams streams) {
        return new HostProcesses(
                new OnOffProcess(fractions.onFrac(), onLambda, start, streams.stream("host.on")),
                new OnOffProcess(fractions.activeFrac(), activeLambda, start, streams.stream("host.active")),
                new OnOffProcess(fractions.gpuActiveFrac(), gpuActiveLambda, start, streams.stream("host.gpu")),
                new OnOffProcess(fractions.connectedFrac(), connectedLambda, start, streams.stream("host.net")));
    }
}

package org.cruncher.engine.policy.workfetch;

import java.util.Map;
import java.util.function.Supplier;

import org.cruncher.engine.model.Result;

/**
 * When a round-robin forecast (seed 003's rr_simulation) expects each queued job to end: what the Tasks pane shows
 * beside each deadline. Work fetch never needs it, so it is gathered from the simulation only when first asked (the
 * snapshot asks), and every reading of the forecast along its course shares it: the course is the premise of such a
 * reading, so its ends stand as they were foreseen.
 */
public final class ExpectedEnds {

    private Supplier<Map<Result, Double>> source;
    private Map<Result, Double> ends;

    /** @param source each queued job's end, seconds on the engine's clock, for jobs that end in the forecast */
    ExpectedEnds(Supplier<Map<Result, Double>> source) {
        this.source = source;
    }

    /** When {@code r} is expected to end; NaN if it was not queued when the forecast was made, or never ends in it. */
    public synchronized double of(Result r) {
        if (ends == null) {
            ends = source.get();
            source = null;
        }
        Double end = ends.get(r);
        return end == null ? Double.NaN : end;
    }
}

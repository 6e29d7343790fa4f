package org.cruncher.emulator;

import java.util.Comparator;
import java.util.Map;
import java.util.PriorityQueue;
import java.util.function.Consumer;
import java.util.random.RandomGenerator;

import org.cruncher.engine.TransferOutcome;
import org.cruncher.engine.model.Result;

/**
 * File transfers in emulated time: a transfer of B bytes at its project's rate R takes B / R seconds and fails with
 * the project's failure rate (decided when it starts, from a named random stream); its outcome is delivered when it
 * ends. Transfers of a project with no {@link TransferSpec} end at once.
 */
final class SimulatedTransfers {

    private record Pending(double end, long seq, TransferOutcome outcome, Consumer<TransferOutcome> done) {
    }

    private final Map<String, TransferSpec> specs;
    private final RandomGenerator random;
    private final PriorityQueue<Pending> pending = new PriorityQueue<>(
            Comparator.comparingDouble(Pending::end).thenComparingLong(Pending::seq));
    private long seq;
    private double now;

    SimulatedTransfers(Map<String, TransferSpec> specsByProjectUrl, RandomGenerator random) {
        this.specs = Map.copyOf(specsByProjectUrl);
        this.random = random;
    }

    void start(Result r, double bytes, boolean upload, Consumer<TransferOutcome> done) {
        TransferSpec spec = specs.getOrDefault(r.project().url(), TransferSpec.NONE);
        double rate = upload ? spec.uploadRate() : spec.downloadRate();
        boolean fails = spec.failureRate() > 0 && random.nextDouble() < spec.failureRate();
        TransferOutcome outcome = fails
                ? new TransferOutcome(r, upload, (upload ? "upload" : "download") + " of "
                        + Math.round(bytes) + " bytes failed") : TransferOutcome.done(r, upload);
        double duration = Double.isInfinite(rate) ? 0 : bytes / rate;
        if (duration <= 0) {
            done.accept(outcome);
            return;
        }
        pending.add(new Pending(now + duration, seq++, outcome, done));
    }

    /** When the next transfer ends (infinite if none is under way). */
    double nextCompletion() {
        Pending p = pending.peek();
        return p == null ? Double.POSITIVE_INFINITY : p.end();
    }

    /** Moves to {@code time}, delivering the outcomes of the transfers that ended by then. */
    void advanceTo(double time) {
        now = time;
        Pending p;
        while ((p = pending.peek()) != null && p.end() <= time) {
            pending.poll();
            p.done().accept(p.outcome());
        }
    }
}

package org.cruncher.emulator;

import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;
import java.util.concurrent.CancellationException;
import java.util.function.BooleanSupplier;
import java.util.function.DoubleConsumer;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.policy.workfetch.FetchPolicies;

/**
 * What the next days would bring: an emulation at a {@link Checkpoint} run on by itself, as it is or after the
 * user's changes (new shares, new preferences), with the checkpoint's seed. Two runs from the same checkpoint meet
 * the same hosts, servers and jobs, so the difference between them is the changes'. The checkpoint is not changed, so
 * one {@code WhatIf} answers any number of questions, and the emulation it was taken from goes on untouched.
 *
 * <p>Steps of {@link #run}: build an emulation at the checkpoint's time and state (its figures begin at zero, so they
 * are the next days' alone); hand it the changes as the user's commands, applied at once as in the window; run it
 * to the end, asking every 1,024 events whether the answer is still wanted; report its figures and each project's
 * target on the host under the shares it ends with.
 */
public final class WhatIf {

    /**
     * The next days' figures.
     *
     * @param report  the figures of merit over those days, per project too
     * @param targets each project's target on the host (its fair part of the work, given the processors its
     *                applications can use), by master URL
     */
    public record Outcome(EmulationReport report, Map<String, Double> targets) {
        public Outcome {
            targets = Map.copyOf(targets);
        }
    }

    private final Checkpoint base;

    public WhatIf(Checkpoint base) {
        this.base = Objects.requireNonNull(base);
    }

    /** The emulated time the answers start at, seconds since the epoch. */
    public double startTime() {
        return base.time();
    }

    /**
     * Runs the next {@code days} after {@code changes}; empty if {@code cancelled} said so on the way.
     *
     * @param progress told the fraction of the days emulated, now and then
     */
    public Optional<Outcome> run(List<EngineCommand> changes, double days, BooleanSupplier cancelled,
                                 DoubleConsumer progress) {
        if (!(days > 0)) {
            throw new IllegalArgumentException("days must be more than 0, not " + days);
        }
        Scenario from = new Scenario(base.scenario().name(), base.state(), base.time(), base.scenario().servers(),
                base.scenario().availability(), List.of());
        // A question must not touch a real server: a project on this computer is answered by its simulated server.
        try (Emulation emulation = new Emulation(from, base.seed(), e -> { }, FetchPolicies.createDefault(), false)) {
            changes.forEach(emulation.engine()::submit);
            emulation.applyCommands();
            double end = base.time() + days * 86400;
            try {
                emulation.advanceTo(end, now -> {
                    if (cancelled.getAsBoolean()) {
                        throw new CancellationException();
                    }
                    progress.accept((now - base.time()) / (end - base.time()));
                });
            } catch (CancellationException e) {
                return Optional.empty();
            }
            return Optional.of(new Outcome(emulation.report(0), emulation.targets()));
        }
    }
}

package org.cruncher.emulator;

import java.util.List;

import org.cruncher.engine.api.DeletionView;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.model.ClientState;

/**
 * An emulation at one moment, to be saved: the scenario it runs (servers, availability), a copy of the client state
 * that the engine no longer touches, the emulated time, and the seed.
 *
 * @param scenario the scenario being emulated
 * @param state    a deep copy of the client state at {@code time}
 * @param time     emulated time, seconds since the epoch
 * @param seed     the emulation's seed
 * @param history  the projects' debts up to {@code time} (a copy)
 * @param figures  the figures of merit's sums up to {@code time}
 * @param runs     what ran when, over the week up to {@code time}
 * @param events    the latest events and decisions, oldest first (those the window showed, so that they are shown
 *                  again after a restart)
 * @param deletions the files last deleted to make room, newest first (the Disk pane's, shown again after a restart)
 * @param rpcs      the latest scheduler RPC sessions, newest first (the Work fetch pane's, shown again after a restart)
 */
public record Checkpoint(Scenario scenario, ClientState state, double time, long seed, DebtHistory history,
                         MeritTotals figures, RunHistoryView runs, List<EngineEvent> events,
                         List<DeletionView> deletions, List<RpcView> rpcs) {

    public Checkpoint {
        figures = figures == null ? MeritTotals.NONE : figures;
        runs = runs == null ? RunHistoryView.EMPTY : runs;
        events = events == null ? List.of() : List.copyOf(events);
        deletions = deletions == null ? List.of() : List.copyOf(deletions);
        rpcs = rpcs == null ? List.of() : List.copyOf(rpcs);
    }

    /** A checkpoint with no scheduler RPCs kept. */
    public Checkpoint(Scenario scenario, ClientState state, double time, long seed, DebtHistory history,
                      MeritTotals figures, RunHistoryView runs, List<EngineEvent> events,
                      List<DeletionView> deletions) {
        this(scenario, state, time, seed, history, figures, runs, events, deletions, List.of());
    }

    /** A checkpoint with no files deleted to make room. */
    public Checkpoint(Scenario scenario, ClientState state, double time, long seed, DebtHistory history,
                      MeritTotals figures, RunHistoryView runs, List<EngineEvent> events) {
        this(scenario, state, time, seed, history, figures, runs, events, List.of());
    }

    /** A checkpoint with no events kept. */
    public Checkpoint(Scenario scenario, ClientState state, double time, long seed, DebtHistory history,
                      MeritTotals figures, RunHistoryView runs) {
        this(scenario, state, time, seed, history, figures, runs, List.of());
    }

    /** This checkpoint with {@code latest} as its events. */
    public Checkpoint withEvents(List<EngineEvent> latest) {
        return new Checkpoint(scenario, state, time, seed, history, figures, runs, latest, deletions, rpcs);
    }

    /** A checkpoint with no record of what ran. */
    public Checkpoint(Scenario scenario, ClientState state, double time, long seed, DebtHistory history,
                      MeritTotals figures) {
        this(scenario, state, time, seed, history, figures, RunHistoryView.EMPTY);
    }

    /** A checkpoint with no debt history and no figures summed. */
    public Checkpoint(Scenario scenario, ClientState state, double time, long seed) {
        this(scenario, state, time, seed, new DebtHistory(), MeritTotals.NONE);
    }

    /** A checkpoint with no figures summed. */
    public Checkpoint(Scenario scenario, ClientState state, double time, long seed, DebtHistory history) {
        this(scenario, state, time, seed, history, MeritTotals.NONE);
    }
}

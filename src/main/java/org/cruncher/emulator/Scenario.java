package org.cruncher.emulator;

import java.util.List;

import org.cruncher.engine.api.DeletionView;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.model.ClientState;

/**
 * Something to emulate: a client state (host, preferences, projects, queued work), the servers behind its projects,
 * the host's availability, and the time it starts at. The initial state is never changed; each emulation works on
 * a copy.
 *
 * @param name         a name for reports (the folder or file name)
 * @param initialState the client state at the start
 * @param startTime    emulated time at the start, seconds since the epoch
 * @param servers      one per project that can get work
 * @param availability the host's availability
 * @param notes        things worth telling the user about how the input was read
 * @param history      the projects' debts before the start (a restored state's past; empty otherwise)
 * @param figures      the figures of merit's sums before the start (a restored state's past; none otherwise): an
 *                     emulation goes on from them
 * @param runs         what ran when before the start (a restored state's past week; empty otherwise)
 * @param events       the latest events and decisions before the start (a restored state's; empty otherwise),
 *                     oldest first
 * @param firstNotes   what was inferred on reading the file the emulation was first opened from: the notes a saved
 *                     state keeps ({@code <reading_notes>}), so that a restored window still says them; a restored
 *                     state's own notes (a damaged save) are not among them
 * @param deletions    the files last deleted to make room before the start, newest first (a restored state's; empty
 *                     otherwise), for the Disk pane to go on showing them
 * @param rpcs         the latest scheduler RPC sessions before the start, newest first (a restored state's; empty
 *                     otherwise), for the Work fetch pane to go on showing them
 */
public record Scenario(String name, ClientState initialState, double startTime, List<ServerSpec> servers,
                       Availability availability, List<String> notes, DebtHistory history, MeritTotals figures,
                       RunHistoryView runs, List<EngineEvent> events, List<String> firstNotes,
                       List<DeletionView> deletions, List<RpcView> rpcs) {

    /** 2026-01-01T00:00:00Z: where scenarios without a time of their own start. */
    public static final double DEFAULT_START = 1_767_225_600;

    public Scenario {
        servers = List.copyOf(servers);
        notes = List.copyOf(notes);
        history = history == null ? new DebtHistory() : history.copy();
        figures = figures == null ? MeritTotals.NONE : figures;
        runs = runs == null ? RunHistoryView.EMPTY : runs;
        events = events == null ? List.of() : List.copyOf(events);
        firstNotes = firstNotes == null ? notes : List.copyOf(firstNotes);
        deletions = deletions == null ? List.of() : List.copyOf(deletions);
        rpcs = rpcs == null ? List.of() : List.copyOf(rpcs);
    }

    /** A scenario with no scheduler RPCs before it. */
    public Scenario(String name, ClientState initialState, double startTime, List<ServerSpec> servers,
                    Availability availability, List<String> notes, DebtHistory history, MeritTotals figures,
                    RunHistoryView runs, List<EngineEvent> events, List<String> firstNotes,
                    List<DeletionView> deletions) {
        this(name, initialState, startTime, servers, availability, notes, history, figures, runs, events, firstNotes,
                deletions, List.of());
    }

    /** A scenario with no files deleted to make room before it. */
    public Scenario(String name, ClientState initialState, double startTime, List<ServerSpec> servers,
                    Availability availability, List<String> notes, DebtHistory history, MeritTotals figures,
                    RunHistoryView runs, List<EngineEvent> events, List<String> firstNotes) {
        this(name, initialState, startTime, servers, availability, notes, history, figures, runs, events, firstNotes,
                List.of());
    }

    /** A scenario read for the first time: its notes are its first reading's. */
    public Scenario(String name, ClientState initialState, double startTime, List<ServerSpec> servers,
                    Availability availability, List<String> notes, DebtHistory history, MeritTotals figures,
                    RunHistoryView runs, List<EngineEvent> events) {
        this(name, initialState, startTime, servers, availability, notes, history, figures, runs, events, null);
    }

    /** A scenario with a past but no events kept from it. */
    public Scenario(String name, ClientState initialState, double startTime, List<ServerSpec> servers,
                    Availability availability, List<String> notes, DebtHistory history, MeritTotals figures,
                    RunHistoryView runs) {
        this(name, initialState, startTime, servers, availability, notes, history, figures, runs, List.of());
    }

    /** A scenario with no past. */
    public Scenario(String name, ClientState initialState, double startTime, List<ServerSpec> servers,
                    Availability availability, List<String> notes) {
        this(name, initialState, startTime, servers, availability, notes, new DebtHistory(), MeritTotals.NONE,
                RunHistoryView.EMPTY);
    }

    /** This scenario with the host's availability {@code a} (where its processes stand, for a checkpoint). */
    public Scenario withAvailability(Availability a) {
        return new Scenario(name, initialState, startTime, servers, a, notes, history, figures, runs, events,
                firstNotes, deletions, rpcs);
    }

    /**
     * This scenario with its figures beginning again at its start (its debt history kept); a note that saved figures
     * were set aside goes too, as there are none to go on from either way.
     */
    public Scenario withoutPastFigures() {
        List<String> kept = notes.stream().filter(n -> !n.contains(MeritTotals.NOTE_MARK)).toList();
        return new Scenario(name, initialState, startTime, servers, availability, kept, history, MeritTotals.NONE,
                runs, events, firstNotes, deletions, rpcs);
    }
}

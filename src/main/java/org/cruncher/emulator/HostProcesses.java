package org.cruncher.emulator;

import org.cruncher.engine.HostStatus;

/**
 * The host's availability in the emulator: four on/off processes (BOINC's time_stats with their *_lambda), combined
 * as BOINC's emulator combines them: the client runs when on; computing is allowed when on and active; GPUs when
 * also GPU-active; the network when on and connected.
 */
public final class HostProcesses {

    private final OnOffProcess on;
    private final OnOffProcess active;
    private final OnOffProcess gpuActive;
    private final OnOffProcess connected;

    public HostProcesses(OnOffProcess on, OnOffProcess active, OnOffProcess gpuActive, OnOffProcess connected) {
        this.on = on;
        this.active = active;
        this.gpuActive = gpuActive;
        this.connected = connected;
    }

    public static HostProcesses alwaysOn() {
        return new HostProcesses(OnOffProcess.alwaysOn(), OnOffProcess.alwaysOn(), OnOffProcess.alwaysOn(),
                OnOffProcess.alwaysOn());
    }

    /** Where the four processes stand: what a saved state keeps so that a restart goes on from there. */
    public record Saved(OnOffProcess.Saved on, OnOffProcess.Saved active, OnOffProcess.Saved gpuActive,
                        OnOffProcess.Saved connected) {
    }

    /** Where the processes stand at {@code t}. */
    public Saved saved(double t) {
        return new Saved(on.saved(t), active.saved(t), gpuActive.saved(t), connected.saved(t));
    }

    /** When what the host allows to compute may next change, from {@code t} on: the computer or its activity. */
    public double computeMayChange(double t) {
        return Math.min(on.nextChange(t), active.nextChange(t));
    }

    /** When what the host allows the GPUs may next change, from {@code t} on. */
    public double gpuMayChange(double t) {
        return Math.min(computeMayChange(t), gpuActive.nextChange(t));
    }

    /** Whether the client is running at {@code t}. */
    public boolean clientRunning(double t) {
        return on.isOn(t);
    }

    /** When the client next runs, from {@code t} on: {@code t} if it runs then (infinite if it never does). */
    public double nextClientStart(double t) {
        return on.isOn(t) ? t : on.nextChange(t);
    }

    /** What the host allows at {@code t}. */
    public HostStatus status(double t) {
        boolean running = on.isOn(t);
        boolean computing = running && active.isOn(t);
        return new HostStatus(computing, computing && gpuActive.isOn(t), running && connected.isOn(t), running);
    }

    /** The next time any of the processes changes state after {@code t}. */
    public double nextChange(double t) {
        return Math.min(Math.min(on.nextChange(t), active.nextChange(t)),
                Math.min(gpuActive.nextChange(t), connected.nextChange(t)));
    }
}

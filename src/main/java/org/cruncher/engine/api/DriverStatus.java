package org.cruncher.engine.api;

/**
 * How the engine is being driven.
 *
 * @param startTime    emulated time when the run started
 * @param running      true while time advances (false when paused)
 * @param wallSeconds  wall time spent running so far
 * @param hostOn       the emulated computer is on (its client runs)
 * @param waitingFor   the URL of the project on this computer whose reply the emulation waits for, time standing
 *                     still meanwhile (decision 0046), or "" if it waits for none
 * @param changesWait  the user's changes (a share, preferences, a suspension) wait to be applied: while a reply is
 *                     awaited they are applied only once it comes
 */
public record DriverStatus(double startTime, boolean running, double wallSeconds, boolean hostOn, String waitingFor,
                           boolean changesWait) {

    /** The status of an emulation that waits for no reply. */
    public DriverStatus(double startTime, boolean running, double wallSeconds, boolean hostOn) {
        this(startTime, running, wallSeconds, hostOn, "", false);
    }
}

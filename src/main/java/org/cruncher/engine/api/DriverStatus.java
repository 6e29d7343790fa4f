package org.cruncher.engine.api;

/**
 * How the engine is being driven.
 *
 * @param startTime    emulated time when the run started
 * @param running      true while time advances (false when paused)
 * @param speed        emulated seconds per wall second (infinite: as fast as possible); 1 for a live client
 * @param wallSeconds  wall time spent running so far
 * @param emulated     true under the emulator
 * @param hostOn       the emulated computer is on (its client runs); true for a live client
 */
public record DriverStatus(double startTime, boolean running, double speed, double wallSeconds, boolean emulated,
                           boolean hostOn) {
}

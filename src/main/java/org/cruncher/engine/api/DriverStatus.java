package org.cruncher.engine.api;

/**
 * How the engine is being driven.
 *
 * @param startTime    emulated time when the run started
 * @param running      true while time advances (false when paused)
 * @param wallSeconds  wall time spent running so far
 * @param hostOn       the emulated computer is on (its client runs)
 */
public record DriverStatus(double startTime, boolean running, double wallSeconds, boolean hostOn) {
}

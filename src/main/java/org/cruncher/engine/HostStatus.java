package org.cruncher.engine;

/**
 * What the host allows right now (the driver knows: the emulator's on/off processes, or the real machine).
 *
 * @param computeAllowed computing is allowed (the client runs and the preferences allow it now)
 * @param gpuAllowed     GPU computing is allowed
 * @param networkAllowed the network is available
 * @param on             the computer is on (its client runs); when it is off nothing else is allowed either
 */
public record HostStatus(boolean computeAllowed, boolean gpuAllowed, boolean networkAllowed, boolean on) {

    public static final HostStatus ALL_ALLOWED = new HostStatus(true, true, true);

    /** A computer that is on, allowed what the three flags say. */
    public HostStatus(boolean computeAllowed, boolean gpuAllowed, boolean networkAllowed) {
        this(computeAllowed, gpuAllowed, networkAllowed, true);
    }
}

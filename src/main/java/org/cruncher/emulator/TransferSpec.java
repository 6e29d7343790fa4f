package org.cruncher.emulator;

/**
 * How a simulated project's file transfers go ({@code <transfers>} in a scenario's project).
 *
 * @param downloadRate bytes per second a download gets (infinite: at once)
 * @param uploadRate   bytes per second an upload gets (infinite: at once)
 * @param failureRate  chance that a transfer fails
 */
public record TransferSpec(double downloadRate, double uploadRate, double failureRate) {

    /** Transfers that take no time and never fail (the default). */
    public static final TransferSpec NONE = new TransferSpec(Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, 0);

    public TransferSpec {
        if (!(downloadRate > 0) || !(uploadRate > 0)) {
            throw new IllegalArgumentException("transfer rates must be positive");
        }
        if (!(failureRate >= 0 && failureRate <= 1)) {
            throw new IllegalArgumentException("a transfer failure rate is from 0 to 1, not " + failureRate);
        }
    }
}

package org.cruncher.engine.model;

/**
 * The cc_config.xml options the engine acts on.
 *
 * @param ncpusOverride             {@code <ncpus>}: act as if the host had this many CPUs (-1: not set)
 * @param noGpus                    {@code <no_gpus>}: use no GPU at all
 * @param reportResultsImmediately  {@code <report_results_immediately>}: report each result as soon as it is done
 */
public record ClientConfig(int ncpusOverride, boolean noGpus, boolean reportResultsImmediately) {

    public static final ClientConfig DEFAULTS = new ClientConfig(-1, false, false);

    /** The CPU count the preferences apply to. */
    public int ncpus(Host host) {
        return ncpusOverride > 0 ? ncpusOverride : host.cpuCount();
    }
}

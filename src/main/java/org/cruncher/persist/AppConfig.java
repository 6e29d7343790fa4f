package org.cruncher.persist;

import java.util.List;

/**
 * A project's app_config.xml as read (boinc-engine.md §5.3). Unset numbers are NaN (0 for the limits, meaning no
 * limit).
 *
 * @param apps                     the {@code <app>} entries, in file order
 * @param versions                 the {@code <app_version>} entries, in file order
 * @param projectMaxConcurrent     {@code <project_max_concurrent>}: at most this many of the project's tasks at once
 * @param reportResultsImmediately {@code <report_results_immediately>} for the whole project
 */
public record AppConfig(List<AppEntry> apps, List<VersionEntry> versions, int projectMaxConcurrent,
                        boolean reportResultsImmediately) {

    /** No app_config.xml. */
    public static final AppConfig NONE = new AppConfig(List.of(), List.of(), 0, false);

    public AppConfig {
        apps = List.copyOf(apps);
        versions = List.copyOf(versions);
    }

    /**
     * An {@code <app>}.
     *
     * @param name                     the app's short name
     * @param maxConcurrent            at most this many of its tasks at once (0: no limit)
     * @param reportResultsImmediately report its results as soon as they are uploaded
     * @param gpuUsage                 {@code <gpu_versions><gpu_usage>}: GPUs a job of its GPU versions uses (NaN)
     * @param cpuUsage                 {@code <gpu_versions><cpu_usage>}: CPUs a job of its GPU versions uses (NaN)
     */
    public record AppEntry(String name, int maxConcurrent, boolean reportResultsImmediately, double gpuUsage,
                           double cpuUsage) {
    }

    /**
     * An {@code <app_version>}: overrides for the versions of {@code appName} with exactly {@code planClass}.
     *
     * @param appName   the app
     * @param planClass the plan class ("" for versions without one)
     * @param avgNcpus  CPUs a job uses (NaN: unchanged)
     * @param ngpus     GPUs a job uses (NaN: unchanged)
     * @param cmdline   extra command-line arguments ("" if none)
     */
    public record VersionEntry(String appName, String planClass, double avgNcpus, double ngpus, String cmdline) {
    }

    /** True if it sets a limit on tasks at once, for the project or an app. */
    public boolean limitsConcurrency() {
        return projectMaxConcurrent > 0 || apps.stream().anyMatch(a -> a.maxConcurrent() > 0);
    }
}

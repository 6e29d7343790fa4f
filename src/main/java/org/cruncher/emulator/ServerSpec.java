package org.cruncher.emulator;

import java.util.List;

/**
 * A simulated project server.
 *
 * @param projectUrl      the project it serves
 * @param apps            how it makes jobs, per app
 * @param availableFrac   fraction of the time it is up ({@code <available><frac>})
 * @param availableLambda mean up-period, seconds ({@code <available><lambda>})
 * @param schedulerUrls   the URLs its scheduler answers at, as its master file lists them; empty: it answers at
 *                        any URL of the project
 */
public record ServerSpec(String projectUrl, List<JobSpec> apps, double availableFrac, double availableLambda,
                         List<String> schedulerUrls) {

    public ServerSpec {
        apps = List.copyOf(apps);
        schedulerUrls = List.copyOf(schedulerUrls);
    }

    /** A server that answers at any of the project's URLs. */
    public ServerSpec(String projectUrl, List<JobSpec> apps, double availableFrac, double availableLambda) {
        this(projectUrl, apps, availableFrac, availableLambda, List.of());
    }
}

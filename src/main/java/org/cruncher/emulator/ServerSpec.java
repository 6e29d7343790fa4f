package org.cruncher.emulator;

import java.util.List;

/**
 * A simulated project server.
 *
 * @param projectUrl      the project it serves
 * @param apps            how it makes jobs, per app
 * @param availableFrac   fraction of the time it is up ({@code <available><frac>})
 * @param availableLambda mean up-period, seconds ({@code <available><lambda>})
 */
public record ServerSpec(String projectUrl, List<JobSpec> apps, double availableFrac, double availableLambda) {

    public ServerSpec {
        apps = List.copyOf(apps);
    }
}

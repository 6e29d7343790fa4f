package org.cruncher.emulator;

import java.util.List;

import org.cruncher.engine.model.DeletionPolicy;

/**
 * A simulated project server.
 *
 * @param projectUrl      the project it serves
 * @param apps            how it makes jobs, per app
 * @param availableFrac   fraction of the time it is up ({@code <available><frac>})
 * @param availableLambda mean up-period, seconds ({@code <available><lambda>})
 * @param schedulerUrls   the URLs its scheduler answers at, as its master file lists them; empty: it answers at
 *                        any URL of the project
 * @param transfers       how its jobs' files move
 * @param outages         times when it is down whatever its availability process says (an outage to test with)
 * @param deletionPolicy  the project's deletion policy flags, sent with every reply (seed 004)
 * @param deleteFromSelf  the server may use the third free-space figure ({@code <delete_from_self/>})
 */
public record ServerSpec(String projectUrl, List<JobSpec> apps, double availableFrac, double availableLambda,
                         List<String> schedulerUrls, TransferSpec transfers, List<Outage> outages,
                         DeletionPolicy deletionPolicy, boolean deleteFromSelf) {

    /** The server is down from {@code from} until {@code until}, seconds since the epoch. */
    public record Outage(double from, double until) {
        boolean covers(double time) {
            return time >= from && time < until;
        }
    }

    public ServerSpec {
        apps = List.copyOf(apps);
        schedulerUrls = List.copyOf(schedulerUrls);
        outages = List.copyOf(outages);
        deletionPolicy = deletionPolicy == null ? DeletionPolicy.LRU : deletionPolicy;
    }

    /** A server with the default deletion policy that uses only the first two free-space figures. */
    public ServerSpec(String projectUrl, List<JobSpec> apps, double availableFrac, double availableLambda,
                      List<String> schedulerUrls, TransferSpec transfers, List<Outage> outages) {
        this(projectUrl, apps, availableFrac, availableLambda, schedulerUrls, transfers, outages, DeletionPolicy.LRU,
                false);
    }

    /** Whether a planned outage covers {@code time}. */
    public boolean inOutage(double time) {
        return outages.stream().anyMatch(o -> o.covers(time));
    }

    /** A server that answers at any of the project's URLs. */
    public ServerSpec(String projectUrl, List<JobSpec> apps, double availableFrac, double availableLambda) {
        this(projectUrl, apps, availableFrac, availableLambda, List.of(), TransferSpec.NONE, List.of());
    }
}

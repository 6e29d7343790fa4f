package org.cruncher.server.config;

import java.util.Locale;

import org.cruncher.engine.model.ResourceType;

/**
 * An app the loopback project hands out jobs for, with one version for one resource.
 *
 * @param name         the app's name (jobs are named after it)
 * @param resource     the resource its version runs on
 * @param versionNum   the version number
 * @param planClass    the version's plan class; null for the default ({@link #defaultPlanClass})
 * @param fpopsEst     each job's estimated size, FLOPs (rsc_fpops_est)
 * @param latencyBound seconds from sending a job to its report deadline
 * @param inputBytes   bytes of input files per job (0: none)
 * @param outputBytes  bytes of output files per job (0: none)
 */
public record ServerApp(String name, ResourceType resource, int versionNum, String planClass, double fpopsEst,
                        double latencyBound, double inputBytes, double outputBytes) {

    public ServerApp {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("an app needs a name");
        }
        if (resource == null) {
            throw new IllegalArgumentException("app " + name + " needs a resource");
        }
        planClass = planClass == null ? defaultPlanClass(resource) : planClass.strip();
        if (!(fpopsEst > 0) || Double.isInfinite(fpopsEst)) {
            throw new IllegalArgumentException("app " + name + ": fpops_est must be a number > 0, not " + fpopsEst);
        }
        if (!(latencyBound > 0) || Double.isInfinite(latencyBound)) {
            throw new IllegalArgumentException("app " + name + ": latency_bound must be a number of seconds > 0, not "
                    + latencyBound);
        }
        if (!(inputBytes >= 0) || Double.isInfinite(inputBytes)
                || !(outputBytes >= 0) || Double.isInfinite(outputBytes)) {
            throw new IllegalArgumentException("app " + name + ": input and output bytes must be numbers >= 0");
        }
    }

    /** Version 1 with the default plan class and no files. */
    public static ServerApp of(String name, ResourceType resource, double fpopsEst, double latencyBound) {
        return new ServerApp(name, resource, 1, null, fpopsEst, latencyBound, 0, 0);
    }

    /** "" for a CPU version; for a GPU version the type's BOINC name lower-cased, as {@code AppVersion.gpu} has it. */
    public static String defaultPlanClass(ResourceType resource) {
        return resource == ResourceType.CPU ? "" : resource.boincName().toLowerCase(Locale.ROOT);
    }
}

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
 * @param inputBytes   bytes of each job's own input file (0: none)
 * @param outputBytes  bytes of each job's output file (0: none)
 * @param stickyBytes  bytes of the app's sticky file, sent with its jobs and kept by the client between them
 *                     (0: none)
 * @param priority     seed 004's priority of the input files, 1 to 5
 * @param expDays      days the client is to keep the input files (NaN: its default, 60)
 */
public record ServerApp(String name, ResourceType resource, int versionNum, String planClass, double fpopsEst,
                        double latencyBound, double inputBytes, double outputBytes, double stickyBytes, int priority,
                        double expDays) {

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
        if (!(inputBytes >= 0) || Double.isInfinite(inputBytes) || !(outputBytes >= 0)
                || Double.isInfinite(outputBytes) || !(stickyBytes >= 0) || Double.isInfinite(stickyBytes)) {
            throw new IllegalArgumentException("app " + name + ": input, output and sticky file bytes must be "
                    + "numbers >= 0");
        }
        if (priority < 1 || priority > 5) {
            throw new IllegalArgumentException("app " + name + ": priority must be from 1 to 5, not " + priority);
        }
        if (expDays < 0) {
            throw new IllegalArgumentException("app " + name + ": exp_days must be >= 0, not " + expDays);
        }
    }

    /** An app whose jobs move these bytes, with no sticky file, priority 1 and the default expiry. */
    public ServerApp(String name, ResourceType resource, int versionNum, String planClass, double fpopsEst,
                     double latencyBound, double inputBytes, double outputBytes) {
        this(name, resource, versionNum, planClass, fpopsEst, latencyBound, inputBytes, outputBytes, 0, 1,
                Double.NaN);
    }

    /** The name of the app's sticky file. */
    public String stickyFileName() {
        return name + "_sticky";
    }

    /** Bytes one more job takes on the client: its files, and the sticky file unless the client has it. */
    public double bytesPerJob(boolean clientHasSticky) {
        return inputBytes + outputBytes + (clientHasSticky ? 0 : stickyBytes);
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

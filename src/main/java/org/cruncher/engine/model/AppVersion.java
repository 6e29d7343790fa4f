package org.cruncher.engine.model;

import java.util.Locale;

/**
 * A version of an app for this host: how many CPUs and which coprocessors its jobs use, and how fast it runs.
 *
 * @param appName      the app it belongs to
 * @param versionNum   version number
 * @param planClass    plan class ("", "mt", "cuda"...)
 * @param avgNcpus     CPUs a job uses, possibly fractional (0.01 for a typical GPU job, 16 for a multi-threaded one)
 * @param flops        the speed of a job on this host, FLOPS (the rate at which its estimated FLOPs are done)
 * @param coprocType   the coprocessor type its jobs use, or {@link ResourceType#CPU} for CPU-only versions
 * @param coprocCount  coprocessor instances a job uses (possibly fractional); 0 for CPU-only versions
 */
public record AppVersion(String appName, int versionNum, String planClass, double avgNcpus, double flops,
                         ResourceType coprocType, double coprocCount) {

    public AppVersion {
        if (appName == null || appName.isBlank()) {
            throw new IllegalArgumentException("an app version needs an app name");
        }
        planClass = planClass == null ? "" : planClass;
        if (!(avgNcpus >= 0) || Double.isInfinite(avgNcpus)) {
            throw new IllegalArgumentException("avg_ncpus must be a finite number >= 0: " + avgNcpus);
        }
        if (!(flops > 0) || Double.isInfinite(flops)) {
            throw new IllegalArgumentException("app version flops must be a positive finite number: " + flops);
        }
        coprocType = coprocType == null ? ResourceType.CPU : coprocType;
        if (coprocType == ResourceType.CPU) {
            coprocCount = 0;
        } else if (!(coprocCount > 0) || Double.isInfinite(coprocCount)) {
            throw new IllegalArgumentException("a GPU app version needs a positive coprocessor count: " + coprocCount);
        }
    }

    /** A CPU app version using {@code ncpus} CPUs at {@code flops}. */
    public static AppVersion cpu(String appName, double ncpus, double flops) {
        return new AppVersion(appName, 1, "", ncpus, flops, ResourceType.CPU, 0);
    }

    /** A GPU app version using {@code count} devices of {@code type} plus {@code ncpus} CPUs. */
    public static AppVersion gpu(String appName, ResourceType type, double count, double ncpus, double flops) {
        return new AppVersion(appName, 1, type.boincName().toLowerCase(Locale.ROOT), ncpus, flops, type,
                count);
    }

    /** The resource the job is scheduled on: its coprocessor type, or the CPU. */
    public ResourceType primaryResource() {
        return coprocType;
    }

    public boolean usesCoprocessor() {
        return coprocType != ResourceType.CPU;
    }

    /** Instances of {@code type} one job of this version occupies. */
    public double usage(ResourceType type) {
        if (type == ResourceType.CPU) {
            return avgNcpus;
        }
        return type == coprocType ? coprocCount : 0;
    }

    /** "1 CPU", "4 CPUs", "0.5 CPU + 1 NVIDIA GPU": the resources a job uses, for people. */
    public String describeUsage() {
        String cpu = Numbers.compact(avgNcpus) + (avgNcpus > 1 ? " CPUs" : " CPU");
        if (!usesCoprocessor()) {
            return cpu;
        }
        return cpu + " + " + Numbers.compact(coprocCount) + " " + coprocType.displayName()
                + (coprocCount > 1 ? "s" : "");
    }
}

package org.cruncher.engine.policy.cpusched;

import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;

/**
 * How much of each resource the jobs chosen so far use, and the admission rules (boinc-engine.md §3.12):
 * <ul>
 *   <li>a GPU job needs its coprocessor instances free, and may take the CPU load of the GPU jobs up to usable CPUs
 *       + 1 (so GPU jobs' CPU fractions overcommit by less than one CPU): the CPU jobs' load does not count, since GPU
 *       jobs come before every CPU job in BOINC's run list, so that a GPU freed during a period never idles beside
 *       CPUs that multi-threaded jobs overcommit (src/docs/decisions/0039); when the user limited the CPUs, the
 *       whole load stays within them;</li>
 *   <li>a CPU job is admitted while fewer CPUs than usable are in use, so no CPU idles; a multi-threaded one
 *       {@linkplain #fits fits} only if the CPU jobs then overcommit the CPUs the GPU jobs leave by less than one,
 *       as a GPU job may (one wider than those CPUs counts as all of them, so it fits once the other CPU jobs hold
 *       less than one), but it {@linkplain #fitsOvercommitting may start overcommitting} them when no job that fits
 *       can use the free CPUs, or for deadline rescue (BOINC starts it in any case: src/docs/decisions/0026); when
 *       the user limited the CPUs, a CPU job only if it stays within the limit.</li>
 * </ul>
 * Any overcommit left (GPU jobs' CPU fractions, and multi-threaded jobs started on CPUs no other job could use)
 * slows the CPU jobs in proportion in the emulator.
 * {@link ResourceSet#admits} is these rules on an idle host: a job it refuses never reaches the ledger.
 */
final class CapacityLedger {

    private static final double EPSILON = 1e-9;

    private final ResourceSet resources;
    private final double[] instances = new double[ResourceType.values().length];
    private final double[] used = new double[ResourceType.values().length];
    private double cpusOfCoprocessorJobs;

    CapacityLedger(ResourceSet resources) {
        this.resources = resources;
        for (ProcessingResource r : resources.inServiceOrder()) {
            instances[r.type().ordinal()] = r.instances();
        }
    }

    double used(ResourceType type) {
        return used[type.ordinal()];
    }

    private double instances(ResourceType type) {
        return instances[type.ordinal()];
    }

    boolean fits(AppVersion version) {
        return !coprocessorFull(version) && !cpusFull(version, false);
    }

    /**
     * Whether {@code version} may start by BOINC's own rules, where a multi-threaded job may overcommit the CPUs by
     * any amount while fewer than all of them are in use: for when no job that {@link #fits} can use them.
     */
    boolean fitsOvercommitting(AppVersion version) {
        return !coprocessorFull(version) && !cpusFull(version, true);
    }

    /** Whether {@code version}'s coprocessor instances are not free. */
    boolean coprocessorFull(AppVersion version) {
        if (!version.usesCoprocessor()) {
            return false;
        }
        ResourceType gpu = version.coprocType();
        return used(gpu) + version.coprocCount() > instances(gpu) + EPSILON;
    }

    void take(AppVersion version) {
        used[ResourceType.CPU.ordinal()] += version.avgNcpus();
        if (version.usesCoprocessor()) {
            used[version.coprocType().ordinal()] += version.coprocCount();
            cpusOfCoprocessorJobs += version.avgNcpus();
        }
    }

    /** Gives back what {@code take(version)} took. */
    void release(AppVersion version) {
        used[ResourceType.CPU.ordinal()] -= version.avgNcpus();
        if (version.usesCoprocessor()) {
            used[version.coprocType().ordinal()] -= version.coprocCount();
            cpusOfCoprocessorJobs -= version.avgNcpus();
        }
    }

    /** Whether the CPUs keep {@code version} out (the rules above), multi-threaded jobs {@code overcommitting}. */
    private boolean cpusFull(AppVersion version, boolean overcommitting) {
        double cpus = instances(ResourceType.CPU);
        double cpuUsed = used(ResourceType.CPU);
        if (!version.usesCoprocessor()) {
            double n = version.avgNcpus();
            if (resources.cpusLimitedByUser()) {
                return cpuUsed + n > cpus + EPSILON;
            }
            if (cpuUsed >= cpus - EPSILON) {
                return true;
            }
            if (overcommitting || !heldToTheOvercommitRule(version)) {
                return false;
            }
            double left = Math.max(0, cpus - cpusOfCoprocessorJobs);
            return cpuUsed - cpusOfCoprocessorJobs + Math.min(n, left) >= left + 1 - EPSILON;
        }
        double load = resources.cpusLimitedByUser() ? cpuUsed : cpusOfCoprocessorJobs;
        return load + version.avgNcpus() > resources.cpuLoadLimitForGpuJobs() + EPSILON;
    }

    /**
     * Whether decision 0026's rule holds {@code version} back: a multi-threaded CPU job while the user has not
     * limited the CPUs (with a limit, no job goes beyond it in any case).
     */
    boolean heldToTheOvercommitRule(AppVersion version) {
        return !version.usesCoprocessor() && version.avgNcpus() > 1 && !resources.cpusLimitedByUser();
    }

    /**
     * Whether only the user's CPU limit keeps {@code version} out, where without a limit it would start (decision
     * 0009): a CPU job when part of a CPU is free but the job would take the CPUs in use past the limit; a GPU job
     * when its GPU is free but its CPU time would take them past it.
     */
    boolean heldByUserCpuLimit(AppVersion version) {
        double cpus = instances(ResourceType.CPU);
        double cpuUsed = used(ResourceType.CPU);
        if (!resources.cpusLimitedByUser() || cpuUsed + version.avgNcpus() <= cpus + EPSILON) {
            return false;
        }
        return version.usesCoprocessor() ? !coprocessorFull(version) : cpuUsed < cpus - EPSILON;
    }

    /**
     * Whether GPU job {@code version}, its GPU free, is kept out by the CPU time the GPU jobs taken need beside their
     * GPUs (more than the usable CPUs + 1 with it), the user having set no limit on the CPUs.
     */
    boolean heldByGpuJobsCpus(AppVersion version) {
        return version.usesCoprocessor() && !resources.cpusLimitedByUser() && !coprocessorFull(version)
                && cpusFull(version, false);
    }

    /** The CPUs the client may use. */
    int usableCpus() {
        return (int) Math.round(instances(ResourceType.CPU));
    }

    /** Whether the GPU jobs taken so far hold every usable CPU by themselves. */
    boolean cpusHeldByCoprocessorJobs() {
        double cpus = instances(ResourceType.CPU);
        return cpus > 0 && cpusOfCoprocessorJobs >= cpus - EPSILON;
    }

    /** True while some instance of {@code type} is not fully used. */
    boolean hasRoom(ResourceType type) {
        return used(type) < instances(type) - EPSILON;
    }
}

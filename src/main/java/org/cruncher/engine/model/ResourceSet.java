package org.cruncher.engine.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The processing resources the client may use on this host under the current preferences, in service order
 * (coprocessors first, CPU last).
 */
public final class ResourceSet {

    /** Rounding in a job's CPU or coprocessor count, not a part of an instance. */
    private static final double ADMISSION_TOLERANCE = 1e-9;

    private final Map<ResourceType, ProcessingResource> byType = new EnumMap<>(ResourceType.class);
    private final List<ProcessingResource> inServiceOrder;
    private final ProcessingResource cpu;
    private final int hostCpus;

    private ResourceSet(ProcessingResource cpu, List<ProcessingResource> gpus, int hostCpus) {
        this.cpu = cpu;
        this.hostCpus = hostCpus;
        byType.put(ResourceType.CPU, cpu);
        for (ProcessingResource gpu : gpus) {
            byType.put(gpu.type(), gpu);
        }
        List<ProcessingResource> ordered = new ArrayList<>();
        for (ResourceType type : ResourceType.SERVICE_ORDER) {
            ProcessingResource r = byType.get(type);
            if (r != null) {
                ordered.add(r);
            }
        }
        this.inServiceOrder = Collections.unmodifiableList(ordered);
    }

    /** The resources of {@code host} under {@code prefs} and {@code config}. */
    public static ResourceSet of(Host host, Prefs prefs, ClientConfig config) {
        int ncpus = config.ncpus(host);
        ProcessingResource cpu = new ProcessingResource(ResourceType.CPU, prefs.usableCpus(ncpus), host.cpuFlops(),
                false);
        List<ProcessingResource> gpus = new ArrayList<>();
        if (!config.noGpus()) {
            for (Coprocessor c : host.coprocessors()) {
                if (c.count() > 0 && c.flopsPerInstance() > 0) {
                    gpus.add(new ProcessingResource(c.type(), c.count(), c.flopsPerInstance(), c.emulated()));
                }
            }
        }
        return new ResourceSet(cpu, gpus, ncpus);
    }

    public ProcessingResource cpu() {
        return cpu;
    }

    /** True when the user limited the CPUs (max_ncpus_pct below 100): then GPU jobs may not overcommit them. */
    public boolean cpusLimitedByUser() {
        return cpu.instances() < hostCpus;
    }

    public Optional<ProcessingResource> get(ResourceType type) {
        return Optional.ofNullable(byType.get(type));
    }

    public boolean has(ResourceType type) {
        return byType.containsKey(type);
    }

    /** All resources, coprocessors first and the CPU last. */
    public List<ProcessingResource> inServiceOrder() {
        return inServiceOrder;
    }

    /** Work the whole host does per second when every instance is busy, FLOPs. */
    public double capacityFlops() {
        double sum = 0;
        for (ProcessingResource r : inServiceOrder) {
            sum += r.capacityFlops();
        }
        return sum;
    }

    /**
     * Work per second a job of {@code version} does as the scheduler counts it: its CPUs times a CPU's speed plus
     * its coprocessor instances times a device's speed (boinc-engine.md §3.5 item 6, per instance).
     */
    public double peakFlops(AppVersion version) {
        double rate = version.avgNcpus() * cpu.flopsPerInstance();
        if (version.usesCoprocessor()) {
            ProcessingResource gpu = byType.get(version.coprocType());
            if (gpu != null) {
                rate += version.coprocCount() * gpu.flopsPerInstance();
            }
        }
        return rate;
    }

    /** True if a job of {@code version} can run on this host (its coprocessor exists and is usable). */
    public boolean canRun(AppVersion version) {
        return !version.usesCoprocessor() || byType.containsKey(version.coprocType());
    }

    /**
     * The CPU load GPU jobs may take the CPUs to (boinc-engine.md §3.12): the usable CPUs when the user limited them,
     * otherwise one more, so that GPU jobs' CPU fractions overcommit by less than one CPU.
     */
    public double cpuLoadLimitForGpuJobs() {
        return cpusLimitedByUser() ? cpu.instances() : cpu.instances() + 1;
    }

    /** True if some app version of {@code p} for {@code type} is one this host {@link #admits}. */
    public boolean admitsSomeVersion(Project p, ResourceType type) {
        return p.hasAppVersionFor(type) && (p.admittedResources(this) & 1 << type.ordinal()) != 0;
    }

    /**
     * True if a job of {@code version} could start on this host with nothing else running, under the admission
     * rules of boinc-engine.md §3.12: its coprocessor exists with at least the instances it needs, and its CPUs are
     * within {@link #cpuLoadLimitForGpuJobs} for a GPU job, within the usable CPUs for a CPU job when the user limited
     * them (otherwise a multi-threaded job wider than the host may start on its idle CPUs: decision 0026). A job that
     * fails this never runs here.
     */
    public boolean admits(AppVersion version) {
        if (!version.usesCoprocessor()) {
            return !cpusLimitedByUser() || version.avgNcpus() <= cpu.instances() + ADMISSION_TOLERANCE;
        }
        return hasGpusFor(version) && version.avgNcpus() <= cpuLoadLimitForGpuJobs() + ADMISSION_TOLERANCE;
    }

    /** True if this host has {@code version}'s coprocessor, with at least the instances one of its jobs needs. */
    public boolean hasGpusFor(AppVersion version) {
        ProcessingResource gpu = byType.get(version.coprocType());
        return gpu != null && version.coprocCount() <= gpu.instances() + ADMISSION_TOLERANCE;
    }
}

package org.cruncher.engine.api;

import java.util.List;

import org.cruncher.engine.model.Coprocessor;

/**
 * The host as the outside sees it.
 *
 * @param name        host name
 * @param cpuModel    CPU model
 * @param cpus        logical CPUs
 * @param usableCpus  CPUs the preferences let the client use
 * @param cpuFlops    FLOPS of one CPU
 * @param memoryBytes physical memory
 * @param diskTotal   disk size, bytes
 * @param diskFree    free disk, bytes
 * @param gpus        coprocessors
 * @param countedCpus the CPUs the client counts before the preferences: cc_config.xml's {@code <ncpus>} if it sets
 *                    one, else {@code cpus}
 */
public record HostView(String name, String cpuModel, int cpus, int usableCpus, double cpuFlops, double memoryBytes,
                       double diskTotal, double diskFree, List<Coprocessor> gpus, int countedCpus) {

    public HostView {
        gpus = List.copyOf(gpus);
    }

    /** A host whose client counts its own CPUs (no {@code <ncpus>} in cc_config.xml). */
    public HostView(String name, String cpuModel, int cpus, int usableCpus, double cpuFlops, double memoryBytes,
                    double diskTotal, double diskFree, List<Coprocessor> gpus) {
        this(name, cpuModel, cpus, usableCpus, cpuFlops, memoryBytes, diskTotal, diskFree, gpus, cpus);
    }
}

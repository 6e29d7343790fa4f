package org.cruncher.engine.model;

import java.util.List;
import java.util.Optional;

/**
 * The computer the client runs on.
 *
 * @param name          a host name for display
 * @param cpuModel      the CPU model string
 * @param cpuCount      logical CPUs (p_ncpus)
 * @param cpuFlops      FLOPS of one CPU (p_fpops, from the Whetstone benchmark)
 * @param memoryBytes   physical memory (m_nbytes)
 * @param diskTotal     size of the disk holding the data directory (d_total), bytes
 * @param diskFree      free space on that disk (d_free), bytes
 * @param coprocessors  GPUs, one entry per type
 */
public record Host(String name, String cpuModel, int cpuCount, double cpuFlops, double memoryBytes,
                   double diskTotal, double diskFree, List<Coprocessor> coprocessors) {

    /**
     * The most logical CPUs a host file may claim: the largest machines BOINC runs on have a few thousand (Linux's
     * usual NR_CPUS is 8,192 at most); beyond this a file is wrong, and emulating it would take hours.
     */
    public static final int MAX_PLAUSIBLE_CPUS = 4_096;

    /** BOINC's default benchmark figure when a file gives none: 1 GFLOPS per CPU. */
    public static final double DEFAULT_CPU_FLOPS = 1e9;

    public Host {
        if (cpuCount < 1) {
            throw new IllegalArgumentException("the host needs at least one CPU (p_ncpus is " + cpuCount + ")");
        }
        if (!(cpuFlops > 0) || Double.isInfinite(cpuFlops)) {
            throw new IllegalArgumentException("CPU speed (p_fpops) must be a positive finite number: " + cpuFlops);
        }
        name = name == null ? "" : name;
        cpuModel = cpuModel == null ? "" : cpuModel;
        coprocessors = List.copyOf(coprocessors);
    }

    public Optional<Coprocessor> coprocessor(ResourceType type) {
        return coprocessors.stream().filter(c -> c.type() == type).findFirst();
    }

    /** A host with only CPUs, for tests and simple scenarios. */
    public static Host cpuOnly(int cpus, double cpuFlops) {
        return new Host("", "", cpus, cpuFlops, 8e9, 1e12, 5e11, List.of());
    }
}

package org.cruncher.engine.model;

import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * A kind of processing resource (seed 003's PRSC): the CPU, or one type of coprocessor.
 */
public enum ResourceType {
    CPU("CPU", "CPU"),
    NVIDIA("NVIDIA", "NVIDIA GPU"),
    AMD("ATI", "AMD GPU"),
    INTEL("intel_gpu", "Intel GPU"),
    APPLE("apple_gpu", "Apple GPU");

    /** GPUs first, then the CPU: a GPU job also takes a little CPU, so GPUs are filled before CPUs are counted. */
    public static final List<ResourceType> SERVICE_ORDER = List.of(NVIDIA, AMD, INTEL, APPLE, CPU);

    private final String boincName;
    private final String displayName;

    ResourceType(String boincName, String displayName) {
        this.boincName = boincName;
        this.displayName = displayName;
    }

    /** The name BOINC uses in state files and scheduler messages ("CPU", "NVIDIA", "ATI", "intel_gpu"...). */
    public String boincName() {
        return boincName;
    }

    /** The name shown to people ("NVIDIA GPU"). */
    public String displayName() {
        return displayName;
    }

    public boolean isCoprocessor() {
        return this != CPU;
    }

    /**
     * Parses the names BOINC writes for a coprocessor type, in app versions ({@code <coproc><type>}) and resource
     * flags: "NVIDIA", "CUDA", "ATI", "AMD", "intel_gpu", "apple_gpu", "CPU"; case does not matter.
     */
    public static Optional<ResourceType> fromBoincName(String name) {
        if (name == null) {
            return Optional.empty();
        }
        switch (name.trim().toLowerCase(Locale.ROOT)) {
            case "cpu":
                return Optional.of(CPU);
            case "nvidia":
            case "cuda":
            case "nvidia gpu":
                return Optional.of(NVIDIA);
            case "ati":
            case "amd":
            case "amd/ati gpu":
                return Optional.of(AMD);
            case "intel_gpu":
            case "intel":
                return Optional.of(INTEL);
            case "apple_gpu":
            case "apple":
                return Optional.of(APPLE);
            default:
                return Optional.empty();
        }
    }
}

package org.cruncher.engine.model;

/**
 * One processing resource as the scheduler sees it (seed 003's PRSC): the usable CPUs, or the GPUs of one type.
 *
 * @param type               CPU or a coprocessor type
 * @param instances          usable instances (CPUs after max_ncpus_pct and cc_config; GPU devices)
 * @param flopsPerInstance   work one instance does per second, FLOPs (p_fpops for a CPU, 0.2 x peak for a GPU)
 * @param emulated           true for a GPU the demo made up (the host has none)
 */
public record ProcessingResource(ResourceType type, int instances, double flopsPerInstance, boolean emulated) {

    public ProcessingResource {
        if (instances < 0) {
            throw new IllegalArgumentException("instances must be >= 0: " + instances);
        }
        if (!(flopsPerInstance > 0) || Double.isInfinite(flopsPerInstance)) {
            throw new IllegalArgumentException("resource speed must be a positive finite number: " + flopsPerInstance);
        }
    }

    /** Work all instances together do per second, FLOPs. */
    public double capacityFlops() {
        return instances * flopsPerInstance;
    }
}

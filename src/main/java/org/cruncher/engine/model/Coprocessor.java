package org.cruncher.engine.model;

/**
 * The host's coprocessors of one type.
 *
 * @param type      the resource type (never CPU)
 * @param count     how many devices
 * @param peakFlops peak FLOPS of one device, as BOINC's coproc_info reports it
 * @param model     the device name ("NVIDIA GB10"), for display
 * @param emulated  true when the device does not exist and the demo made it up (shown as such)
 */
public record Coprocessor(ResourceType type, int count, double peakFlops, String model, boolean emulated) {

    /** BOINC counts a GPU instance-second as 0.2 x peak FLOPS of work (work_fetch.cpp; boinc-engine.md §3.1). */
    public static final double GPU_EFFICIENCY = 0.2;

    public Coprocessor {
        if (type == null || type == ResourceType.CPU) {
            throw new IllegalArgumentException("a coprocessor needs a GPU type, not " + type);
        }
        if (count < 0) {
            throw new IllegalArgumentException("coprocessor count must not be negative: " + count);
        }
        if (!(peakFlops >= 0) || Double.isInfinite(peakFlops)) {
            throw new IllegalArgumentException("coprocessor peak FLOPS must be a finite number >= 0: " + peakFlops);
        }
        model = model == null ? "" : model;
    }

    /** Work done by one device in one second, in FLOPs, as the scheduler counts it: 0.2 x peak. */
    public double flopsPerInstance() {
        return GPU_EFFICIENCY * peakFlops;
    }
}

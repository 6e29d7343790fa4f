package org.cruncher.persist;

/**
 * One GPU device as coproc_info.xml describes it.
 *
 * @param name      the device name ("GeForce GTX 1060 3GB")
 * @param peakFlops its peak FLOPS, or NaN if it cannot be worked out
 * @param computed  true if {@code peakFlops} was computed from the device's figures (CUDA), false if taken from the
 *                  file's {@code <peak_flops>} (or unknown)
 */
public record GpuDevice(String name, double peakFlops, boolean computed) {

    /** True if the peak FLOPS are known. */
    public boolean peakKnown() {
        return !Double.isNaN(peakFlops);
    }
}

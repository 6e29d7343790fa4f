package org.cruncher.persist;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.model.ResourceType;

/**
 * The GPUs of one type found by detection (coproc_info.xml).
 *
 * @param type    the GPU type
 * @param devices every device of the type, in file order
 */
public record GpuTypeInfo(ResourceType type, List<GpuDevice> devices) {

    public GpuTypeInfo {
        if (devices.isEmpty()) {
            throw new IllegalArgumentException("a GPU type needs at least one device");
        }
        devices = List.copyOf(devices);
    }

    public int count() {
        return devices.size();
    }

    /** The most capable device (the largest known peak; the first of equals), as BOINC names the type after it. */
    public GpuDevice best() {
        GpuDevice best = devices.get(0);
        for (GpuDevice d : devices) {
            if (d.peakKnown() && (!best.peakKnown() || d.peakFlops() > best.peakFlops())) {
                best = d;
            }
        }
        return best;
    }

    /** The model name of the type: that of its most capable device. */
    public String model() {
        return best().name();
    }

    /** The peak FLOPS of the most capable device, or NaN if unknown. */
    public double peakFlops() {
        return best().peakFlops();
    }

    /** "1 x GeForce GTX 1060 6GB, 5 x GeForce GTX 1060 3GB": each model with its count, in file order. */
    public String describeModels() {
        Map<String, Integer> counts = new LinkedHashMap<>();
        devices.forEach(d -> counts.merge(d.name(), 1, Integer::sum));
        List<String> parts = new ArrayList<>();
        counts.forEach((name, n) -> parts.add(n + " x " + name));
        return String.join(", ", parts);
    }
}

package org.cruncher.persist;

import java.nio.file.Path;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.model.ResourceType;

/**
 * Reads coproc_info.xml, the GPU detection output BOINC's client writes: one {@code <coproc_cuda>},
 * {@code <coproc_ati>}, {@code <coproc_intel_gpu>} or {@code <coproc_apple_gpu>} per device, OpenCL descriptions
 * of the same devices ({@code <nvidia_opencl>}, ...) and {@code <warning>} lines.
 * <ul>
 *   <li>a type's devices are its native entries; its OpenCL entries count only when it has no native one (they
 *       describe the same devices again);</li>
 *   <li>a CUDA device's peak FLOPS are computed as BOINC does (gpu_nvidia.cpp set_peak_flops): clockRate (kHz) x
 *       1000 x multiProcessorCount x cores per multiprocessor (by compute capability) x FLOPs per clock (2; 3 for
 *       compute capability 1.x). Any other device, or a CUDA device of a capability not in the table, takes the
 *       file's {@code <peak_flops>}, and is unknown without it.</li>
 * </ul>
 */
public final class CoprocInfoReader {

    private static final Map<String, ResourceType> NATIVE = Map.of("coproc_cuda", ResourceType.NVIDIA,
            "coproc_ati", ResourceType.AMD, "coproc_intel_gpu", ResourceType.INTEL,
            "coproc_apple_gpu", ResourceType.APPLE);
    private static final Map<String, ResourceType> OPENCL = Map.of("nvidia_opencl", ResourceType.NVIDIA,
            "ati_opencl", ResourceType.AMD, "intel_gpu_opencl", ResourceType.INTEL,
            "apple_gpu_opencl", ResourceType.APPLE);

    private final XmlInput xml = new XmlInput();

    public CoprocInfo read(Path file) throws InputProblem {
        XmlTree root = XmlTree.read(xml, file, "coprocs");
        Map<ResourceType, List<GpuDevice>> natives = new EnumMap<>(ResourceType.class);
        Map<ResourceType, List<GpuDevice>> opencl = new EnumMap<>(ResourceType.class);
        List<String> warnings = new ArrayList<>();
        for (XmlTree e : root.children()) {
            if (e.name().equals("warning")) {
                warnings.add(e.text());
            } else if (NATIVE.containsKey(e.name())) {
                natives.computeIfAbsent(NATIVE.get(e.name()), t -> new ArrayList<>()).add(device(e));
            } else if (OPENCL.containsKey(e.name())) {
                opencl.computeIfAbsent(OPENCL.get(e.name()), t -> new ArrayList<>()).add(device(e));
            }
        }
        List<GpuTypeInfo> types = new ArrayList<>();
        for (ResourceType type : ResourceType.SERVICE_ORDER) {
            List<GpuDevice> devices = natives.getOrDefault(type, opencl.getOrDefault(type, List.of()));
            if (!devices.isEmpty()) {
                types.add(new GpuTypeInfo(type, devices));
            }
        }
        return new CoprocInfo(types, warnings);
    }

    private static GpuDevice device(XmlTree e) {
        String name = e.text("name") == null ? "" : e.text("name");
        double cuda = e.name().equals("coproc_cuda") ? cudaPeak(e) : Double.NaN;
        if (!Double.isNaN(cuda)) {
            return new GpuDevice(name, cuda, true);
        }
        double given = number(e.text("peak_flops"));
        return new GpuDevice(name, given > 0 && !Double.isInfinite(given) ? given : Double.NaN, false);
    }

    /** BOINC's CUDA peak, or NaN if a figure is missing or the compute capability is not in the table. */
    static double cudaPeak(XmlTree e) {
        double clockKhz = number(e.text("clockRate"));
        double mps = number(e.text("multiProcessorCount"));
        double major = number(e.text("major"));
        double minor = number(e.text("minor"));
        int cores = coresPerMultiprocessor((int) major, (int) minor);
        if (!(clockKhz > 0) || !(mps > 0) || cores == 0) {
            return Double.NaN;
        }
        int flopsPerClock = major == 1 ? 3 : 2;
        return clockKhz * 1000 * mps * cores * flopsPerClock;
    }

    /** CUDA cores per multiprocessor by compute capability (NVIDIA's table; BOINC's for 1.x to 7.x); 0 if unknown. */
    static int coresPerMultiprocessor(int major, int minor) {
        switch (major) {
            case 1:
                return 8;
            case 2:
                return minor == 0 ? 32 : 48;
            case 3:
                return 192;
            case 5:
                return 128;
            case 6:
                return minor == 0 ? 64 : 128;
            case 7:
                return 64;
            case 8:
                return minor == 0 ? 64 : 128;
            case 9:
                return 128;
            default:
                return 0;
        }
    }

    private static double number(String text) {
        if (text == null) {
            return Double.NaN;
        }
        try {
            return Double.parseDouble(text);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}

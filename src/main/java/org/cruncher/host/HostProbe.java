package org.cruncher.host;

import java.io.IOException;
import java.nio.file.FileStore;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

import oshi.SystemInfo;
import oshi.hardware.CentralProcessor;
import oshi.hardware.GraphicsCard;
import oshi.hardware.HardwareAbstractionLayer;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;

/**
 * Detects this computer with OSHI: CPU count and model, memory, GPUs (OSHI may find none, which is normal on
 * servers and virtual machines), and the disk holding the data directory. Probing can take a moment: call it off
 * the GUI thread.
 *
 * <p>Speeds are estimates, since BOINC's figures come from benchmarks: a CPU counts one FLOP per cycle at its
 * maximum frequency (1 GFLOPS if unknown), a discrete GPU 5 TFLOPS peak and an integrated one 1 TFLOPS.
 */
public final class HostProbe {

    /** Peak FLOPS assumed for a discrete GPU (NVIDIA, AMD) whose speed OSHI cannot tell. */
    public static final double DISCRETE_GPU_PEAK = 5e12;
    /** Peak FLOPS assumed for an integrated GPU (Intel, Apple). */
    public static final double INTEGRATED_GPU_PEAK = 1e12;

    private HostProbe() {
    }

    /** Disk figures assumed where the file system's cannot be read: 100 GB, half of it free. */
    static final double ASSUMED_DISK_TOTAL = 100e9;
    static final double ASSUMED_DISK_FREE = 50e9;

    /** This computer as detected, and what had to be assumed (said to the user with the demo). */
    public record Detected(Host host, List<String> notes) {
        public Detected {
            notes = List.copyOf(notes);
        }
    }

    /** This computer; the disk figures are those of the file system holding {@code dataDir}. */
    public static Detected probe(Path dataDir) {
        SystemInfo si = new SystemInfo();
        HardwareAbstractionLayer hal = si.getHardware();
        CentralProcessor cpu = hal.getProcessor();
        int cpus = Math.max(1, cpu.getLogicalProcessorCount());
        String model = cpu.getProcessorIdentifier().getName().strip();
        long maxFreq = cpu.getMaxFreq();
        double flops = maxFreq > 0 ? Math.max(5e8, Math.min(1e10, maxFreq)) : Host.DEFAULT_CPU_FLOPS;
        double memory = hal.getMemory().getTotal();
        List<Coprocessor> gpus = gpus(hal.getGraphicsCards());
        List<String> notes = new ArrayList<>();
        double[] disk = orAssumed(disk(dataDir), dataDir, notes);
        String name = si.getOperatingSystem().getNetworkParams().getHostName();
        return new Detected(new Host(name, model, cpus, flops, memory, disk[0], disk[1], gpus), notes);
    }

    /** One coprocessor entry per GPU type, counting the devices of that type. */
    static List<Coprocessor> gpus(List<GraphicsCard> cards) {
        List<Coprocessor> list = new ArrayList<>();
        for (GraphicsCard card : cards) {
            Optional<ResourceType> type = typeOf(card.getVendor() + " " + card.getName());
            if (type.isEmpty()) {
                continue;
            }
            ResourceType t = type.get();
            double peak = t == ResourceType.NVIDIA || t == ResourceType.AMD ? DISCRETE_GPU_PEAK : INTEGRATED_GPU_PEAK;
            Optional<Coprocessor> same = list.stream().filter(c -> c.type() == t).findFirst();
            if (same.isPresent()) {
                list.set(list.indexOf(same.get()), new Coprocessor(t, same.get().count() + 1, peak,
                        same.get().model(), false));
            } else {
                list.add(new Coprocessor(t, 1, peak, card.getName().strip() + " (speed estimated)", false));
            }
        }
        return list;
    }

    /** The GPU type from a vendor and model string, if it is one BOINC knows. */
    static Optional<ResourceType> typeOf(String vendorAndName) {
        String s = vendorAndName.toLowerCase(Locale.ROOT);
        if (s.contains("nvidia")) {
            return Optional.of(ResourceType.NVIDIA);
        }
        if (s.contains("amd") || s.contains("ati ") || s.contains("advanced micro") || s.contains("radeon")) {
            return Optional.of(ResourceType.AMD);
        }
        if (s.contains("intel")) {
            return Optional.of(ResourceType.INTEL);
        }
        if (s.contains("apple")) {
            return Optional.of(ResourceType.APPLE);
        }
        return Optional.empty();
    }

    /** {@code disk} if it was read, else the assumed figures, with a note saying so in {@code notes}. */
    static double[] orAssumed(double[] disk, Path dataDir, List<String> notes) {
        if (disk.length > 0) {
            return disk;
        }
        notes.add("The size of the disk holding " + dataDir.toAbsolutePath() + " could not be read: the demo "
                + "assumes 100 GB, 50 GB of them free");
        return new double[] {ASSUMED_DISK_TOTAL, ASSUMED_DISK_FREE};
    }

    /**
     * Total and free bytes of the file system holding {@code dir} (or its nearest existing parent); empty where they
     * cannot be read (a 0-byte disk would leave the demo no room for any task, unexplained).
     */
    static double[] disk(Path dir) {
        Path p = dir.toAbsolutePath();
        while (p != null && !Files.exists(p)) {
            p = p.getParent();
        }
        if (p == null) {
            return new double[0];
        }
        try {
            FileStore store = Files.getFileStore(p);
            long total = store.getTotalSpace();
            return total > 0 ? new double[] {total, store.getUsableSpace()} : new double[0];
        } catch (IOException e) {
            return new double[0];
        }
    }
}

package org.cruncher.emulator;

import java.util.ArrayList;
import java.util.List;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;

/**
 * The scenario the manager opens on the first time: this computer attached to five demo projects with distinct
 * shares and job lengths from minutes to days, two of them with GPU apps and one with a flaky server. A host
 * without a usable GPU gets an emulated one, labelled as such.
 *
 * <p>Disk (seed 004): the demo may use {@link #DISK_LIMIT_GB} GB. Jobs move input and output files, two apps keep
 * a sticky file between jobs, and Climate Ensemble starts with a 3 GB data set, far above its share of the space:
 * its data goes when the others need room, which the Disk pane shows.
 */
public final class DemoScenario {

    /**
     * Peak FLOPS of the emulated GPU, in CPUs of the host: 50 (0.2 x peak counts as work, so it does the work of
     * 10 CPUs). Real cards do far more; a modest one keeps the demo's shares readable.
     */
    public static final double EMULATED_GPU_CPUS = 50;
    public static final String EMULATED_GPU_MODEL = "Emulated NVIDIA GPU (this computer has none)";
    /** "Use no more than N GB" in the demo. */
    public static final double DISK_LIMIT_GB = 6;
    private static final double MB = 1 << 20;

    private DemoScenario() {
    }

    /** The demo's own preferences: BOINC's, with a disk limit of {@link #DISK_LIMIT_GB}. */
    public static final Prefs PREFS = Prefs.DEFAULTS.withDisk(DISK_LIMIT_GB, 90, 0.1);

    /** The demo on {@code host}. */
    public static Scenario of(Host host) {
        return of(host, List.of(), PREFS);
    }

    /**
     * The demo on {@code host} with {@code prefs} (the volunteer's override over {@link #PREFS}), and {@code notes}
     * on what was assumed of the computer or read.
     */
    public static Scenario of(Host host, List<String> notes, Prefs prefs) {
        Host h = host;
        ResourceType gpu = host.coprocessors().stream().filter(c -> c.count() > 0).map(Coprocessor::type)
                .findFirst().orElse(null);
        if (gpu == null) {
            List<Coprocessor> gpus = new ArrayList<>(host.coprocessors());
            gpus.add(new Coprocessor(ResourceType.NVIDIA, 1, EMULATED_GPU_CPUS * host.cpuFlops(), EMULATED_GPU_MODEL,
                    true));
            h = new Host(host.name(), host.cpuModel(), host.cpuCount(), host.cpuFlops(), host.memoryBytes(),
                    host.diskTotal(), host.diskFree(), gpus);
            gpu = ResourceType.NVIDIA;
        }
        double day = 86400;
        return new ScenarioBuilder(h).prefs(prefs)
                .project("Protein Folding Lab", 200).cpuApp("fold", 3 * 3600, 3 * day).files(150 * MB, 20 * MB, 0)
                .diskFiles(900 * MB, FileInfo.P_MEDIUM, Double.NaN)
                .project("Pulsar Hunt", 150).gpuApp("pulsar_gpu", gpu, 0.2, 40 * 60, 7 * day)
                .files(32 * MB, MB, 0).diskFiles(400 * MB, FileInfo.P_LOW, 14)
                .cpuApp("pulsar_cpu", 5 * 3600, 7 * day).files(32 * MB, MB, 0)
                .deletionPolicy(new DeletionPolicy(false, true))
                .project("Asteroid Orbits", 100).cpuApp("orbits", 25 * 60, 7 * day).files(2 * MB, MB / 4, 0)
                .gpuApp("orbits_gpu", gpu, 0.1, 10 * 60, 7 * day).files(8 * MB, MB / 4, 0)
                .project("Prime Search", 75).cpuApp("sieve", 8 * 60, 2 * day).files(MB / 16, MB / 64, 0)
                .available(0.7, 2 * 3600)
                .project("Climate Ensemble", 50).cpuApp("climate", 2 * day, 30 * day).files(500 * MB, 300 * MB, 0)
                .diskFiles(0, FileInfo.P_HIGH, 30).deletionPolicy(new DeletionPolicy(true, false))
                .existingFile("baseline_1990-2020.nc", 1800 * MB, FileInfo.P_LOW, Double.NaN)
                .existingFile("ocean_mask.nc", 1200 * MB, FileInfo.P_MEDIUM, 3)
                .notes(notes).build("Demo on " + (host.name().isBlank() ? "this computer" : host.name()));
    }
}

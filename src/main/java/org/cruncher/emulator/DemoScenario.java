package org.cruncher.emulator;

import java.util.ArrayList;
import java.util.List;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;

/**
 * The scenario the manager opens on the first time: this computer attached to five demo projects with distinct
 * shares and job lengths from minutes to days, two of them with GPU apps and one with a flaky server. A host
 * without a usable GPU gets an emulated one, labelled as such.
 */
public final class DemoScenario {

    /**
     * Peak FLOPS of the emulated GPU, in CPUs of the host: 50 (0.2 x peak counts as work, so it does the work of
     * 10 CPUs). Real cards do far more; a modest one keeps the demo's shares readable.
     */
    public static final double EMULATED_GPU_CPUS = 50;
    public static final String EMULATED_GPU_MODEL = "Emulated GPU (this computer has none)";

    private DemoScenario() {
    }

    /** The demo on {@code host}. */
    public static Scenario of(Host host) {
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
        return new ScenarioBuilder(h)
                .project("Protein Folding Lab", 200).cpuApp("fold", 3 * 3600, 3 * day)
                .project("Pulsar Hunt", 150).gpuApp("pulsar_gpu", gpu, 0.2, 40 * 60, 7 * day)
                .cpuApp("pulsar_cpu", 5 * 3600, 7 * day)
                .project("Asteroid Orbits", 100).cpuApp("orbits", 25 * 60, 7 * day)
                .gpuApp("orbits_gpu", gpu, 0.1, 10 * 60, 7 * day)
                .project("Prime Search", 75).cpuApp("sieve", 8 * 60, 2 * day).available(0.7, 2 * 3600)
                .project("Climate Ensemble", 50).cpuApp("climate", 2 * day, 30 * day)
                .build("Demo on " + (host.name().isBlank() ? "this computer" : host.name()));
    }
}

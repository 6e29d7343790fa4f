package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;

class DemoScenarioTest {

    @Test
    void demoOnHostWithoutGpuAddsLabelledEmulatedGpu() {
        Scenario s = DemoScenario.of(Host.cpuOnly(4, 2e9));

        Coprocessor gpu = s.initialState().host().coprocessor(ResourceType.NVIDIA).orElseThrow();
        assertTrue(gpu.emulated());
        assertEquals(DemoScenario.EMULATED_GPU_MODEL, gpu.model());
        assertTrue(s.initialState().resources().get(ResourceType.NVIDIA).orElseThrow().emulated());
        assertEquals(5, s.initialState().projects().size());
    }

    @Test
    void demoKeepsARealGpu() {
        Host host = new Host("h", "cpu", 8, 3e9, 16e9, 1e12, 5e11,
                List.of(new Coprocessor(ResourceType.AMD, 1, 2e13, "Radeon", false)));
        Scenario s = DemoScenario.of(host);
        assertEquals(1, s.initialState().host().coprocessors().size());
        assertTrue(s.initialState().projects().stream().anyMatch(p -> p.hasAppVersionFor(ResourceType.AMD)));
    }

    @Test
    void demoKeepsEveryProjectRunningAndNoCpuIdle() {
        // Two emulated days on 4 CPUs: every project gets work done, and the CPUs never idle.
        EmulationReport r = Emulation.run(DemoScenario.of(Host.cpuOnly(4, 2e9)), 2, 1, null);

        for (ProjectFigures p : r.projects()) {
            assertTrue(p.flopsUsed() > 0, p.name() + " did no work");
        }
        double cpu = r.projects().stream().mapToDouble(ProjectFigures::cpuSeconds).sum();
        assertEquals(4 * 2 * 86400, cpu, 4 * 2 * 86400 * 0.01);
    }
}

package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
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

    /** What was assumed of the computer (a disk that could not be read) comes with the demo, as a file's notes do. */
    @Test
    void demoCarriesWhatWasAssumedOfTheComputer() {
        List<String> notes = List.of("The size of the disk holding /data could not be read: the demo assumes 100 GB");

        assertEquals(notes, DemoScenario.of(Host.cpuOnly(4, 2e9), notes, DemoScenario.PREFS).notes());
        assertEquals(List.of(), DemoScenario.of(Host.cpuOnly(4, 2e9)).notes());
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

    @Test
    void demoShowsTheDiskAtWorkWithoutEverStoppingForIt() {
        // 4 CPUs, a 500 GB disk with 200 GB free: "use no more than 6 GB" binds. Climate Ensemble's share of the
        // space is 50/575 of about 6 GB (0.5 GB) and it starts with 3 GB of data: the others' files push it out.
        Host host = new Host("demo", "cpu", 4, 3e9, 16e9, 500.0 * (1L << 30), 200.0 * (1L << 30), List.of());
        List<EngineEvent> events = new ArrayList<>();
        Emulation e = new Emulation(DemoScenario.of(host), 1, events::add);
        e.advanceTo(e.startTime() + 3 * 86400);
        DiskFigures d = e.report(0).disk();

        assertEquals(DemoScenario.DISK_LIMIT_GB * (1L << 30), d.limitBytes());
        assertEquals("MAX_USED_GB", d.bindingPref());
        assertEquals(0, d.maxExcessAfterPollBytes());
        assertEquals(0, d.suspendedSeconds());
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.FILE_DELETED
                && x.project().equals("Climate Ensemble")), "the offender's data made room");
    }
}

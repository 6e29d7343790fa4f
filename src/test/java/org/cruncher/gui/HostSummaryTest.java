package org.cruncher.gui;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.HostView;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.ResourceType;

/** The status bar's host line. */
class HostSummaryTest {

    private static final double GIB = 1024.0 * 1024 * 1024;

    @Test
    void aScenarioHostWithoutANameIsCalledHostNotThisComputer() {
        // seed-gpu-example's host: no name, 1 CPU, 1 GPU, 2 GiB.
        HostView h = new HostView("", "", 1, 1, 1e9, 2 * GIB, 0, 0,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 2e10, "", false)));

        assertEquals("Host: 1 CPU, 2 GB RAM, 1 x " + ResourceType.NVIDIA.displayName(), ManagerModel.host(h));
    }

    @Test
    void aNamedHostShowsItsNameCpusInUseModelAndEmulatedGpus() {
        // 20 CPUs of which the user allows 16; an emulated GPU shows its model ("Emulated GPU").
        HostView h = new HostView("vm", "AMD EPYC", 20, 16, 1e9, 8 * GIB, 0, 0,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 2e10, "Emulated GPU", true)));

        assertEquals("vm: 20 CPUs (16 used) AMD EPYC, 8 GB RAM, 1 x Emulated GPU", ManagerModel.host(h));
    }
}

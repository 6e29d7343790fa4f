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

        assertEquals("Host: 1 CPU, 1 \u00d7 " + ResourceType.NVIDIA.displayName() + ", 2 GB RAM", ManagerModel.host(h));
    }

    @Test
    void aNamedHostShowsItsNameCpusInUseEmulatedGpusAndModelLast() {
        // 20 CPUs of which the user allows 16; an emulated GPU shows its type, said to be emulated (its model,
        // "Emulated NVIDIA GPU (this computer has none)" in the demo, cut the counts off at 1,440 pixels). The CPU
        // model, as BOINC writes it with runs of spaces, comes last with each run made one space: where the status
        // bar cuts the line, the GPUs stay in view.
        HostView h = new HostView("vm", "  Intel(R) Core(TM)2 Duo CPU     E8400  ", 20, 16, 1e9, 8 * GIB, 0, 0,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 2e10, "Emulated GPU", true)));

        assertEquals("vm: 20 CPUs (16 used), 1 \u00d7 NVIDIA GPU (emulated), 8 GB RAM, "
                        + "Intel(R) Core(TM)2 Duo CPU E8400",
                ManagerModel.host(h));
    }
}

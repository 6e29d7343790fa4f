package org.cruncher.host;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;

class HostProbeTest {

    @TempDir
    Path tmp;

    @Test
    void probeFindsThisComputersCpusMemoryAndDisk() {
        Host h = HostProbe.probe(tmp);

        assertEquals(Runtime.getRuntime().availableProcessors(), h.cpuCount());
        assertTrue(h.cpuFlops() >= 5e8 && h.cpuFlops() <= 1e10, "estimated CPU speed " + h.cpuFlops());
        assertTrue(h.memoryBytes() > 0);
        assertTrue(h.diskTotal() > 0 && h.diskFree() > 0 && h.diskFree() <= h.diskTotal());
        // GPUs may be absent (virtual machines, servers): nothing to assert about their number.
        h.coprocessors().forEach(c -> assertTrue(c.count() > 0));
    }

    @Test
    void probeUsesNearestExistingFolderForDisk() {
        Host h = HostProbe.probe(tmp.resolve("not/yet/created"));
        assertTrue(h.diskTotal() > 0);
    }

    @Test
    void typeOfMapsVendorNamesToBoincResourceTypes() {
        assertEquals(Optional.of(ResourceType.NVIDIA), HostProbe.typeOf("NVIDIA Corporation GeForce RTX 4070"));
        assertEquals(Optional.of(ResourceType.AMD), HostProbe.typeOf("Advanced Micro Devices, Inc. Radeon RX 7800"));
        assertEquals(Optional.of(ResourceType.INTEL), HostProbe.typeOf("Intel Corporation UHD Graphics 770"));
        assertEquals(Optional.of(ResourceType.APPLE), HostProbe.typeOf("Apple M2"));
        assertEquals(Optional.empty(), HostProbe.typeOf("Matrox G200eW"));
    }
}

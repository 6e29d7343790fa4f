package org.cruncher.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;

class HostProbeTest {

    @TempDir
    Path tmp;

    @Test
    void probeFindsThisComputersCpusMemoryAndDisk() throws Exception {
        HostProbe.Detected d = HostProbe.probe(tmp);
        Host h = d.host();

        assertEquals(Runtime.getRuntime().availableProcessors(), h.cpuCount());
        assertTrue(h.cpuFlops() >= 5e8 && h.cpuFlops() <= 1e10, "estimated CPU speed " + h.cpuFlops());
        assertTrue(h.memoryBytes() > 0);
        assertEquals(Files.getFileStore(tmp).getTotalSpace(), h.diskTotal());
        assertTrue(h.diskFree() > 0 && h.diskFree() <= h.diskTotal());
        assertEquals(List.of(), d.notes());
        // GPUs may be absent (virtual machines, servers): nothing to assert about their number.
        h.coprocessors().forEach(c -> assertTrue(c.count() > 0));
    }

    @Test
    void probeUsesNearestExistingFolderForDisk() throws Exception {
        Host h = HostProbe.probe(tmp.resolve("not/yet/created")).host();
        assertEquals(Files.getFileStore(tmp).getTotalSpace(), h.diskTotal());
    }

    /**
     * A disk that cannot be read is assumed (100 GB, 50 free) and said: a 0-byte disk left the demo no room for any
     * task, and nothing said why.
     */
    @Test
    void aDiskThatCannotBeReadIsAssumedAndSaid() {
        List<String> notes = new ArrayList<>();

        double[] disk = HostProbe.orAssumed(new double[0], tmp, notes);

        assertArrayEquals(new double[] {100e9, 50e9}, disk);
        assertEquals(List.of("The size of the disk holding " + tmp.toAbsolutePath() + " could not be read: the demo "
                + "assumes 100 GB, 50 GB of them free"), notes);
        assertArrayEquals(new double[] {1, 2}, HostProbe.orAssumed(new double[] {1, 2}, tmp, notes));
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

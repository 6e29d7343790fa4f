package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.engine.model.ResourceType;

class CoprocInfoReaderTest {

    private static final Path COPROC = Path.of("src/test/resources/corpus/coproc");

    @TempDir
    Path tmp;

    private final CoprocInfoReader reader = new CoprocInfoReader();

    @Test
    void jstatesonHasEightNvidiaDevicesOfFourModels() throws Exception {
        CoprocInfo info = reader.read(COPROC.resolve("jstateson-coproc_info-8xnvidia.xml"));

        assertEquals(1, info.types().size());
        GpuTypeInfo nvidia = info.type(ResourceType.NVIDIA).orElseThrow();
        // 8 <coproc_cuda> entries; the 8 <nvidia_opencl> entries describe the same devices and are not counted
        assertEquals(8, nvidia.count());
        assertEquals("1 x GeForce GTX 1060 6GB, 1 x P106-100, 5 x GeForce GTX 1060 3GB, 1 x P106-090",
                nvidia.describeModels());
        assertEquals(List.of("GeForce GTX 1060 6GB", "P106-100", "GeForce GTX 1060 3GB", "GeForce GTX 1060 3GB",
                "GeForce GTX 1060 3GB", "GeForce GTX 1060 3GB", "GeForce GTX 1060 3GB", "P106-090"),
                nvidia.devices().stream().map(GpuDevice::name).toList());
        // the best: GTX 1060 6GB, compute capability 6.1 (128 cores per MP), 10 MPs at 1,835,000 kHz:
        // 1835000 x 1000 x 10 x 128 x 2 = 4.6976e12, the file's own peak_flops
        assertEquals("GeForce GTX 1060 6GB", nvidia.model());
        assertEquals(4.6976e12, nvidia.peakFlops(), 1);
        assertTrue(nvidia.best().computed());
        // P106-090: 1531000 x 1000 x 5 x 128 x 2 = 1.95968e12
        assertEquals(1.95968e12, nvidia.devices().get(7).peakFlops(), 1);
        assertEquals(List.of("NVIDIA library reports 8 GPUs",
                "ATI: libaticalrt.so: cannot open shared object file: No such file or directory",
                "clGetDeviceInfo failed to get device extensions for device 0"), info.warnings());
    }

    @Test
    void androidFileHasNoGpuOnlyWarnings() throws Exception {
        CoprocInfo info = reader.read(COPROC.resolve("highkali-android-coproc_info-none.xml"));

        assertEquals(List.of(), info.types());
        assertEquals(3, info.warnings().size());
        assertTrue(info.warnings().get(0).startsWith("NVIDIA: dlopen failed"));
    }

    @Test
    void peakIsTheFilesWhenNotComputableAndUnknownWithoutIt() throws Exception {
        Path f = tmp.resolve("coproc_info.xml");
        Files.writeString(f, """
                <coprocs>
                  <coproc_cuda><name>Future</name><major>42</major><multiProcessorCount>4</multiProcessorCount>
                    <clockRate>1000000</clockRate><peak_flops>3e12</peak_flops></coproc_cuda>
                  <coproc_ati><name>Radeon</name></coproc_ati>
                  <ati_opencl><name>Radeon (OpenCL)</name><peak_flops>1e12</peak_flops></ati_opencl>
                </coprocs>""");
        CoprocInfo info = reader.read(f);

        GpuDevice future = info.type(ResourceType.NVIDIA).orElseThrow().best();
        assertEquals(3e12, future.peakFlops());
        assertFalse(future.computed());
        // the AMD type counts its native entry only; that gives no peak: unknown
        GpuTypeInfo amd = info.type(ResourceType.AMD).orElseThrow();
        assertEquals(1, amd.count());
        assertTrue(Double.isNaN(amd.peakFlops()));
    }

    @Test
    void computeCapabilityOneHasThreeFlopsPerClock() throws Exception {
        Path f = tmp.resolve("coproc_info.xml");
        Files.writeString(f, "<coprocs><coproc_cuda><name>8400GS</name><major>1</major><minor>1</minor>"
                + "<multiProcessorCount>2</multiProcessorCount><clockRate>1400000</clockRate></coproc_cuda>"
                + "</coprocs>");
        // 1400000 kHz x 1000 x 2 MPs x 8 cores x 3 = 6.72e10
        assertEquals(6.72e10, reader.read(f).types().get(0).peakFlops(), 1);
    }
}

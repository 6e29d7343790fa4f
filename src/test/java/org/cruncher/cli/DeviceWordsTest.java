package org.cruncher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.ResourceType;

/** The host's processors in emulate's summary: plural right, the speed per device and a plain number. */
class DeviceWordsTest {

    @Test
    void severalGpusArePluralWithTheirSpeedEachAsAPlainNumber() {
        // 4.7e12 FLOPS / 1e9 = 4,700 GFLOPS: it read "2 NVIDIA GPU at 4.70e+03 GFLOPS peak".
        assertEquals("2 NVIDIA GPUs at 4,700 GFLOPS peak each",
                DeviceWords.gpus(new Coprocessor(ResourceType.NVIDIA, 2, 4.7e12, "", false)));
        assertEquals("1 NVIDIA GPU at 10 GFLOPS peak",
                DeviceWords.gpus(new Coprocessor(ResourceType.NVIDIA, 1, 1e10, "", false)));
    }

    @Test
    void cpusAreCountedAndTheirSpeedIsPerCpu() {
        assertEquals("2 CPUs at 1 GFLOPS each", DeviceWords.cpus(2, 1e9));
        // 2.345e9 to three significant digits: 2.35 (rounded half up).
        assertEquals("1 CPU at 2.35 GFLOPS", DeviceWords.cpus(1, 2.345e9));
    }

    @Test
    void speedsFromAHundredGflopsAreWholeWithThousandsSeparated() {
        assertEquals("29,700 GFLOPS", DeviceWords.gflops(2.97e13));
        assertEquals("100 GFLOPS", DeviceWords.gflops(1e11));
        assertEquals("47.5 GFLOPS", DeviceWords.gflops(4.75e10));
    }
}

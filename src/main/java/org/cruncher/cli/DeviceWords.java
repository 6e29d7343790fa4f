package org.cruncher.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.util.Locale;

import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.Coprocessor;

/**
 * A host's processors in words for emulate's summary: "2 CPUs at 1 GFLOPS each", "1 NVIDIA GPU at 4,700 GFLOPS
 * peak". The speed is per device, and said so when there are several; it is a plain number, not "4.70e+03".
 */
final class DeviceWords {

    private DeviceWords() {
    }

    /** "2 CPUs at 1 GFLOPS each", "1 CPU at 2.5 GFLOPS"; {@code flops} is one CPU's speed. */
    static String cpus(int count, double flops) {
        return Units.count(count, "CPU") + " at " + gflops(flops) + (count == 1 ? "" : " each");
    }

    /** "2 NVIDIA GPUs at 4,700 GFLOPS peak each", "1 AMD GPU at 850 GFLOPS peak". */
    static String gpus(Coprocessor c) {
        return Units.count(c.count(), c.type().displayName()) + " at " + gflops(c.peakFlops()) + " peak"
                + (c.count() == 1 ? "" : " each");
    }

    /**
     * FLOPS as GFLOPS, to three significant digits and without an exponent: 4.7e12 is "4,700 GFLOPS", 1e9 "1 GFLOPS",
     * 2.345e9 "2.35 GFLOPS" (from 100 up, whole numbers with thousands separated).
     */
    static String gflops(double flops) {
        double g = flops / 1e9;
        if (g >= 100) {
            return String.format(Locale.ROOT, "%,.0f GFLOPS", g);
        }
        return new BigDecimal(g).round(new MathContext(3)).stripTrailingZeros().toPlainString() + " GFLOPS";
    }
}

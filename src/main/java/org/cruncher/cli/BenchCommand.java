package org.cruncher.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.model.Host;

/**
 * {@code cruncher bench}: fixed emulation cases, timed after warm-up, with the machine they ran on. Speed targets
 * are checked here, never in unit tests.
 */
@Command(name = "bench", mixinStandardHelpOptions = true,
        description = "Run the benchmark cases and print emulated days per second, events per second, scheduling"
                + " passes per second and peak heap.")
final class BenchCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--runs", defaultValue = "5", description = "Timed runs per case (default: 5); best is shown.")
    private int runs;

    @Option(names = "--warmup", defaultValue = "3", description = "Untimed runs first (default: 3).")
    private int warmup;

    /** One benchmark case. */
    record Case(String name, Scenario scenario, double days) {
    }

    static List<Case> cases() {
        List<Case> list = new ArrayList<>();
        Scenario seed = new ScenarioBuilder(Host.cpuOnly(2, 1e9))
                .project("A", 75).cpuApp("a1", 3600, 864000)
                .project("B", 25).cpuApp("b1", 3600, 864000)
                .build("2 CPUs / 2 projects (75/25)");
        list.add(new Case(seed.name(), seed, 365));
        return list;
    }

    @Override
    public Integer call() throws IOException {
        PrintWriter w = spec.commandLine().getOut();
        w.println("Machine: " + machine());
        w.printf(Locale.ROOT, "%-32s %8s %10s %12s %14s %14s %10s%n", "case", "days", "wall s", "days/s",
                "events/s", "passes/s", "peak MB");
        for (Case c : cases()) {
            for (int i = 0; i < warmup; i++) {
                run(c);
            }
            resetPeaks();
            double best = Double.MAX_VALUE;
            Emulation last = null;
            for (int i = 0; i < Math.max(1, runs); i++) {
                Emulation e = new Emulation(c.scenario(), 1, null);
                long t0 = System.nanoTime();
                e.advanceTo(c.scenario().startTime() + c.days() * 86400);
                best = Math.min(best, (System.nanoTime() - t0) / 1e9);
                last = e;
            }
            w.printf(Locale.ROOT, "%-32s %8.0f %10.3f %12.0f %14.0f %14.0f %10.0f%n", c.name(), c.days(), best,
                    c.days() / best, last.events() / best, last.engine().schedulingPasses() / best,
                    peakHeapBytes() / 1048576.0);
        }
        w.flush();
        return 0;
    }

    private static void run(Case c) {
        Emulation.run(c.scenario(), c.days(), 1, null);
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
    }

    private static long peakHeapBytes() {
        long sum = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                sum += pool.getPeakUsage().getUsed();
            }
        }
        return sum;
    }

    static String machine() throws IOException {
        String cpu = "";
        Path info = Path.of("/proc/cpuinfo");
        if (Files.isReadable(info)) {
            cpu = Files.readAllLines(info).stream().filter(l -> l.startsWith("model name")).findFirst()
                    .map(l -> l.substring(l.indexOf(':') + 1).strip() + ", ").orElse("");
        }
        return String.format(Locale.ROOT, "%s%d cores, %s %s, Java %s, max heap %d MB", cpu,
                Runtime.getRuntime().availableProcessors(), System.getProperty("os.name"),
                System.getProperty("os.arch"), System.getProperty("java.version"),
                Runtime.getRuntime().maxMemory() / 1048576);
    }
}

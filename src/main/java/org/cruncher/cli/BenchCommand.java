package org.cruncher.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.lang.management.ManagementFactory;
import java.lang.management.MemoryPoolMXBean;
import java.lang.management.MemoryType;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.ParameterException;
import picocli.CommandLine.Spec;

import org.cruncher.emulator.BenchScenarios;
import org.cruncher.emulator.Checkpoint;
import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ScenarioBuilder;
import org.cruncher.engine.model.Host;
import org.cruncher.persist.ClientStateWriter;
import org.cruncher.persist.InputProblem;
import org.cruncher.persist.IoReasons;

/**
 * {@code cruncher bench}: fixed emulation cases, timed after warm-up, with the machine they ran on. Speed targets
 * are checked here, never in unit tests.
 */
@Command(name = "bench", mixinStandardHelpOptions = true, versionProvider = CruncherVersion.class,
        description = "Run the benchmark cases and print emulated days per second, events per second, scheduling"
                + " passes per second and peak heap.")
final class BenchCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Option(names = "--runs", defaultValue = "5", paramLabel = "N", converter = WholeNumberConverter.ToInt.class,
            description = "Timed runs per case (default: 5); best is shown.")
    private int runs;

    @Option(names = "--warmup", defaultValue = "10", paramLabel = "SECONDS", converter = NumberOption.Converter.class,
            description = "Seconds of untimed runs of each case, whole or cut off when they are up, before it is "
                    + "timed, for the JIT (default: 10); each single pass is warmed up for half of it.")
    private NumberOption warmupOption;

    @Option(names = "--case", paramLabel = "TEXT", description = "Run only the cases whose name or folder name "
            + "(as --write-scenarios names it) contains this text; \"passes\" runs only the scheduling passes.")
    private String only;

    @Option(names = "--days", paramLabel = "D", converter = NumberOption.Converter.class,
            description = "Emulate this many days instead of each case's own.")
    private NumberOption daysOption;

    @Option(names = "--write-scenarios", paramLabel = "DIR", description = "Write each case (or those --case "
            + "selects) as DIR/<name>/client_state.xml (window-5000: 64 CPUs with 15,000 queued results, so that the"
            + " window shows at least 5,000 tasks through a 30-second run at full speed) and exit.")
    private Path writeScenarios;

    /**
     * One benchmark case.
     *
     * @param target      the target in words, or empty
     * @param maxSeconds  the target's engine time for {@code days}, or NaN
     * @param maxHeapMb   the target's heap, or NaN
     */
    record Case(String name, Scenario scenario, double days, String target, double maxSeconds, double maxHeapMb) {
    }

    static List<Case> cases() {
        Scenario two = BenchScenarios.twoCpus7525();
        Scenario sixteen = BenchScenarios.sixteenCpusTwoGpus();
        Scenario flaky = BenchScenarios.sixtyFourCpusFlaky();
        Scenario queued = BenchScenarios.sixtyFourCpus(10_000);
        return List.of(new Case(two.name(), two, 365, "a year < 0.3 s", 0.3, Double.NaN),
                new Case(sixteen.name(), sixteen, 365, "", Double.NaN, Double.NaN),
                new Case(flaky.name(), flaky, 10, "10 days < 1 s", 1, Double.NaN),
                new Case(queued.name(), queued, 365, "a year < 30 s, heap < 512 MB", 30, 512));
    }

    /** The cases as scenario folders for {@code --write-scenarios}, by folder name. */
    static Map<String, Scenario> scenarioFolders() {
        Map<String, Scenario> m = new LinkedHashMap<>();
        m.put("2cpus-75-25", BenchScenarios.twoCpus7525());
        m.put("16cpus-2gpus", BenchScenarios.sixteenCpusTwoGpus());
        m.put("64cpus-flaky", BenchScenarios.sixtyFourCpusFlaky());
        m.put("64cpus-10000", BenchScenarios.sixtyFourCpus(10_000));
        // At full speed the window now emulates about 16 days in 30 s, which runs about 7,500 of the queue: 15,000 at
        // the start keeps at least 5,000 tasks in the window throughout (the case; --stats prints the fewest).
        m.put("window-5000", BenchScenarios.sixtyFourCpus(15_000));
        return m;
    }

    /**
     * Writes each scenario (those --case selects, if given) at its start, emulator servers included, as a
     * client_state.xml that --scenario opens. A folder that cannot be written is bad input, said as emulate says it
     * of --out: one line, exit code 2.
     */
    private void writeScenarios(PrintWriter w) throws InputProblem {
        if (writeScenarios.toString().isEmpty()) {
            throw new InputProblem(null, "--write-scenarios needs a folder name, not an empty one");
        }
        if (Files.exists(writeScenarios) && !Files.isDirectory(writeScenarios)) {
            throw new InputProblem(writeScenarios, "--write-scenarios cannot be written: a file is in the way");
        }
        Map<String, Scenario> folders = scenarioFolders();
        List<String> all = new ArrayList<>(folders.keySet());
        folders.entrySet().removeIf(e -> !folderSelected(e.getKey(), e.getValue(), only));
        if (folders.isEmpty()) {
            throw new InputProblem(null, "--case " + only + " matches no scenario to write (scenarios: "
                    + String.join(", ", all) + ")");
        }
        for (Map.Entry<String, Scenario> e : folders.entrySet()) {
            Scenario s = e.getValue();
            Path dir = writeScenarios.resolve(e.getKey());
            try {
                Files.createDirectories(dir);
                Checkpoint start = new Checkpoint(s, s.initialState().copy(), s.startTime(), 1, s.history());
                Files.writeString(dir.resolve("client_state.xml"), ClientStateWriter.write(start, ""));
            } catch (IOException ex) {
                throw new InputProblem(dir, "--write-scenarios cannot be written: " + IoReasons.of(ex));
            }
            w.println("Wrote " + dir.resolve("client_state.xml") + " (" + s.name() + ")");
        }
    }

    /** Whether {@code --case only} selects a scenario folder to write: its name or its scenario's has the text. */
    static boolean folderSelected(String folder, Scenario s, String only) {
        if (only == null) {
            return true;
        }
        String text = only.toLowerCase(Locale.ROOT);
        return folder.contains(text) || s.name().toLowerCase(Locale.ROOT).contains(text);
    }

    @Override
    public Integer call() throws IOException, InputProblem {
        PrintWriter w = spec.commandLine().getOut();
        if (writeScenarios != null) {
            writeScenarios(w);
            w.flush();
            return 0;
        }
        Map<String, String> folders = only == null ? Map.of() : folderByName();
        checkOptions(folders);
        double warmup = warmupOption.value();
        Double days = daysOption == null ? null : daysOption.value();
        w.println("Machine: " + machine());
        w.printf(Locale.ROOT, "%-48s %5s %9s %8s %10s %10s %8s %8s  %s%n", "case", "days", "engine s", "days/s",
                "events/s", "passes/s", "peak MB", "live MB", "target");
        for (Case listed : cases()) {
            if (!selected(listed, only, folders)) {
                continue;
            }
            boolean scaled = days != null;
            Case c = scaled ? new Case(listed.name(), listed.scenario(), days, listed.target(),
                    listed.maxSeconds() * days / listed.days(), listed.maxHeapMb()) : listed;
            warmUp(c, warmup);
            resetPeaks();
            double best = Double.MAX_VALUE;
            Emulation last = null;
            for (int i = 0; i < runs; i++) {
                last = null;
                Emulation e = new Emulation(c.scenario(), 1, null);
                long t0 = System.nanoTime();
                e.advanceTo(c.scenario().startTime() + c.days() * 86400);
                best = Math.min(best, (System.nanoTime() - t0) / 1e9);
                last = e;
            }
            double peak = peakHeapBytes() / 1048576.0;
            double live = liveHeapBytes() / 1048576.0;
            w.printf(Locale.ROOT, "%-48s %5.0f %9.3f %8.1f %10.0f %10.0f %8.0f %8.0f  %s%n", c.name(), c.days(), best,
                    c.days() / best, last.events() / best, last.engine().schedulingPasses() / best, peak, live,
                    verdict(c, best, live, scaled));
            w.flush();
        }
        if (only == null || "passes".contains(only.toLowerCase(Locale.ROOT))) {
            passes(w);
        }
        w.flush();
        return 0;
    }

    /**
     * Runs the case itself, untimed, a day at a time, whole or until {@code seconds} are up, and again while time is
     * left: the JIT then sees the paths a long run takes (a debt history thinned, a year's reports) before the timed
     * runs, as a benchmark harness's warm-up iterations do.
     */
    private static void warmUp(Case c, double seconds) {
        long end = System.nanoTime() + (long) (seconds * 1e9);
        while (System.nanoTime() < end) {
            Emulation e = new Emulation(c.scenario(), 1, null);
            for (double day = 1; System.nanoTime() < end; day++) {
                e.advanceTo(c.scenario().startTime() + Math.min(day, c.days()) * 86400);
                if (day >= c.days()) {
                    break;
                }
            }
        }
    }

    /** Refuses options that would time nothing, or nonsense: one line and exit code 2, as for bad input. */
    private void checkOptions(Map<String, String> folders) {
        if (runs < 1) {
            throw new ParameterException(spec.commandLine(), "--runs needs at least 1 run, not " + runs);
        }
        if (!(warmupOption.value() >= 0)) {
            throw new ParameterException(spec.commandLine(), "--warmup needs 0 seconds or more, not "
                    + warmupOption.typed());
        }
        if (daysOption != null && !(daysOption.value() > 0)) {
            throw new ParameterException(spec.commandLine(), "--days needs more than 0 days, not "
                    + daysOption.typed());
        }
        if (only != null && cases().stream().noneMatch(c -> selected(c, only, folders))
                && !"passes".contains(only.toLowerCase(Locale.ROOT))) {
            List<String> names = new ArrayList<>(folders.values());
            names.add("passes");
            throw new ParameterException(spec.commandLine(), "--case " + only + " matches no case (cases: "
                    + String.join(", ", names) + ")");
        }
    }

    /** Each case's folder name for --write-scenarios, by case name (built when asked: it builds the scenarios). */
    static Map<String, String> folderByName() {
        Map<String, String> m = new LinkedHashMap<>();
        scenarioFolders().forEach((folder, s) -> m.putIfAbsent(s.name(), folder));
        return m;
    }

    /** Whether {@code c} is run for {@code --case only}: its name or its folder's contains the text. */
    static boolean selected(Case c, String only, Map<String, String> folders) {
        if (only == null) {
            return true;
        }
        String text = only.toLowerCase(Locale.ROOT);
        return c.name().toLowerCase(Locale.ROOT).contains(text)
                || folders.getOrDefault(c.name(), "").contains(text);
    }

    /** The case's target and whether this run met it. */
    static String verdict(Case c, double seconds, double liveMb, boolean scaled) {
        if (c.target().isEmpty()) {
            return "";
        }
        boolean time = Double.isNaN(c.maxSeconds()) || seconds < c.maxSeconds();
        boolean heap = Double.isNaN(c.maxHeapMb()) || liveMb < c.maxHeapMb();
        return c.target() + (scaled ? " (scaled to these days)" : "") + ": " + (time && heap ? "met" : "missed");
    }

    /** Queue lengths at which single passes are timed, to see how their cost grows. */
    static final int[] QUEUES = {1250, 2500, 5000, 10_000, 20_000};

    /**
     * One CPU scheduling pass and one work-fetch simulation (the round-robin forecast) on the 64-CPU host, 6 hours
     * into its emulation, for each queue length; with each, how the cost grew from the shorter queue before it: the
     * exponent x of n^x (n log n is x = 1.07 to 1.09 from one of these lengths to the next; fixed costs pull x down
     * at the short end, caches push it up at the long end).
     */
    private void passes(PrintWriter w) {
        w.println();
        w.printf(Locale.ROOT, "%-52s %12s %6s %14s %6s%n", "single passes, 64 CPUs + 4 GPUs / 50 projects",
                "CPU pass ms", "x", "fetch sim ms", "x");
        double[] cpu = new double[QUEUES.length];
        double[] fetch = new double[QUEUES.length];
        for (int i = 0; i < QUEUES.length; i++) {
            SinglePasses.Times t = SinglePasses.time(BenchScenarios.sixtyFourCpus(QUEUES[i]), 6 * 3600.0,
                    warmupOption.value() / 2);
            cpu[i] = t.cpuPassMillis();
            fetch[i] = t.fetchSimulationMillis();
            String label = String.format(Locale.ROOT, "%,d queued results (%,d left)", QUEUES[i], t.queued());
            if (i == 0) {
                w.printf(Locale.ROOT, "%-52s %12.3f %6s %14.3f %6s%n", label, cpu[i], "", fetch[i], "");
            } else {
                double span = Math.log((double) QUEUES[i] / QUEUES[i - 1]);
                w.printf(Locale.ROOT, "%-52s %12.3f %6.2f %14.3f %6.2f%n", label, cpu[i],
                        Math.log(cpu[i] / cpu[i - 1]) / span, fetch[i], Math.log(fetch[i] / fetch[i - 1]) / span);
            }
            w.flush();
        }
        int at = Arrays.binarySearch(QUEUES, 10_000);
        w.printf(Locale.ROOT, "%-52s %s%n", "targets at 10,000: CPU pass < 5 ms, fetch sim < 20 ms",
                cpu[at] < 5 && fetch[at] < 20 ? "met" : "missed");
    }

    private static void resetPeaks() {
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            pool.resetPeakUsage();
        }
    }

    /** The heap still in use after a full collection: what the emulation keeps, not the garbage it made. */
    private static long liveHeapBytes() {
        System.gc();
        long used = 0;
        for (MemoryPoolMXBean pool : ManagementFactory.getMemoryPoolMXBeans()) {
            if (pool.getType() == MemoryType.HEAP) {
                used += pool.getUsage().getUsed();
            }
        }
        return used;
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

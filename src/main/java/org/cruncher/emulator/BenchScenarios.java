package org.cruncher.emulator;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Random;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;

/**
 * The hosts and project sets of {@code cruncher bench}, built the same way every time (their variety comes from a
 * fixed seed): from the seeds' 75/25 case on 2 CPUs up to 64 CPUs and 4 GPUs with 50 projects and 10,000 queued
 * results.
 */
public final class BenchScenarios {

    private static final double HOUR = 3600;
    private static final double DAY = 86400;
    private static final double CPU_FLOPS = 4e9;
    /** Job lengths to pick from, hours on one CPU or one GPU. */
    private static final double[] JOB_HOURS = {0.25, 0.5, 1, 2, 4, 8, 12, 24};
    /**
     * CPU job lengths for the host with a full queue: 1.55 h on average, so that 10,000 queued results are about
     * 10 days of work for 64 CPUs (10,000 x 1.55 h / 64 = 242 h).
     */
    private static final double[] QUEUED_JOB_HOURS = {0.25, 0.5, 1, 2, 4};
    /** Queued results are due this long after the start: a queue of 10 days is feasible. */
    private static final double QUEUED_DUE = 30 * DAY;
    /** Resource shares to pick from. */
    private static final double[] SHARES = {10, 25, 50, 100, 100, 100, 200, 400};

    private BenchScenarios() {
    }

    /** The seeds' example: 2 CPUs, A 75 and B 25, one-hour jobs due in 10 days. */
    public static Scenario twoCpus7525() {
        return new ScenarioBuilder(Host.cpuOnly(2, 1e9))
                .project("A", 75).cpuApp("a1", HOUR, 10 * DAY)
                .project("B", 25).cpuApp("b1", HOUR, 10 * DAY)
                .build("2 CPUs / 2 projects (75/25)");
    }

    /** 16 CPUs and 2 NVIDIA GPUs; 10 projects of varied shares and job lengths, 3 of them with a GPU app too. */
    public static Scenario sixteenCpusTwoGpus() {
        Host host = host("bench-16", 16, List.of(new Coprocessor(ResourceType.NVIDIA, 2, 5e12, "bench GPU", false)));
        return projects(host, 10, 0, 0, JOB_HOURS, new Random(16)).build("16 CPUs + 2 GPUs / 10 projects");
    }

    /**
     * 64 CPUs, 2 NVIDIA and 2 AMD GPUs; 50 projects of varied shares and job lengths, a third with a GPU app; the
     * host starts with {@code queued} results waiting (spread evenly over the projects' CPU apps).
     */
    public static Scenario sixtyFourCpus(int queued) {
        return projects(bigHost(), 50, queued, 0, QUEUED_JOB_HOURS, new Random(64))
                .build(String.format(Locale.ROOT, "64 CPUs + 4 GPUs / 50 projects / %,d queued", queued));
    }

    /**
     * As {@link #sixtyFourCpus} with nothing queued, and every third project's server flaky: up 50 to 90 % of the
     * time, for an hour to half a day at a stretch.
     */
    public static Scenario sixtyFourCpusFlaky() {
        return projects(bigHost(), 50, 0, 3, JOB_HOURS, new Random(65)).build("64 CPUs + 4 GPUs / 50 projects, flaky servers");
    }

    private static Host bigHost() {
        return host("bench-64", 64, List.of(new Coprocessor(ResourceType.NVIDIA, 2, 5e12, "bench GPU", false),
                new Coprocessor(ResourceType.AMD, 2, 4e12, "bench GPU", false)));
    }

    private static Host host(String name, int cpus, List<Coprocessor> gpus) {
        return new Host(name, "bench CPU", cpus, CPU_FLOPS, 64e9, 4e12, 2e12, gpus);
    }

    /**
     * {@code count} projects: share and CPU job length drawn from the tables (CPU jobs from {@code cpuJobHours}), deadlines 3 to 14 times the job length
     * but at least 2 days; every third has a GPU app (types taken in turn); every {@code flakyEvery}-th (0: none) a
     * flaky server. {@code queued} results are spread over the projects.
     */
    private static ScenarioBuilder projects(Host host, int count, int queued, int flakyEvery, double[] cpuJobHours,
                                            Random random) {
        ScenarioBuilder b = new ScenarioBuilder(host);
        List<ResourceType> gpuTypes = new ArrayList<>();
        host.coprocessors().forEach(c -> gpuTypes.add(c.type()));
        for (int i = 0; i < count; i++) {
            b.project(String.format(Locale.ROOT, "P%02d", i), SHARES[random.nextInt(SHARES.length)]);
            if (flakyEvery > 0 && i % flakyEvery == 0) {
                b.available(0.5 + 0.4 * random.nextDouble(), HOUR * (1 + 11 * random.nextDouble()));
            }
            if (i % 3 == 0 && !gpuTypes.isEmpty()) {
                double gpuHours = JOB_HOURS[random.nextInt(JOB_HOURS.length)];
                b.gpuApp("g" + i, gpuTypes.get((i / 3) % gpuTypes.size()), 0.2, gpuHours * HOUR,
                        Math.max(2 * DAY, 10 * gpuHours * HOUR));
            }
            double hours = cpuJobHours[random.nextInt(cpuJobHours.length)];
            double latency = Math.max(2 * DAY, (3 + 11 * random.nextDouble()) * hours * HOUR);
            b.cpuApp("c" + i, hours * HOUR, latency);
            int mine = queued / count + (i < queued % count ? 1 : 0);
            if (mine > 0) {
                b.queued(mine, QUEUED_DUE);
            }
        }
        return b;
    }
}

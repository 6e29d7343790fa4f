package org.cruncher.testing;

import java.util.ArrayList;
import java.util.List;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.model.TimeStats;
import org.cruncher.engine.model.Workunit;

/**
 * Builds client states for tests: {@code StateBuilder.cpus(2).project("A", 75).cpuJobs("A", 3, 3600)...}. CPUs
 * run at 1 GFLOPS, so one CPU-second of work is 1e9 FLOPs and a job of N seconds has N x 1e9 FLOPs.
 */
public final class StateBuilder {

    public static final double GFLOPS = 1e9;

    private final int cpus;
    private final List<Coprocessor> gpus = new ArrayList<>();
    private Prefs prefs = Prefs.DEFAULTS;
    private double diskTotal = 1e12;
    private double diskFree = 5e11;
    private ClientState state;
    private int sequence;

    private StateBuilder(int cpus) {
        this.cpus = cpus;
    }

    public static StateBuilder cpus(int cpus) {
        return new StateBuilder(cpus);
    }

    /** One CPU, A and B at 50/50, each with nine 10-hour CPU jobs: plenty of work for both. */
    public static StateBuilder halfAndHalf() {
        return cpus(1).project("A", 50).project("B", 50).cpuJobs("A", 9, 36000).cpuJobs("B", 9, 36000);
    }

    /**
     * The GPU cases' host: {@code cpus} CPUs and one NVIDIA GPU (peak 1e10 FLOPS); projects A and B, shares 50 each;
     * B has an NVIDIA app (2e9 FLOPS) whose jobs each take {@code cpusPerGpuJob} CPUs beside the GPU.
     */
    public static StateBuilder cpusBesideAGpuProject(int cpus, double cpusPerGpuJob) {
        return cpus(cpus).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 50).project("B", 50)
                .gpuApp("B", ResourceType.NVIDIA, cpusPerGpuJob, 2e9);
    }

    /**
     * A host where one project's GPU app is too large: 4 CPUs limited by the user to 25 % (1 usable) and one NVIDIA
     * GPU (peak 1e10); A and B, shares 50 each. A's GPU app needs 0.01 CPU a job, B's needs 2 CPUs, so no B GPU job
     * can ever start. Each has 20 CPU jobs and A 20 GPU jobs of 10 h: no resource is short of work.
     */
    public static StateBuilder gpuAppTooLargeForTheCpuLimit() {
        return cpus(4).prefs(Prefs.DEFAULTS.withMaxNcpusPct(25)).gpus(ResourceType.NVIDIA, 1, 1e10)
                .project("A", 50).project("B", 50).gpuApp("A", ResourceType.NVIDIA, 0.01, 2e9)
                .gpuApp("B", ResourceType.NVIDIA, 2, 2e9).gpuJobs("A", 20, 36000).cpuJobs("A", 20, 36000)
                .cpuJobs("B", 20, 36000);
    }

    /** Adds {@code count} GPUs of {@code type} with {@code peakFlops} each (0.2 x peak counts as work). */
    public StateBuilder gpus(ResourceType type, int count, double peakFlops) {
        gpus.add(new Coprocessor(type, count, peakFlops, type.displayName(), false));
        return this;
    }

    public StateBuilder prefs(Prefs p) {
        this.prefs = p;
        return this;
    }

    /** The disk: {@code total} bytes, {@code free} of them free (before any file the test adds). */
    public StateBuilder disk(double total, double free) {
        this.diskTotal = total;
        this.diskFree = free;
        return this;
    }

    public ClientState state() {
        if (state == null) {
            Host host = new Host("test", "test CPU", cpus, GFLOPS, 8e9, diskTotal, diskFree, gpus);
            state = new ClientState(host, prefs, ClientConfig.DEFAULTS, TimeStats.ALWAYS);
        }
        return state;
    }

    /**
     * A project with URL "http://NAME/", its scheduler too (as if its master file had been read: the engine reads it
     * first for a project that lists no scheduler), and a CPU app "NAME_cpu" (1 CPU at 1 GFLOPS).
     */
    public StateBuilder project(String name, double share) {
        Project p = new Project("http://" + name.toLowerCase() + "/", name, share);
        p.contact().setSchedulerUrls(List.of(p.url()));
        p.addAppVersion(AppVersion.cpu(name + "_cpu", 1, GFLOPS));
        state().addProject(p);
        return this;
    }

    /** Adds a GPU app version to {@code name}: 1 device of {@code type} plus {@code ncpus} CPUs, at {@code flops}. */
    public StateBuilder gpuApp(String name, ResourceType type, double ncpus, double flops) {
        project(name).addAppVersion(AppVersion.gpu(name + "_gpu", type, 1, ncpus, flops));
        return this;
    }

    /** Adds a multi-threaded CPU app version "NAME_mt" to {@code name}: {@code ncpus} CPUs at 1 GFLOPS each. */
    public StateBuilder multiThreadedApp(String name, double ncpus) {
        project(name).addAppVersion(AppVersion.cpu(name + "_mt", ncpus, ncpus * GFLOPS));
        return this;
    }

    public Project project(String name) {
        return state().project("http://" + name.toLowerCase() + "/").orElseThrow();
    }

    /** Adds {@code count} downloaded CPU results of {@code seconds} each, deadlines a day apart from day 10. */
    public StateBuilder cpuJobs(String projectName, int count, double seconds) {
        for (int i = 0; i < count; i++) {
            job(projectName, projectName + "_cpu", seconds, 864000 + 86400.0 * i);
        }
        return this;
    }

    /** Adds {@code count} downloaded GPU results of {@code seconds} each. */
    public StateBuilder gpuJobs(String projectName, int count, double seconds) {
        for (int i = 0; i < count; i++) {
            job(projectName, projectName + "_gpu", seconds, 864000 + 86400.0 * i);
        }
        return this;
    }

    /** Adds one downloaded result of app {@code appName} that takes {@code seconds}, due at {@code deadline}. */
    public Result job(String projectName, String appName, double seconds, double deadline) {
        Project p = project(projectName);
        AppVersion v = p.appVersions().stream().filter(a -> a.appName().equals(appName)).findFirst()
                .orElseThrow();
        sequence++;
        String name = String.format("%s_%03d", appName, sequence);
        Result r = new Result(name, p, Workunit.of(name, appName, seconds * v.flops()), v, 0, deadline,
                ResultState.FILES_DOWNLOADED);
        state().addResult(r);
        return r;
    }

    /**
     * Adds a sticky data file of {@code projectName} held by nothing: {@code bytes}, priority {@code priority},
     * arrived at {@code arrival}, last used at {@code lastUsed}, expiring at {@code expiry}.
     */
    public FileInfo file(String projectName, String name, double bytes, int priority, double arrival,
                         double lastUsed, double expiry) {
        FileInfo f = new FileInfo(project(projectName).url(), name, FileRole.DATA, "", bytes, priority, arrival, expiry,
                true, true);
        f.touch(lastUsed);
        state().files().add(f);
        return f;
    }

    /** Gives {@code r} an input file of {@code bytes} (added to the project's files) and returns the file. */
    public FileInfo input(Result r, String name, double bytes) {
        FileInfo f = new FileInfo(r.project().url(), name, FileRole.INPUT, "", bytes, FileInfo.P_LOW, 0,
                FileInfo.expiry(0, Double.NaN), false, true);
        state().files().add(f);
        List<String> inputs = new ArrayList<>(r.inputFiles());
        inputs.add(name);
        r.setFiles(inputs, r.outputFiles());
        return f;
    }

    /** Gives {@code r} an output file of {@code bytes} and returns the file. */
    public FileInfo output(Result r, String name, double bytes) {
        FileInfo f = new FileInfo(r.project().url(), name, FileRole.OUTPUT, "", bytes, FileInfo.P_LOW, 0,
                FileInfo.expiry(0, Double.NaN), false, true);
        state().files().add(f);
        List<String> outputs = new ArrayList<>(r.outputFiles());
        outputs.add(name);
        r.setFiles(r.inputFiles(), outputs);
        return f;
    }

    /** Makes {@code r} an active task in {@code scheduler} state. */
    public ActiveTask activate(Result r, SchedulerState scheduler) {
        ActiveTask t = state().activate(r);
        t.setSchedulerState(scheduler);
        return t;
    }
}

package org.cruncher.emulator;

import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cruncher.engine.model.App;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.TimeStats;
import org.cruncher.engine.model.Workunit;

/**
 * Builds scenarios in code (the demo, the benchmarks): a host, projects with shares, apps with job lengths and
 * deadlines, and servers that may be flaky.
 *
 * <pre>
 * Scenario s = new ScenarioBuilder(host).project("A", 75).cpuApp("a1", 3600, 864000)
 *         .project("B", 25).cpuApp("b1", 3600, 864000).build("75/25");
 * </pre>
 */
public final class ScenarioBuilder {

    /** A project under construction. */
    private static final class ProjectSpec {
        final Project project;
        final List<JobSpec> jobs = new ArrayList<>();
        double availableFrac = 1;
        double availableLambda = OnOffProcess.DEFAULT_LAMBDA;
        TransferSpec transfers = TransferSpec.NONE;
        List<String> serverUrls = List.of();
        /** Outages as offsets from the start, seconds. */
        final List<ServerSpec.Outage> outages = new ArrayList<>();
        /** Files already on the host: name, bytes, priority, days to expiry. */
        final List<FileInfo> files = new ArrayList<>();
        boolean deleteFromSelf;
        /** Results already queued on the host at the start. */
        final List<QueuedSpec> queued = new ArrayList<>();

        ProjectSpec(Project project) {
            this.project = project;
        }
    }

    /** {@code count} results of {@code version}, each of {@code fpops}, due {@code due} seconds after the start. */
    private record QueuedSpec(AppVersion version, double fpops, double due, int count) {
    }

    private final Host host;
    private Prefs prefs = Prefs.DEFAULTS;
    private TimeStats timeStats = TimeStats.ALWAYS;
    private double start = Scenario.DEFAULT_START;
    private double coreDiskUsage;
    private final Map<String, ProjectSpec> projects = new LinkedHashMap<>();
    private final List<String> notes = new ArrayList<>();
    private ProjectSpec current;

    public ScenarioBuilder(Host host) {
        this.host = host;
    }

    public ScenarioBuilder prefs(Prefs p) {
        this.prefs = p;
        return this;
    }

    public ScenarioBuilder timeStats(TimeStats t) {
        this.timeStats = t;
        return this;
    }

    public ScenarioBuilder start(double time) {
        this.start = time;
        return this;
    }

    /** The client's own files take {@code bytes} of the disk (core usage, seed 004). */
    public ScenarioBuilder coreDiskUsage(double bytes) {
        this.coreDiskUsage = bytes;
        return this;
    }

    /** Adds a project (URL https://NAME.example/, spaces made dashes) and makes it current. */
    public ScenarioBuilder project(String name, double share) {
        return project(name, share, "https://" + name.toLowerCase(Locale.ROOT).replaceAll("[^a-z0-9]+", "-")
                + ".example/");
    }

    /**
     * Adds a project at master URL {@code url} and makes it current; one on this computer (http://127.0.0.1:PORT/)
     * is contacted over HTTP (decision 0046).
     */
    public ScenarioBuilder project(String name, double share, String url) {
        current = new ProjectSpec(new Project(url, name, share));
        projects.put(url, current);
        return this;
    }

    /** The current project's server is up a fraction {@code frac} of the time, in up-periods of mean lambda. */
    public ScenarioBuilder available(double frac, double lambda) {
        current.availableFrac = frac;
        current.availableLambda = lambda;
        return this;
    }

    /** The current project's server is down from {@code fromSeconds} after the start, for {@code seconds}. */
    public ScenarioBuilder outage(double fromSeconds, double seconds) {
        current.outages.add(new ServerSpec.Outage(fromSeconds, fromSeconds + seconds));
        return this;
    }

    /** The current project's files move at these rates (bytes per second), failing with this chance. */
    public ScenarioBuilder transfers(double downloadRate, double uploadRate, double failureRate) {
        current.transfers = new TransferSpec(downloadRate, uploadRate, failureRate);
        return this;
    }

    /**
     * The current project's scheduler answers only at {@code serverUrls} (its master file lists them), while the
     * client starts with {@code clientUrls} (perhaps stale).
     */
    public ScenarioBuilder schedulers(List<String> clientUrls, List<String> serverUrls) {
        current.project.contact().setSchedulerUrls(clientUrls);
        current.serverUrls = List.copyOf(serverUrls);
        return this;
    }

    /** The current project's last app: each job downloads and uploads these bytes, and crashes with this chance. */
    public ScenarioBuilder files(double inputBytes, double outputBytes, double errorRate) {
        JobSpec j = current.jobs.remove(current.jobs.size() - 1);
        current.jobs.add(new JobSpec(j.appName(), j.fpopsActual(), j.estimateMean(), j.estimateStdDev(),
                j.latencyBound(), j.weight(), inputBytes, outputBytes, errorRate));
        return this;
    }

    /**
     * The current project's last app also keeps a sticky file of {@code stickyBytes} between jobs (0: none), and its
     * jobs' input files have seed 004's {@code priority} (1-5) and are kept {@code expDays} (NaN: 60 days).
     */
    public ScenarioBuilder diskFiles(double stickyBytes, int priority, double expDays) {
        JobSpec j = current.jobs.remove(current.jobs.size() - 1);
        current.jobs.add(new JobSpec(j.appName(), j.fpopsActual(), j.estimateMean(), j.estimateStdDev(),
                j.latencyBound(), j.weight(), j.inputBytes(), j.outputBytes(), j.errorRate(), stickyBytes, priority,
                expDays));
        return this;
    }

    /** The current project deletes its files in this order (seed 004's deletion policy flags). */
    public ScenarioBuilder deletionPolicy(DeletionPolicy policy) {
        current.project.setDeletionPolicy(policy);
        return this;
    }

    /** The current project's server may count the space its own expendable files take (third pass, seed 004). */
    public ScenarioBuilder deleteFromSelf() {
        current.deleteFromSelf = true;
        return this;
    }

    /**
     * A data file of the current project already on the host, arrived at the start, with seed 004's
     * {@code priority} (1-5), kept {@code expDays} (NaN: 60 days); kept until it expires or space is needed.
     */
    public ScenarioBuilder existingFile(String name, double bytes, int priority, double expDays) {
        current.files.add(new FileInfo(current.project.url(), name, FileRole.DATA, "", bytes, priority, start,
                FileInfo.expiry(start, expDays), true, true));
        return this;
    }

    /** A CPU app of the current project: jobs of {@code seconds} on one CPU, due {@code latency} after sending. */
    public ScenarioBuilder cpuApp(String app, double seconds, double latency) {
        return app(AppVersion.cpu(app, 1, host.cpuFlops()), seconds, latency);
    }

    /** A multi-threaded CPU app of the current project: jobs of {@code seconds} on {@code ncpus} CPUs at once. */
    public ScenarioBuilder multiThreadedApp(String app, double ncpus, double seconds, double latency) {
        return app(AppVersion.cpu(app, ncpus, ncpus * host.cpuFlops()), seconds, latency);
    }

    /**
     * A GPU app of the current project: jobs of {@code seconds} on one device of {@code type} (plus
     * {@code ncpus} CPUs), the device computing at 0.2 x its peak.
     */
    public ScenarioBuilder gpuApp(String app, ResourceType type, double ncpus, double seconds, double latency) {
        double peak = host.coprocessor(type).orElseThrow(() ->
                new IllegalArgumentException("the host has no " + type.displayName())).peakFlops();
        return app(AppVersion.gpu(app, type, 1, ncpus, 0.2 * peak), seconds, latency);
    }

    private ScenarioBuilder app(AppVersion v, double seconds, double latency) {
        if (current == null) {
            throw new IllegalStateException("add a project first");
        }
        if (current.project.app(v.appName()).isEmpty()) {
            current.project.addApp(App.named(v.appName()));
        }
        current.project.addAppVersion(v);
        double fpops = seconds * v.flops();
        current.jobs.add(new JobSpec(v.appName(), fpops, fpops, 0, latency, 1));
        return this;
    }

    /**
     * {@code count} results of the current project's last app, already downloaded and waiting to run at the start
     * (a host with a full queue), each the app's job size and due {@code due} seconds after the start.
     */
    public ScenarioBuilder queued(int count, double due) {
        if (current == null || current.jobs.isEmpty()) {
            throw new IllegalStateException("add an app first");
        }
        JobSpec job = current.jobs.get(current.jobs.size() - 1);
        List<AppVersion> versions = current.project.appVersions();
        AppVersion version = versions.stream().filter(v -> v.appName().equals(job.appName()))
                .reduce((first, second) -> second).orElseThrow();
        current.queued.add(new QueuedSpec(version, job.fpopsActual(), due, count));
        return this;
    }

    /** Notes for the user on how the scenario was made (what was assumed). */
    public ScenarioBuilder notes(List<String> what) {
        notes.addAll(what);
        return this;
    }

    public Scenario build(String name) {
        ClientState state = new ClientState(host, prefs, ClientConfig.DEFAULTS, timeStats);
        state.setCoreDiskUsage(coreDiskUsage);
        List<ServerSpec> servers = new ArrayList<>();
        for (ProjectSpec p : projects.values()) {
            Project project = p.project.copy();
            state.addProject(project);
            p.files.forEach(f -> state.files().add(f.copy()));
            addQueued(state, project, p.queued);
            servers.add(new ServerSpec(p.project.url(), p.jobs, p.availableFrac, p.availableLambda, p.serverUrls,
                    p.transfers, p.outages.stream().map(o -> new ServerSpec.Outage(start + o.from(), start + o.until()))
                    .toList(), p.project.deletionPolicy(), p.deleteFromSelf));
        }
        return new Scenario(name, state, start, servers, Availability.of(timeStats), notes);
    }

    private void addQueued(ClientState state, Project project, List<QueuedSpec> queued) {
        int n = 0;
        for (QueuedSpec q : queued) {
            AppVersion version = project.appVersion(q.version().appName(), q.version().versionNum(),
                    q.version().planClass()).orElseThrow();
            for (int i = 0; i < q.count(); i++, n++) {
                String wu = String.format(Locale.ROOT, "%s_queued_%06d", q.version().appName(), n);
                state.addResult(new Result(wu + "_0", project, new Workunit(wu, q.version().appName(), q.fpops(),
                        q.fpops() * 20, 0), version, start, start + q.due(), ResultState.FILES_DOWNLOADED));
            }
        }
    }
}

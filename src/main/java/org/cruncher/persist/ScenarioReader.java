package org.cruncher.persist;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.TreeMap;

import org.cruncher.emulator.Availability;
import org.cruncher.emulator.DebtHistory;
import org.cruncher.emulator.HostProcesses;
import org.cruncher.emulator.JobSpec;
import org.cruncher.emulator.LoopbackRouting;
import org.cruncher.emulator.MeritTotals;
import org.cruncher.emulator.OnOffProcess;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ServerSpec;
import org.cruncher.emulator.TransferSpec;
import org.cruncher.engine.api.DeletionView;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.App;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileInfo;
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
 * Reads a scenario: a folder in BOINC's client-emulator format ({@code client_state.xml} plus optional
 * {@code global_prefs.xml}, {@code global_prefs_override.xml}, {@code cc_config.xml}; in a BOINC data folder also
 * each project's {@code projects/FOLDER/app_config.xml}), or a client_state.xml file (the same optional files are
 * read from beside it), or a state Cruncher saved (its preferences and options inside). A real client's state file
 * runs too: its queued results are
 * the work, its apps' job sizes and deadlines are inferred from them, and the emulation starts at its
 * {@code time_stats/last_update} (boinc-engine.md §4.2).
 */
public final class ScenarioReader {

    private static final DateTimeFormatter UTC_MINUTE = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'",
            Locale.ROOT).withZone(ZoneOffset.UTC);

    /**
     * The fewest CPUs a CPU app version is taken to use: BOINC's non-CPU-intensive apps use 0.01; less (0 in a
     * damaged file) would let the emulated client queue and run jobs without end.
     */
    static final double MIN_CPU_APP_NCPUS = 0.01;
    /** A CPU app version is at most this many times faster than its CPUs' benchmark (SIMD; more is an error). */
    static final double MAX_CPU_SPEEDUP = 100;

    /** The largest resource share accepted; more than this is surely an error in the file. */
    static final double MAX_SHARE = 1e9;
    /** BOINC's resource share for a project whose state gives none. */
    static final double DEFAULT_SHARE = 100;

    private final CcConfigReader ccConfigReader = new CcConfigReader();
    private final AppConfigReader appConfigReader = new AppConfigReader();

    /**
     * A scenario with the preferences and cc_config options in force (all of them, not only the engine's) and what
     * Cruncher saved beside
     * it: the seed (1 if none) and where it was first opened from.
     */
    public record Read(Scenario scenario, GlobalPrefs prefs, CcConfig config, long seed, String openedFrom) {
    }

    public Scenario read(Path path) throws InputProblem {
        return readWithHeader(path).scenario();
    }

    /**
     * What BOINC's run modes (user_run_request, user_gpu_request, user_network_request: 1 always, 2 according to
     * preferences, 3 never) say, where one is not "according to preferences": the emulation runs the scheduler as it
     * would run under the preferences, so a client set to suspend is emulated as if it were not (decision 0029).
     */
    static Optional<String> runModes(String run, String gpu, String network) {
        List<String> said = new ArrayList<>();
        switch (XmlValues.text(run).strip()) {
            case "1" -> said.add("compute always, whatever the preferences say");
            case "3" -> said.add("suspend computing");
            default -> { }
        }
        switch (XmlValues.text(gpu).strip()) {
            case "1" -> said.add("compute on the GPU always");
            case "3" -> said.add("suspend GPU computing");
            default -> { }
        }
        switch (XmlValues.text(network).strip()) {
            case "1" -> said.add("use the network always");
            case "3" -> said.add("suspend network activity");
            default -> { }
        }
        if (said.isEmpty()) {
            return Optional.empty();
        }
        String rules = "the preferences' rules for when to suspend (in use, on batteries, CPU load), which Cruncher "
                + "does not emulate";
        if (said.stream().noneMatch(m -> m.startsWith("suspend"))) {
            // "Always" is what the emulation does anyway: nothing to take back.
            return Optional.of("BOINC was set to " + String.join("; ", said) + " (its run mode), as Cruncher "
                    + "emulates it: it never suspends for " + rules);
        }
        return Optional.of("BOINC was set to " + String.join("; ", said) + " (its run mode). Cruncher emulates the "
                + "scheduler as if it were allowed to run: it does not suspend for the run mode, nor for " + rules);
    }

    /**
     * The preferences of a state Cruncher saved: those saved in it, with a global_prefs_override.xml beside it
     * applied over them, as a cc_config.xml beside it is read instead of the saved options. A global_prefs.xml beside
     * it is not read (the saved preferences stand for it), and a note says so.
     */
    private static GlobalPrefs savedStatePrefs(Path stateFile, ClientStateDocument doc, Path dir) throws InputProblem {
        GlobalPrefs saved = GlobalPrefs.defaultsWith(savedPrefs(stateFile, doc.prefs));
        GlobalPrefs prefs = new GlobalPrefsReader().apply(saved, dir.resolve("global_prefs_override.xml"));
        if (Files.exists(dir.resolve("global_prefs.xml"))) {
            GlobalPrefs.Builder b = prefs.toBuilder();
            b.warnings.add("global_prefs.xml beside a state Cruncher saved is not read: the preferences saved in the "
                    + "state are used (a global_prefs_override.xml beside it applies over them)");
            prefs = b.build();
        }
        return prefs;
    }

    /** The client's venue and its projects', which choose global_prefs.xml's venue. */
    private static HostVenues hostVenues(ClientStateDocument doc) {
        Map<String, String> byProject = new LinkedHashMap<>();
        for (ClientStateDocument.ProjectBlock b : doc.projects) {
            ClientStateXml.Project p = b.project.value();
            if (p.masterUrl != null && p.hostVenue != null) {
                byProject.put(p.masterUrl, p.hostVenue);
            }
        }
        return new HostVenues(doc.hostVenue, byProject);
    }

    /** As {@link #read}, with Cruncher's own header of a saved state. */
    public Read readWithHeader(Path path) throws InputProblem {
        Path stateFile = Files.isDirectory(path) ? path.resolve("client_state.xml") : path;
        if (!Files.exists(stateFile) && Files.isDirectory(path) && Files.isReadable(path)
                && !Files.isSymbolicLink(stateFile)) {
            // The folder named, not "client_state.xml: no client_state.xml in this folder" for the current one ("").
            Path folder = path.toString().isEmpty() ? path.toAbsolutePath() : path;
            if (Files.exists(folder.resolve("sim_projects.xml")) || Files.exists(folder.resolve("sim_host.xml"))) {
                throw new InputProblem(folder, "is a folder in the BOINC emulator's older format (sim_projects.xml, "
                        + "sim_host.xml), which Cruncher does not read: it reads a client_state.xml, as the emulator "
                        + "does now");
            }
            throw new InputProblem(folder, "is a folder without a client_state.xml");
        }
        if (!Files.exists(stateFile)) {
            throw new InputProblem(stateFile, Files.isSymbolicLink(stateFile) ? BrokenLinks.why(stateFile)
                    : Files.isDirectory(path) ? "cannot be read: the folder is not readable (permission denied)"
                    : "no such file");
        }
        Path dir = stateFile.toAbsolutePath().getParent();
        ClientStateDocument doc = ClientStateDocument.read(stateFile);
        GlobalPrefs global = doc.prefs != null ? savedStatePrefs(stateFile, doc, dir)
                : new GlobalPrefsReader().read(dir.resolve("global_prefs.xml"),
                        dir.resolve("global_prefs_override.xml"), hostVenues(doc));
        Prefs prefs = global.enginePrefs();
        ReadResult<CcConfig> ccConfig = doc.config != null && !Files.exists(dir.resolve("cc_config.xml"))
                ? new ReadResult<>(savedConfig(doc.config), List.of())
                : ccConfigReader.read(dir.resolve("cc_config.xml"));
        String name = doc.cruncherState != null && !XmlValues.text(doc.cruncherState.scenarioName).isEmpty()
                ? XmlValues.text(doc.cruncherState.scenarioName)
                : Files.isDirectory(path) ? path.toAbsolutePath().normalize().getFileName().toString()
                : stateFile.getFileName().toString();
        ClientStateXml.CruncherState header = doc.cruncherState;
        if (header != null && header.formatVersion != null
                && header.formatVersion > ClientStateWriter.FORMAT_VERSION) {
            throw new InputProblem(stateFile, "was saved by a newer Cruncher (state format "
                    + header.formatVersion.intValue() + "; this one reads up to " + ClientStateWriter.FORMAT_VERSION + ")");
        }
        Builder builder = new Builder(doc, prefs, ccConfig.value().toClientConfig());
        builder.notes.addAll(doc.readingNotes);
        builder.notes.addAll(doc.notes);
        builder.notes.addAll(global.warnings());
        List<String> notEmulated = global.notEmulated();
        if (!notEmulated.isEmpty()) {
            builder.notes.add("the preferences also say: " + String.join("; ", notEmulated) + ". Cruncher does not "
                    + "emulate " + (notEmulated.size() == 1 ? "this" : "these") + ": when the host computes and is "
                    + "online comes from its measured on, active and "
                    + "connected fractions, and files move at the scenario's transfer rates"
                    + (global.notInUseLimitsDiffer() ? "; the CPUs and CPU time it uses are the limits for a "
                    + "computer in use, at all times" : ""));
        }
        runModes(doc.userRunRequest, doc.userGpuRequest, doc.userNetworkRequest).ifPresent(builder.notes::add);
        builder.notes.addAll(ccConfig.warnings());
        List<String> urls = new ArrayList<>();
        for (ClientStateDocument.ProjectBlock b : doc.projects) {
            if (b.project.value().masterUrl != null) {
                urls.add(b.project.value().masterUrl);
            }
        }
        // An exclude_gpu naming no project here is noted, and not listed among the options in force.
        CcConfig config = ccConfig.value().withGpuExclusions(
                ProjectConfigs.ofKnownProjects(ccConfig.value().gpuExclusions(), urls, builder.notes));
        builder.projectSettings = p -> projectSettings(p, dir, config, builder.notes);
        Scenario scenario;
        try {
            scenario = builder.build(name);
        } catch (IllegalArgumentException e) {
            // The model's own checks are the last line: a value the reader let through is still one line, not a trace.
            throw new InputProblem(stateFile, e.getMessage());
        }
        return new Read(scenario, global, config, header == null || header.seed == null ? 1 : header.seed,
                header == null ? "" : XmlValues.text(header.openedFrom));
    }

    /** The preferences saved inside a Cruncher state file (BOINC's defaults for any it lacks). */
    private static Prefs savedPrefs(Path file, ClientStateXml.SavedPrefs p) throws InputProblem {
        if (p == null) {
            return Prefs.DEFAULTS;
        }
        Prefs d = Prefs.DEFAULTS;
        try {
            return new Prefs(XmlValues.number(p.cpuSchedulingPeriodMinutes, d.cpuSchedulingPeriodMinutes()),
                    XmlValues.number(p.workBufMinDays, d.workBufMinDays()),
                    XmlValues.number(p.workBufAdditionalDays, d.workBufAdditionalDays()),
                    XmlValues.number(p.maxNcpusPct, d.maxNcpusPct()), XmlValues.number(p.cpuUsageLimit, d.cpuUsageLimit()),
                    XmlValues.number(p.diskMaxUsedGb, d.diskMaxUsedGb()),
                    XmlValues.number(p.diskMaxUsedPct, d.diskMaxUsedPct()),
                    XmlValues.number(p.diskMinFreeGb, d.diskMinFreeGb()));
        } catch (IllegalArgumentException e) {
            throw new InputProblem(file, "<global_preferences>: " + e.getMessage());
        }
    }

    /** The cc_config options saved inside a Cruncher state file; BOINC's defaults for the rest. */
    private static CcConfig savedConfig(ClientStateXml.SavedConfig c) {
        ClientStateXml.SavedOptions o = c.options == null ? new ClientStateXml.SavedOptions() : c.options;
        int ncpus = o.ncpus == null || !(o.ncpus >= 1) || o.ncpus > Host.MAX_PLAUSIBLE_CPUS ? -1
                : (int) Math.round(o.ncpus);
        CcConfig d = CcConfig.DEFAULTS;
        return new CcConfig(ncpus, XmlValues.flag(o.noGpus), d.useAllGpus(), XmlValues.flag(o.reportResultsImmediately),
                d.gpuExclusions(), d.exclusiveApps(), d.exclusiveGpuApps(), d.startDelay(), d.maxFileXfers(),
                d.maxFileXfersPerProject(), d.allowRemoteGuiRpc(), d.abortJobsOnExit(), d.otherOptions(),
                d.logFlags());
    }

    /**
     * Applies the project's app_config.xml (when the state file sits in a BOINC data folder: in
     * projects/ESCAPED_URL/) and cc_config.xml's GPU exclusions; returns the app versions dropped.
     */
    private Set<AppVersion> projectSettings(Project p, Path dir, CcConfig ccConfig, List<String> notes)
            throws InputProblem {
        Path projects = dir.resolve("projects");
        if (Files.isDirectory(projects)) {
            ReadResult<AppConfig> app = appConfigReader.read(
                    projects.resolve(DirectoryFileStore.folderName(p.url())).resolve("app_config.xml"));
            // Several projects may each have an app_config.xml: a warning says whose.
            app.warnings().forEach(w -> notes.add(p.name() + ", " + w));
            ProjectConfigs.applyAppConfig(p, app.value(), notes);
        }
        return ProjectConfigs.applyExclusions(p, ccConfig.gpuExclusions(), notes);
    }

    /** What is applied to a project once its apps and versions are read; gives the versions it dropped. */
    @FunctionalInterface
    private interface ProjectSettings {
        Set<AppVersion> apply(Project p) throws InputProblem;
    }

    /** Maps the document to the engine model and the emulator's servers. */
    private static final class Builder {
        private final ClientStateDocument doc;
        private final Path file;
        private final Prefs prefs;
        private final ClientConfig config;
        private final List<String> notes = new ArrayList<>();
        /** Per project URL: its apps whose jobs' files are learnt from its tasks (no scenario figures for them). */
        private final Map<String, Set<String>> learntFiles = new HashMap<>();
        /** Every result the file lists, kept or left out, as "master_url name": what an active task may name. */
        private final Set<String> resultsInFile = new HashSet<>();
        private ProjectSettings projectSettings = p -> Set.of();
        private final Map<Project, Set<AppVersion>> dropped = new HashMap<>();
        private final ScenarioNumbers numbers;

        Builder(ClientStateDocument doc, Prefs prefs, ClientConfig config) {
            this.doc = doc;
            this.file = doc.file;
            this.prefs = prefs;
            this.config = config;
            this.numbers = new ScenarioNumbers(file);
            numbers.locateWith(doc::lineOf);
        }

        /**
         * A BOINC client's file keeps no D(P, R) flag of seed 003 (today's BOINC has none), but the jobs in it were
         * supplied by their projects: as the seed sets the flag when a project supplies a job for a resource, a
         * project with a task for a resource here accrues long-term debt for it from the start, rather than only
         * after its next reply with work. Cruncher's own saved states keep the flag as it was.
         */
        private void suppliedJobs(Project p, ClientState state) {
            for (Result r : state.resultsOf(p)) {
                p.resourceState(r.resource()).setAccumulatesDebt(true);
            }
        }

        /**
         * When the state was written: its {@code <last_update>}; without a usable one, the latest time the file
         * gives (a project's last scheduler request, a result's arrival or end), so that its tasks' deadlines keep
         * their distance; 2026-01-01 if it gives none. Said in one note, with the date.
         */
        private double startTime(Double lastUpdate) {
            if (lastUpdate != null && lastUpdate > 0 && lastUpdate <= ScenarioNumbers.MAX_TIME) {
                return lastUpdate;
            }
            double latest = doc.timeStats == null ? 0 : latestOf(0, doc.timeStats.clientStartTime);
            for (ClientStateDocument.ProjectBlock block : doc.projects) {
                latest = latestOf(latest, block.project.value().lastRpcTime);
                for (ClientStateDocument.At<ClientStateXml.Result> r : block.results) {
                    latest = latestOf(latest, r.value().receivedTime);
                    latest = latestOf(latest, r.value().completedTime);
                }
            }
            double start = latest > 0 ? latest : Scenario.DEFAULT_START;
            // Said first in words, as volunteers read the notes (QA: the tag names alone read as jargon).
            notes.add("The file does not say when it was saved (its <time_stats> <last_update> is "
                    + (lastUpdate == null ? "missing" : ScenarioNumbers.format(lastUpdate)) + ")"
                    + ": the state is taken as of " + UTC_MINUTE.format(Instant.ofEpochSecond((long) start))
                    + (latest > 0 ? ", the latest time it gives (a scheduler request, a task's arrival or end, the "
                            + "client's start)" : "")
                    + ", and its tasks' deadlines are read against that");
            return start;
        }

        private static double latestOf(double latest, Double time) {
            return time != null && time > latest && time <= ScenarioNumbers.MAX_TIME ? time : latest;
        }

        Scenario build(String name) throws InputProblem {
            Host host = new HostInfoReader(file, notes, numbers).read(doc.hostInfo);
            ClientStateXml.TimeStats ts = doc.timeStats == null ? new ClientStateXml.TimeStats() : doc.timeStats;
            TimeStats fractions = new TimeStats(fraction(ts.onFrac, "on_frac"), fraction(ts.activeFrac, "active_frac"),
                    fraction(ts.gpuActiveFrac, "gpu_active_frac"), connectedFraction(ts));
            ClientState state = new ClientState(host, prefs, config, fractions);
            state.setCoreDiskUsage(coreDiskUsage());
            state.setOtherDiskUsage(otherDiskUsage());
            double start = startTime(ts.lastUpdate);
            List<ServerSpec> servers = new ArrayList<>();
            BoincDiskFigures boincDisk = new BoincDiskFigures();
            for (ClientStateDocument.ProjectBlock block : doc.projects) {
                Project p = project(block, host, start);
                listedOnce(() -> state.addProject(p), block.project.line());
                boincDisk.put(p, block.project.value().diskUsage, block.project.value().diskShare);
                Map<String, ClientStateXml.App> appXml = apps(block, p);
                versions(block, p, state);
                dropped.put(p, projectSettings.apply(p));
                Map<String, Workunit> asSaved = workunits(block);
                results(block, p, withEstimates(asSaved, p), state);
                if (doc.cruncherState == null) {
                    suppliedJobs(p, state);
                }
                // The server's jobs are learnt from the sizes the file gives, not from those filled in above.
                List<JobSpec> jobs = jobSpecs(p, appXml, block, asSaved, state);
                boolean runsHere = p.appVersions().stream().anyMatch(v -> state.resources().canRun(v));
                boolean admitted = p.appVersions().stream().anyMatch(v -> state.resources().admits(v));
                if (runsHere && !jobs.isEmpty()) {
                    ClientStateXml.Available av = block.project.value().available;
                    int line = block.project.line();
                    servers.add(new ServerSpec(p.url(), p.ended() ? List.of() : jobs,
                            av == null ? 1 : numbers.orDefault(av.frac, 1, 0, 1, "available/frac", line),
                            av == null ? OnOffProcess.DEFAULT_LAMBDA : lambda(av.lambda, "available/lambda", line),
                            serverUrls(block.project.value()), transfers(block.project), List.of(),
                            p.deletionPolicy(), XmlValues.flag(block.project.value().deleteFromSelf)));
                } else if (p.apps().isEmpty() && p.appVersions().isEmpty()) {
                    notes.add(p.name() + " has no application in the file yet: BOINC would get one with its first "
                            + "tasks, which the emulation has no server to send, so it is left out");
                } else if (!runsHere || admitted) {
                    notes.add(p.name() + " has no application this host can run: it gets no new work");
                }
                if (runsHere && LoopbackRouting.onThisComputer(p.url())) {
                    notes.add(p.name() + " is on this computer (" + p.url() + "): it is contacted over HTTP");
                }
                if (runsHere && !admitted) {
                    notes.add(p.name() + "'s applications each need more CPUs or GPUs than BOINC can use here: none "
                            + "of its tasks can start");
                }
            }
            files(state, start);
            activeTasks(state);
            servers = LearntJobFiles.apply(servers, learntFiles, state, notes);
            if (doc.cruncherState == null) {
                boincDisk.note(file, state).ifPresent(notes::add);
            }
            for (var r : state.resources().inServiceOrder()) {
                if (state.projects().stream().noneMatch(p -> p.hasAppVersionFor(r.type()))) {
                    notes.add("no project has an application for the " + r.type().displayName()
                            + ": it stays idle");
                }
            }
            Availability availability = new Availability(fractions, lambda(ts.onLambda, "on_lambda", 0),
                    lambda(ts.activeLambda, "active_lambda", 0), lambda(ts.gpuActiveLambda, "gpu_active_lambda", 0),
                    lambda(ts.connectedLambda, "connected_lambda", 0), savedProcesses(ts));
            numbers.addNotes(notes);
            SavedRunReader saved = new SavedRunReader(doc, notes);
            DebtHistory debts = saved.debtHistory(state);
            MeritTotals figures = saved.figuresSoFar(servers);
            RunHistoryView runs = saved.runHistory(state);
            List<EngineEvent> events = saved.eventLog(start);
            List<DeletionView> deletions = saved.recentDeletions(start);
            List<RpcView> rpcs = saved.recentRpcs(start);
            // A saved state's notes from its first reading come first; what this reading finds again is said once.
            // Only those are saved on: what reading a Cruncher save found (a damaged figure) is about that save.
            List<String> shown = List.copyOf(new LinkedHashSet<>(notes));
            return new Scenario(name, state, start, servers, availability, shown, debts, figures, runs, events,
                    doc.cruncherState != null ? doc.readingNotes : shown, deletions, rpcs);
        }

        /**
         * The part of the time the host is online. A {@code <connected_frac>} of 0 beside a positive {@code
         * <cpu_and_network_available_frac>} contradicts itself: the network was available, and the client fetched the
         * tasks in the file. The connection check behind the first (the operating system's) found no connection it
         * knew; it is taken as not measured, as BOINC writes -1 where it cannot measure, so the host is online all the
         * time (src/docs/decisions/0027). Only where nothing says the network was ever there is the host never online.
         */
        private double connectedFraction(ClientStateXml.TimeStats ts) {
            if (ts.connectedFrac == null || ts.connectedFrac != 0) {
                return fraction(ts.connectedFrac, "connected_frac");
            }
            double network = ts.cpuAndNetworkAvailableFrac == null ? 0 : ts.cpuAndNetworkAvailableFrac;
            if (network > 0) {
                notes.add("<connected_frac> is 0, but <cpu_and_network_available_frac> is "
                        + String.format(Locale.ROOT, "%.3f", Math.min(1, network)) + ": the network was there, so the "
                        + "0 is taken as not measured and the host as online all the time");
                return 1;
            }
            notes.add("<connected_frac> is 0: as BOINC measured it the host was never online, so no project is "
                    + "contacted");
            return 0;
        }

        /**
         * A time_stats fraction: 1 if absent or negative (BOINC writes -1 for "not measured yet"; another negative
         * value is taken the same way, with a note). A 0 of the host's on or active fraction stops all computing:
         * that is said too.
         */
        private double fraction(Double v, String element) {
            if (v != null && v < 0) {
                if (v != -1) {
                    notes.add("<" + element + "> " + Units.number(v) + " is negative, which BOINC writes (as -1) "
                            + "for not measured yet: 1 is used");
                }
                return 1;
            }
            double f = numbers.orDefault(v, 1, 0, 1, element, 0);
            if (f == 0 && element.equals("on_frac")) {
                notes.add("<on_frac> is 0: as BOINC measured it the host was never on, so nothing is computed");
            } else if (f == 0 && element.equals("active_frac")) {
                notes.add("<active_frac> is 0: as BOINC measured it the client was never allowed to compute, so "
                        + "nothing is computed");
            }
            return f;
        }

        /**
         * Cruncher's saved state of the host's on/off processes, so that a restart goes on with the period each was
         * in; null where the file has none (BOINC's files, older saves) or one is damaged: they are drawn anew.
         */
        private static HostProcesses.Saved savedProcesses(ClientStateXml.TimeStats ts) {
            OnOffProcess.Saved on = saved(ts.onNow, ts.onUntil);
            OnOffProcess.Saved active = saved(ts.activeNow, ts.activeUntil);
            OnOffProcess.Saved gpu = saved(ts.gpuActiveNow, ts.gpuActiveUntil);
            OnOffProcess.Saved net = saved(ts.connectedNow, ts.connectedUntil);
            return on == null || active == null || gpu == null || net == null ? null
                    : new HostProcesses.Saved(on, active, gpu, net);
        }

        private static OnOffProcess.Saved saved(Double now, Double until) {
            boolean badUntil = until != null && !(until > 0 && until < ScenarioNumbers.MAX_TIME);
            if (now == null || !(now == 0 || now == 1) || badUntil) {
                return null;
            }
            return new OnOffProcess.Saved(now == 1, until == null ? Double.POSITIVE_INFINITY : until);
        }

        /** A mean on/off period, seconds: positive and finite, else the default. */
        private double lambda(Double v, String element, int line) {
            return numbers.orDefault(v, OnOffProcess.DEFAULT_LAMBDA, Double.MIN_VALUE, Double.MAX_VALUE, element, line);
        }

        /**
         * Cruncher's saved {@code <host_info><other_disk_usage>}: what other programs take on the disk, bytes; NaN
         * (worked out at the first poll) when absent or not a number of 0 or more.
         */
        private double otherDiskUsage() {
            double other = XmlValues.number(doc.hostInfo == null ? null : doc.hostInfo.value().otherDiskUsage,
                    Double.NaN);
            return other >= 0 && Double.isFinite(other) ? other : Double.NaN;
        }

        /** Cruncher's extension {@code <host_info><core_disk_usage>}: the client's own files, bytes (default 0). */
        private double coreDiskUsage() throws InputProblem {
            double core = XmlValues.number(doc.hostInfo == null ? null : doc.hostInfo.value().coreDiskUsage, 0);
            if (!(core >= 0) || Double.isInfinite(core)) {
                throw new InputProblem(file, doc.hostInfo.line(), "core_disk_usage must be a number of bytes >= 0");
            }
            return core;
        }

        /** Each project's files: those that follow it in the document, and those that name it. */
        private void files(ClientState state, double start) throws InputProblem {
            Map<String, List<ClientStateDocument.At<ClientStateXml.FileXml>>> named = new HashMap<>();
            for (ClientStateDocument.At<ClientStateXml.FileXml> at : doc.filesWithProject) {
                String url = XmlValues.text(at.value().projectUrl);
                if (state.project(url).isEmpty()) {
                    throw new InputProblem(file, at.line(), "file " + XmlValues.text(at.value().name)
                            + " names project " + url + ", which is not in the file");
                }
                named.computeIfAbsent(url, u -> new ArrayList<>()).add(at);
            }
            for (ClientStateDocument.ProjectBlock block : doc.projects) {
                Project p = state.project(XmlValues.text(block.project.value().masterUrl)).orElseThrow();
                List<ClientStateDocument.At<ClientStateXml.FileXml>> files = new ArrayList<>(block.files);
                files.addAll(named.getOrDefault(p.url(), List.of()));
                ClientStateFiles.read(file, block, files, p, state, start);
            }
        }

        private Project project(ClientStateDocument.ProjectBlock block, Host host, double start)
                throws InputProblem {
            ClientStateXml.Project x = block.project.value();
            int line = block.project.line();
            String url = XmlValues.text(x.masterUrl);
            if (url.isEmpty()) {
                throw new InputProblem(file, line, "a <project> has no <master_url>");
            }
            if (x.resourceShare == null) {
                notes.add("project " + url + " (" + where(line) + ") gives no resource_share: BOINC's default, "
                        + Units.number(DEFAULT_SHARE) + ", is used");
            }
            // Saved corrupted (nan, inf): BOINC's default; out of range: the nearest bound; each with a note. -0 is 0.
            double share = numbers.clamp(x.resourceShare, DEFAULT_SHARE, 0, MAX_SHARE, "resource_share", line) + 0.0;
            Project p = new Project(url, XmlValues.name(x.projectName), share);
            p.setSuspendedByUser(XmlValues.flag(x.suspendedViaGui));
            p.setNoNewTasks(XmlValues.flag(x.dontRequestMoreWork));
            if (XmlValues.flag(x.detachWhenDone)) {
                p.setDetachWhenDone(true);
                notes.add(p.name() + " is to be removed when its tasks are done (<detach_when_done/>, " + where(line)
                        + "): neither BOINC nor Cruncher asks it for more work (as with \"no new tasks\"); BOINC "
                        + "then removes it, Cruncher keeps it, without work");
            }
            if (XmlValues.flag(x.nonCpuIntensive)) {
                notes.add(p.name() + " is non-CPU-intensive (<non_cpu_intensive/>, " + where(line) + "): BOINC runs "
                        + "its tasks beside the others, outside the shares, and asks it for no work; not emulated: "
                        + "Cruncher schedules and fetches for it as for any project");
            }
            if (XmlValues.flag(x.ended)) {
                p.setEnded(true);
                notes.add(p.name() + " has ended (<ended/>, " + where(line) + "): its server sends no more work, but "
                        + "still takes reports");
            }
            p.setDeletionPolicy(new DeletionPolicy(XmlValues.flag(x.deletionPolicyPriority),
                    XmlValues.flag(x.deletionPolicyExpire)));
            double dcf = numbers.clamp(x.durationCorrectionFactor, 1, Project.MIN_DCF, Project.MAX_DCF,
                    "duration_correction_factor", line);
            if (dcf != 1 && !XmlValues.flag(x.dontUseDcf)) {
                p.setDurationCorrectionFactor(dcf);
                notes.add(p.name() + ": its tasks' run times are taken as their estimates x " + Units.number(dcf)
                        + ", its duration correction factor, as BOINC takes them");
            }
            SavedProjectState.contact(x, p.contact(), start, line, numbers);
            SavedProjectState.debtsAndBackoffs(x, p, doc.cruncherState != null ? 1 : host.cpuFlops(), start, line,
                    numbers);
            p.setMaxConcurrent(SavedProjectState.concurrencyLimit(x.projectMaxConcurrent));
            SavedProjectState.diskShortfall(x.diskShortfall, p, where(line)).ifPresent(notes::add);
            return p;
        }

        private Map<String, ClientStateXml.App> apps(ClientStateDocument.ProjectBlock block, Project p)
                throws InputProblem {
            Map<String, ClientStateXml.App> byName = new LinkedHashMap<>();
            for (ClientStateDocument.At<ClientStateXml.App> at : block.apps) {
                String name = XmlValues.text(at.value().name);
                if (name.isEmpty()) {
                    throw new InputProblem(file, at.line(), "an <app> of " + p.url() + " has no <name>");
                }
                boolean nci = XmlValues.flag(at.value().nonCpuIntensive);
                if (nci) {
                    notes.add(p.name() + ": its application " + name + " is non-CPU-intensive (" + where(at.line())
                            + "): BOINC runs its tasks beside the others, outside the shares; not emulated: "
                            + "Cruncher schedules them as CPU tasks");
                }
                p.addApp(new App(name, XmlValues.name(at.value().userFriendlyName), nci,
                        SavedProjectState.concurrencyLimit(at.value().maxConcurrent)));
                byName.put(name, at.value());
            }
            return byName;
        }

        private void versions(ClientStateDocument.ProjectBlock block, Project p, ClientState state)
                throws InputProblem {
            for (ClientStateDocument.At<ClientStateXml.AppVersion> at : block.appVersions) {
                ClientStateXml.AppVersion x = at.value();
                String app = XmlValues.text(x.appName);
                if (app.isEmpty()) {
                    throw new InputProblem(file, at.line(), "an <app_version> of " + p.url() + " has no <app_name>");
                }
                if (p.app(app).isEmpty() && !block.apps.isEmpty()) {
                    // BOINC's link_app_version: "State file error: bad application name", and the version is skipped.
                    notes.add(p.name() + ": an <app_version> (" + where(at.line()) + ") is of " + app + ", which the "
                            + "project has no <app> for: left out, as BOINC does");
                    continue;
                }
                if (p.app(app).isEmpty()) {
                    p.addApp(App.named(app));
                }
                double ncpus = XmlValues.number(x.avgNcpus, 1);
                if (x.avgNcpus != null && x.avgNcpus.isNaN()) {
                    notes.add("app version of " + app + " (" + where(at.line()) + "): avg_ncpus NaN is not a number: "
                            + "1 CPU is used");
                }
                if (!(ncpus >= 0) || ncpus > Host.MAX_PLAUSIBLE_CPUS) {
                    throw new InputProblem(file, at.line(), "app version of " + app + ": avg_ncpus " + Units.exact(ncpus)
                            + " is not a plausible CPU count");
                }
                ResourceType type = ResourceType.CPU;
                double count = 0;
                if (x.coproc != null && !x.coproc.isEmpty()) {
                    ClientStateXml.CoprocUsage c = x.coproc.get(0);
                    type = ResourceType.fromBoincName(c.type).orElse(null);
                    if (type == null || type == ResourceType.CPU) {
                        notes.add("app version of " + app + " (" + where(at.line()) + ") uses an unknown coprocessor '"
                                + XmlValues.text(c.type) + "': ignored");
                        continue;
                    }
                    count = numbers.clamp(c.count, 1, 0, ScenarioNumbers.MAX_GPUS, "coproc/count", at.line());
                    if (!(count > 0)) {
                        continue;
                    }
                }
                boolean flopsUsable = x.flops != null && x.flops > 0 && !x.flops.isInfinite();
                double flops = flopsUsable
                        ? numbers.clamp(x.flops, 0, 0, ScenarioNumbers.MAX_GPU_FLOPS, "flops", at.line())
                        : defaultFlops(state, ncpus, type, count);
                if (x.flops != null && !flopsUsable) {
                    notes.add(String.format(Locale.ROOT, "app version of %s (%s): flops %s is not a finite "
                            + "positive number: taken as BOINC's default from the CPU speed, %.3g GFLOPS", app,
                            where(at.line()), Units.exact(x.flops), flops / 1e9));
                }
                if (type == ResourceType.CPU && ncpus < MIN_CPU_APP_NCPUS) {
                    notes.add("app version of " + app + " (" + where(at.line()) + "): a CPU app using " + ncpus
                            + " CPUs would never fill the CPUs: taken as " + MIN_CPU_APP_NCPUS);
                    ncpus = MIN_CPU_APP_NCPUS;
                }
                double cpuCeiling = MAX_CPU_SPEEDUP * Math.max(1, ncpus) * state.host().cpuFlops();
                if (type == ResourceType.CPU && flops > cpuCeiling) {
                    notes.add(String.format(Locale.ROOT, "app version of %s (%s): flops %.3g is over %d times "
                            + "what its CPUs can do: taken as %.3g", app, where(at.line()), flops,
                            (int) MAX_CPU_SPEEDUP, cpuCeiling));
                    flops = cpuCeiling;
                }
                int versionNum = x.versionNum == null ? 0 : (int) Math.round(x.versionNum);
                p.addAppVersion(new AppVersion(app, versionNum, XmlValues.text(x.planClass), ncpus, flops, type,
                        count));
            }
        }

        /** BOINC's default when the server gives no {@code <flops>}: avg_ncpus x p_fpops (client_types.cpp). */
        private static double defaultFlops(ClientState state, double ncpus, ResourceType type, double count) {
            double cpu = state.host().cpuFlops();
            double f = Math.max(ncpus, 0.01) * cpu;
            return type == ResourceType.CPU ? f : f + count * 10 * cpu;
        }

        private Map<String, Workunit> workunits(ClientStateDocument.ProjectBlock block) throws InputProblem {
            Map<String, Workunit> byName = new HashMap<>();
            for (ClientStateDocument.At<ClientStateXml.Workunit> at : block.workunits) {
                ClientStateXml.Workunit x = at.value();
                String name = XmlValues.text(x.name);
                if (name.isEmpty()) {
                    throw new InputProblem(file, at.line(), "a <workunit> has no <name>");
                }
                // 0, negative or not a number: no estimate, which withEstimates fills in with its note.
                Double given = x.rscFpopsEst != null && x.rscFpopsEst > 0 ? x.rscFpopsEst : null;
                double est = numbers.clamp(given, 0, 0, ScenarioNumbers.MAX_JOB_FPOPS, "rsc_fpops_est", at.line());
                Workunit was = byName.put(name, new Workunit(name, XmlValues.text(x.appName), est,
                        numbers.clamp(x.rscFpopsBound, est * 20, 0, ScenarioNumbers.MAX_JOB_FPOPS * 20,
                                "rsc_fpops_bound", at.line()),
                        numbers.clamp(x.rscDiskBound, 0, 0, ClientStateFiles.MAX_FILE_BYTES, "rsc_disk_bound",
                                at.line())));
                if (was != null) {
                    notes.add("workunit " + name + " is listed twice: the later one (" + where(at.line())
                            + ") is used");
                }
            }
            return byName;
        }

        /**
         * A copy of {@code workunits}, those without an estimate of their size ({@code rsc_fpops_est} 0, negative,
         * not a number or missing, which a project's server never sends) given the average of their app's others, or
         * BOINC's emulator default where none has one, with a note: taken as 0, such a task would seem to need no time
         * and end at once. A bound not above the new estimate becomes 20 times it, BOINC's usual ratio.
         */
        private Map<String, Workunit> withEstimates(Map<String, Workunit> workunits, Project p) {
            Map<String, List<Workunit>> unsized = new TreeMap<>();
            for (Workunit w : workunits.values()) {
                if (w.rscFpopsEst() <= 0) {
                    unsized.computeIfAbsent(w.appName(), a -> new ArrayList<>()).add(w);
                }
            }
            Map<String, Workunit> sized = new HashMap<>(workunits);
            for (Map.Entry<String, List<Workunit>> e : unsized.entrySet()) {
                double[] sizes = workunits.values().stream().filter(w -> w.appName().equals(e.getKey()))
                        .mapToDouble(Workunit::rscFpopsEst).filter(f -> f > 0).toArray();
                double est = mean(sizes, JobSpec.DEFAULT_FPOPS);
                int bounds = 0;
                for (Workunit w : e.getValue()) {
                    boolean keepsBound = w.rscFpopsBound() > est;
                    bounds += keepsBound ? 0 : 1;
                    sized.put(w.name(), new Workunit(w.name(), w.appName(), est,
                            keepsBound ? w.rscFpopsBound() : est * 20, w.rscDiskBound()));
                }
                int n = e.getValue().size();
                notes.add(String.format(Locale.ROOT, "%s, %s: %s no size estimate (rsc_fpops_est 0, negative, not a "
                        + "number or missing): taken as %.4g FLOPs, %s%s", p.name(), e.getKey(), n == 1 ? "1 task has"
                        : n + " tasks have", est, sizes.length == 0
                        ? "BOINC's emulator default (no task of its app has one)"
                        : "the average of its app's " + Units.count(sizes.length, "other task"), bounds == 0 ? ""
                        : String.format(Locale.ROOT, "; %s (missing or not above that) taken as 20 times it, %.4g",
                        bounds == n ? (n == 1 ? "its rsc_fpops_bound" : "their rsc_fpops_bounds")
                        : bounds + " of their rsc_fpops_bounds", est * 20)));
            }
            return sized;
        }

        private void results(ClientStateDocument.ProjectBlock block, Project p, Map<String, Workunit> workunits,
                             ClientState state) throws InputProblem {
            int skipped = 0;
            int excluded = 0;
            int otherVersion = 0;
            int downloading = 0;
            int uploading = 0;
            int dueBeforeReceived = 0;
            int nameless = 0;
            for (ClientStateDocument.At<ClientStateXml.Result> at : block.results) {
                ClientStateXml.Result x = at.value();
                String name = XmlValues.text(x.name);
                Workunit wu = workunits.get(XmlValues.text(x.wuName));
                if (name.isEmpty()) {
                    nameless++;
                    continue;
                }
                resultsInFile.add(p.url() + " " + name);
                if (XmlValues.flag(x.gotServerAck)) {
                    continue;
                }
                if (wu == null) {
                    throw new InputProblem(file, at.line(), XmlValues.text(x.wuName).isEmpty()
                            ? "result " + name + " has no <wu_name>"
                            : "result " + name + " names workunit '" + XmlValues.text(x.wuName)
                            + "', which is not in the file");
                }
                int versionNum = x.versionNum == null ? 0 : (int) Math.round(x.versionNum);
                if (ProjectConfigs.isDropped(p, dropped.get(p), wu.appName(), versionNum,
                        XmlValues.text(x.planClass))) {
                    excluded++;
                    continue;
                }
                AppVersion v = p.appVersion(wu.appName(), versionNum, XmlValues.text(x.planClass)).orElse(null);
                if (v == null) {
                    skipped++;
                    continue;
                }
                if (v.versionNum() != versionNum) {
                    otherVersion++;
                }
                ResultState st = resultState(x, at.line());
                if (x.state != null && Math.round(x.state) == ResultState.FILES_UPLOADING.code()) {
                    uploading++;
                }
                if (stillDownloading(x)) {
                    downloading++;
                }
                int line = at.line();
                double received = numbers.clamp(x.receivedTime, 0, 0, ScenarioNumbers.MAX_TIME, "received_time", line);
                double deadline = numbers.clamp(x.reportDeadline, received + JobSpec.DEFAULT_LATENCY, 0,
                        ScenarioNumbers.MAX_TIME, "report_deadline", line);
                if (x.receivedTime != null && x.reportDeadline != null && deadline < received) {
                    dueBeforeReceived++;
                }
                Result r = new Result(name, p, wu, v, received, deadline, st);
                if (st != ResultState.FILES_DOWNLOADED || XmlValues.flag(x.readyToReport)) {
                    ResultState end = st == ResultState.FILES_DOWNLOADED ? ResultState.FILES_UPLOADED : st;
                    r.finish(end, (int) XmlValues.number(x.exitStatus, 0),
                            numbers.clamp(x.completedTime, received, 0, ScenarioNumbers.MAX_TIME, "completed_time",
                                    line),
                            numbers.clamp(x.finalWork, 0, 0, ScenarioNumbers.MAX_JOB_FPOPS, "final_work", line),
                            numbers.clamp(x.finalCpuTime, 0, 0, ScenarioNumbers.MAX_SECONDS, "final_cpu_time", line),
                            numbers.clamp(x.finalElapsedTime, 0, 0, ScenarioNumbers.MAX_SECONDS, "final_elapsed_time",
                                    line));
                }
                r.setOutputBytes(XmlValues.number(x.outputBytes, 0));
                r.setSuspendedByUser(XmlValues.flag(x.suspendedViaGui));
                listedOnce(() -> state.addResult(r), at.line());
            }
            if (skipped > 0) {
                notes.add(p.name() + ": " + results(skipped, "has no app version", "have no app version")
                        + " in the file: left out");
            }
            if (nameless > 0) {
                notes.add(p.name() + ": " + results(nameless, "has no <name>", "have no <name>")
                        + ": left out");
            }
            if (excluded > 0) {
                notes.add(p.name() + ": " + results(excluded, "uses an app version", "use app versions")
                        + " cc_config.xml excludes: left out");
            }
            if (dueBeforeReceived > 0) {
                notes.add(p.name() + ": " + dueBeforeReceived + (dueBeforeReceived == 1
                        ? " result is due before it was received (its report_deadline is earlier than its "
                        + "received_time): it is taken as past its deadline, as BOINC takes it"
                        : " results are due before they were received (their report_deadline is earlier than their "
                        + "received_time): they are taken as past their deadlines, as BOINC takes them"));
            }
            if (downloading > 0) {
                notes.add(p.name() + ": " + downloading + (downloading == 1 ? " result was" : " results were")
                        + " still downloading: the emulation takes " + (downloading == 1 ? "its" : "their")
                        + " files as downloaded");
            }
            if (uploading > 0) {
                notes.add(p.name() + ": " + uploading + (uploading == 1 ? " result was" : " results were")
                        + " still uploading: the emulation takes " + (uploading == 1 ? "its" : "their")
                        + " files as uploaded, ready to report");
            }
            if (otherVersion > 0) {
                notes.add(p.name() + ": " + results(otherVersion, "names", "name") + " an app version that is not in "
                        + "the file: another version of " + (otherVersion == 1 ? "its" : "their") + " app is used");
            }
        }

        /** "client_state.xml line 12": a note's place in the file read. */
        private String where(int line) {
            return SourceLine.of(file, line);
        }

        /**
         * Runs {@code add}, which the model refuses for a project or result listed twice: the refusal as a problem
         * at {@code line}, the second listing's, as other problems in the file name their line.
         */
        private void listedOnce(Runnable add, int line) throws InputProblem {
            try {
                add.run();
            } catch (IllegalArgumentException e) {
                throw new InputProblem(file, line, e.getMessage());
            }
        }

        /** "1 result has...", "2 results have...": {@code n} results and the verb phrase for one or for several. */
        private static String results(int n, String forOne, String forSeveral) {
            return n == 1 ? "1 result " + forOne : n + " results " + forSeveral;
        }

        /** Whether the file has {@code x} still waiting for its input files (it is then taken as downloaded). */
        private static boolean stillDownloading(ClientStateXml.Result x) {
            return x.state != null && (Math.round(x.state) == ResultState.NEW.code()
                    || Math.round(x.state) == ResultState.FILES_DOWNLOADING.code());
        }

        /**
         * The state a result is emulated in. As BOINC's emulator does, downloading results count as downloaded
         * and uploading ones as uploaded (this emulator models no file transfers yet).
         */
        private ResultState resultState(ClientStateXml.Result x, int line) throws InputProblem {
            int code = x.state == null ? ResultState.FILES_DOWNLOADED.code() : (int) Math.round(x.state);
            ResultState st;
            try {
                st = ResultState.fromCode(code);
            } catch (IllegalArgumentException e) {
                throw new InputProblem(file, line, "result state " + code + " is not a BOINC result state");
            }
            if (st == ResultState.NEW || st == ResultState.FILES_DOWNLOADING) {
                return ResultState.FILES_DOWNLOADED;
            }
            return st == ResultState.FILES_UPLOADING ? ResultState.FILES_UPLOADED : st;
        }

        /**
         * How the project's server makes jobs: from the emulator's extensions when present, otherwise inferred from
         * the queued workunits and results (mean size, mean time between receipt and deadline), as BOINC's
         * emulator does.
         */
        private List<JobSpec> jobSpecs(Project p, Map<String, ClientStateXml.App> appXml,
                                       ClientStateDocument.ProjectBlock block, Map<String, Workunit> workunits,
                                       ClientState state) throws InputProblem {
            List<JobSpec> specs = new ArrayList<>();
            for (App app : p.apps().values()) {
                if (p.appVersions().stream().noneMatch(v -> v.appName().equals(app.name()))) {
                    continue;
                }
                ClientStateXml.App x = appXml.get(app.name());
                String where = p.name() + ", " + app.name();
                double est = x == null ? Double.NaN : jobSize(positive(x.fpopsEst, where, "fpops_est"), where,
                        "fpops_est");
                double latency = x == null ? Double.NaN : positive(x.latencyBound, where, "latency_bound");
                // A scenario's fpops_est is what its jobs take; estimates learnt from a client's tasks are the
                // server's, which its jobs take times the project's duration correction factor.
                boolean learnt = Double.isNaN(est);
                if (learnt) {
                    double[] sizes = workunits.values().stream().filter(w -> w.appName().equals(app.name()))
                            .mapToDouble(Workunit::rscFpopsEst).filter(f -> f > 0).toArray();
                    double average = mean(sizes, JobSpec.DEFAULT_FPOPS);
                    est = jobSize(average, where, "rsc_fpops_est");
                    // Where the average was out of bounds, the figure used is the bound, not the average.
                    String bounded = est == average ? "" : " (" + ScenarioNumbers.format(average) + "), brought "
                            + "within bounds";
                    notes.add(String.format(Locale.ROOT, "%s, %s: jobs estimated at %.4g FLOPs each, %s", p.name(),
                            app.name(), est, sizes.length == 0
                                    ? "BOINC's emulator default (no task of it in the file with a usable figure to learn from)"
                                    : "the average estimate of its " + Units.count(sizes.length, "task")
                                    + " in the file" + bounded));
                }
                if (Double.isNaN(latency)) {
                    double[] latencies = block.results.stream().map(ClientStateDocument.At::value)
                            .filter(r -> r.reportDeadline != null && r.receivedTime != null
                                    && workunits.containsKey(XmlValues.text(r.wuName))
                                    && workunits.get(XmlValues.text(r.wuName)).appName().equals(app.name()))
                            .mapToDouble(r -> r.reportDeadline - r.receivedTime).filter(d -> d > 0 && d < ScenarioNumbers.MAX_TIME).toArray();
                    latency = mean(latencies, JobSpec.DEFAULT_LATENCY);
                    notes.add(String.format(Locale.ROOT, "%s, %s: deadlines taken as %.1f days after a job arrives, %s",
                            p.name(), app.name(), latency / 86400, latencies.length == 0
                                    ? "BOINC's emulator default (no task of it in the file with a usable figure to learn from)"
                                    : "the average of its " + Units.count(latencies.length, "task") + " in the file"));
                }
                double givenMean = x == null || x.fpops == null ? Double.NaN
                        : jobSize(positive(x.fpops.mean, where, "fpops/mean"), where, "fpops/mean");
                double mean = Double.isNaN(givenMean) ? est : givenMean;
                double sd = x != null && x.fpops != null && x.fpops.stdDev != null ? x.fpops.stdDev : 0;
                if (!(sd >= 0 && Double.isFinite(sd))) {
                    notes.add(where + ": <fpops/std_dev> " + sd + " is not a usable spread: 0 is used");
                    sd = 0;
                }
                double weight = x == null ? 1 : XmlValues.number(x.weight, 1);
                // A client's own state (its jobs' sizes learnt from its tasks) that gives no file sizes: their files
                // are learnt from its tasks too.
                if (learnt && (x == null || x.inputFileBytes == null && x.outputFileBytes == null
                        && x.stickyFileBytes == null)) {
                    learntFiles.computeIfAbsent(p.url(), u -> new HashSet<>()).add(app.name());
                }
                double in = x == null ? 0 : XmlValues.number(x.inputFileBytes, 0);
                double out = x == null ? 0 : XmlValues.number(x.outputFileBytes, 0);
                double sticky = x == null ? 0 : XmlValues.number(x.stickyFileBytes, 0);
                double error = x == null ? 0 : XmlValues.number(x.errorRate, 0);
                double priority = x == null ? FileInfo.P_LOW : XmlValues.number(x.priority, FileInfo.P_LOW);
                double expDays = x == null ? Double.NaN : XmlValues.number(x.expDays, Double.NaN);
                if (!(error >= 0 && error <= 1) || !(in >= 0) || !(out >= 0) || !(sticky >= 0)
                        || Math.max(in, Math.max(out, sticky)) > ClientStateFiles.MAX_FILE_BYTES) {
                    throw new InputProblem(file, "app " + app.name() + " of " + p.url() + ": error_rate must be from "
                            + "0 to 1 and input_file_bytes, output_file_bytes, sticky_file_bytes from 0 to "
                            + (long) ClientStateFiles.MAX_FILE_BYTES);
                }
                if (!(priority >= FileInfo.P_LOW && priority <= FileInfo.P_HIGH) || expDays < 0) {
                    throw new InputProblem(file, "app " + app.name() + " of " + p.url()
                            + ": priority must be from 1 to 5 and exp_days not negative");
                }
                if (est > 0 && latency > 0) {
                    double actual = learnt ? est * p.durationCorrectionFactor() : est;
                    noteJobsAlwaysLate(p, app.name(), actual, mean, latency, where, state);
                    specs.add(new JobSpec(app.name(), actual, mean, sd, latency, weight, in, out, error, sticky,
                            (int) Math.round(priority), expDays));
                }
            }
            return specs;
        }

        /**
         * A job size of an emulated app within what is believed ({@link ScenarioNumbers#MIN_JOB_FPOPS} to
         * {@link ScenarioNumbers#MAX_JOB_FPOPS}), with a note where it was outside; NaN stays NaN.
         */
        private double jobSize(double fpops, String where, String element) {
            if (Double.isNaN(fpops)) {
                return fpops;
            }
            double used = Math.max(ScenarioNumbers.MIN_JOB_FPOPS, Math.min(ScenarioNumbers.MAX_JOB_FPOPS, fpops));
            if (used != fpops) {
                notes.add(where + ": <" + element + "> " + ScenarioNumbers.format(fpops) + " FLOPs is "
                        + (fpops < used ? "less than a second of a 1 GFLOPS CPU" : "more than a century of a GPU")
                        + ": " + ScenarioNumbers.format(used) + " is used");
            }
            return used;
        }

        /**
         * Notes an app whose jobs, on its fastest version this host can run, take longer than the time they are given
         * (every one will be late), or are estimated to, with the project's duration correction factor (its server
         * sends none, as a job would not be done in time): the figures show it, a host wasting its work or a project
         * getting none, with no word why.
         */
        private void noteJobsAlwaysLate(Project p, String app, double actual, double estimate, double latency,
                                        String where, ClientState state) {
            double fastest = p.appVersions().stream().filter(v -> v.appName().equals(app)
                    && state.resources().canRun(v)).mapToDouble(AppVersion::flops).max().orElse(0);
            if (!(fastest > 0)) {
                return;
            }
            String given = ", longer than the " + Units.duration(latency) + " it is given: ";
            double estimated = estimate * p.durationCorrectionFactor() / fastest;
            if (actual / fastest > latency) {
                notes.add(where + ": a job takes " + Units.duration(actual / fastest) + " on this computer" + given
                        + "every one will miss its deadline");
            } else if (estimated > latency) {
                notes.add(where + ": a job is estimated at " + Units.duration(estimated) + " on this computer" + given
                        + "its server sends none, as none would be done in time");
            }
        }

        /**
         * A job size or latency from the scenario: the value if it is a positive finite number; NaN if absent, or, with
         * a note naming it, if it is not (the caller then infers it as when absent and says how).
         */
        private double positive(Double v, String where, String element) {
            if (v == null) {
                return Double.NaN;
            }
            if (v > 0 && Double.isFinite(v)) {
                return v;
            }
            notes.add(where + ": <" + element + "> " + v + " is not a positive number: ignored");
            return Double.NaN;
        }

        /** Cruncher's extension: the URLs the project's scheduler answers at (empty: any of its URLs). */
        private static List<String> serverUrls(ClientStateXml.Project x) {
            List<String> urls = new ArrayList<>();
            if (x.serverSchedulerUrl != null) {
                for (String u : x.serverSchedulerUrl) {
                    if (!XmlValues.text(u).isEmpty()) {
                        urls.add(XmlValues.text(u));
                    }
                }
            }
            return urls;
        }

        /** Cruncher's extension {@code <transfers>}: rates in bytes per second and a failure rate. */
        private TransferSpec transfers(ClientStateDocument.At<ClientStateXml.Project> at) throws InputProblem {
            ClientStateXml.Transfers t = at.value().transfers;
            if (t == null) {
                return TransferSpec.NONE;
            }
            double down = XmlValues.number(t.downloadRate, Double.POSITIVE_INFINITY);
            double up = XmlValues.number(t.uploadRate, Double.POSITIVE_INFINITY);
            double fail = XmlValues.number(t.failureRate, 0);
            if (!(down > 0) || !(up > 0) || !(fail >= 0 && fail <= 1)) {
                throw new InputProblem(file, at.line(), "<transfers> of " + at.value().masterUrl
                        + ": rates must be positive and failure_rate from 0 to 1");
            }
            return new TransferSpec(down, up, fail);
        }

        private static double mean(double[] values, double fallback) {
            if (values.length == 0) {
                return fallback;
            }
            double s = 0;
            for (double v : values) {
                s += v;
            }
            return s / values.length;
        }

        /** {@code own} if the task's own value {@code v} is usable, else its checkpoint's, "checkpoint_" + own. */
        private static String source(Double v, String own) {
            return source(v, own, "checkpoint_" + own);
        }

        private static String source(Double v, String own, String checkpoint) {
            return v == null || v.isNaN() ? checkpoint : own;
        }

        /**
         * Active tasks: progress as saved; a task that was running when the file was written is taken as running
         * (BOINC does not restore its scheduler state; we do, so that it is preferred at the first pass). Running
         * means our own {@code <scheduler_state>} 2, or else a process state of 1 (executing) or 2 (exited: the
         * client quit it when it shut down). A second active task of one result is left out (one note for all), as
         * is one of a result no longer computing (one note for all).
         */
        private void activeTasks(ClientState state) {
            int unknown = 0;
            int unknownProject = 0;
            int twice = 0;
            int finished = 0;
            String firstTwice = null;
            for (ClientStateDocument.At<ClientStateXml.ActiveTask> at : doc.activeTasks) {
                ClientStateXml.ActiveTask x = at.value();
                Project p = state.project(XmlValues.text(x.projectMasterUrl)).orElse(null);
                Result r = p == null ? null : state.result(p, XmlValues.text(x.resultName)).orElse(null);
                if (r == null) {
                    if (p == null) {
                        unknownProject++;
                    } else if (!resultsInFile.contains(p.url() + " " + XmlValues.text(x.resultName))) {
                        unknown++;
                    }
                    continue;
                }
                if (!r.isComputable()) {
                    finished++;
                    continue;
                }
                int line = at.line();
                if (state.activeTask(r).isPresent()) {
                    if (twice++ == 0) {
                        firstTwice = "the <active_task> at " + where(line) + " is of " + r.name() + ", which an "
                                + "earlier one is of too: the first is kept";
                    }
                    continue;
                }
                ActiveTask t = state.activate(r);
                // Each note names the element its value came from: the task's own, else its checkpoint's.
                double elapsed = numbers.clamp(ScenarioNumbers.first(x.elapsedTime, x.checkpointElapsedTime), 0, 0,
                        ScenarioNumbers.MAX_SECONDS, source(x.elapsedTime, "elapsed_time"), line);
                double cpu = numbers.clamp(ScenarioNumbers.first(x.currentCpuTime, x.checkpointCpuTime), 0, 0,
                        ScenarioNumbers.MAX_SECONDS, source(x.currentCpuTime, "current_cpu_time", "checkpoint_cpu_time"),
                        line);
                double fraction = numbers.clamp(ScenarioNumbers.first(x.fractionDone, x.checkpointFractionDone), 0, 0,
                        1, source(x.fractionDone, "fraction_done"), line);
                t.restoreProgress(elapsed, cpu, fraction, numbers.clamp(x.workDone,
                        elapsed * state.resources().peakFlops(r.appVersion()), 0, ScenarioNumbers.MAX_JOB_FPOPS,
                        "work_done", line));
                if (x.accountedElapsedTime != null) {
                    t.restoreAccountedElapsed(numbers.clamp(x.accountedElapsedTime, elapsed, 0, elapsed,
                            "accounted_elapsed_time", line));
                }
                int scheduler = x.schedulerState == null ? -1 : (int) Math.round(x.schedulerState);
                int task = x.activeTaskState == null ? 0 : (int) Math.round(x.activeTaskState);
                boolean running = scheduler == 2 || (scheduler < 0 && (task == 1 || task == 2));
                t.setSchedulerState(running ? SchedulerState.SCHEDULED : SchedulerState.PREEMPTED);
                t.setHeldForDisk(!running && XmlValues.flag(x.heldForDisk));
            }
            if (twice > 0) {
                notes.add(firstTwice + (twice > 1 ? "; " + (twice - 1) + " more like it" : ""));
            }
            if (finished > 0) {
                notes.add(finished + (finished == 1 ? " active task is of a result" : " active tasks are of results")
                        + " no longer computing (uploading, done or failed): left out, as the client ends a task "
                        + "with its computation");
            }
            if (unknown > 0) {
                notes.add(unknown + (unknown == 1 ? " active task names a result" : " active tasks name results")
                        + " that the file does not have: left out");
            }
            if (unknownProject > 0) {
                notes.add(unknownProject + (unknownProject == 1 ? " active task names a project (its"
                        : " active tasks name projects (their") + " <project_master_url>) that the file does not "
                        + "have: left out");
            }
        }
    }
}

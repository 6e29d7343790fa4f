package org.cruncher.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.TreeMap;
import java.util.concurrent.Callable;
import java.util.stream.Collectors;

import com.fasterxml.jackson.databind.ObjectMapper;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import org.cruncher.emulator.DiskFigures;
import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.EmulationReport;
import org.cruncher.emulator.ProjectFigures;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.TimelineRecorder;
import org.cruncher.engine.api.DiskLimitSource;
import org.cruncher.engine.api.EventSink;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.policy.cpusched.ShareTargets;
import org.cruncher.engine.policy.workfetch.FetchPolicies;
import org.cruncher.engine.policy.workfetch.WorkFetchPolicy;
import org.cruncher.persist.InputProblem;
import org.cruncher.persist.IoReasons;
import org.cruncher.persist.ScenarioReader;

/** {@code cruncher emulate SCENARIO}: runs the engine on a scenario in emulated time and prints figures of merit. */
@Command(name = "emulate", mixinStandardHelpOptions = true, versionProvider = CruncherVersion.class,
        description = "Run the scheduling engine on a scenario (a BOINC client-emulator folder or a client_state.xml)"
                + " in emulated time, as fast as possible, and print BOINC's figures of merit.")
final class EmulateCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "SCENARIO", description = "A scenario folder or a client_state.xml file.")
    private Path scenario;

    @Option(names = "--days", defaultValue = "10", paramLabel = "D", converter = NumberOption.Converter.class,
            description = "Days to emulate (default: 10).")
    private NumberOption daysOption;

    @Option(names = "--seed", defaultValue = "1", paramLabel = "N", converter = WholeNumberConverter.ToLong.class,
            description = "Random seed (default: 1).")
    private long seed;

    @Option(names = "--fetch-policy", defaultValue = FetchPolicies.DEFAULT, paramLabel = "NAME",
            completionCandidates = FetchPolicyNames.class,
            description = "Work-fetch policy: ${COMPLETION-CANDIDATES} (default: ${DEFAULT-VALUE}).")
    private String fetchPolicy;

    @Option(names = "--json", description = "Print exactly one JSON object instead of the summary.")
    private boolean json;

    @Option(names = "--out", paramLabel = "DIR",
            description = "Also write DIR/timeline.csv (starts, preemptions, completions, RPCs) and DIR/events.log.")
    private Path out;

    @Override
    public Integer call() throws InputProblem, IOException {
        double days = daysOption.value();
        if (!(days > 0) || days > 100 * 365) {
            throw new InputProblem(null, "--days must be more than 0 and at most 36500, not " + daysOption.typed());
        }
        if (out != null && out.toString().isEmpty()) {
            // An empty name is the current folder to Java: timeline.csv and events.log would land there unasked.
            throw new InputProblem(null, "--out needs a folder name, not an empty one");
        }
        WorkFetchPolicy policy = FetchPolicies.create(fetchPolicy).orElseThrow(() -> new InputProblem(null,
                "--fetch-policy must be one of " + String.join(", ", FetchPolicies.names()) + ", not " + fetchPolicy));
        // The figures are those of the days emulated here, as BOINC's emulator reports them, even from a state the
        // window saved with figures of its own.
        Scenario s = new ScenarioReader().read(scenario).withoutPastFigures();
        ProgressReport progress = new ProgressReport(spec.commandLine().getErr(), System::nanoTime, s.startTime(),
                days);
        EmulationReport report;
        if (out == null) {
            report = Emulation.run(s, days, seed, EventSink.NONE, policy, progress);
        } else {
            try (TimelineRecorder recorder = new TimelineRecorder(out, s.startTime())) {
                // Interrupted (Ctrl-C), the files end with the last whole event, and that is said: they were cut
                // in the middle of a line without a word.
                PrintWriter err = spec.commandLine().getErr();
                Thread interrupted = new Thread(() -> {
                    try {
                        recorder.close();
                    } catch (IOException e) {
                        return;
                    }
                    err.println("cruncher: interrupted: " + out + " holds the events up to then, each line whole");
                    err.flush();
                }, "emulate-interrupted");
                Runtime.getRuntime().addShutdownHook(interrupted);
                try {
                    report = Emulation.run(s, days, seed, recorder, policy, progress);
                } finally {
                    removeHook(interrupted);
                }
            } catch (IOException e) {
                // The file in the way, where the error names one (timeline.csv a folder), not the folder given.
                Path failed = e instanceof FileSystemException fs && fs.getFile() != null ? Path.of(fs.getFile())
                        : out;
                throw new InputProblem(failed, "--out cannot be written: " + IoReasons.of(e));
            }
        }
        PrintWriter w = spec.commandLine().getOut();
        if (json) {
            w.println(new ObjectMapper().writeValueAsString(toJson(report, s, policy)));
        } else {
            printSummary(w, s, report, policy);
        }
        w.flush();
        return 0;
    }

    /**
     * The JSON object: the keys the issue fixes, in a stable order, then what the text summary says besides the
     * figures (the policy, the part of the time the host computed, the projects left out, the notes from reading).
     */
    static Map<String, Object> toJson(EmulationReport r, Scenario s, WorkFetchPolicy policy) {
        Map<String, ShareTarget> onHost = onHost(s);
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("scenario", r.scenario());
        m.put("seed", r.seed());
        m.put("simulated_days", r.simulatedDays());
        m.put("wall_seconds", r.wallSeconds());
        // A figure the summary shows as n/a (its denominator is 0) is null, not 0, which would read as a measure.
        m.put("idle_fraction", r.computed() ? r.idleFraction() : null);
        // With no project emulated, no processor is usable and no project waits: neither figure is defined.
        boolean someProject = !r.projects().isEmpty();
        m.put("usable_idle_fraction", r.computed() && someProject ? r.usableIdleFraction() : null);
        m.put("wasted_fraction", r.computed() ? r.wastedFraction() : null);
        m.put("share_violation", r.sharesMeasured() ? r.shareViolation() : null);
        m.put("target_violation", r.sharesMeasured() ? r.targetViolation() : null);
        m.put("monotony", r.computed() && someProject ? r.monotony() : null);
        m.put("rpcs_per_job", r.jobsMade() ? r.rpcsPerJob() : null);
        m.put("rpcs", r.rpcs());
        m.put("rpcs_failed", r.rpcsFailed());
        m.put("jobs", r.jobs());
        List<Map<String, Object>> projects = new ArrayList<>();
        for (ProjectFigures p : r.projects()) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("name", p.name());
            pm.put("url", p.url());
            pm.put("resource_share", p.resourceShare());
            pm.put("flops_share", p.flopsShare());
            ShareTarget t = onHost.get(p.url());
            pm.put("target_on_host", t == null ? 0 : t.fraction());
            pm.put("cpu_seconds", p.cpuSeconds());
            pm.put("gpu_seconds", p.gpuSeconds());
            pm.put("deadlines_met", p.deadlinesMet());
            pm.put("deadlines_missed", p.deadlinesMissed());
            pm.put("rpcs", p.rpcs());
            pm.put("rpc_failures", p.rpcFailures());
            pm.put("longest_deferral_seconds", p.longestDeferral());
            projects.add(pm);
        }
        m.put("projects", projects);
        m.put("disk", r.disk() == null ? null : diskJson(r.disk()));
        m.put("fetch_policy", policy.name());
        m.put("computing_fraction", r.simulatedDays() > 0 ? r.computingDays() / r.simulatedDays() : 0);
        m.put("not_emulated", notEmulated(s, r));
        m.put("notes", s.notes());
        return m;
    }

    /** Removes a shutdown hook, unless the JVM is already shutting down (then the hook runs). */
    private static void removeHook(Thread hook) {
        try {
            Runtime.getRuntime().removeShutdownHook(hook);
        } catch (IllegalStateException shuttingDown) {
            // The hook runs: the emulation was interrupted.
        }
    }

    private static Map<String, Object> diskJson(DiskFigures d) {
        Map<String, Object> m = new LinkedHashMap<>();
        m.put("limit_bytes", bytes(d.limitBytes()));
        m.put("binding_pref", d.bindingPref());
        m.put("peak_usage_bytes", d.peakUsageBytes());
        m.put("max_excess_after_poll_bytes", bytes(d.maxExcessAfterPollBytes()));
        m.put("deletions", new TreeMap<>(d.deletions()));
        m.put("suspended_seconds", d.suspendedSeconds());
        m.put("bytes_written", bytes(d.bytesWritten()));
        m.put("bytes_deleted", bytes(d.bytesDeleted()));
        List<Map<String, Object>> projects = new ArrayList<>();
        for (DiskFigures.ProjectDisk p : d.projects()) {
            Map<String, Object> pm = new LinkedHashMap<>();
            pm.put("name", p.name());
            pm.put("url", p.url());
            pm.put("limit_bytes", bytes(p.limitBytes()));
            pm.put("peak_usage_bytes", p.peakUsageBytes());
            projects.add(pm);
        }
        m.put("projects", projects);
        return m;
    }

    /**
     * A count of bytes as a whole number ("limit_bytes": 374919469363, not 374919469363.19995: a limit worked out
     * from a percentage or 0.1 GB has a fraction); null where there is no limit.
     */
    private static Long bytes(double b) {
        return Double.isFinite(b) ? Math.round(b) : null;
    }

    /** The projects of the state the emulation left out of the figures, by name (the JSON's not_emulated). */
    private static List<String> notEmulated(Scenario s, EmulationReport r) {
        return leftOut(s, r).stream().map(Project::name).toList();
    }

    /**
     * The same, each with why, for the text, as the reading notes say it: "CAS@home (no application in the file
     * yet)" (attached, no task sent), "Pulsar Hunt (no application it can run here)" (none this host can run, or
     * cc_config.xml excluded them), else "(no server in this scenario)". It blamed a missing server for all of them.
     */
    private static List<String> notEmulatedWithWhy(Scenario s, EmulationReport r) {
        ClientState st = s.initialState();
        return leftOut(s, r).stream().map(p -> p.name() + (p.apps().isEmpty() && p.appVersions().isEmpty()
                ? " (no application in the file yet)"
                : p.appVersions().stream().anyMatch(v -> st.resources().canRun(v)) ? " (no server in this scenario)"
                : " (no application it can run here)")).toList();
    }

    private static List<Project> leftOut(Scenario s, EmulationReport r) {
        List<Project> left = new ArrayList<>();
        for (Project p : s.initialState().projects()) {
            if (r.projects().stream().noneMatch(f -> f.url().equals(p.url()))) {
                left.add(p);
            }
        }
        return left;
    }

    /** Each project's fair part of the host at the start, by URL ({@link ShareTargets}). */
    private static Map<String, ShareTarget> onHost(Scenario s) {
        Map<String, ShareTarget> onHost = new LinkedHashMap<>();
        ShareTargets.of(s.initialState().projects(), s.initialState().resources())
                .forEach((p, t) -> onHost.put(p.url(), t));
        return onHost;
    }

    private static void printSummary(PrintWriter w, Scenario s, EmulationReport r, WorkFetchPolicy policy) {
        ClientState st = s.initialState();
        w.printf(Locale.ROOT, "Scenario %s: %.2f days emulated in %.3f s (seed %d, work fetch %s)%n", r.scenario(),
                r.simulatedDays(), r.wallSeconds(), r.seed(), policy.name());
        w.printf(Locale.ROOT, "Host: %s%s; computing %.1f%% of the time%n",
                DeviceWords.cpus(st.resources().cpu().instances(), st.host().cpuFlops()), gpus(st),
                r.simulatedDays() > 0 ? 100 * r.computingDays() / r.simulatedDays() : 0);
        for (String note : s.notes()) {
            w.println("Note: " + note);
        }
        w.println();
        boolean unusable = !figure(r.idleFraction(), r.computed())
                .equals(figure(r.usableIdleFraction(), r.computed()));
        // BOINC's figure counts processors no project can use; said so where it does, the usable one beneath.
        w.printf(Locale.ROOT, "  idle fraction    %-6s   capacity unused while computing was allowed%s%n",
                figure(r.idleFraction(), r.computed()),
                unusable ? ", counting processors no project has an application for (BOINC's figure)" : "");
        if (unusable) {
            w.printf(Locale.ROOT, "    usable idle    %-6s   the same over the processors some project has an "
                    + "application for%n", figure(r.usableIdleFraction(), r.computed() && !r.projects().isEmpty()));
        }
        w.printf(Locale.ROOT, "  wasted fraction  %-6s   work reported after its deadline%n",
                figure(r.wastedFraction(), r.computed()));
        w.printf(Locale.ROOT, "  share violation  %-6s   distance of the work done from the shares (0 is exact)%n",
                figure(r.shareViolation(), r.sharesMeasured()));
        w.printf(Locale.ROOT, "  target violation %-6s   the same from the targets on this host%n",
                figure(r.targetViolation(), r.sharesMeasured()));
        w.printf(Locale.ROOT, "  monotony         %-6s   how long projects wait to run (0: perfect interleaving)%n",
                figure(r.monotony(), r.computed() && !r.projects().isEmpty()));
        // BOINC's own measure: 1 is one RPC to fetch and one to report each job (its emulator prints 0 without jobs).
        // The jobs are those the servers sent: the queue a state file starts with is not counted (corpus QA: "n/a"
        // beside hundreds of deadlines met read as a fault).
        w.printf(Locale.ROOT, "  RPCs per job     %-6s   %d RPCs / (2 x %d jobs sent by the servers), as BOINC counts "
                + "it; %d failed attempts%n", figure(r.rpcsPerJob(), r.jobsMade()), r.rpcs(),
                r.jobs(), r.rpcsFailed());
        w.println();
        double totalShare = 0;
        for (ProjectFigures p : r.projects()) {
            totalShare += p.resourceShare();
        }
        // A name two projects share is followed by the URL, so that their rows can be told apart.
        Map<String, Long> named = r.projects().stream()
                .collect(Collectors.groupingBy(ProjectFigures::name, Collectors.counting()));
        Map<String, String> label = new LinkedHashMap<>();
        int width = 7;
        for (ProjectFigures p : r.projects()) {
            String l = named.get(p.name()) > 1 ? p.name() + " <" + p.url() + ">" : p.name();
            label.put(p.url(), l);
            width = Math.max(width, l.length());
        }
        Map<String, ShareTarget> onHost = onHost(s);
        w.printf(Locale.ROOT, "  %-" + width + "s  %8s  %7s  %7s  %7s  %10s  %10s  %6s  %6s  %s%n", "project", "share",
                "share %", "target", "got", "CPU hours", "GPU hours", "RPCs", "failed", "deadlines met/missed");
        for (ProjectFigures p : r.projects()) {
            ShareTarget t = onHost.get(p.url());
            w.printf(Locale.ROOT, "  %-" + width + "s  %8s  %6.2f%%  %6.2f%%  %6.2f%%  %10.1f  %10.1f  %6d  %6d  %d/%d%n",
                    label.get(p.url()), trim(p.resourceShare()),
                    totalShare > 0 ? 100 * p.resourceShare() / totalShare : 0,
                    t == null ? 0 : 100 * t.fraction(), 100 * p.flopsShare(), p.cpuSeconds() / 3600,
                    p.gpuSeconds() / 3600, p.rpcs(), p.rpcFailures(), p.deadlinesMet(), p.deadlinesMissed());
        }
        w.println("  (share %: share / total share of the projects emulated, what the share violation measures "
                + "against; target: each one's fair part of this host's work, given the resources it has "
                + "applications for, at the start, what the target violation measures against)");
        List<String> notEmulated = notEmulatedWithWhy(s, r);
        if (!notEmulated.isEmpty()) {
            w.println("  Not emulated, so left out of the figures: " + String.join(", ", notEmulated));
        }
        if (r.disk() != null) {
            DiskFigures d = r.disk();
            long deleted = d.deletions().values().stream().mapToLong(Long::longValue).sum();
            w.println();
            String setBy = DiskLimitSource.valueOf(d.bindingPref()).preference();
            // Sizes as BOINC and the window give them (Units.size): "%.4g GB" gave 0.000 GB and 0.0001082 GB.
            w.printf(Locale.ROOT, "  disk: limit %s (%s), peak use %s, %d files deleted to make room, "
                            + "%.1f h suspended for disk, worst excess after a poll %s%n",
                    Units.size(d.limitBytes()), setBy.isEmpty() ? "nothing limits it" : "set by " + setBy,
                    Units.size(d.peakUsageBytes()), deleted, d.suspendedSeconds() / 3600,
                    Units.size(d.maxExcessAfterPollBytes()));
        }
    }

    /** A figure to four decimals, or "n/a" if it is not {@code defined} (its denominator is 0). */
    private static String figure(double x, boolean defined) {
        return defined ? String.format(Locale.ROOT, "%.4f", x) : "n/a";
    }

    private static String gpus(ClientState st) {
        StringBuilder sb = new StringBuilder();
        st.host().coprocessors().forEach(c -> sb.append(", ").append(DeviceWords.gpus(c)));
        return sb.toString();
    }

    /** The policy names picocli offers and lists in the help. */
    static final class FetchPolicyNames implements Iterable<String> {
        @Override
        public Iterator<String> iterator() {
            return FetchPolicies.names().iterator();
        }
    }

    private static String trim(double x) {
        return x == Math.rint(x) ? String.valueOf((long) x) : String.valueOf(x);
    }
}

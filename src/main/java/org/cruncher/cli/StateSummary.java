package org.cruncher.cli;

import java.math.BigDecimal;
import java.math.MathContext;
import java.time.Instant;
import java.time.ZoneOffset;
import java.time.format.DateTimeFormatter;
import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cruncher.emulator.Scenario;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ProjectResourceState;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ResultState;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.SchedulerContact;
import org.cruncher.engine.policy.cpusched.ShareTargets;
import org.cruncher.engine.policy.disk.DiskAccount;
import org.cruncher.engine.policy.disk.DiskLimits;
import org.cruncher.persist.GlobalPref;
import org.cruncher.persist.GlobalPrefs;
import org.cruncher.persist.PrefInWords;

/**
 * A client state in plain words, for {@code cruncher check-state}: the host, the projects and their shares, the
 * results by state, the active tasks, the preferences in force, and what was inferred or left out on reading.
 */
final class StateSummary {

    private static final DateTimeFormatter TIME = DateTimeFormatter.ofPattern("yyyy-MM-dd HH:mm 'UTC'", Locale.ROOT)
            .withZone(ZoneOffset.UTC);

    private final List<String> lines = new ArrayList<>();

    /**
     * The lines for {@code s}, whose preferences as read are {@code prefs} (their words, and whether a file set
     * max_ncpus_pct) and whose cc_config options in force are {@code optionsInForce}.
     */
    static List<String> of(Scenario s, GlobalPrefs prefs, List<String> optionsInForce) {
        StateSummary summary = new StateSummary();
        summary.write(s, prefs, optionsInForce);
        return summary.lines;
    }

    private void write(Scenario s, GlobalPrefs prefs, List<String> optionsInForce) {
        ClientState state = s.initialState();
        List<String> prefsInForce = prefs.inWords().stream().map(PrefInWords::words).toList();
        line("State of %s, as of %s", s.name(), TIME.format(Instant.ofEpochSecond((long) s.startTime())));
        host(state.host(), state.config(), state.prefs(), prefs.isNamed(GlobalPref.MAX_NCPUS_PCT));
        projects(state, s.startTime());
        disk(state);
        results(state, s.startTime());
        activeTasks(state);
        line("Preferences in force:");
        for (String p : prefsInForce) {
            line("  %s", p);
        }
        line(optionsInForce.isEmpty() ? "cc_config.xml options in force: none (BOINC's defaults)"
                : "cc_config.xml options in force:");
        for (String o : optionsInForce) {
            line("  %s", o);
        }
        if (!s.notes().isEmpty()) {
            line("Read with these notes:");
            for (String n : s.notes()) {
                line("  %s", n);
            }
        }
    }

    private void host(Host h, ClientConfig config, Prefs prefs, boolean maxNcpusPctSet) {
        line("Host: %s", h.name().isBlank() ? "(no name)" : h.name());
        line("  CPUs: %d%s%s", h.cpuCount(), h.cpuModel().isBlank() ? "" : " x " + h.cpuModel(),
                config.ncpusOverride() > 0 ? " (cc_config says " + config.ncpusOverride() + ")" : "");
        line("  CPUs used: %d (%s)", prefs.usableCpus(config.ncpus(h)), maxNcpusPct(prefs, maxNcpusPctSet));
        line("  GPUs: %s", h.coprocessors().isEmpty() ? "none" : gpus(h.coprocessors()));
        line("  Memory: %s; disk: %s", h.memoryBytes() > 0 ? Units.size(h.memoryBytes())
                : "not given (no m_nbytes above 0)", h.diskTotal() > 0
                ? Units.size(h.diskTotal()) + ", " + Units.size(h.diskFree()) + " free"
                : "not given (no d_total above 0)");
    }

    /**
     * "max_ncpus_pct 50"; "max_ncpus_pct not set: all of them" where no file sets it, and "max_ncpus_pct 0, which
     * BOINC reads as all of them" where one does: "0: all of them" was said of files without it, beside a Preferences
     * dialog that refuses 0 (QA).
     */
    static String maxNcpusPct(Prefs prefs, boolean set) {
        if (prefs.maxNcpusPct() != 0) {
            return "max_ncpus_pct " + number(prefs.maxNcpusPct());
        }
        return set ? "max_ncpus_pct 0, which BOINC reads as all of them" : "max_ncpus_pct not set: all of them";
    }

    private static String gpus(List<Coprocessor> gpus) {
        List<String> parts = new ArrayList<>();
        for (Coprocessor g : gpus) {
            // The type in parentheses only when the model names something else: "1 x NVIDIA GPU (NVIDIA GPU)".
            String type = g.type().displayName();
            parts.add(g.count() + " x " + (g.model().isBlank() || g.model().equals(type) ? type
                    : g.model() + " (" + type + ")"));
        }
        return String.join(", ", parts);
    }

    private void projects(ClientState state, double now) {
        double total = state.totalResourceShare();
        line("Projects: %d", state.projects().size());
        Map<Project, ShareTarget> targets = ShareTargets.of(state.projects(), state.resources());
        for (Project p : state.projects()) {
            String share = total > 0 && !p.suspendedByUser()
                    ? String.format(Locale.ROOT, " = %.1f %%", 100 * p.resourceShare() / total) : "";
            // A project without a <project_name> is named by its URL: once is enough.
            String named = p.name().equals(p.url()) ? "<" + p.url() + ">" : p.name() + " <" + p.url() + ">";
            line("  %s: resource share %s%s%s%s%s", named, number(p.resourceShare()), share,
                    target(targets.get(p), p, state), p.suspendedByUser() ? ", suspended" : "",
                    p.detachWhenDone() ? ", no new tasks (to be removed when its tasks are done)"
                            : p.noNewTasks() ? ", no new tasks" : "");
            contact(p, state, now);
        }
    }

    /**
     * What holds a project's scheduler contact or work fetch back as the file left it (seed 002): min_rpc_time and
     * why, the failed RPCs in a row, and each resource's work-fetch backoff (rsc_backoff_time and its interval).
     */
    private void contact(Project p, ClientState state, double now) {
        SchedulerContact c = p.contact();
        RpcDeferral why = c.deferral(now);
        if (why != RpcDeferral.NONE) {
            line("    scheduler contact deferred until %s (in %s; %s)", TIME.format(Instant.ofEpochSecond(
                    (long) c.minRpcTime())), Units.duration(c.minRpcTime() - now), deferral(why, c.rpcFailures()));
        } else if (c.rpcFailures() > 0) {
            line("    %s in a row", Units.count(c.rpcFailures(), "failed scheduler RPC"));
        }
        for (ProcessingResource r : state.resources().inServiceOrder()) {
            ProjectResourceState st = p.resourceState(r.type());
            if (st.isBackedOff(now)) {
                line("    %s work fetch backed off until %s (in %s%s)",
                        r.type() == ResourceType.CPU ? "CPU" : r.type().displayName(),
                        TIME.format(Instant.ofEpochSecond((long) st.backoffUntil())),
                        Units.duration(st.backoffUntil() - now), st.backoffInterval() > 0
                                ? "; backoff interval " + Units.duration(st.backoffInterval()) : "");
            }
        }
    }

    private static String deferral(RpcDeferral why, int failures) {
        return switch (why) {
            case REQUEST_DELAY -> "the project asked for it"
                    + (failures > 0 ? ", " + Units.count(failures, "failed RPC") : "");
            case RPC_FAILURES -> "after " + Units.count(failures, "failed RPC") + " in a row";
            case COMPUTATION_FAILURE -> "after a task failed";
            case MASTER_FETCH_FAILURES -> "its master file could not be read";
            case NONE -> "";
        };
    }

    /**
     * Seed 004's figures as the file gives them: the total limit and the preference that sets it, the client's own
     * files, and each project's files against its share of the space the projects may use.
     */
    private void disk(ClientState state) {
        DiskAccount account = DiskAccount.of(state);
        DiskLimits l = account.limits();
        if (Double.isInfinite(l.totalLimit())) {
            line("Disk: nothing limits BOINC's use (the disk's size is unknown and no disk_max_used_gb is set)");
            return;
        }
        // Over the limit, "0 bytes free" read as a disk exactly full: say by how much, and what data_manager_poll does.
        String room = l.excess() > 0 ? Units.size(l.excess()) + " over the limit: files that may go are deleted "
                + "first, queued tasks are given up only if that brings it within the limit, else computing waits for "
                + "room" : Units.size(Math.max(0, l.free())) + " free for them";
        line("Disk: BOINC may use %s (set by %s); its own files %s, the projects' %s, %s",
                Units.size(l.totalLimit()), l.source().preference(), Units.size(l.coreUsage()),
                Units.size(l.projectsUsage()), room);
        for (Project p : state.projects()) {
            double over = account.excess(p);
            line("  %s: %s of its %s share%s", p.name(), Units.size(account.usage(p)), Units.size(account.limit(p)),
                    over > 0 ? ", over it by " + Units.size(over) : "");
        }
    }

    /**
     * What the share comes to on this host, where that can differ from the share: "; target on this computer
     * 83.3 % (apps for NVIDIA GPU and CPU)" on a host with GPUs; "; no application for this computer yet" when the
     * file names none (BOINC gets them with the first tasks), "; no application it can run here" when it names some
     * this computer cannot run, or cc_config.xml's exclude_gpu left out (it said "yet" of those too).
     */
    private static String target(ShareTarget t, Project p, ClientState state) {
        switch (t.reach()) {
            case NO_APPLICATION:
                return p.apps().isEmpty() ? "; no application for this computer yet"
                        : "; no application it can run here";
            case APPS_TOO_LARGE:
                return "; its applications need more CPUs or GPUs than BOINC can use here";
            case SUSPENDED:
            case BACKUP:
                return "";
            default:
                if (state.resources().inServiceOrder().size() < 2 && t.reach() == ShareTarget.Reach.SHARE) {
                    return "";
                }
                return String.format(Locale.ROOT, "; target on this computer %.1f %% (apps for %s)",
                        100 * t.fraction(), Units.resources(t.usable(), "and"));
        }
    }

    private void results(ClientState state, double now) {
        Map<ResultState, Integer> byState = new EnumMap<>(ResultState.class);
        int ready = 0;
        int late = 0;
        int suspended = 0;
        for (Result r : state.results()) {
            byState.merge(r.state(), 1, Integer::sum);
            // Only those still to be computed: a result that ended keeps the flag it had, but nothing waits.
            suspended += r.suspendedByUser() && r.stillToCompute() ? 1 : 0;
            ready += r.readyToReport() ? 1 : 0;
            boolean toCompute = r.isComputable() || r.state() == ResultState.NEW
                    || r.state() == ResultState.FILES_DOWNLOADING;
            late += toCompute && r.reportDeadline() < now ? 1 : 0;
        }
        List<String> parts = new ArrayList<>();
        byState.forEach((st, n) -> parts.add(n + " " + words(st)));
        line("Results: %d%s", state.results().size(), parts.isEmpty() ? "" : " (" + String.join(", ", parts)
                + (ready > 0 ? "; " + ready + " ready to report" : "")
                + (suspended > 0 ? "; " + suspended + " suspended by the user" : "")
                + (late > 0 ? "; " + late + " not done and past " + (late == 1 ? "its deadline" : "their deadlines") : "")
                + ")");
    }

    private void activeTasks(ClientState state) {
        line("Active tasks: %d", state.activeTasks().size());
        for (ActiveTask t : state.activeTasks()) {
            line("  %s (%s): %.1f %% done, %.0f s elapsed, %s", t.result().name(), t.project().name(),
                    100 * t.fractionDone(), t.elapsedTime(), t.project().suspendedByUser()
                            ? "suspended with its project" : t.result().suspendedByUser() ? "suspended by the user"
                            : t.isScheduled() ? "running" : "waiting");
        }
    }

    private static String words(ResultState s) {
        return switch (s) {
            case NEW -> "new";
            case FILES_DOWNLOADING -> "downloading";
            case FILES_DOWNLOADED -> "ready to run or running";
            case COMPUTE_ERROR -> "computation error";
            case FILES_UPLOADING -> "uploading";
            case FILES_UPLOADED -> "done";
            case ABORTED -> "aborted";
            case UPLOAD_FAILED -> "upload failed";
        };
    }

    /** At most 4 significant digits, no trailing zeros: 0.1, 60, 1.5e+14 for huge values. */
    static String number(double v) {
        if (!Double.isFinite(v) || Math.abs(v) >= 1e9) {
            return String.format(Locale.ROOT, "%.4g", v);
        }
        return new BigDecimal(v).round(new MathContext(4)).stripTrailingZeros().toPlainString();
    }

    private void line(String format, Object... args) {
        lines.add(String.format(Locale.ROOT, format, args));
    }
}

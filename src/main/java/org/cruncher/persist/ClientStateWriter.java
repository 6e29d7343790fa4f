package org.cruncher.persist;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.emulator.Availability;
import org.cruncher.emulator.Checkpoint;
import org.cruncher.emulator.DebtHistory;
import org.cruncher.emulator.JobSpec;
import org.cruncher.emulator.MeritTotals;
import org.cruncher.emulator.OnOffProcess;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ServerSpec;
import org.cruncher.emulator.TransferSpec;
import org.cruncher.engine.api.DeletionView;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.App;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ProjectResourceState;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerContact;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.engine.model.ServerDiskShortfall;

/**
 * Writes an emulation's state as a client_state.xml that BOINC's parser and {@link ScenarioReader} both read: BOINC's
 * own elements where BOINC has one (host_info, time_stats, project, app, file, app_version, workunit, result,
 * active_task_set; 6.x's {@code short_term_debt} for the seeds' debt), and Cruncher's elements for the rest, which
 * BOINC ignores as unknown tags:
 * <ul>
 *   <li>{@code <cruncher_state>}: format version, scenario name, seed, the file it was opened from;</li>
 *   <li>{@code <reading_notes>}: what was inferred on reading that file, a {@code <note>} each, so that a restored
 *       emulation still says what its values came from;</li>
 *   <li>{@code <global_preferences>} and {@code <cc_config>} inside the file, so that one atomic write holds it all;</li>
 *   <li>per project: the anticipated debt, work done, the contact record, and per resource
 *       {@code <rsc_work_fetch>} (long-term debt, whether it accrues, the last latency, this period's work so far,
 *       its running tasks' included, so that a restart settles the period with the work done before it, and
 *       while it waits for room on disk the app and bytes it waits for, decision 0040), and
 *       what its server last said of the disk space ({@code <disk_shortfall>}, seed 004);</li>
 *   <li>the emulator's extensions: how each project's server makes jobs ({@code <app>}), its availability and
 *       transfers, and the host's availability (time_stats lambdas, and where each on/off process stood:
 *       {@code <on_now>}, {@code <on_until>} and the like, so that a restart finishes the period it was in);</li>
 *   <li>{@code <debt_history>}: each project's debt over time and its share changes, for the charts;</li>
 *   <li>{@code <run_history>}: what ran when over the last week, for the Timeline;</li>
 *   <li>{@code <figures_so_far>}: the sums behind the figures of merit, which a resumed emulation goes on from;</li>
 *   <li>{@code <event_log>}: the latest events and decisions, for the Event log and the decisions panel;</li>
 *   <li>{@code <recent_deletions>}: the files last deleted to make room, for the Disk pane;</li>
 *   <li>{@code <recent_rpcs>}: the latest scheduler RPCs, for the Work fetch pane.</li>
 * </ul>
 * Emulated time is saved as {@code time_stats/last_update}: a resumed emulation starts there.
 */
public final class ClientStateWriter {

    /** The version of Cruncher's own elements; a reader refuses a newer one. */
    public static final int FORMAT_VERSION = 1;

    private final XmlText x = new XmlText();
    private final Checkpoint checkpoint;
    private final ClientState state;

    private ClientStateWriter(Checkpoint checkpoint) {
        this.checkpoint = checkpoint;
        this.state = checkpoint.state();
    }

    /**
     * The checkpoint as a client_state.xml document.
     *
     * @param openedFrom the scenario folder or file the emulation was opened from ("" for the demo)
     */
    public static String write(Checkpoint checkpoint, String openedFrom) {
        return new ClientStateWriter(checkpoint).document(openedFrom);
    }

    private String document(String openedFrom) {
        Scenario scenario = checkpoint.scenario();
        x.open("client_state");
        x.open("cruncher_state")
                .integer("format_version", FORMAT_VERSION)
                .text("scenario_name", scenario.name())
                .integer("seed", checkpoint.seed())
                .text("opened_from", openedFrom)
                .close("cruncher_state");
        if (!scenario.firstNotes().isEmpty()) {
            x.open("reading_notes");
            scenario.firstNotes().forEach(n -> x.text("note", n));
            x.close("reading_notes");
        }
        hostInfo(state.host());
        timeStats(scenario.availability());
        prefs(state.prefs());
        config(state.config());
        Map<String, ServerSpec> servers = new HashMap<>();
        for (ServerSpec s : scenario.servers()) {
            servers.put(s.projectUrl(), s);
        }
        for (Project p : state.projects()) {
            projectBlock(p, servers.get(p.url()));
        }
        activeTasks();
        debtHistory(checkpoint.history());
        runHistory(checkpoint.runs());
        figures(checkpoint.figures());
        eventLog(checkpoint.events());
        recentDeletions(checkpoint.deletions());
        recentRpcs(checkpoint.rpcs());
        x.close("client_state");
        return x.toString();
    }

    private void hostInfo(Host h) {
        x.open("host_info")
                .text("domain_name", h.name())
                .text("p_model", h.cpuModel())
                .integer("p_ncpus", h.cpuCount())
                .number("p_fpops", h.cpuFlops())
                .number("m_nbytes", h.memoryBytes())
                .number("d_total", h.diskTotal())
                .number("d_free", h.diskFree())
                .number("core_disk_usage", state.coreDiskUsage());
        if (!Double.isNaN(state.otherDiskUsage())) {
            // What other programs take stays what it was across a restart: worked out again from d_free as read
            // first, it shrank by what the projects had grown since, and the free space rose at each restart.
            x.number("other_disk_usage", state.otherDiskUsage());
        }
        x.open("coprocs");
        for (Coprocessor g : h.coprocessors()) {
            String element = switch (g.type()) {
                case NVIDIA -> "coproc_cuda";
                case AMD -> "coproc_ati";
                case INTEL -> "coproc_intel_gpu";
                case APPLE -> "coproc_apple_gpu";
                case CPU -> throw new IllegalStateException("a CPU listed as a coprocessor");
            };
            x.open(element).integer("count", g.count()).text("name", g.model()).number("peak_flops", g.peakFlops())
                    .flag("emulated", g.emulated()).close(element);
        }
        x.close("coprocs");
        x.close("host_info");
    }

    private void timeStats(Availability a) {
        x.open("time_stats")
                .number("on_frac", a.fractions().onFrac())
                .number("connected_frac", a.fractions().connectedFrac())
                .number("active_frac", a.fractions().activeFrac())
                .number("gpu_active_frac", a.fractions().gpuActiveFrac())
                .number("on_lambda", a.onLambda())
                .number("connected_lambda", a.connectedLambda())
                .number("active_lambda", a.activeLambda())
                .number("gpu_active_lambda", a.gpuActiveLambda())
                .number("last_update", checkpoint.time());
        if (a.resume() != null) {
            process("on", a.resume().on());
            process("active", a.resume().active());
            process("gpu_active", a.resume().gpuActive());
            process("connected", a.resume().connected());
        }
        x.close("time_stats");
    }

    /** Where one of the host's on/off processes stands: {@code <on_now>1</on_now><on_until>...</on_until>}. */
    private void process(String name, OnOffProcess.Saved p) {
        x.number(name + "_now", p.on() ? 1 : 0);
        if (Double.isFinite(p.until())) {
            x.number(name + "_until", p.until());
        }
    }

    private void prefs(Prefs p) {
        x.open("global_preferences")
                .number("cpu_scheduling_period_minutes", p.cpuSchedulingPeriodMinutes())
                .number("work_buf_min_days", p.workBufMinDays())
                .number("work_buf_additional_days", p.workBufAdditionalDays())
                .number("max_ncpus_pct", p.maxNcpusPct())
                .number("cpu_usage_limit", p.cpuUsageLimit())
                .number("disk_max_used_gb", p.diskMaxUsedGb())
                .number("disk_max_used_pct", p.diskMaxUsedPct())
                .number("disk_min_free_gb", p.diskMinFreeGb())
                .close("global_preferences");
    }

    private void config(ClientConfig c) {
        x.open("cc_config").open("options");
        if (c.ncpusOverride() > 0) {
            x.integer("ncpus", c.ncpusOverride());
        }
        x.flag("no_gpus", c.noGpus()).flag("report_results_immediately", c.reportResultsImmediately());
        x.close("options").close("cc_config");
    }

    private void projectBlock(Project p, ServerSpec server) {
        project(p, server);
        Map<String, JobSpec> jobs = new HashMap<>();
        if (server != null) {
            server.apps().forEach(j -> jobs.put(j.appName(), j));
        }
        for (App app : p.apps().values()) {
            app(app, jobs.get(app.name()));
        }
        List<FileInfo> files = new ArrayList<>(state.files().filesOf(p.url()));
        files.sort(Comparator.comparing(FileInfo::name));
        for (FileInfo f : files) {
            file(f);
        }
        Set<String> appFilesWritten = new HashSet<>();
        for (AppVersion v : p.appVersions()) {
            appVersion(v, files, appFilesWritten);
        }
        Set<String> workunits = new HashSet<>();
        for (Result r : state.resultsOf(p)) {
            if (workunits.add(r.workunit().name())) {
                workunit(r);
            }
            result(r);
        }
    }

    private void project(Project p, ServerSpec server) {
        x.open("project")
                .text("master_url", p.url())
                .text("project_name", p.name())
                .number("resource_share", p.resourceShare())
                .flag("suspended_via_gui", p.suspendedByUser())
                .flag("dont_request_more_work", p.noNewTasks())
                .flag("detach_when_done", p.detachWhenDone())
                .flag("ended", p.ended())
                .flag("deletion_policy_priority", p.deletionPolicy().priority())
                .flag("deletion_policy_expire", p.deletionPolicy().expire());
        if (p.durationCorrectionFactor() != 1) {
            x.number("duration_correction_factor", p.durationCorrectionFactor());
        }
        contact(p.contact());
        if (p.maxConcurrent() > 0) {
            x.integer("project_max_concurrent", p.maxConcurrent());
        }
        x.number("short_term_debt", p.debt())
                .number("anticipated_debt", p.anticipatedDebt())
                .number("total_work", p.totalWork() + state.activeWorkThisPeriod(p, null));
        for (ResourceType t : ResourceType.values()) {
            ProjectResourceState st = p.resourceState(t);
            if (st.backoffUntil() > 0 || st.backoffInterval() > 0) {
                x.open("rsc_backoff_time").text("name", t.boincName()).number("value", st.backoffUntil())
                        .close("rsc_backoff_time");
                x.open("rsc_backoff_interval").text("name", t.boincName()).number("value", st.backoffInterval())
                        .close("rsc_backoff_interval");
            }
        }
        for (ResourceType t : ResourceType.values()) {
            ProjectResourceState st = p.resourceState(t);
            double work = p.workDoneThisPeriod(t) + state.activeWorkThisPeriod(p, t);
            if (st.longTermDebt() != 0 || st.accumulatesDebt() || Double.isFinite(st.lastLatency()) || work != 0
                    || st.lastRuntime() > 0
                    || st.backedOffForDisk()) {
                x.open("rsc_work_fetch").text("name", t.boincName())
                        .number("long_term_debt", st.longTermDebt())
                        .flag("accumulates_debt", st.accumulatesDebt())
                        .number("last_latency", st.lastLatency())
                        .number("last_runtime", st.lastRuntime())
                        .number("work_this_period", work)
                        .flag("backed_off_for_disk", st.backedOffForDisk());
                if (st.waitsForRoom() && !st.roomWaitApp().isEmpty()) {
                    x.text("room_wait_app", st.roomWaitApp()).number("room_wait_bytes", st.roomWaitBytes());
                }
                x.close("rsc_work_fetch");
            }
        }
        ServerDiskShortfall shortfall = p.diskShortfall();
        if (shortfall != null) {
            x.open("disk_shortfall").text("app_name", shortfall.appName())
                    .number("needed_bytes", shortfall.neededBytes())
                    .number("available_bytes", shortfall.availableBytes())
                    .number("offered_if_trimmed", shortfall.offeredIfTrimmed())
                    .number("time", shortfall.time()).close("disk_shortfall");
        }
        if (server != null) {
            x.open("available").number("frac", server.availableFrac()).number("lambda", server.availableLambda())
                    .close("available");
            for (String url : server.schedulerUrls()) {
                x.text("server_scheduler_url", url);
            }
            TransferSpec t = server.transfers();
            if (!t.equals(TransferSpec.NONE)) {
                x.open("transfers").number("download_rate", t.downloadRate()).number("upload_rate", t.uploadRate())
                        .number("failure_rate", t.failureRate()).close("transfers");
            }
            x.flag("delete_from_self", server.deleteFromSelf());
        }
        x.close("project");
    }

    private void contact(SchedulerContact c) {
        for (String url : c.schedulerUrls()) {
            x.text("scheduler_url", url);
        }
        x.number("min_rpc_time", c.minRpcTime());
        if (c.minRpcTime() > 0) {
            x.text("rpc_deferral", c.deferral(Double.NEGATIVE_INFINITY).name());
        }
        x.integer("nrpc_failures", c.rpcFailures())
                .integer("master_fetch_failures", c.masterFetchFailures())
                .flag("master_fetch_pending", c.masterFetchPending())
                .number("last_rpc_time", c.lastRpcTime())
                .number("unreachable_since", c.unreachableSince())
                .number("typical_outage", c.typicalOutage())
                .number("exp_avg_cpu", c.expAvgCpu())
                .number("exp_avg_time", c.expAvgTime());
    }

    private void app(App app, JobSpec job) {
        x.open("app").text("name", app.name()).text("user_friendly_name", app.userFriendlyName())
                .flag("non_cpu_intensive", app.nonCpuIntensive());
        if (app.hasConcurrencyLimit()) {
            x.integer("max_concurrent", app.maxConcurrent());
        }
        if (job != null) {
            x.number("fpops_est", job.fpopsActual())
                    .open("fpops").number("mean", job.estimateMean()).number("std_dev", job.estimateStdDev())
                    .close("fpops")
                    .number("latency_bound", job.latencyBound())
                    .number("weight", job.weight())
                    .number("input_file_bytes", job.inputBytes())
                    .number("output_file_bytes", job.outputBytes())
                    .number("sticky_file_bytes", job.stickyBytes())
                    .integer("priority", job.priority())
                    .number("exp_days", job.expDays())
                    .number("error_rate", job.errorRate());
        }
        x.close("app");
    }

    private void file(FileInfo f) {
        x.open("file").text("name", f.name())
                .number("nbytes", f.nbytes())
                .number("max_nbytes", f.nbytes())
                .integer("status", f.present() ? 1 : 0)
                .flag("sticky", f.sticky() && f.role() != FileRole.DATA)
                .integer("priority", f.priority())
                .number("exp_days", (f.expiry() - f.arrival()) / 86400)
                .number("arrival_time", f.arrival())
                .number("last_used", f.lastUsed())
                .close("file");
    }

    /** An app version, with its app's files referred to from the first version of that app. */
    private void appVersion(AppVersion v, List<FileInfo> files, Set<String> appFilesWritten) {
        x.open("app_version").text("app_name", v.appName()).integer("version_num", v.versionNum())
                .text("plan_class", v.planClass()).number("avg_ncpus", v.avgNcpus()).number("flops", v.flops());
        if (v.usesCoprocessor()) {
            x.open("coproc").text("type", v.coprocType().boincName()).number("count", v.coprocCount())
                    .close("coproc");
        }
        if (appFilesWritten.add(v.appName())) {
            for (FileInfo f : files) {
                if (f.role() == FileRole.APP && f.appName().equals(v.appName())) {
                    fileRef(f.name());
                }
            }
        }
        x.close("app_version");
    }

    private void workunit(Result r) {
        x.open("workunit").text("name", r.workunit().name()).text("app_name", r.workunit().appName())
                .integer("version_num", r.appVersion().versionNum())
                .number("rsc_fpops_est", r.workunit().rscFpopsEst())
                .number("rsc_fpops_bound", r.workunit().rscFpopsBound())
                .number("rsc_disk_bound", r.workunit().rscDiskBound());
        for (String name : new LinkedHashSet<>(r.inputFiles())) {
            fileRef(name);
        }
        x.close("workunit");
    }

    private void result(Result r) {
        x.open("result").text("name", r.name()).text("wu_name", r.workunit().name())
                .integer("version_num", r.appVersion().versionNum())
                .text("plan_class", r.appVersion().planClass())
                .number("received_time", r.receivedTime())
                .number("report_deadline", r.reportDeadline())
                .integer("state", r.state().code())
                .flag("ready_to_report", r.readyToReport())
                .flag("suspended_via_gui", r.suspendedByUser());
        if (r.readyToReport() || !Double.isNaN(r.completedTime())) {
            x.number("completed_time", r.completedTime())
                    .integer("exit_status", r.exitStatus())
                    .number("final_cpu_time", r.finalCpuTime())
                    .number("final_elapsed_time", r.finalElapsedTime())
                    .number("final_work", r.finalWork());
        }
        x.number("output_bytes", r.outputBytes());
        for (String name : new LinkedHashSet<>(r.outputFiles())) {
            fileRef(name);
        }
        x.close("result");
    }

    private void fileRef(String name) {
        x.open("file_ref").text("file_name", name).close("file_ref");
    }

    private void activeTasks() {
        x.open("active_task_set");
        for (ActiveTask t : state.activeTasks()) {
            x.open("active_task")
                    .text("project_master_url", t.project().url())
                    .text("result_name", t.result().name())
                    .integer("active_task_state", t.exited() ? 2 : 1)
                    .integer("scheduler_state", schedulerState(t.schedulerState()))
                    .number("checkpoint_elapsed_time", t.elapsedTime())
                    .number("checkpoint_cpu_time", t.cpuTime())
                    .number("checkpoint_fraction_done", t.fractionDone())
                    .number("elapsed_time", t.elapsedTime())
                    .number("current_cpu_time", t.cpuTime())
                    .number("fraction_done", t.fractionDone())
                    .number("work_done", t.work())
                    .number("accounted_elapsed_time", t.accountedElapsed())
                    .flag("held_for_disk", t.heldForDisk())
                    .close("active_task");
        }
        x.close("active_task_set");
    }

    /**
     * Each project's debt over time, for the charts: "time debt" pairs, space-separated; then the share changes, and
     * each project's work when the shares last changed.
     */
    private void debtHistory(DebtHistory history) {
        x.open("debt_history");
        history.byProject().forEach((url, points) -> {
            StringBuilder b = new StringBuilder(points.size() * 32);
            for (DebtHistory.Point p : points) {
                b.append(b.length() == 0 ? "" : " ").append(XmlText.plain(p.time())).append(' ')
                        .append(XmlText.plain(p.debt()));
            }
            x.open("project_debts").text("master_url", url).text("points", b.toString()).close("project_debts");
        });
        for (DebtHistory.ShareChange c : history.shareChanges()) {
            x.open("share_change").text("master_url", c.url()).number("time", c.time()).number("before", c.before())
                    .number("after", c.after()).close("share_change");
        }
        history.workAtLastShareChange().forEach((url, work) -> x.open("work_at_share_change").text("master_url", url)
                .number("work", work).close("work_at_share_change"));
        x.close("debt_history");
    }

    /**
     * What ran when (the Timeline's), per project and resource: "time instances" pairs, space-separated, each the
     * instances its running tasks hold from that time on; with the span the history covers, and what the host
     * allowed ("time availability" pairs, the availability as a word). Nothing before any poll.
     */
    private void runHistory(RunHistoryView runs) {
        if (runs.size() == 0 && Double.isNaN(runs.since())) {
            return;
        }
        Map<String, Map<ResourceType, StringBuilder>> changes = new LinkedHashMap<>();
        for (int i = 0; i < runs.size(); i++) {
            StringBuilder b = changes.computeIfAbsent(runs.projectUrl(i), u -> new EnumMap<>(ResourceType.class))
                    .computeIfAbsent(runs.resource(i), r -> new StringBuilder());
            b.append(b.length() == 0 ? "" : " ").append(XmlText.plain(runs.time(i))).append(' ')
                    .append(XmlText.plain(runs.instances(i)));
        }
        x.open("run_history").number("since", runs.since()).number("until", runs.until());
        if (runs.hostChanges() > 0) {
            StringBuilder host = new StringBuilder();
            for (int i = 0; i < runs.hostChanges(); i++) {
                host.append(i == 0 ? "" : " ").append(XmlText.plain(runs.hostTime(i))).append(' ')
                        .append(runs.host(i).savedName());
            }
            x.text("host_changes", host.toString());
        }
        changes.forEach((url, byResource) -> byResource.forEach((type, b) -> x.open("project_runs")
                .text("master_url", url).text("resource", type.boincName()).text("changes", b.toString())
                .close("project_runs")));
        x.close("run_history");
    }

    /**
     * The latest events and decisions, oldest first, for the Event log and the decisions panel to go on across a
     * restart. The project is named as the window names it; the resource as BOINC names it.
     */
    private void eventLog(List<EngineEvent> events) {
        if (events.isEmpty()) {
            return;
        }
        x.open("event_log");
        for (EngineEvent e : events) {
            x.open("event").number("time", e.time()).text("kind", e.kind().name()).text("project", e.project())
                    .text("task", e.task()).text("resource", e.resource() == null ? "" : e.resource().boincName())
                    .text("reason", e.reason()).text("detail", e.detail()).close("event");
        }
        x.close("event_log");
    }

    /** The files last deleted to make room, newest first, for the Disk pane to go on showing them. */
    private void recentDeletions(List<DeletionView> deletions) {
        if (deletions.isEmpty()) {
            return;
        }
        x.open("recent_deletions");
        for (DeletionView d : deletions) {
            x.open("deletion").number("time", d.time()).text("project", d.projectName()).text("file", d.fileName())
                    .integer("nbytes", d.nbytes()).text("reason", d.reason().name()).text("detail", d.detail())
                    .close("deletion");
        }
        x.close("recent_deletions");
    }

    /** The latest scheduler RPC sessions, newest first, for the Work fetch pane to go on showing them. */
    private void recentRpcs(List<RpcView> rpcs) {
        if (rpcs.isEmpty()) {
            return;
        }
        x.open("recent_rpcs");
        for (RpcView r : rpcs) {
            x.open("rpc").number("time", r.time()).text("project", r.project()).text("reason", r.reason())
                    .text("requested", SavedRpcFields.requested(r.requested())).integer("reported", r.reported())
                    .text("jobs", SavedRpcFields.jobs(r.jobs())).integer("acked", r.acked())
                    .number("request_delay", r.requestDelay());
            if (r.failed()) {
                x.text("failure", r.failure());
            }
            x.integer("attempts", r.attempts()).flag("refused_for_disk", r.refusedForDisk()).close("rpc");
        }
        x.close("recent_rpcs");
    }

    /** The figures of merit's sums so far, the projects' in the state's order. */
    private void figures(MeritTotals f) {
        x.open("figures_so_far")
                .number("computing_time", f.computingTime())
                .number("available", f.available())
                .number("usable_available", f.usableAvailable())
                .number("used", f.used())
                .number("wasted", f.wasted())
                .integer("rpcs", f.rpcs())
                .integer("rpcs_failed", f.rpcsFailed())
                .integer("jobs", f.jobs());
        boolean sharesChanged = f.usedAtShareChange() > 0;
        if (sharesChanged) {
            x.number("used_at_share_change", f.usedAtShareChange());
        }
        for (Project p : state.projects()) {
            MeritTotals.Project t = f.projects().get(p.url());
            if (t == null) {
                continue;
            }
            x.open("project_figures")
                    .text("master_url", p.url())
                    .number("used", t.used())
                    .number("cpu_seconds", t.cpuSeconds())
                    .number("gpu_seconds", t.gpuSeconds())
                    .number("idle_time", t.idleTime())
                    .number("idle_sum_squares", t.idleSumSquares())
                    .integer("met", t.met())
                    .integer("missed", t.missed())
                    .number("wasted", t.wasted())
                    .integer("rpcs", t.rpcs())
                    .integer("rpc_failures", t.rpcFailures())
                    .number("longest_deferral", t.longestDeferral());
            if (sharesChanged) {
                x.number("due_before_share_change", t.dueBefore())
                        .number("due_by_target_before_share_change", t.dueByTargetBefore());
            }
            x.close("project_figures");
        }
        x.close("figures_so_far");
    }

    /** BOINC's codes: 0 uninitialized, 1 preempted, 2 scheduled. */
    private static int schedulerState(SchedulerState s) {
        return switch (s) {
            case UNINITIALIZED -> 0;
            case PREEMPTED -> 1;
            case SCHEDULED -> 2;
        };
    }
}

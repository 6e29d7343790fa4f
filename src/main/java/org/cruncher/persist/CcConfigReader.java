package org.cruncher.persist;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;

import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;

/**
 * Reads cc_config.xml (boinc-engine.md §5.3) as BOINC's client does: the options it knows under {@code <options>},
 * the flags under {@code <log_flags>}, anything else ignored. A value that is not a number is ignored and one out of
 * range clamped, each with a warning, rather than refusing the file; only malformed XML is refused.
 */
public final class CcConfigReader {

    /** The most CPUs {@code <ncpus>} may claim. */
    static final int MAX_NCPUS = Host.MAX_PLAUSIBLE_CPUS;
    /** The longest start delay accepted, seconds (one day). */
    static final double MAX_START_DELAY = 86_400;
    /** The most simultaneous transfers accepted. */
    static final int MAX_XFERS = 1_000;

    private final XmlInput xml = new XmlInput();

    /** The file's options and warnings; BOINC's defaults, without warnings, if it does not exist. */
    public ReadResult<CcConfig> read(Path file) throws InputProblem {
        if (!Files.exists(file)) {
            return new ReadResult<>(CcConfig.DEFAULTS, BrokenLinks.note(file).stream().toList());
        }
        if (XmlInput.holdsNoElement(file)) {
            return new ReadResult<>(CcConfig.DEFAULTS,
                    List.of(file.getFileName() + " is empty: BOINC's defaults are used, as BOINC does"));
        }
        ConfigValues values = new ConfigValues(file);
        XmlTree root = XmlTree.read(xml, file, "cc_config", values.warnings());
        Builder b = new Builder(values);
        for (XmlTree section : root.children()) {
            switch (section.name()) {
                case "options":
                    section.children().forEach(b::option);
                    break;
                case "log_flags":
                    for (XmlTree flag : section.children()) {
                        if (values.flag(flag) && !b.logFlags.contains(flag.name())) {
                            b.logFlags.add(flag.name());
                        }
                    }
                    break;
                default:
                    values.warn(section, "<" + section.name() + "> is outside <options> and <log_flags>: ignored");
                    break;
            }
        }
        return new ReadResult<>(b.build(), values.warnings());
    }

    /**
     * The other options BOINC's client knows in {@code <options>} (its "Client configuration" documentation): set,
     * they are listed as not used by Cruncher; any other name is a typo or a newer client's, and is said to be
     * ignored ("report_results_imediately" read as a real option).
     */
    static final Set<String> BOINC_OPTIONS = Set.of("allow_gui_rpc_get", "allow_multiple_clients", "alt_platform",
            "client_download_url", "client_new_version_text", "client_version_check_url", "coproc", "data_dir",
            "device_name", "disallow_attach", "disallowed_wsl", "dont_check_file_sizes", "dont_contact_ref_site",
            "dont_suspend_nci", "dont_use_docker", "dont_use_vbox", "dont_use_wsl", "exit_after_finish",
            "exit_before_start", "exit_when_idle", "fetch_minimal_work", "fetch_on_update", "force_auth", "http_1_0",
            "http_transfer_timeout", "http_transfer_timeout_bps", "ignore_apple_dev", "ignore_ati_dev",
            "ignore_cuda_dev", "ignore_intel_dev", "ignore_intel_gpu_dev", "ignore_nvidia_dev", "ignore_tty",
            "lower_client_priority", "max_event_log_lines", "max_overdue_days", "max_stderr_file_size",
            "max_stdout_file_size", "max_tasks_reported", "network_test_url", "no_alt_platform", "no_disk_usage",
            "no_info_fetch", "no_opencl", "no_priority_change", "no_rdp_check", "os_random_only", "prioritize_gpu",
            "process_priority", "process_priority_special", "proxy_info", "rec_half_life_days", "run_apps_manually",
            "save_stats_days", "simple_gui_only", "skip_cpu_benchmarks", "stderr_head", "suppress_net_info",
            "unsigned_apps_ok", "use_certs", "use_certs_only", "vbox_window");

    /** Collects the options as they come. */
    private static final class Builder {
        private final ConfigValues values;
        private int ncpus = -1;
        private boolean noGpus;
        private boolean useAllGpus;
        private boolean reportResultsImmediately;
        private final List<GpuExclusion> exclusions = new ArrayList<>();
        private final List<String> exclusiveApps = new ArrayList<>();
        private final List<String> exclusiveGpuApps = new ArrayList<>();
        private double startDelay;
        private int maxFileXfers = CcConfig.DEFAULT_MAX_FILE_XFERS;
        private int maxFileXfersPerProject = CcConfig.DEFAULT_MAX_FILE_XFERS_PER_PROJECT;
        private boolean allowRemoteGuiRpc;
        private boolean abortJobsOnExit;
        private final Set<String> otherOptions = new LinkedHashSet<>();
        private final List<String> logFlags = new ArrayList<>();

        Builder(ConfigValues values) {
            this.values = values;
        }

        void option(XmlTree e) {
            switch (e.name()) {
                case "ncpus":
                    int n = values.whole(e, -1, MAX_NCPUS, -1);
                    ncpus = n > 0 ? n : -1;
                    break;
                case "no_gpus":
                    noGpus = values.flag(e);
                    break;
                case "use_all_gpus":
                    useAllGpus = values.flag(e);
                    break;
                case "report_results_immediately":
                    reportResultsImmediately = values.flag(e);
                    break;
                case "exclude_gpu":
                    exclusion(e).ifPresent(exclusions::add);
                    break;
                case "exclusive_app":
                    program(e, exclusiveApps);
                    break;
                case "exclusive_gpu_app":
                    program(e, exclusiveGpuApps);
                    break;
                case "start_delay":
                    startDelay = values.number(e, 0, MAX_START_DELAY, 0);
                    break;
                case "max_file_xfers":
                    maxFileXfers = values.whole(e, 1, MAX_XFERS, CcConfig.DEFAULT_MAX_FILE_XFERS);
                    break;
                case "max_file_xfers_per_project":
                    maxFileXfersPerProject = values.whole(e, 1, MAX_XFERS,
                            CcConfig.DEFAULT_MAX_FILE_XFERS_PER_PROJECT);
                    break;
                case "allow_remote_gui_rpc":
                    allowRemoteGuiRpc = values.flag(e);
                    break;
                case "abort_jobs_on_exit":
                    abortJobsOnExit = values.flag(e);
                    break;
                default:
                    if (BOINC_OPTIONS.contains(e.name())) {
                        otherOptions.add(e.name());
                    } else if (GlobalPref.byXmlName(e.name()).isPresent()) {
                        values.warn(e, "<" + e.name() + "> is a computing preference, which BOINC does not read "
                                + "in cc_config.xml: ignored (set it in global_prefs_override.xml)");
                    } else {
                        values.warn(e, "unknown option <" + e.name() + ">: ignored, as BOINC does");
                    }
                    break;
            }
        }

        private void program(XmlTree e, List<String> into) {
            if (e.text().isEmpty()) {
                values.warn(e, "<" + e.name() + "> names no program: ignored");
            } else {
                into.add(e.text());
            }
        }

        /** An {@code <exclude_gpu>}: url required; device_num, type and app optional (all devices, types, apps). */
        private Optional<GpuExclusion> exclusion(XmlTree e) {
            String url = e.text("url");
            if (url == null || url.isEmpty()) {
                values.warn(e, "<exclude_gpu> has no <url>: ignored");
                return Optional.empty();
            }
            ResourceType type = null;
            String typeName = e.text("type");
            if (typeName != null && !typeName.isEmpty()) {
                type = ResourceType.fromBoincName(typeName).filter(ResourceType::isCoprocessor).orElse(null);
                if (type == null) {
                    values.warn(e, "<exclude_gpu> names GPU type '" + typeName + "', which is not one: ignored");
                    return Optional.empty();
                }
            }
            int device = e.first("device_num").map(d -> values.whole(d, -1, MAX_NCPUS, -1)).orElse(-1);
            String app = e.text("app");
            return Optional.of(new GpuExclusion(url, device, type, app == null ? "" : app));
        }

        CcConfig build() {
            return new CcConfig(ncpus, noGpus, useAllGpus, reportResultsImmediately, exclusions, exclusiveApps,
                    exclusiveGpuApps, startDelay, maxFileXfers, maxFileXfersPerProject, allowRemoteGuiRpc,
                    abortJobsOnExit, new ArrayList<>(otherOptions), logFlags);
        }
    }
}

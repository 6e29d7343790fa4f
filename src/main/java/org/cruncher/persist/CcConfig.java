package org.cruncher.persist;

import java.util.ArrayList;
import java.util.List;

import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.Numbers;

/**
 * cc_config.xml as read (boinc-engine.md §5.3): the {@code <options>} Cruncher knows and the {@code <log_flags>}
 * that are set. Only ncpus, no_gpus, report_results_immediately and exclude_gpu change what the engine does; the
 * rest is kept to be shown ({@link #optionsInForce()}).
 *
 * @param ncpus                    act as if the host had this many CPUs (-1: not set)
 * @param noGpus                   use no GPU
 * @param useAllGpus               use every GPU, not only the most capable ones of each type
 * @param reportResultsImmediately report each result as soon as it is uploaded
 * @param gpuExclusions            the {@code <exclude_gpu>} entries, in file order
 * @param exclusiveApps            programs whose running suspends computing
 * @param exclusiveGpuApps         programs whose running suspends GPU computing
 * @param startDelay               seconds to wait after start-up before running tasks
 * @param maxFileXfers             simultaneous file transfers at most
 * @param maxFileXfersPerProject   simultaneous file transfers per project at most
 * @param allowRemoteGuiRpc        accept GUI RPCs from other hosts
 * @param abortJobsOnExit          abort every task when the client exits
 * @param otherOptions             other options set, which Cruncher does not read, in file order
 * @param logFlags                 the log flags that are on, in file order
 */
public record CcConfig(int ncpus, boolean noGpus, boolean useAllGpus, boolean reportResultsImmediately,
                       List<GpuExclusion> gpuExclusions, List<String> exclusiveApps, List<String> exclusiveGpuApps,
                       double startDelay, int maxFileXfers, int maxFileXfersPerProject, boolean allowRemoteGuiRpc,
                       boolean abortJobsOnExit, List<String> otherOptions, List<String> logFlags) {

    /** BOINC's default simultaneous transfers, overall and per project. */
    public static final int DEFAULT_MAX_FILE_XFERS = 8;
    public static final int DEFAULT_MAX_FILE_XFERS_PER_PROJECT = 2;

    /** No cc_config.xml: BOINC's defaults. */
    public static final CcConfig DEFAULTS = new CcConfig(-1, false, false, false, List.of(), List.of(), List.of(), 0,
            DEFAULT_MAX_FILE_XFERS, DEFAULT_MAX_FILE_XFERS_PER_PROJECT, false, false, List.of(), List.of());

    public CcConfig {
        gpuExclusions = List.copyOf(gpuExclusions);
        exclusiveApps = List.copyOf(exclusiveApps);
        exclusiveGpuApps = List.copyOf(exclusiveGpuApps);
        otherOptions = List.copyOf(otherOptions);
        logFlags = List.copyOf(logFlags);
    }

    /** As this one, with {@code exclusions} for its {@code <exclude_gpu>} entries. */
    public CcConfig withGpuExclusions(List<GpuExclusion> exclusions) {
        return new CcConfig(ncpus, noGpus, useAllGpus, reportResultsImmediately, exclusions, exclusiveApps,
                exclusiveGpuApps, startDelay, maxFileXfers, maxFileXfersPerProject, allowRemoteGuiRpc, abortJobsOnExit,
                otherOptions, logFlags);
    }

    /** The options the engine acts on. */
    public ClientConfig toClientConfig() {
        return new ClientConfig(ncpus, noGpus, reportResultsImmediately);
    }

    /**
     * The options that differ from BOINC's defaults, one line each in a fixed order, for a check-state summary
     * ("ncpus 4: the host counts as 4 CPUs").
     */
    public List<String> optionsInForce() {
        List<String> lines = new ArrayList<>();
        if (ncpus > 0) {
            lines.add("ncpus " + ncpus + ": the host counts as " + ncpus + (ncpus == 1 ? " CPU" : " CPUs"));
        }
        if (noGpus) {
            lines.add("no_gpus: no GPU is used");
        }
        if (useAllGpus) {
            lines.add("use_all_gpus: every GPU is used, not only the most capable of each type "
                    + "(Cruncher always counts every GPU of a type)");
        }
        if (reportResultsImmediately) {
            lines.add("report_results_immediately: each result is reported as soon as it is uploaded");
        }
        for (GpuExclusion x : gpuExclusions) {
            lines.add("exclude_gpu: " + x.describe());
        }
        for (String app : exclusiveApps) {
            lines.add("exclusive_app: computing stops while " + app + " runs");
        }
        for (String app : exclusiveGpuApps) {
            lines.add("exclusive_gpu_app: GPU computing stops while " + app + " runs");
        }
        if (startDelay > 0) {
            lines.add("start_delay: tasks start " + Numbers.compact(startDelay) + " s after the client starts");
        }
        if (maxFileXfers != DEFAULT_MAX_FILE_XFERS) {
            lines.add("max_file_xfers: at most " + maxFileXfers + " file transfers at once");
        }
        if (maxFileXfersPerProject != DEFAULT_MAX_FILE_XFERS_PER_PROJECT) {
            lines.add("max_file_xfers_per_project: at most " + maxFileXfersPerProject
                    + " file transfers at once per project");
        }
        if (allowRemoteGuiRpc) {
            lines.add("allow_remote_gui_rpc: other computers may control the client");
        }
        if (abortJobsOnExit) {
            lines.add("abort_jobs_on_exit: every task is aborted when the client exits");
        }
        if (!otherOptions.isEmpty()) {
            lines.add("also set, not used by Cruncher: " + String.join(", ", otherOptions));
        }
        if (!logFlags.isEmpty()) {
            lines.add("log flags: " + String.join(", ", logFlags));
        }
        return lines;
    }
}

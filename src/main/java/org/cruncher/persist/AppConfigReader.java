package org.cruncher.persist;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;

/**
 * Reads a project's app_config.xml (boinc-engine.md §5.3): {@code <app>} (name, max_concurrent,
 * report_results_immediately, gpu_versions with gpu_usage and cpu_usage), {@code <app_version>} (app_name,
 * plan_class, avg_ncpus, ngpus, cmdline), {@code <project_max_concurrent>} and {@code <report_results_immediately>}.
 * Unusable values are ignored and out-of-range ones clamped, each with a one-line warning.
 */
public final class AppConfigReader {

    /** The largest max_concurrent, CPU or GPU count accepted. */
    static final int MAX_COUNT = 100_000;
    /** The smallest GPU usage accepted (BOINC refuses zero). */
    static final double MIN_GPU_USAGE = 0.001;

    private final XmlInput xml = new XmlInput();

    /** The file's settings and warnings; {@link AppConfig#NONE}, without warnings, if it does not exist. */
    public ReadResult<AppConfig> read(Path file) throws InputProblem {
        if (!Files.exists(file)) {
            return new ReadResult<>(AppConfig.NONE, BrokenLinks.note(file).stream().toList());
        }
        if (XmlInput.holdsNoElement(file)) {
            return new ReadResult<>(AppConfig.NONE, List.of(file.getFileName() + " is empty: it changes nothing"));
        }
        ConfigValues values = new ConfigValues(file);
        XmlTree root = XmlTree.read(xml, file, "app_config", values.warnings());
        List<AppConfig.AppEntry> apps = new ArrayList<>();
        List<AppConfig.VersionEntry> versions = new ArrayList<>();
        int projectMax = 0;
        boolean report = false;
        for (XmlTree e : root.children()) {
            switch (e.name()) {
                case "app":
                    app(e, values, apps);
                    break;
                case "app_version":
                    version(e, values, versions);
                    break;
                case "project_max_concurrent":
                    projectMax = values.whole(e, 0, MAX_COUNT, 0);
                    break;
                case "report_results_immediately":
                    report = values.flag(e);
                    break;
                default:
                    values.warn(e, "<" + e.name() + "> is not an app_config.xml element: ignored");
                    break;
            }
        }
        return new ReadResult<>(new AppConfig(apps, versions, projectMax, report), values.warnings());
    }

    private static void app(XmlTree e, ConfigValues values, List<AppConfig.AppEntry> into) {
        String name = e.text("name");
        if (name == null || name.isEmpty()) {
            values.warn(e, "<app> has no <name>: ignored");
            return;
        }
        int max = e.first("max_concurrent").map(m -> values.whole(m, 0, MAX_COUNT, 0)).orElse(0);
        boolean report = e.first("report_results_immediately").map(values::flag).orElse(false);
        double gpu = Double.NaN;
        double cpu = Double.NaN;
        XmlTree gpuVersions = e.first("gpu_versions").orElse(null);
        if (gpuVersions != null) {
            gpu = gpuVersions.first("gpu_usage").map(g -> values.number(g, MIN_GPU_USAGE, MAX_COUNT, Double.NaN))
                    .orElse(Double.NaN);
            cpu = gpuVersions.first("cpu_usage").map(c -> values.number(c, 0, MAX_COUNT, Double.NaN))
                    .orElse(Double.NaN);
        }
        into.add(new AppConfig.AppEntry(name, max, report, gpu, cpu));
    }

    private static void version(XmlTree e, ConfigValues values, List<AppConfig.VersionEntry> into) {
        String app = e.text("app_name");
        if (app == null || app.isEmpty()) {
            values.warn(e, "<app_version> has no <app_name>: ignored");
            return;
        }
        String plan = e.text("plan_class");
        double ncpus = e.first("avg_ncpus").map(n -> values.number(n, 0, MAX_COUNT, Double.NaN)).orElse(Double.NaN);
        double ngpus = e.first("ngpus").map(n -> values.number(n, MIN_GPU_USAGE, MAX_COUNT, Double.NaN))
                .orElse(Double.NaN);
        String cmdline = e.text("cmdline");
        into.add(new AppConfig.VersionEntry(app, plan == null ? "" : plan, ncpus, ngpus,
                cmdline == null ? "" : cmdline));
    }
}

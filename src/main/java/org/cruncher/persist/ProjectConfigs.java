package org.cruncher.persist;

import java.util.ArrayList;
import java.util.Collection;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;

import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.App;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.Numbers;
import org.cruncher.engine.model.Project;

/**
 * Applies a project's app_config.xml and cc_config.xml's GPU exclusions to its apps and app versions when a
 * scenario is built, saying what it did in notes:
 * <ol>
 *   <li>project_max_concurrent and each app's max_concurrent go into the model (the engine honours them);</li>
 *   <li>an app's gpu_versions set gpu_usage / cpu_usage of its GPU versions;</li>
 *   <li>an app_version entry sets avg_ncpus / ngpus of the versions with its app name and exactly its plan class;
 *       a CPU version's FLOPS scale with its CPUs (BOINC's server sizes an mt version as avg_ncpus x p_fpops);</li>
 *   <li>an exclude_gpu of a whole GPU type (no device_num) for the project, or for one of its apps, drops the
 *       versions for that type: the project (app) cannot use it; one of a single device is not modelled (Cruncher
 *       does not tell the devices of a type apart), which a note says.</li>
 * </ol>
 * report_results_immediately of app_config.xml is read but not modelled per project; a note says so.
 */
final class ProjectConfigs {

    private ProjectConfigs() {
    }

    /** Applies {@code config} to {@code p}. */
    static void applyAppConfig(Project p, AppConfig config, List<String> notes) {
        String where = "app_config.xml of " + p.name();
        if (config.projectMaxConcurrent() > 0) {
            p.setMaxConcurrent(config.projectMaxConcurrent());
            notes.add(where + ": at most " + Units.count(config.projectMaxConcurrent(), "task") + " at once");
        }
        for (AppConfig.AppEntry entry : config.apps()) {
            App app = p.app(entry.name()).orElse(null);
            if (app == null) {
                notes.add(where + " names app " + entry.name() + ", which the project does not have: ignored");
                continue;
            }
            if (entry.maxConcurrent() > 0) {
                p.addApp(app.withMaxConcurrent(entry.maxConcurrent()));
                notes.add(where + ": at most " + entry.maxConcurrent() + " " + app.userFriendlyName()
                        + (entry.maxConcurrent() == 1 ? " task" : " tasks") + " at once");
            }
            if (!Double.isNaN(entry.gpuUsage()) || !Double.isNaN(entry.cpuUsage())) {
                Set<String> usages = new LinkedHashSet<>();
                for (AppVersion v : List.copyOf(p.appVersions())) {
                    if (v.appName().equals(entry.name()) && v.usesCoprocessor()) {
                        AppVersion set = withUsage(v, entry.cpuUsage(), entry.gpuUsage());
                        p.replaceAppVersion(v, set);
                        usages.add(set.describeUsage());
                    }
                }
                if (!usages.isEmpty()) {
                    notes.add(where + ": " + app.userFriendlyName() + " GPU tasks use " + String.join(" or ", usages));
                }
            }
        }
        for (AppConfig.VersionEntry entry : config.versions()) {
            List<AppVersion> matching = p.appVersions().stream().filter(v -> v.appName().equals(entry.appName())
                    && v.planClass().equals(entry.planClass())).toList();
            String label = entry.appName() + (entry.planClass().isEmpty() ? "" : " (" + entry.planClass() + ")");
            Set<String> usages = new LinkedHashSet<>();
            if (matching.isEmpty()) {
                notes.add(where + " sets app version " + label + ", which the project does not have: ignored");
            }
            for (AppVersion v : matching) {
                if (!Double.isNaN(entry.ngpus()) && !v.usesCoprocessor()) {
                    notes.add(where + ": ngpus for the CPU version " + label + " is ignored");
                }
                double ncpus = entry.avgNcpus();
                if (!v.usesCoprocessor() && ncpus < ScenarioReader.MIN_CPU_APP_NCPUS) {
                    // As for a version in client_state.xml: tasks of no CPU would start without end, none filling
                    // the CPUs.
                    notes.add(where + ": avg_ncpus " + Numbers.compact(ncpus) + " for the CPU version " + label
                            + " would never fill the CPUs: taken as " + ScenarioReader.MIN_CPU_APP_NCPUS);
                    ncpus = ScenarioReader.MIN_CPU_APP_NCPUS;
                }
                AppVersion set = withUsage(v, ncpus, entry.ngpus());
                p.replaceAppVersion(v, set);
                usages.add(set.describeUsage());
            }
            // Said where it sets what a task uses (an entry may set only a command line).
            if (!usages.isEmpty() && !(Double.isNaN(entry.avgNcpus()) && Double.isNaN(entry.ngpus()))) {
                notes.add(where + ": " + label + " tasks use " + String.join(" or ", usages));
            }
        }
        if (config.reportResultsImmediately() || config.apps().stream().anyMatch(AppConfig.AppEntry::reportResultsImmediately)) {
            notes.add(where + ": report_results_immediately is not modelled per project (cc_config.xml's is)");
        }
    }

    /** {@code v} with {@code ncpus} CPUs and {@code ngpus} GPUs (NaN: unchanged; GPUs only for a GPU version). */
    static AppVersion withUsage(AppVersion v, double ncpus, double ngpus) {
        double cpus = Double.isNaN(ncpus) ? v.avgNcpus() : ncpus;
        double gpus = Double.isNaN(ngpus) || !v.usesCoprocessor() ? v.coprocCount() : ngpus;
        double flops = !v.usesCoprocessor() && v.avgNcpus() > 0 && cpus > 0 ? v.flops() * cpus / v.avgNcpus()
                : v.flops();
        return new AppVersion(v.appName(), v.versionNum(), v.planClass(), cpus, flops, v.coprocType(), gpus);
    }

    /**
     * The exclusions of {@code exclusions} that name a project of {@code urls} (the master URLs in the state); each
     * other one changes nothing, and a note says so: one naming a project not attached here was listed among the
     * options in force without a word (QA).
     */
    static List<GpuExclusion> ofKnownProjects(List<GpuExclusion> exclusions, Collection<String> urls,
                                              List<String> notes) {
        List<GpuExclusion> known = new ArrayList<>();
        for (GpuExclusion x : exclusions) {
            if (urls.stream().anyMatch(u -> sameUrl(x.url(), u))) {
                known.add(x);
            } else {
                notes.add("cc_config.xml exclude_gpu: " + x.describe() + ": no project with that URL is in this "
                        + "state: it changes nothing");
            }
        }
        return known;
    }

    /**
     * Drops the versions of {@code p} that a whole-type exclusion forbids; returns them, so that the results that
     * use them are left out too.
     */
    static Set<AppVersion> applyExclusions(Project p, List<GpuExclusion> exclusions, List<String> notes) {
        Set<AppVersion> dropped = new LinkedHashSet<>();
        for (GpuExclusion x : exclusions) {
            if (!sameUrl(x.url(), p.url())) {
                continue;
            }
            if (!x.wholeType()) {
                notes.add("cc_config.xml exclude_gpu: " + x.describe() + ": not modelled (Cruncher does not tell "
                        + "GPU devices apart); " + p.name() + " may use every GPU here");
                continue;
            }
            List<AppVersion> gone = new ArrayList<>();
            for (AppVersion v : p.appVersions()) {
                if (v.usesCoprocessor() && x.covers(v.coprocType())
                        && (x.app().isEmpty() || x.app().equals(v.appName()))) {
                    gone.add(v);
                }
            }
            gone.forEach(p::removeAppVersion);
            dropped.addAll(gone);
            notes.add("cc_config.xml exclude_gpu: " + x.describe() + ": " + gone.size()
                    + (gone.size() == 1 ? " app version" : " app versions") + " left out");
        }
        return dropped;
    }

    /**
     * Whether a result's version (app, number, plan class; an empty plan class matches any) is one of
     * {@code dropped} and none of {@code p}'s remaining versions.
     */
    static boolean isDropped(Project p, Set<AppVersion> dropped, String app, int versionNum, String planClass) {
        return !dropped.isEmpty()
                && p.appVersions().stream().noneMatch(v -> matches(v, app, versionNum, planClass))
                && dropped.stream().anyMatch(v -> matches(v, app, versionNum, planClass));
    }

    private static boolean matches(AppVersion v, String app, int versionNum, String planClass) {
        return v.appName().equals(app) && v.versionNum() == versionNum
                && (planClass.isEmpty() || v.planClass().equals(planClass));
    }

    /** BOINC compares master URLs ignoring a trailing slash. */
    private static boolean sameUrl(String a, String b) {
        return strip(a).equalsIgnoreCase(strip(b));
    }

    private static String strip(String url) {
        String u = url.strip();
        return u.endsWith("/") ? u.substring(0, u.length() - 1) : u;
    }
}

package org.cruncher.persist;

import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.Set;

import org.cruncher.emulator.JobSpec;
import org.cruncher.emulator.ServerSpec;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;

/**
 * The files of the jobs an emulated server sends, for an app a client's own state gives no scenario figures for: the
 * average of its tasks in the file, as their run times and deadlines are learnt. Input files are those of each task
 * but the sticky ones (kept between jobs, on the disk already); outputs are counted at their largest, as the client
 * keeps room for them (seed 004). Without it, new jobs brought no files, and on a real state the Disk pane's figures
 * stood still or fell as the file's tasks were done.
 */
final class LearntJobFiles {

    private LearntJobFiles() {
    }

    /**
     * {@code servers} with the apps named in {@code learnt} (per project URL) given their tasks' average files, and a
     * note per app so changed.
     */
    static List<ServerSpec> apply(List<ServerSpec> servers, Map<String, Set<String>> learnt, ClientState state,
                                  List<String> notes) {
        List<ServerSpec> out = new ArrayList<>(servers.size());
        for (ServerSpec s : servers) {
            Set<String> apps = learnt.getOrDefault(s.projectUrl(), Set.of());
            Optional<Project> project = state.project(s.projectUrl());
            if (apps.isEmpty() || project.isEmpty()) {
                out.add(s);
                continue;
            }
            List<JobSpec> specs = new ArrayList<>();
            for (JobSpec j : s.apps()) {
                specs.add(apps.contains(j.appName()) ? learn(j, project.get(), state, notes) : j);
            }
            out.add(new ServerSpec(s.projectUrl(), specs, s.availableFrac(), s.availableLambda(), s.schedulerUrls(),
                    s.transfers(), s.outages(), s.deletionPolicy(), s.deleteFromSelf()));
        }
        return out;
    }

    private static JobSpec learn(JobSpec j, Project p, ClientState state, List<String> notes) {
        double in = 0;
        double out = 0;
        int tasks = 0;
        for (Result r : state.resultsOf(p)) {
            if (r.appVersion() == null || !r.appVersion().appName().equals(j.appName())) {
                continue;
            }
            double taskIn = bytes(state, p, r.inputFiles(), true);
            double taskOut = bytes(state, p, r.outputFiles(), false);
            if (taskIn < 0 && taskOut < 0) {
                continue;
            }
            in += Math.max(0, taskIn);
            out += Math.max(0, taskOut);
            tasks++;
        }
        if (tasks == 0 || in + out == 0) {
            return j;
        }
        double meanIn = in / tasks;
        double meanOut = out / tasks;
        notes.add(String.format(Locale.ROOT, "%s, %s: each job's files taken as %s in and %s out, the average of its "
                + "%s in the file", p.name(), j.appName(), Units.size(meanIn), Units.size(meanOut),
                Units.count(tasks, "task")));
        return new JobSpec(j.appName(), j.fpopsActual(), j.estimateMean(), j.estimateStdDev(), j.latencyBound(),
                j.weight(), meanIn, meanOut, j.errorRate(), j.stickyBytes(), j.priority(), j.expDays());
    }

    /** The bytes of {@code names} the state knows of ({@code -1} if none), without sticky ones for inputs. */
    private static double bytes(ClientState state, Project p, List<String> names, boolean input) {
        double sum = 0;
        boolean any = false;
        for (String name : names) {
            Optional<FileInfo> f = state.files().get(p.url(), name);
            if (f.isPresent()) {
                any = true;
                if (!(input && f.get().sticky())) {
                    sum += f.get().nbytes();
                }
            }
        }
        return any ? sum : -1;
    }
}

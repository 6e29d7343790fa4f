package org.cruncher.persist;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;

import org.cruncher.emulator.DebtHistory;
import org.cruncher.emulator.Scenario;
import org.cruncher.emulator.ServerSpec;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ProjectResourceState;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerContact;

/**
 * Every field of a scenario's model, one per line, written independently of {@link ClientStateWriter}: two models
 * are the same when their descriptions are equal, and a difference shows as a diff of lines.
 */
final class StateDescription {

    private final List<String> lines = new ArrayList<>();

    static String of(Scenario s, double time) {
        return of(s, s.initialState(), time, s.history());
    }

    static String of(Scenario s, ClientState state, double time, DebtHistory history) {
        StateDescription d = new StateDescription();
        d.add("time", time);
        d.add("debt history", history);
        d.add("host", state.host());
        d.add("prefs", state.prefs());
        d.add("config", state.config());
        d.add("time stats", state.timeStats());
        d.add("availability", s.availability());
        d.add("core disk", state.coreDiskUsage());
        d.add("other disk", state.otherDiskUsage());
        for (ServerSpec server : s.servers()) {
            d.add("server", server);
        }
        for (Project p : state.projects()) {
            d.project(p, state);
            for (Result r : state.resultsOf(p)) {
                d.result(r, state);
            }
            List<FileInfo> files = new ArrayList<>(state.files().filesOf(p.url()));
            files.sort(Comparator.comparing(FileInfo::name));
            for (FileInfo f : files) {
                d.add("file", f.projectUrl(), f.name(), f.role(), f.appName(), f.nbytes(), f.priority(), f.arrival(),
                        f.expiry(), f.sticky(), f.lastUsed(), f.present());
            }
        }
        return String.join("\n", d.lines);
    }

    /** A project; its work this period so far counts what its active tasks have done since the period began. */
    private void project(Project p, ClientState state) {
        add("project", p.url(), p.name(), p.resourceShare(), p.suspendedByUser(), p.noNewTasks(),
                p.detachWhenDone(), p.deletionPolicy(), p.debt(), p.anticipatedDebt(),
                p.workDoneThisPeriod() + state.activeWorkThisPeriod(p, null),
                p.totalWork() + state.activeWorkThisPeriod(p, null),
                p.maxConcurrent(), p.durationCorrectionFactor());
        add("apps", p.apps().values());
        add("app versions", p.appVersions());
        SchedulerContact c = p.contact();
        add("contact", c.schedulerUrls(), c.minRpcTime(), c.deferral(Double.NEGATIVE_INFINITY), c.rpcFailures(),
                c.masterFetchPending(), c.masterFetchFailures(), c.lastRpcTime(), c.unreachableSince(),
                c.typicalOutage(), c.expAvgCpu(), c.expAvgTime());
        for (ResourceType t : ResourceType.values()) {
            ProjectResourceState st = p.resourceState(t);
            add("resource", t, st.backoffUntil(), st.backoffInterval(), st.backedOffForDisk(), st.longTermDebt(),
                    st.accumulatesDebt(), st.lastLatency(), st.lastRuntime(),
                    p.workDoneThisPeriod(t) + state.activeWorkThisPeriod(p, t));
        }
    }

    private void result(Result r, ClientState state) {
        add("result", r.name(), r.workunit(), r.appVersion(), r.receivedTime(), r.reportDeadline(), r.state(),
                r.readyToReport(), r.suspendedByUser(), r.completedTime(), r.exitStatus(), r.finalWork(),
                r.finalCpuTime(), r.finalElapsedTime(), r.outputBytes(), r.inputFiles(), r.outputFiles());
        ActiveTask t = state.activeTask(r).orElse(null);
        if (t != null) {
            add("active task", r.name(), t.schedulerState(), t.elapsedTime(), t.cpuTime(), t.fractionDone(),
                    t.work(), t.exited(), t.exitStatus());
        }
    }

    private void add(Object... values) {
        StringBuilder b = new StringBuilder();
        for (Object v : values) {
            b.append(v instanceof Double ? String.format(Locale.ROOT, "%.17g", (Double) v) : String.valueOf(v))
                    .append(" | ");
        }
        lines.add(b.toString());
    }
}

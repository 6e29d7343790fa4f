package org.cruncher.engine.policy.rpc;

import java.util.IdentityHashMap;
import java.util.Map;

import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;

/**
 * When each project's earliest finished result falls due for a report ({@link ReportPolicy#dueTime}), kept until
 * the project's jobs change ({@link Project#jobsStamp}), its "no new tasks" is switched, or the client's
 * configuration is replaced: the engine asks at every poll, and the answer rarely changes.
 */
public final class ReportDues {

    private record Due(long stamp, boolean noNewTasks, ClientConfig config, double earliest) {
    }

    private final Map<Project, Due> dues = new IdentityHashMap<>();

    /** The earliest due time among {@code p}'s results ready to report; infinite if it has none. */
    public double earliest(ClientState state, Project p) {
        Due d = dues.get(p);
        if (d == null || d.stamp() != p.jobsStamp() || d.noNewTasks() != p.noNewTasks()
                || d.config() != state.config()) {
            d = new Due(p.jobsStamp(), p.noNewTasks(), state.config(), compute(state, p));
            dues.put(p, d);
        }
        return d.earliest();
    }

    private static double compute(ClientState state, Project p) {
        double due = Double.POSITIVE_INFINITY;
        for (Result r : state.resultsOfView(p)) {
            if (r.readyToReport()) {
                due = Math.min(due, ReportPolicy.dueTime(r, state.config()));
            }
        }
        return due;
    }
}

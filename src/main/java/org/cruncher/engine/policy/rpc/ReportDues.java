package org.cruncher.engine.policy.rpc;

import java.util.Arrays;

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

    private record Due(Project project, long stamp, boolean noNewTasks, ClientConfig config, double earliest) {
    }

    /** Per project ({@link Project#slot}): what was worked out for it last, or null. */
    private Due[] dues = new Due[0];

    /** The earliest due time among {@code p}'s results ready to report; infinite if it has none. */
    public double earliest(ClientState state, Project p) {
        int slot = p.slot();
        if (slot < 0) {
            return compute(state, p);
        }
        if (slot >= dues.length) {
            dues = Arrays.copyOf(dues, Math.max(slot + 1, state.projects().size()));
        }
        Due d = dues[slot];
        if (d == null || d.project() != p || d.stamp() != p.jobsStamp() || d.noNewTasks() != p.noNewTasks()
                || d.config() != state.config()) {
            d = new Due(p, p.jobsStamp(), p.noNewTasks(), state.config(), compute(state, p));
            dues[slot] = d;
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

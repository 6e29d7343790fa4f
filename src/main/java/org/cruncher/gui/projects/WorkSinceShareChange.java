package org.cruncher.gui.projects;

import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.api.ProjectView;

/**
 * The work the "Share of the work done" chart sets beside the shares: since the shares last changed, or since the
 * start while they never have. Beside a new share, the work done under the old one says nothing about the new one
 * (A at 61 % of all work against a new 50 % target, while its debt said it was on target since the change).
 */
final class WorkSinceShareChange {

    private final Map<String, Double> shares = new HashMap<>();
    /** Each project's total work when the shares last changed (empty while they never have). */
    private final Map<String, Double> baseline = new HashMap<>();
    private double changedAt = Double.NaN;

    /** Takes the projects' shares and work at {@code now}; true if a share changed since the last call. */
    boolean observe(List<ProjectView> projects, double now) {
        boolean changed = false;
        for (ProjectView p : projects) {
            Double before = shares.put(p.url(), p.resourceShare());
            changed |= before != null && before != p.resourceShare();
        }
        if (changed) {
            baseline.clear();
            for (ProjectView p : projects) {
                baseline.put(p.url(), p.totalWork());
            }
            changedAt = now;
        }
        return changed;
    }

    /** Each project's part of the work done since the shares last changed (or since the start), 0 to 1. */
    Map<String, Double> fractions(List<ProjectView> projects) {
        double total = 0;
        for (ProjectView p : projects) {
            total += since(p);
        }
        Map<String, Double> m = new HashMap<>();
        for (ProjectView p : projects) {
            m.put(p.url(), total > 0 ? since(p) / total : 0);
        }
        return m;
    }

    private double since(ProjectView p) {
        return Math.max(0, p.totalWork() - baseline.getOrDefault(p.url(), 0.0));
    }

    /** When the shares last changed, NaN while they never have. */
    double changedAt() {
        return changedAt;
    }

    void clear() {
        shares.clear();
        baseline.clear();
        changedAt = Double.NaN;
    }
}

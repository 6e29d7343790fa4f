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

    private WorkSinceShareChange() {
    }

    /**
     * Each project's part, 0 to 1, of the work done since {@code baseline} was taken.
     *
     * @param baseline each project's work when the shares last changed (empty: count from the start)
     */
    static Map<String, Double> fractions(List<ProjectView> projects, Map<String, Double> baseline) {
        double total = 0;
        for (ProjectView p : projects) {
            total += since(p, baseline);
        }
        Map<String, Double> m = new HashMap<>();
        for (ProjectView p : projects) {
            m.put(p.url(), total > 0 ? since(p, baseline) / total : 0);
        }
        return m;
    }

    private static double since(ProjectView p, Map<String, Double> baseline) {
        return Math.max(0, p.totalWork() - baseline.getOrDefault(p.url(), 0.0));
    }
}

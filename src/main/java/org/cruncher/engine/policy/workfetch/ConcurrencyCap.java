package org.cruncher.engine.policy.workfetch;

import java.util.LinkedHashMap;
import java.util.Map;

import org.cruncher.engine.model.App;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

/**
 * How many instances of a resource a project's max_concurrent limits let it use at once: BOINC's
 * {@code mc_max_could_use} (PR #5755 for BOINC/boinc#5749), which counts a job's real usage (a 2-CPU job under a
 * limit of 4 can use 8 CPUs, not 4).
 * <ol>
 *   <li>per app with versions on the resource: its max_concurrent x the largest usage of those versions, or
 *       unlimited without a limit; the apps' figures add up;</li>
 *   <li>per project: project_max_concurrent x the largest usage of its versions on the resource;</li>
 *   <li>the smaller of the two; unlimited (infinite) for a project without limits, so nothing changes for it.</li>
 * </ol>
 * A project limit is applied to each resource on its own (a project with CPU and GPU apps under one limit may be
 * credited with both), which errs on the side of fetching.
 */
public final class ConcurrencyCap {

    private ConcurrencyCap() {
    }

    /** Instances of {@code type} {@code p} can use at once under its limits; infinite without limits. */
    public static double instances(Project p, ResourceType type) {
        if (!p.hasConcurrencyLimits()) {
            return Double.POSITIVE_INFINITY;
        }
        Map<String, Double> usageByApp = new LinkedHashMap<>();
        for (AppVersion v : p.appVersions()) {
            if (v.primaryResource() == type) {
                usageByApp.merge(v.appName(), v.usage(type), Math::max);
            }
        }
        double apps = 0;
        double largest = 0;
        for (Map.Entry<String, Double> e : usageByApp.entrySet()) {
            int limit = p.app(e.getKey()).map(App::maxConcurrent).orElse(0);
            apps += limit > 0 ? limit * e.getValue() : Double.POSITIVE_INFINITY;
            largest = Math.max(largest, e.getValue());
        }
        double project = p.maxConcurrent() > 0 ? p.maxConcurrent() * largest : Double.POSITIVE_INFINITY;
        return Math.min(apps, project);
    }
}

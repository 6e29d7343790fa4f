package org.cruncher.engine.policy.cpusched;

import java.util.HashMap;
import java.util.Map;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.model.App;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * app_config.xml's max_concurrent, per app, and project_max_concurrent, per project (boinc-engine.md §3.12, the
 * first admission check of enforce_run_list): the tasks chosen so far of each app and project, and whether one more
 * may run. Without limits it admits everything, and counts nothing for a project without limits (most of them).
 */
final class ConcurrencyLimits {

    private final Map<Project, Integer> perProject = new HashMap<>();
    private final Map<Project, Map<String, Integer>> perApp = new HashMap<>();

    /** Counts one more task of {@code p}'s app {@code appName} as running. */
    void take(Project p, String appName) {
        if (!p.hasConcurrencyLimits()) {
            return;
        }
        perProject.merge(p, 1, Integer::sum);
        perApp.computeIfAbsent(p, x -> new HashMap<>()).merge(appName, 1, Integer::sum);
    }

    /** Counts one task of {@code p}'s app {@code appName} as no longer running. */
    void release(Project p, String appName) {
        if (!p.hasConcurrencyLimits()) {
            return;
        }
        perProject.merge(p, -1, Integer::sum);
        perApp.computeIfAbsent(p, x -> new HashMap<>()).merge(appName, -1, Integer::sum);
    }

    /** Whether one more task of {@code p}'s app {@code appName} may run. */
    boolean admits(Project p, String appName) {
        return blockedBy(p, appName) == null;
    }

    /** The limit that holds back one more task of the app, app before project; null if none does. */
    TaskReason blockedBy(Project p, String appName) {
        if (!p.hasConcurrencyLimits()) {
            return null;
        }
        int app = appLimit(p, appName);
        if (app > 0 && perApp.getOrDefault(p, Map.of()).getOrDefault(appName, 0) >= app) {
            return TaskReason.WAITING_APP_MAX_CONCURRENT;
        }
        if (p.maxConcurrent() > 0 && perProject.getOrDefault(p, 0) >= p.maxConcurrent()) {
            return TaskReason.WAITING_PROJECT_MAX_CONCURRENT;
        }
        return null;
    }

    /** The verdict for a task held back by a limit, or null if no limit holds it back. */
    TaskVerdict verdict(Result r, ResourceType type) {
        String appName = r.appVersion().appName();
        TaskReason reason = blockedBy(r.project(), appName);
        if (reason == null) {
            return null;
        }
        int limit = reason == TaskReason.WAITING_APP_MAX_CONCURRENT ? appLimit(r.project(), appName)
                : r.project().maxConcurrent();
        return TaskVerdict.limited(reason, type, limit);
    }

    private static int appLimit(Project p, String appName) {
        return p.app(appName).map(App::maxConcurrent).orElse(0);
    }
}

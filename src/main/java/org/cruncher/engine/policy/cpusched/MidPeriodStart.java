package org.cruncher.engine.policy.cpusched;

import java.util.LinkedHashMap;
import java.util.Map;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;

/**
 * Where a pass in the middle of a period starts from (seed 000's start_apps, steps 1 and 2): what the running tasks
 * hold of each resource and of each max_concurrent limit, and each project's expected future debt (its debt, less the
 * work done this period by its tasks that ended, less the expected pay-off of each of its running tasks).
 */
record MidPeriodStart(Map<Project, Double> priorities, CapacityLedger ledger, ConcurrencyLimits limits) {

    static MidPeriodStart of(ClientState state, ResourceSet resources) {
        Map<Project, Double> priority = new LinkedHashMap<>(2 * state.projects().size());
        for (Project p : state.projects()) {
            priority.put(p, p.debt() - p.workDoneThisPeriod());
        }
        MidPeriodStart start = new MidPeriodStart(priority, new CapacityLedger(resources),
                new ConcurrencyLimits());
        for (ActiveTask t : state.activeTasks()) {
            if (t.isScheduled() && !t.exited()) {
                start.hold(t);
            }
        }
        return start;
    }

    double priority(Project p) {
        return priorities.get(p);
    }

    /** Counts {@code t} as running: it holds its resources and a place under its limits, and charges its pay-off. */
    void hold(ActiveTask t) {
        priorities.merge(t.project(), -t.expectedPayOff(), Double::sum);
        ledger.take(t.appVersion());
        limits.take(t.project(), t.appVersion().appName());
    }

    /** Undoes {@link #hold}: {@code t} gives way. */
    void release(ActiveTask t) {
        priorities.merge(t.project(), t.expectedPayOff(), Double::sum);
        ledger.release(t.appVersion());
        limits.release(t.project(), t.appVersion().appName());
    }
}

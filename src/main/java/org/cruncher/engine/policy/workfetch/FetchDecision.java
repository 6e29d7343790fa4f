package org.cruncher.engine.policy.workfetch;

import java.util.ArrayList;
import java.util.List;

import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.rpc.WorkRequest;

/**
 * A work-fetch decision: which project to ask for what, or nobody; with the figures and reasons behind it.
 *
 * @param project    the project to ask, or null
 * @param served     the resource whose need chose the project (null when nobody is asked)
 * @param request    what to ask it for
 * @param resources  the buffer state of every resource
 * @param projects   every project's standing for every resource
 * @param recheckAt  the earliest time the answer could change without any other event (infinite if never)
 */
public record FetchDecision(Project project, ResourceType served, WorkRequest request,
                            List<ResourceFetchState> resources, List<ProjectFetchState> projects, double recheckAt) {

    public FetchDecision {
        resources = List.copyOf(resources);
        projects = List.copyOf(projects);
    }

    public boolean fetches() {
        return project != null;
    }

    /**
     * This decision asking for {@code kept}, a part of its request: the resources left out of it say so in the
     * project's standings ({@link FetchBlock#LEFT_OUT_DISK_NEARLY_FULL}), and a served resource left out gives way
     * to the first one kept (decision 0043).
     */
    public FetchDecision askingOnly(WorkRequest kept) {
        if (kept.equals(request)) {
            return this;
        }
        List<ProjectFetchState> standings = new ArrayList<>(projects.size());
        for (ProjectFetchState s : projects) {
            boolean leftOut = s.project() == project && request.get(s.type()).asksForWork()
                    && !kept.get(s.type()).asksForWork();
            standings.add(leftOut ? new ProjectFetchState(s.project(), s.type(), s.queuedSeconds(), s.lowWater(),
                    s.highWater(), s.shareInstances(), s.shortfall(), FetchBlock.LEFT_OUT_DISK_NEARLY_FULL,
                    s.blockedUntil(), s.deadlineInstances(), s.besideHeldWork()) : s);
        }
        ResourceType stillServed = kept.get(served).asksForWork() ? served
                : kept.perResource().keySet().iterator().next();
        return new FetchDecision(project, stillServed, kept, resources, standings, recheckAt);
    }
}

package org.cruncher.engine.policy.workfetch;

import java.util.List;

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
}

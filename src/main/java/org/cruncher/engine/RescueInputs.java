package org.cruncher.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.Result;

/**
 * What deadline rescue (src/docs/decisions/0011) last worked out its results from: the forecast's predicted misses
 * (the same set while the forecast is read along its course), the host's resources, and the jobs of each project
 * with a predicted miss ({@link Project#jobsStamp}). While these stand, the rescue comes out the same, so a poll need
 * not look through those projects' results again. Marking a result moves its project's stamp, so the poll after a
 * change looks once more and finds nothing new.
 */
final class RescueInputs {

    private final Set<Result> misses;
    private final ResourceSet resources;
    private final Project[] projects;
    private final long[] stamps;

    private RescueInputs(Set<Result> misses, ResourceSet resources, Project[] projects, long[] stamps) {
        this.misses = misses;
        this.resources = resources;
        this.projects = projects;
        this.stamps = stamps;
    }

    /** The inputs as they stand now: {@code misses} and the projects of its results, each with its stamp now. */
    static RescueInputs of(Set<Result> misses, ResourceSet resources) {
        List<Project> involved = new ArrayList<>();
        for (Result r : misses) {
            if (!involved.contains(r.project())) {
                involved.add(r.project());
            }
        }
        Project[] projects = involved.toArray(new Project[0]);
        long[] stamps = new long[projects.length];
        for (int i = 0; i < projects.length; i++) {
            stamps[i] = projects[i].jobsStamp();
        }
        return new RescueInputs(misses, resources, projects, stamps);
    }

    /** Whether the rescue would be worked out from the same inputs: the same misses, resources and jobs. */
    boolean stillHold(Set<Result> misses, ResourceSet resources) {
        if (misses != this.misses || resources != this.resources) {
            return false;
        }
        for (int i = 0; i < projects.length; i++) {
            if (projects[i].jobsStamp() != stamps[i]) {
                return false;
            }
        }
        return true;
    }
}

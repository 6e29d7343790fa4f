package org.cruncher.engine.policy.workfetch;

import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * The course a round-robin forecast (seed 003's rr_simulation) foresaw, so that it can be read again later instead of
 * being run anew while nothing but time has changed (src/docs/decisions/0020). The simulation records, up to
 * {@link #LIFETIME} past the buffer window, each resource's idle instances and, per project and resource, its part
 * and the part of its share it leaves unused. A forecast Δ seconds on is then:
 * <ol>
 *   <li>per resource: what the course holds at Δ: the idle instances at Δ, the idle instance-seconds in
 *       [Δ, Δ + window] (the shortfall), and the time from Δ until an instance idles (the saturated time);</li>
 *   <li>per project and resource: its part at Δ and its unused share in [Δ, Δ + window] from the course, and its
 *       queued work and jobs from the queue as it is, since the CPU scheduler runs whole jobs by debt, not the
 *       course's fractions, and a small host's queues soon differ from the course's;</li>
 *   <li>shares and predicted misses stay as they were; each queue's end moves Δ closer.</li>
 * </ol>
 */
public final class ForecastCourse {

    /**
     * How long a forecast is advanced along its course before it is run anew, seconds: ten of BOINC's
     * WORK_FETCH_PERIOD. Anything that changes the queue, the projects that may be asked or the host runs it anew
     * sooner.
     */
    public static final double LIFETIME = 600;
    private static final double[] NONE = {0, 0};

    private final double origin;
    private final double window;
    private final Map<ResourceType, RoundRobinSimulation.ResourceForecast> resources;
    private final Map<Project, Map<ResourceType, RoundRobinSimulation.ProjectForecast>> projects;
    private final Set<Result> misses;
    private final Map<ResourceType, StepFunction> idle;
    private final Map<Project, Map<ResourceType, ProjectCourse>> projectCourses;

    /** One project's course on one resource. */
    record ProjectCourse(StepFunction part, StepFunction unused) {
    }

    ForecastCourse(double origin, double window, Map<ResourceType, RoundRobinSimulation.ResourceForecast> resources,
                   Map<Project, Map<ResourceType, RoundRobinSimulation.ProjectForecast>> projects,
                   Set<Result> misses, Map<ResourceType, StepFunction> idle,
                   Map<Project, Map<ResourceType, ProjectCourse>> projectCourses) {
        this.origin = origin;
        this.window = window;
        this.resources = resources;
        this.projects = projects;
        this.misses = misses;
        this.idle = idle;
        this.projectCourses = projectCourses;
    }

    /** When the forecast was made. */
    public double origin() {
        return origin;
    }

    /** Whether the course still covers {@code time}: it is at most {@link #LIFETIME} after the forecast was made. */
    public boolean covers(double time) {
        return time >= origin && time - origin <= LIFETIME;
    }

    /**
     * The forecast at {@code time} along this course (time in [origin, origin + LIFETIME]), with each project's
     * queued work and jobs as they are ({@link RoundRobinSimulation#queuedNow}).
     */
    RoundRobinSimulation.Forecast at(double time, Map<Project, Map<ResourceType, double[]>> queued) {
        double d = Math.max(0, time - origin);
        Map<ResourceType, RoundRobinSimulation.ResourceForecast> res = new EnumMap<>(ResourceType.class);
        resources.forEach((type, f) -> {
            StepFunction i = idle.get(type);
            double saturated = i.firstPositiveFrom(d) - d;
            res.put(type, new RoundRobinSimulation.ResourceForecast(type, f.instances(), i.at(d),
                    i.integral(d, d + window), saturated, f.window()));
        });
        Map<Project, Map<ResourceType, RoundRobinSimulation.ProjectForecast>> proj = new LinkedHashMap<>();
        projects.forEach((project, perType) -> {
            Map<ResourceType, RoundRobinSimulation.ProjectForecast> m = new EnumMap<>(ResourceType.class);
            Map<ResourceType, ProjectCourse> courses = projectCourses.get(project);
            Map<ResourceType, double[]> queue = queued.getOrDefault(project, Map.of());
            perType.forEach((type, f) -> {
                ProjectCourse c = courses.get(type);
                double[] q = queue.getOrDefault(type, NONE);
                m.put(type, new RoundRobinSimulation.ProjectForecast(project, type, f.shareInstances(),
                        c.part().at(d), c.unused().integral(d, d + window), q[0], q[1],
                        Math.max(0, f.queueEnd() - d), f.misses()));
            });
            proj.put(project, Collections.unmodifiableMap(m));
        });
        return new RoundRobinSimulation.Forecast(origin + d, Collections.unmodifiableMap(res),
                Collections.unmodifiableMap(proj), misses, this);
    }
}

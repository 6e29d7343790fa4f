package org.cruncher.engine.model;

import java.util.ArrayList;
import java.util.Collection;
import java.util.Collections;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * Everything the engine knows: the host, the preferences, the projects and their results, and the active tasks.
 * Iteration orders are insertion orders, so that everything computed from the state is deterministic.
 */
public final class ClientState {

    private Host host;
    private Prefs prefs;
    private ClientConfig config;
    private final TimeStats timeStats;
    private ResourceSet resources;

    private final Map<String, Project> projects = new LinkedHashMap<>();
    /** The projects in order, as a list: walked at every poll, many times. */
    private final List<Project> projectList = new ArrayList<>();
    private final Collection<Project> projectView = Collections.unmodifiableList(projectList);
    private final Map<String, Result> results = new LinkedHashMap<>();
    private final Map<Project, Map<String, Result>> resultsByProject = new HashMap<>();
    /** Per project of this state ({@link Project#slot}): a read-only view of its results, asked for at every poll. */
    private final List<Collection<Result>> resultViews = new ArrayList<>();
    private final Map<Result, ActiveTask> activeTasks = new LinkedHashMap<>();
    private FileTable files = new FileTable();
    private double coreDiskUsage;
    private double otherDiskUsage = Double.NaN;

    public ClientState(Host host, Prefs prefs, ClientConfig config, TimeStats timeStats) {
        this.host = Objects.requireNonNull(host);
        this.prefs = Objects.requireNonNull(prefs);
        this.config = Objects.requireNonNull(config);
        this.timeStats = Objects.requireNonNull(timeStats);
        this.resources = ResourceSet.of(host, prefs, config);
    }

    public Host host() {
        return host;
    }

    public Prefs prefs() {
        return prefs;
    }

    public ClientConfig config() {
        return config;
    }

    public TimeStats timeStats() {
        return timeStats;
    }

    public ResourceSet resources() {
        return resources;
    }

    public void setPrefs(Prefs prefs) {
        this.prefs = Objects.requireNonNull(prefs);
        this.resources = ResourceSet.of(host, prefs, config);
    }

    public void setHost(Host host) {
        this.host = Objects.requireNonNull(host);
        this.resources = ResourceSet.of(host, prefs, config);
    }

    public void setConfig(ClientConfig config) {
        this.config = Objects.requireNonNull(config);
        this.resources = ResourceSet.of(host, prefs, config);
    }

    public Project addProject(Project project) {
        if (project.slot() >= 0) {
            throw new IllegalArgumentException("project " + project.url() + " already belongs to a state");
        }
        if (projects.putIfAbsent(project.url(), project) != null) {
            throw new IllegalArgumentException("project " + project.url() + " is listed twice");
        }
        project.setSlot(projectList.size());
        projectList.add(project);
        Map<String, Result> own = new LinkedHashMap<>();
        resultsByProject.put(project, own);
        resultViews.add(Collections.unmodifiableCollection(own.values()));
        return project;
    }

    public Collection<Project> projects() {
        return projectView;
    }

    /** Whether {@code p} is one of this state's projects (the one at its slot). */
    public boolean holds(Project p) {
        int slot = p.slot();
        return slot >= 0 && slot < projectList.size() && projectList.get(slot) == p;
    }

    public Optional<Project> project(String url) {
        return Optional.ofNullable(projects.get(url));
    }

    /** Sum of the resource shares of all projects. */
    public double totalResourceShare() {
        double sum = 0;
        for (Project p : projectList) {
            sum += p.resourceShare();
        }
        return sum;
    }

    public void addResult(Result result) {
        String key = key(result.project(), result.name());
        if (results.putIfAbsent(key, result) != null) {
            throw new IllegalArgumentException("result " + result.name() + " of " + result.project().url()
                    + " is listed twice");
        }
        resultsByProject.computeIfAbsent(result.project(), p -> new LinkedHashMap<>()).put(result.name(), result);
        result.project().jobsChanged();
    }

    public void removeResult(Result result) {
        results.remove(key(result.project(), result.name()));
        Map<String, Result> own = resultsByProject.get(result.project());
        if (own != null) {
            own.remove(result.name());
        }
        activeTasks.remove(result);
        result.setTask(null);
    }

    public Collection<Result> results() {
        return Collections.unmodifiableCollection(results.values());
    }

    public Optional<Result> result(Project project, String name) {
        return Optional.ofNullable(results.get(key(project, name)));
    }

    /** Results of {@code project}, in arrival order (a copy). */
    public List<Result> resultsOf(Project project) {
        Map<String, Result> own = resultsByProject.get(project);
        return own == null ? new ArrayList<>() : new ArrayList<>(own.values());
    }

    public ActiveTask activate(Result result) {
        ActiveTask task = activeTasks.computeIfAbsent(result, ActiveTask::new);
        result.setTask(task);
        return task;
    }

    public Optional<ActiveTask> activeTask(Result result) {
        return Optional.ofNullable(taskOf(result));
    }

    /** {@code result}'s task, or null if it has none: {@link #activeTask} without the Optional, for hot loops. */
    public ActiveTask taskOf(Result result) {
        return result.task();
    }

    /** Results of {@code project}, in arrival order, as a read-only view (for loops that change nothing). */
    public Collection<Result> resultsOfView(Project project) {
        if (holds(project)) {
            return resultViews.get(project.slot());
        }
        Map<String, Result> own = resultsByProject.get(project);
        return own == null ? List.of() : Collections.unmodifiableCollection(own.values());
    }

    public void deactivate(Result result) {
        activeTasks.remove(result);
        result.setTask(null);
    }

    public Collection<ActiveTask> activeTasks() {
        return Collections.unmodifiableCollection(activeTasks.values());
    }

    /**
     * Work (FLOPs) {@code p}'s active tasks have done since the current period began that is not yet counted in
     * {@link Project#workDoneThisPeriod} (the engine adds it when a task stops or the period ends): on
     * {@code resource}, or on every resource if it is null.
     */
    public double activeWorkThisPeriod(Project p, ResourceType resource) {
        double work = 0;
        for (ActiveTask t : activeTasks.values()) {
            if (t.project() == p && (resource == null || t.result().resource() == resource)) {
                work += t.workThisPeriod();
            }
        }
        return work;
    }

    /** The CPUs the running GPU tasks take between them (each its app version's avg_ncpus). */
    public double cpusOfRunningGpuTasks() {
        double held = 0;
        for (ActiveTask t : activeTasks.values()) {
            if (t.isScheduled() && t.appVersion().usesCoprocessor()) {
                held += t.appVersion().avgNcpus();
            }
        }
        return held;
    }

    /** The files kept for the projects (seed 004). */
    public FileTable files() {
        return files;
    }

    /** Bytes the client's own files take (seed 004's core usage; 0 in the emulator unless a scenario says). */
    public double coreDiskUsage() {
        return coreDiskUsage;
    }

    public void setCoreDiskUsage(double bytes) {
        if (!(bytes >= 0) || Double.isInfinite(bytes)) {
            throw new IllegalArgumentException("core disk usage must be a finite number >= 0, not " + bytes);
        }
        this.coreDiskUsage = bytes;
    }

    /**
     * Bytes other programs take on the disk, taken as constant: the disk's size less its free space less the
     * client's usage when the state was loaded (NaN until known).
     */
    public double otherDiskUsage() {
        return otherDiskUsage;
    }

    public void setOtherDiskUsage(double bytes) {
        this.otherDiskUsage = bytes;
    }

    /** Free space on the disk now: its size less what other programs and the client take (the host's d_free). */
    public double diskFreeNow() {
        double other = Double.isNaN(otherDiskUsage) ? host.diskTotal() - host.diskFree() - clientDiskUsage()
                : otherDiskUsage;
        return Math.max(0, host.diskTotal() - Math.max(0, other) - clientDiskUsage());
    }

    /** Bytes the client takes: its own files and the projects'. */
    public double clientDiskUsage() {
        return coreDiskUsage + files.totalUsage();
    }

    /** A deep copy: the copy and this share no mutable object. */
    public ClientState copy() {
        ClientState c = new ClientState(host, prefs, config, timeStats);
        c.files = files.copy();
        c.coreDiskUsage = coreDiskUsage;
        c.otherDiskUsage = otherDiskUsage;
        Map<Project, Project> projectCopies = new LinkedHashMap<>();
        for (Project p : projects.values()) {
            Project pc = p.copy();
            projectCopies.put(p, pc);
            c.addProject(pc);
        }
        Map<Result, Result> resultCopies = new LinkedHashMap<>();
        for (Result r : results.values()) {
            Result rc = r.copyFor(projectCopies.get(r.project()));
            resultCopies.put(r, rc);
            c.addResult(rc);
        }
        for (ActiveTask t : activeTasks.values()) {
            Result rc = resultCopies.get(t.result());
            ActiveTask tc = t.copyFor(rc);
            c.activeTasks.put(rc, tc);
            rc.setTask(tc);
        }
        return c;
    }

    private static String key(Project project, String resultName) {
        return project.url() + '\n' + resultName;
    }
}

package org.cruncher.engine.model;

import java.util.ArrayList;
import java.util.Collections;
import java.util.EnumMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Objects;
import java.util.Optional;

/**
 * A project the client is attached to: its share, its apps, and the scheduling state the engine keeps for it.
 */
public final class Project {

    /** BOINC's bounds on the duration correction factor (cpu_sched.cpp). */
    public static final double MIN_DCF = 0.01;
    public static final double MAX_DCF = 100;

    private final String url;
    /** Its position in the state that holds it, in the state's order; -1 until added to one. */
    private int slot = -1;
    private String name;
    private double resourceShare;
    private long jobsStamp;
    private boolean suspendedByUser;
    private boolean noNewTasks;
    private boolean detachWhenDone;
    private boolean ended;
    private DeletionPolicy deletionPolicy = DeletionPolicy.LRU;
    private int maxConcurrent;
    /** BOINC's duration correction factor: what its tasks took over what their estimates said (1: none). */
    private double durationCorrectionFactor = 1;

    private final Map<String, App> apps = new LinkedHashMap<>();
    /** Whether one of its apps has a max_concurrent, kept as apps are added (asked at every scheduling step). */
    private boolean appLimits;
    private final List<AppVersion> appVersions = new ArrayList<>();
    /** The resources its app versions run on, one bit per {@link ResourceType#ordinal}, kept as versions change. */
    private int versionResources;
    /** The resource set {@link #admittedMask} was worked out for (null: not yet, or the versions changed since). */
    private ResourceSet admittedBy;
    private int admittedMask;

    private double debt;
    private double anticipatedDebt;
    private double workDoneThisPeriod;
    private final Map<ResourceType, Double> workThisPeriodByResource = new EnumMap<>(ResourceType.class);
    private double totalWork;

    private SchedulerContact contact = new SchedulerContact();
    private ServerDiskShortfall diskShortfall;
    /** Per resource type, by ordinal: its work-fetch state, created on first use. */
    private final ProjectResourceState[] perResource = new ProjectResourceState[ResourceType.values().length];

    public Project(String url, String name, double resourceShare) {
        if (url == null || url.isBlank()) {
            throw new IllegalArgumentException("a project needs a master URL");
        }
        this.url = url;
        this.name = name == null || name.isBlank() ? url : name;
        setResourceShare(resourceShare);
    }

    /** The master URL: the project's identity, and the stable tie-breaker between projects. */
    public String url() {
        return url;
    }

    /**
     * Its position among the projects of the state that holds it (0, 1, ... in the state's order), or -1 before it
     * is added: policies index per-project arrays by it instead of looking projects up in maps.
     */
    public int slot() {
        return slot;
    }

    /** The length of an array indexed by the slots of {@code projects}: one past the largest (0 if none has one). */
    public static int slotsOf(Iterable<Project> projects) {
        int n = 0;
        for (Project p : projects) {
            n = Math.max(n, p.slot() + 1);
        }
        return n;
    }

    void setSlot(int slot) {
        this.slot = slot;
    }

    public String name() {
        return name;
    }

    public void setName(String name) {
        this.name = Objects.requireNonNull(name);
    }

    public double resourceShare() {
        return resourceShare;
    }

    /**
     * BOINC's duration correction factor for the project's tasks, by which every estimate of their run time is
     * multiplied (1 where the project's server says not to use one, {@code <dont_use_dcf/>}).
     */
    public double durationCorrectionFactor() {
        return durationCorrectionFactor;
    }

    /** Sets the duration correction factor, within BOINC's bounds of 0.01 to 100. */
    public void setDurationCorrectionFactor(double factor) {
        if (!(factor >= MIN_DCF && factor <= MAX_DCF)) {
            throw new IllegalArgumentException("a duration correction factor is from 0.01 to 100, not " + factor);
        }
        this.durationCorrectionFactor = factor;
        jobsChanged();
    }

    public void setResourceShare(double share) {
        if (!(share >= 0) || Double.isInfinite(share)) {
            throw new IllegalArgumentException("resource share must be a finite number >= 0, not " + share);
        }
        this.resourceShare = share;
    }

    public boolean suspendedByUser() {
        return suspendedByUser;
    }

    public void setSuspendedByUser(boolean suspended) {
        this.suspendedByUser = suspended;
        jobsChanged();
    }

    /**
     * A count that moves whenever one of this project's jobs changes in a way a scheduling pass sees: a job arrives
     * or leaves, its state, suspension or deadline mode changes, its task starts, stops or exits, the project is
     * suspended or its app versions change. A pass may skip a project whose count has not moved since it last looked
     * (a task's progress does not move it).
     */
    public long jobsStamp() {
        return jobsStamp;
    }

    void jobsChanged() {
        jobsStamp++;
    }

    /** Whether the project is asked for no new tasks: the user set so, or it is to be removed when done. */
    public boolean noNewTasks() {
        return noNewTasks || detachWhenDone;
    }

    public void setNoNewTasks(boolean noNewTasks) {
        this.noNewTasks = noNewTasks;
    }

    /**
     * Whether the project is to be removed once its tasks are done (BOINC's {@code <detach_when_done/>}, set by an
     * account manager or the user): it gets no new tasks whatever "no new tasks" says; Cruncher does not remove it.
     */
    public boolean detachWhenDone() {
        return detachWhenDone;
    }

    public void setDetachWhenDone(boolean detachWhenDone) {
        this.detachWhenDone = detachWhenDone;
    }

    /** The project has ended (BOINC's {@code <ended/>}): its server sends no more work, though it takes reports. */
    public boolean ended() {
        return ended;
    }

    public void setEnded(boolean ended) {
        this.ended = ended;
    }

    /** How the client picks this project's files to delete when space runs short (seed 004). */
    public DeletionPolicy deletionPolicy() {
        return deletionPolicy;
    }

    public void setDeletionPolicy(DeletionPolicy policy) {
        this.deletionPolicy = Objects.requireNonNull(policy);
    }

    /** app_config.xml's {@code <project_max_concurrent>}: at most this many of its tasks run at once (0: no limit). */
    public int maxConcurrent() {
        return maxConcurrent;
    }

    public void setMaxConcurrent(int limit) {
        if (limit < 0) {
            throw new IllegalArgumentException("project_max_concurrent must not be negative: " + limit);
        }
        this.maxConcurrent = limit;
    }

    /** True if the project or one of its apps limits how many tasks run at once. */
    public boolean hasConcurrencyLimits() {
        return maxConcurrent > 0 || appLimits;
    }

    /** Adds {@code app}, or replaces the app of the same name. */
    public void addApp(App app) {
        apps.put(app.name(), app);
        appLimits = apps.values().stream().anyMatch(App::hasConcurrencyLimit);
    }

    public Optional<App> app(String appName) {
        return Optional.ofNullable(apps.get(appName));
    }

    public Map<String, App> apps() {
        return Collections.unmodifiableMap(apps);
    }

    public void addAppVersion(AppVersion version) {
        appVersions.add(version);
        versionsChanged();
    }

    /** Puts {@code updated} in the place of {@code old} (app_config.xml's overrides). */
    public void replaceAppVersion(AppVersion old, AppVersion updated) {
        int i = appVersions.indexOf(old);
        if (i < 0) {
            throw new IllegalArgumentException("not a version of " + name + ": " + old);
        }
        appVersions.set(i, Objects.requireNonNull(updated));
        versionsChanged();
        jobsChanged();
    }

    /** Removes {@code version} (cc_config.xml's exclude_gpu). */
    public void removeAppVersion(AppVersion version) {
        appVersions.remove(version);
        versionsChanged();
        jobsChanged();
    }

    public List<AppVersion> appVersions() {
        return Collections.unmodifiableList(appVersions);
    }

    /** The version for {@code appName} and {@code versionNum} (and plan class if given), else the first for the app. */
    public Optional<AppVersion> appVersion(String appName, int versionNum, String planClass) {
        Optional<AppVersion> exact = appVersions.stream()
                .filter(v -> v.appName().equals(appName) && v.versionNum() == versionNum
                        && (planClass == null || planClass.isEmpty() || planClass.equals(v.planClass())))
                .findFirst();
        return exact.isPresent() ? exact
                : appVersions.stream().filter(v -> v.appName().equals(appName)).findFirst();
    }

    /** True if some app version of this project runs on {@code type}. */
    public boolean hasAppVersionFor(ResourceType type) {
        return (versionResources & 1 << type.ordinal()) != 0;
    }

    private void versionsChanged() {
        int mask = 0;
        for (AppVersion v : appVersions) {
            mask |= 1 << v.primaryResource().ordinal();
        }
        versionResources = mask;
        admittedBy = null;
    }

    /**
     * The resources (bit {@code type.ordinal()}) for which {@code resources} admits one of this project's versions,
     * worked out once per resource set (they are immutable: a change of preferences makes a new one) and again when
     * the versions change. The work-fetch decision asks this of every project and resource several times a poll.
     */
    int admittedResources(ResourceSet resources) {
        if (admittedBy != resources) {
            int mask = 0;
            for (AppVersion v : appVersions) {
                if (resources.admits(v)) {
                    mask |= 1 << v.primaryResource().ordinal();
                }
            }
            admittedMask = mask;
            admittedBy = resources;
        }
        return admittedMask;
    }

    /** The seed's debt: work (FLOPs) the client owes this project. */
    public double debt() {
        return debt;
    }

    public void setDebt(double debt) {
        this.debt = debt;
    }

    /** What its server last said of the disk space, until a reply brings a job; null when it said nothing. */
    public ServerDiskShortfall diskShortfall() {
        return diskShortfall;
    }

    public void setDiskShortfall(ServerDiskShortfall shortfall) {
        this.diskShortfall = shortfall;
    }

    /** The debt expected at the end of the period given the tasks chosen to run (seed 001's anticipated debt). */
    public double anticipatedDebt() {
        return anticipatedDebt;
    }

    public void setAnticipatedDebt(double anticipatedDebt) {
        this.anticipatedDebt = anticipatedDebt;
    }

    /** Work (FLOPs) done for this project this period by tasks that finished or were preempted. */
    public double workDoneThisPeriod() {
        return workDoneThisPeriod;
    }

    /** Adds work done for this project on {@code resource} (a GPU job's small CPU part counts with its GPU). */
    public void addWorkDoneThisPeriod(ResourceType resource, double work) {
        this.workDoneThisPeriod += work;
        this.totalWork += work;
        workThisPeriodByResource.merge(resource, work, Double::sum);
    }

    /** Work (FLOPs) done this period on {@code resource} by tasks that finished or were preempted. */
    public double workDoneThisPeriod(ResourceType resource) {
        return workThisPeriodByResource.getOrDefault(resource, 0.0);
    }

    /** Work (FLOPs) done for this project since the engine started, as far as it has been accounted. */
    public double totalWork() {
        return totalWork;
    }

    /** Restores the work accounted so far, as saved with the state: this period's per resource, and the total. */
    public void restoreWork(Map<ResourceType, Double> thisPeriod, double total) {
        resetWorkDoneThisPeriod();
        thisPeriod.forEach((resource, work) -> {
            workThisPeriodByResource.put(resource, work);
            workDoneThisPeriod += work;
        });
        this.totalWork = total;
    }

    public void resetWorkDoneThisPeriod() {
        this.workDoneThisPeriod = 0;
        workThisPeriodByResource.clear();
    }

    /** How the client contacts the project's schedulers (seed 002). */
    public SchedulerContact contact() {
        return contact;
    }

    /** The earliest time the client may contact the project's scheduler (seed 002's min_rpc_time). */
    public double minRpcTime() {
        return contact.minRpcTime();
    }

    public int rpcFailures() {
        return contact.rpcFailures();
    }

    /** How long the project's scheduler typically stays unreachable once it fails (see {@link SchedulerContact}). */
    public double typicalOutage() {
        return contact.typicalOutage();
    }

    /** Per-resource work-fetch state (backoff) of this project for {@code type}, created on first use. */
    public ProjectResourceState resourceState(ResourceType type) {
        ProjectResourceState st = perResource[type.ordinal()];
        if (st == null) {
            st = new ProjectResourceState();
            perResource[type.ordinal()] = st;
        }
        return st;
    }

    /** A deep copy of the project's own state (apps, versions, debts, backoffs); results are copied separately. */
    public Project copy() {
        Project c = new Project(url, name, resourceShare);
        c.suspendedByUser = suspendedByUser;
        c.noNewTasks = noNewTasks;
        c.detachWhenDone = detachWhenDone;
        c.ended = ended;
        c.deletionPolicy = deletionPolicy;
        c.maxConcurrent = maxConcurrent;
        c.durationCorrectionFactor = durationCorrectionFactor;
        c.apps.putAll(apps);
        c.appLimits = appLimits;
        c.appVersions.addAll(appVersions);
        c.versionResources = versionResources;
        c.debt = debt;
        c.anticipatedDebt = anticipatedDebt;
        c.workDoneThisPeriod = workDoneThisPeriod;
        c.workThisPeriodByResource.putAll(workThisPeriodByResource);
        c.totalWork = totalWork;
        c.contact = contact.copy();
        c.diskShortfall = diskShortfall;
        for (int i = 0; i < perResource.length; i++) {
            c.perResource[i] = perResource[i] == null ? null : perResource[i].copy();
        }
        return c;
    }

    @Override
    public String toString() {
        return name;
    }
}

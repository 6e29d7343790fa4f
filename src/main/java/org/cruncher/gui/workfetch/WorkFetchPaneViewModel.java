package org.cruncher.gui.workfetch;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashMap;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;
import javafx.collections.FXCollections;
import javafx.collections.ObservableList;

import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.api.FetchView;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.Words;

/**
 * The Work fetch pane (seed 003): per processing resource its instances, idle instances, shortfall, saturated time
 * and buffer window, and whether it wants work; per project and resource its long-term debt, D flag, backoff and
 * why it is or is not asked. Runs on the FX thread.
 */
public final class WorkFetchPaneViewModel {

    private final ObservableList<ResourceFetchRow> resources = FXCollections.observableArrayList();
    private final Map<ResourceType, ResourceFetchRow> resourceByType = new EnumMap<>(ResourceType.class);
    private final ObservableList<ProjectFetchRow> projects = FXCollections.observableArrayList();
    private final Map<String, ProjectFetchRow> projectByKey = new HashMap<>();
    private final ReadOnlyStringWrapper summary = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper emptyProjects = new ReadOnlyStringWrapper("No projects.");
    private final ObservableList<RpcRow> rpcs = FXCollections.observableArrayList();
    private List<RpcView> lastRpcs = List.of();

    public ObservableList<ResourceFetchRow> resources() {
        return resources;
    }

    public ObservableList<ProjectFetchRow> projects() {
        return projects;
    }

    /** The latest scheduler RPCs, newest first. */
    public ObservableList<RpcRow> rpcs() {
        return rpcs;
    }

    /** One line on what is being asked for now. */
    public ReadOnlyStringProperty summaryProperty() {
        return summary.getReadOnlyProperty();
    }

    /** What the project table says when it has no row: why no project has a standing for work here. */
    public ReadOnlyStringProperty emptyProjectsProperty() {
        return emptyProjects.getReadOnlyProperty();
    }

    public void update(EngineSnapshot s) {
        Map<ResourceType, String> asked = new EnumMap<>(ResourceType.class);
        for (ProjectView p : s.projects()) {
            for (FetchView f : p.fetch()) {
                if (f.block() == FetchBlock.FETCHING) {
                    asked.put(f.resource(), p.name());
                }
            }
        }
        updateResources(s, asked);
        updateProjects(s);
        updateRpcs(s.recentRpcs());
        summary.set(summary(s, asked) + asOf(s));
        emptyProjects.set(emptyProjects(s));
    }

    /**
     * What the empty project table says: "No projects." when the client is attached to none; where every project
     * lacks an application for this computer (a project has a row per resource it has one for), it names them;
     * otherwise no work-fetch decision has been made yet (the emulated client has not run since it was opened).
     */
    static String emptyProjects(EngineSnapshot s) {
        if (s.projects().isEmpty()) {
            return "No projects.";
        }
        if (s.projects().stream().anyMatch(p -> !p.status().lacksApplication())) {
            return noDecisionYet(s);
        }
        List<String> names = s.projects().stream().map(ProjectView::name).toList();
        boolean noneYet = s.projects().stream().allMatch(p -> p.status() == ProjectStatus.NO_APPLICATION_YET);
        return "No project can be asked for work: " + String.join(", ", names) + (names.size() == 1 ? " has" : " have")
                + (noneYet ? " sent no application yet. BOINC would ask for work and get one with the first tasks; "
                + "this emulation has no server to send them."
                : " no application for this computer's processors.");
    }

    private void updateResources(EngineSnapshot s, Map<ResourceType, String> asked) {
        Set<ResourceType> seen = new HashSet<>();
        for (ResourceView r : s.resources()) {
            seen.add(r.type());
            ResourceFetchRow row = resourceByType.get(r.type());
            if (row == null) {
                row = new ResourceFetchRow(r.type());
                resourceByType.put(r.type(), row);
                resources.add(row);
            }
            String state = notRunYet(s) ? "Not decided yet" : state(r);
            String who = asked.get(r.type());
            if (who != null) {
                state += (s.online() ? "; asking " : "; offline now, then asking ") + who;
            } else if (r.wantsWork()) {
                state += !hasApp(s, r.type()) ? "; " + noApp(s)
                        : allWaitForDisk(fetchViews(s), r.type()) ? "; " + WAIT_FOR_DISK
                        : "; no project may be asked now (see below)";
            }
            row.set(Words.resource(r.type()), Integer.toString(r.instances()) + (r.emulated() ? " (emulated)" : ""),
                    Double.isNaN(r.idleNow()) ? "" : Format.number(round(r.idleNow())),
                    shortfall(r), saturated(r), Format.duration(r.lowWater()) + " to " + Format.duration(r.window()),
                    state, r.wantsWork());
        }
        if (seen.size() != resourceByType.size()) {
            resources.removeIf(r -> !seen.contains(r.type()));
            resourceByType.keySet().retainAll(seen);
        }
    }

    /**
     * The Shortfall cell: the idle instance-time the forecast expects in the buffer window, shown per instance so that
     * it reads beside Busy for and the buffer, which are times on the clock: "6 h 34 min × 16" (105 h of idle CPU
     * time on 16 CPUs; it read "4 d 09 h" beside "Busy for 4 h 28 min"); one instance, just "9 h 13 min".
     */
    static String shortfall(ResourceView r) {
        if (Double.isNaN(r.shortfall())) {
            return "";
        }
        if (r.shortfall() <= 0) {
            return "none";
        }
        return timesInstances(r.shortfall(), r.instances());
    }

    /**
     * Instance-time as a time per instance times the instances, so that it reads beside the buffer, a time on the
     * clock: "6 h 34 min × 16", "9 h 26 min × 0.77" (a share of 0.77 CPUs idle for 9 h 26 min: 7 h 16 min of CPU
     * time); "9 h 13 min" for one instance, or none.
     */
    static String timesInstances(double instanceSeconds, double instances) {
        double n = round(instances);
        return n == 1 || n <= 0 ? Format.duration(instanceSeconds)
                : Format.duration(instanceSeconds / n) + " \u00d7 " + Format.number(n);
    }

    /** A project's shortfall cell where its queue holds its part of the high water, though instances would idle. */
    static final String QUEUE_HOLDS_ITS_PART = "none: its queue is full";

    /**
     * A project's Shortfall cell: what a request to it would fill, per instance of its share times those
     * instances, as the resource's row has it ("10 h 57 min × 10", not "4 d 13 h" beside "9 h 55 min × 20").
     */
    static String projectShortfall(FetchView f) {
        double fill = requestable(f);
        if (fill > 0) {
            return timesInstances(fill, f.shareInstances());
        }
        // The forecast leaves instances idle, but the queue already holds the project's part of the high water (long
        // jobs that end unevenly): "none" beside the resource's shortfall read as a contradiction (corpus QA).
        return f.shortfall() > 0 ? QUEUE_HOLDS_ITS_PART : "none";
    }

    /** A resource row's state, before who is asked: whether and why it wants work. */
    static String state(ResourceView r) {
        boolean idle = r.idleNow() > 1e-9;
        boolean low = !idle && r.saturated() < r.lowWater();
        return r.heldByGpuTasks() && !r.wantsWork() ? HELD_BY_GPU_TASKS
                : !r.wantsWork() ? enough(r)
                : idle ? "Wants work: " + Format.number(round(r.idleNow())) + " idle"
                : low ? "Wants work: busy for only " + Format.duration(r.saturated()) + " (less than "
                + Format.duration(r.lowWater()) + ")"
                : "Wants work: a project holds less than its share";
    }

    /** The CPU row's state while GPU tasks hold every CPU (decision 0024). */
    static final String HELD_BY_GPU_TASKS = "No CPU work wanted: GPU tasks hold every CPU for the whole window";

    /**
     * A resource that wants no work, and when its queue will fall below "Store at least" as it drains: "Enough work
     * queued; below "Store at least" in about 3 h 36 min" (busy for 6 h, less 2 h 24 min); "at least" when the
     * forecast has it busy for the whole window, which is as far as it looks.
     */
    static String enough(ResourceView r) {
        double busy = r.saturated();
        if (Double.isNaN(busy) || busy <= r.lowWater()) {
            return "Enough work queued";
        }
        return "Enough work queued; below \"Store at least\" in " + (busy >= r.window() ? "at least " : "about ")
                + Format.duration(busy - r.lowWater());
    }

    /** Said of a resource whose every project that could be asked waits for room on disk. */
    static final String WAIT_FOR_DISK = "no project may be asked now: each that could be asked waits for room on "
            + "disk (see Disk)";

    /**
     * Whether every project with an app for {@code type} is kept from being asked for it by the disk: no room can be
     * made, it leaves room to another, or it waits for room (QA on a 1 GB disk: 3 CPUs idle, and the pane said only
     * "no project may be asked now"). Projects the user keeps from work (suspended, no new tasks) are left out, as
     * their words say why; false if no other project is left.
     */
    static boolean allWaitForDisk(List<FetchView> fetch, ResourceType type) {
        boolean any = false;
        for (FetchView f : fetch) {
            if (f.resource() != type || f.block() == FetchBlock.SUSPENDED_BY_USER
                    || f.block() == FetchBlock.NO_NEW_TASKS || f.block() == FetchBlock.DETACH_WHEN_DONE) {
                continue;
            }
            boolean disk = f.block() == FetchBlock.NO_DISK_ROOM || f.block() == FetchBlock.YIELDS_DISK_ROOM
                    || f.block() == FetchBlock.LEFT_OUT_DISK_NEARLY_FULL
                    || f.block() == FetchBlock.RESOURCE_BACKOFF && f.backoffForDisk();
            if (!disk) {
                return false;
            }
            any = true;
        }
        return any;
    }

    /** Every project's work-fetch standing, per resource. */
    private static List<FetchView> fetchViews(EngineSnapshot s) {
        List<FetchView> all = new ArrayList<>();
        for (ProjectView p : s.projects()) {
            all.addAll(p.fetch());
        }
        return all;
    }

    /** Whether some project has an app for {@code type} (it then has a standing for it). */
    private static boolean hasApp(EngineSnapshot s, ResourceType type) {
        for (ProjectView p : s.projects()) {
            for (FetchView f : p.fetch()) {
                if (f.resource() == type) {
                    return true;
                }
            }
        }
        return false;
    }

    private void updateProjects(EngineSnapshot s) {
        Set<String> seen = new HashSet<>();
        int index = 0;
        // Where no project has a row, the table's placeholder names those without an application instead.
        boolean anyRows = s.projects().stream().anyMatch(p -> !p.fetch().isEmpty());
        for (ProjectView p : s.projects()) {
            for (FetchView f : p.fetch()) {
                String key = key(p.url(), f.resource());
                seen.add(key);
                ProjectFetchRow row = projectByKey.get(key);
                if (row == null) {
                    row = new ProjectFetchRow(p.url(), f.resource());
                    projectByKey.put(key, row);
                    projects.add(Math.min(index, projects.size()), row);
                }
                index++;
                String res = Words.resource(f.resource());
                row.set(p.name(), res, f.longTermDebt(), suppliesJobs(f),
                        backedOffFor(p, f, s.time()),
                        f.backoffInterval() > 0 ? Format.duration(f.backoffInterval()) : "",
                        Format.duration(f.queuedSeconds()),
                        sharing(p, f, s.time()) ? Format.number(round(f.shareInstances())) : NOT_SHARING,
                        !sharing(p, f, s.time()) ? NOT_SHARING : projectShortfall(f),
                        Words.fetchReason(p, f, s.time(), s.online(), s.disk()));
            }
            if (anyRows && p.fetch().isEmpty() && p.status().lacksApplication()) {
                // No application here, so no row per resource: a row all the same, which says why it is not asked
                // (the Projects pane lists it; here it was missing).
                String key = key(p.url(), null);
                seen.add(key);
                ProjectFetchRow row = projectByKey.get(key);
                if (row == null) {
                    row = new ProjectFetchRow(p.url(), null);
                    projectByKey.put(key, row);
                    projects.add(Math.min(index, projects.size()), row);
                }
                index++;
                row.set(p.name(), NOT_SHARING, Double.NaN, "No", "", "", "", NOT_SHARING, NOT_SHARING,
                        noApplication(p));
            }
        }
        if (seen.size() != projectByKey.size()) {
            projects.removeIf(r -> !seen.contains(key(r.url(), r.type())));
            projectByKey.keySet().retainAll(seen);
        }
    }

    /** A project table row's key: the project and the resource (none, for a project with no application here). */
    private static String key(String url, ResourceType type) {
        return url + " " + (type == null ? "-" : type.name());
    }

    /** Why a project with no application for this computer is never asked for work. */
    static String noApplication(ProjectView p) {
        return p.status() == ProjectStatus.NO_APPLICATION_YET
                ? "Not asked: it has sent no application yet; BOINC would ask it for work and get one with the "
                + "first tasks, which this emulation has no server to send"
                : "Not asked: it has no application for this computer's processors";
    }

    /**
     * The shortfall a request to the project would fill: its forecast shortfall, but no more than the room under its
     * high water. A project whose queue reaches its high water has none to fill, even where the forecast has it
     * short (its share counts the CPUs a "no new tasks" project's queue still holds: 18 h beside 3 days queued).
     * A policy without per-project water marks (seed002: NaN) shows the forecast's shortfall.
     */
    static double requestable(FetchView f) {
        if (Double.isNaN(f.highWater())) {
            return f.shortfall();
        }
        return Math.min(f.shortfall(), Math.max(0, f.highWater() - f.queuedSeconds()));
    }

    /** Share and shortfall of a project that may not be asked now: shares are taken among the others. */
    static final String NOT_SHARING = "-";

    /**
     * "Yes" once the project has sent a job for the resource (seed 003's flag), "No" after a request for it brought
     * none, and "No" too where none of its applications for the resource can run here (none, or all needing more
     * CPUs or GPUs than BOINC may use): the flag a file saved said "Yes" beside "its apps need more CPUs".
     */
    static String suppliesJobs(FetchView f) {
        boolean unusable = f.block() == FetchBlock.NO_APPS_FOR_RESOURCE
                || f.block() == FetchBlock.APPS_TOO_LARGE_FOR_HOST;
        return f.accumulatesDebt() && !unusable ? "Yes" : "No";
    }

    /**
     * Whether the project may be asked for the resource now, so that it has a share of it and a shortfall (seed 003
     * takes shares among the projects not backed off): not while it is suspended, set to no new tasks, without an
     * application it may run here, backed off for the resource or with its contact deferred. Read from the project's
     * own state, not from the block the decision names first (a resource with enough work names that before any
     * backoff). A deferred project showed the share and "none" of its last decision beside "contact deferred".
     */
    static boolean sharing(ProjectView p, FetchView f, double now) {
        return !p.suspended() && !p.noNewTasks() && !(p.contact().minRpcTime() > now) && !(f.backoffUntil() > now)
                && f.block() != FetchBlock.NO_APPS_FOR_RESOURCE && f.block() != FetchBlock.APPS_TOO_LARGE_FOR_HOST;
    }

    /**
     * How long before the project may be asked for the resource: the later of the resource's own backoff (a request
     * for it brought no job) and the project's deferred contact (failed contacts, a failed task or its
     * request_delay), which holds for all its resources (decision 0030); "" when neither holds. The deferral, when
     * it is the later, says so: "5 min (deferred)" beside a blank interval read as a backoff of the resource's
     * own (corpus QA).
     */
    private static String backedOffFor(ProjectView p, FetchView f, double now) {
        double deferredUntil = p.contact().minRpcTime();
        if (f.backoffUntil() >= deferredUntil) {
            return f.backoffUntil() > now ? Format.countdown(f.backoffUntil() - now) : "";
        }
        return deferredUntil > now ? Format.countdown(deferredUntil - now) + " (deferred)" : "";
    }

    private void updateRpcs(List<RpcView> recent) {
        if (recent.equals(lastRpcs)) {
            return;
        }
        lastRpcs = recent;
        List<RpcRow> rows = new ArrayList<>(recent.size());
        for (RpcView r : recent) {
            rows.add(new RpcRow(Format.stamp(r.time()), r.project(),
                    Words.reason(r.reason()), Words.rpcRequested(r), Words.rpcOutcome(r), r.failed()));
        }
        rpcs.setAll(rows);
    }

    /** The Busy for cell: "idle now" while an instance idles, else how long every instance stays busy. */
    static String saturated(ResourceView r) {
        if (Double.isNaN(r.saturated())) {
            return "";
        }
        if (r.idleNow() > 1e-9) {
            return "idle now";
        }
        if (r.saturated() <= 0) {
            return Format.duration(0);
        }
        if (r.saturated() >= r.window()) {
            return "whole window";
        }
        return Format.duration(r.saturated());
    }

    /**
     * While paused, when the figures were worked out, where that was a minute or more before the clock: the engine
     * looks again only when something changes, so a paused emulation's figures are from its last check (QA read
     * "busy for 4 h" from 01:00 at 01:34). Not while running, where checks come and go under a moving clock.
     */
    static String asOf(EngineSnapshot s) {
        double at = s.resources().isEmpty() ? Double.NaN : s.resources().get(0).forecastAt();
        if (s.driver() == null || s.driver().running() || Double.isNaN(at) || s.time() - at < 60) {
            return "";
        }
        return " Figures as of " + Format.stamp(at) + ", the client's last check: it looks again when something "
                + "changes.";
    }

    static String summary(EngineSnapshot s, Map<ResourceType, String> asked) {
        if (notRunYet(s) && s.projects().stream().anyMatch(p -> !p.status().lacksApplication())) {
            return noDecisionYet(s);
        }
        if (asked.isEmpty()) {
            // The queue does not run down while nothing computes: "below Store at least in about 3 h" stood still.
            return noRequest(s) + (s.computing() ? "" : " Computing is suspended now: the queue does not run down "
                    + "until it resumes.");
        }
        StringBuilder sb = new StringBuilder(s.online() ? "Asking " : "Offline now, so no project is contacted; "
                + "once online, asking ");
        boolean first = true;
        for (Map.Entry<ResourceType, String> e : asked.entrySet()) {
            sb.append(first ? "" : ", ").append(e.getValue()).append(" for ").append(Words.resource(e.getKey()))
                    .append(" work");
            first = false;
        }
        return sb.append('.').toString();
    }

    /**
     * Why nothing is asked for, resource by resource as the rows below say it: "No request now: NVIDIA GPU wants
     * work, but no project has an app for it; CPU has work for at least 2 h 24 min ("Store at least")."
     */
    private static String noRequest(EngineSnapshot s) {
        List<String> parts = new ArrayList<>();
        List<String> enough = new ArrayList<>();
        for (ResourceView r : s.resources()) {
            String name = Words.resource(r.type());
            if (r.heldByGpuTasks() && !r.wantsWork()) {
                parts.add("GPU tasks hold every CPU for the whole window, so no CPU work is wanted");
            } else if (!r.wantsWork()) {
                enough.add(name);
            } else {
                parts.add(name + " wants work, but " + (!hasApp(s, r.type()) ? noApp(s)
                        : allWaitForDisk(fetchViews(s), r.type()) ? WAIT_FOR_DISK : "no project may be asked now"));
            }
        }
        // With projects sharing a resource, each is asked once its own queue falls below its part (QA: a contact a
        // minute after this said no request was due, with no word of why).
        String atLeast = " work for at least " + Format.duration(s.prefs().workBufMinSeconds())
                + " (\"Store at least\")" + (s.projects().size() > 1 ? "; a project is asked as soon as its own "
                + "queue falls below its part of it" : "");
        if (parts.isEmpty()) {
            return "No request now: every resource has" + atLeast + ".";
        }
        if (!enough.isEmpty()) {
            parts.add(String.join(" and ", enough) + (enough.size() == 1 ? " has" : " have") + atLeast);
        }
        return "No request now: " + String.join("; ", parts) + ".";
    }

    /**
     * Whether the emulated client has not polled since the emulation was opened (restored with the computer off):
     * no forecast, so no resource has a shortfall, and no decision to show.
     */
    static boolean notRunYet(EngineSnapshot s) {
        return !s.resources().isEmpty() && s.resources().stream().allMatch(r -> Double.isNaN(r.shortfall()));
    }

    /** "No work-fetch decision yet: the emulated client has not run since this was opened (computer off)." */
    private static String noDecisionYet(EngineSnapshot s) {
        String off = Words.notComputing(s);
        return "No work-fetch decision yet: the emulated client has not run since this was opened"
                + (off == null || off.isEmpty() ? "" : " (" + off + ")") + ".";
    }

    /** Why no project can be asked for a resource's work when none has an app for it. */
    private static String noApp(EngineSnapshot s) {
        return s.projects().isEmpty() ? "no project is attached" : "no project has an app for it";
    }

    private static double round(double x) {
        return Math.round(x * 100) / 100.0;
    }
}

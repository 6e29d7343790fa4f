package org.cruncher.persist;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.Set;
import java.util.function.Function;

import org.cruncher.emulator.DebtHistory;
import org.cruncher.emulator.MeritTotals;
import org.cruncher.emulator.ServerSpec;
import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.api.DeletionView;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.HostAvailability;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.rpc.RpcReason;

/**
 * What Cruncher saves in a state beside BOINC's own elements, read back so that a reopened window goes on where it
 * was left: the debts charted so far with the share changes, what ran when (for the Timeline), the latest events
 * (for the Event log) and the figures of merit so far. Each is optional; what cannot be read is left out with a note
 * (added to the reader's notes), never refused, since the run itself does not depend on it.
 */
final class SavedRunReader {

    /** The largest count a saved figure may hold: 2^53, above which a double no longer counts by ones. */
    private static final long MAX_COUNT = 1L << 53;
    /** The event kinds by name, for a saved event log. */
    private static final Map<String, EventKind> KINDS = new HashMap<>();

    /** The reasons for a deletion by name, for the saved deletions. */
    private static final Map<String, DeletionReason> REASONS = new HashMap<>();

    /** The reasons for a scheduler RPC by name, for the saved sessions. */
    private static final Set<String> RPC_REASONS = new HashSet<>();

    static {
        for (RpcReason r : RpcReason.values()) {
            RPC_REASONS.add(r.name());
        }
        for (EventKind k : EventKind.values()) {
            KINDS.put(k.name(), k);
        }
        for (DeletionReason r : DeletionReason.values()) {
            REASONS.put(r.name(), r);
        }
    }

    private final ClientStateDocument doc;
    private final List<String> notes;

    SavedRunReader(ClientStateDocument doc, List<String> notes) {
        this.doc = doc;
        this.notes = notes;
    }

    /**
     * Cruncher's saved {@code <debt_history>} of the projects in the file, with their share changes; what is not
     * a number is skipped.
     */
    DebtHistory debtHistory(ClientState state) {
        DebtHistory history = new DebtHistory();
        if (doc.debtHistory == null) {
            return history;
        }
        int skipped = 0;
        for (ClientStateXml.ProjectDebts d : doc.debtHistory.projectDebts) {
            String url = XmlValues.text(d.masterUrl);
            String[] numbers = XmlValues.text(d.points).split("\\s+");
            if (state.project(url).isEmpty() || numbers.length < 2) {
                continue;
            }
            for (int i = 0; i + 1 < numbers.length; i += 2) {
                try {
                    double t = Double.parseDouble(numbers[i]);
                    double debt = Double.parseDouble(numbers[i + 1]);
                    if (Double.isFinite(t) && Double.isFinite(debt)) {
                        history.add(url, new DebtHistory.Point(t, debt));
                    } else {
                        skipped++;
                    }
                } catch (NumberFormatException e) {
                    skipped++;
                }
            }
        }
        for (ClientStateXml.ShareChangeXml c : doc.debtHistory.shareChanges) {
            String url = XmlValues.text(c.masterUrl);
            if (state.project(url).isEmpty()) {
                continue;
            }
            if (c.time == null || c.before == null || c.after == null || !Double.isFinite(c.time)
                    || !Double.isFinite(c.before) || !Double.isFinite(c.after)) {
                skipped++;
                continue;
            }
            history.addShareChange(new DebtHistory.ShareChange(c.time, url, c.before, c.after));
        }
        Map<String, Double> workAtChange = new LinkedHashMap<>();
        for (ClientStateXml.WorkAtShareChangeXml w : doc.debtHistory.workAtShareChange) {
            String url = XmlValues.text(w.masterUrl);
            if (state.project(url).isPresent() && w.work != null && Double.isFinite(w.work) && w.work >= 0) {
                workAtChange.put(url, w.work);
            }
        }
        history.restoreWorkAtLastShareChange(workAtChange);
        if (skipped > 0) {
            note("debt_history", skipped + " points that are not numbers were left out");
        }
        return history;
    }

    /**
     * Cruncher's saved {@code <run_history>}: what ran when, for the Timeline to go on across a restart. Changes
     * of projects the file does not have or of resources not named as BOINC names them, and pairs that are not
     * numbers (or a negative number of instances), are left out with a note; what is left is put in time order.
     */
    RunHistoryView runHistory(ClientState state) {
        ClientStateXml.RunHistoryXml h = doc.runHistory;
        if (h == null) {
            return RunHistoryView.EMPTY;
        }
        List<String> urls = new ArrayList<>();
        List<String> names = new ArrayList<>();
        List<double[]> changes = new ArrayList<>();
        int skipped = 0;
        for (ClientStateXml.ProjectRuns runs : h.projectRuns) {
            Optional<Project> p = state.project(XmlValues.text(runs.masterUrl));
            Optional<ResourceType> type = ResourceType.fromBoincName(XmlValues.text(runs.resource));
            String[] numbers = XmlValues.text(runs.changes).split("\\s+");
            if (p.isEmpty() || type.isEmpty() || numbers.length < 2) {
                skipped++;
                continue;
            }
            int slot = urls.indexOf(p.get().url());
            if (slot < 0) {
                slot = urls.size();
                urls.add(p.get().url());
                names.add(p.get().name());
            }
            for (int i = 0; i + 1 < numbers.length; i += 2) {
                double t = parseOrNaN(numbers[i]);
                double n = parseOrNaN(numbers[i + 1]);
                if (Double.isFinite(t) && n >= 0 && Double.isFinite(n)) {
                    changes.add(new double[] {t, slot, type.get().ordinal(), n});
                } else {
                    skipped++;
                }
            }
        }
        List<RunHistoryView.HostChange> host = new ArrayList<>();
        String[] pairs = XmlValues.text(h.hostChanges).trim().split("\\s+");
        for (int i = 0; i + 1 < pairs.length; i += 2) {
            double t = parseOrNaN(pairs[i]);
            HostAvailability a = HostAvailability.fromSavedName(pairs[i + 1]);
            if (Double.isFinite(t) && a != null) {
                host.add(new RunHistoryView.HostChange(t, a));
            } else {
                skipped++;
            }
        }
        if (skipped > 0) {
            note("run_history", (skipped == 1 ? "1 entry that is not a number, or names no project here or no state "
                    + "of the host, was" : skipped + " entries that are not numbers, or name no project here or no "
                    + "state of the host, were") + " left out");
        }
        host.sort(Comparator.comparingDouble(RunHistoryView.HostChange::time));
        changes.sort(Comparator.comparingDouble(c -> c[0]));
        int n = changes.size();
        double[] time = new double[n];
        int[] slot = new int[n];
        byte[] type = new byte[n];
        double[] instances = new double[n];
        for (int i = 0; i < n; i++) {
            double[] c = changes.get(i);
            time[i] = c[0];
            slot[i] = (int) c[1];
            type[i] = (byte) c[2];
            instances[i] = c[3];
        }
        double since = parseOrNaN(XmlValues.text(h.since));
        double until = parseOrNaN(XmlValues.text(h.until));
        since = Double.isFinite(since) ? since : n > 0 ? time[0] : Double.NaN;
        until = Double.isFinite(until) && until >= since ? until : n > 0 ? time[n - 1] : since;
        return new RunHistoryView(since, until, time, slot, type, instances, 0, n, urls, names).withHost(host);
    }

    /**
     * Cruncher's saved {@code <event_log>}: the latest events, for the window to show again, in time order. An
     * event whose time is not a number or lies after the state's ({@code start}), whose kind or resource Cruncher
     * does not know, or anything else in the log, is left out with a note.
     */
    List<EngineEvent> eventLog(double start) {
        if (doc.eventLog == null) {
            return List.of();
        }
        List<EngineEvent> events = records(doc.eventLog, doc.eventLogOther, "event_log", "saved event", e -> {
            double time = parseOrNaN(XmlValues.text(e.get("time")));
            EventKind kind = KINDS.get(XmlValues.text(e.get("kind")));
            String res = XmlValues.text(e.get("resource"));
            Optional<ResourceType> resource = res.isEmpty() ? Optional.empty() : ResourceType.fromBoincName(res);
            if (!(time > 0) || time > start || kind == null || (!res.isEmpty() && resource.isEmpty())) {
                return null;
            }
            return new EngineEvent(time, kind, XmlValues.text(e.get("project")), XmlValues.text(e.get("task")),
                    resource.orElse(null), XmlValues.text(e.get("reason")), XmlValues.text(e.get("detail")));
        });
        // In time order, as they happened; a file put out of order by hand is set right (the sort is stable).
        events.sort(Comparator.comparingDouble(EngineEvent::time));
        return events;
    }

    /**
     * Cruncher's saved {@code <recent_deletions>}: the files last deleted to make room, newest first, for the Disk
     * pane. One whose time is not a number or lies after the state's ({@code start}), with no project or file, a
     * size that is not a whole number of bytes, or a reason Cruncher does not know, is left out with a note.
     */
    List<DeletionView> recentDeletions(double start) {
        return records(doc.deletions, doc.deletionsOther, "recent_deletions", "saved deletion", d -> {
            double time = parseOrNaN(XmlValues.text(d.get("time")));
            double nbytes = parseOrNaN(XmlValues.text(d.get("nbytes")));
            DeletionReason reason = REASONS.get(XmlValues.text(d.get("reason")));
            String project = XmlValues.text(d.get("project"));
            String file = XmlValues.text(d.get("file"));
            if (!(time > 0) || time > start || !(nbytes >= 0) || nbytes != Math.rint(nbytes) || nbytes > MAX_COUNT
                    || reason == null || project.isEmpty() || file.isEmpty()) {
                return null;
            }
            return new DeletionView(time, project, file, (long) nbytes, reason, XmlValues.text(d.get("detail")));
        });
    }

    /**
     * Cruncher's saved {@code <recent_rpcs>}: the latest scheduler RPC sessions, newest first, for the Work fetch
     * pane. One whose time is not a number or lies after the state's ({@code start}), with no project, a reason
     * Cruncher does not know, counts that are not whole numbers or figures that are not numbers, is left out with a
     * note.
     */
    List<RpcView> recentRpcs(double start) {
        return records(doc.rpcs, doc.rpcsOther, "recent_rpcs", "saved scheduler request", r -> {
            double time = parseOrNaN(XmlValues.text(r.get("time")));
            String project = XmlValues.text(r.get("project"));
            String reason = XmlValues.text(r.get("reason"));
            var requested = SavedRpcFields.readRequested(XmlValues.text(r.get("requested")));
            var jobs = SavedRpcFields.readJobs(XmlValues.text(r.get("jobs")));
            double reported = parseOrNaN(XmlValues.text(r.get("reported")));
            double acked = parseOrNaN(XmlValues.text(r.get("acked")));
            double attempts = parseOrNaN(XmlValues.text(r.get("attempts")));
            String delay = XmlValues.text(r.get("request_delay"));
            double requestDelay = delay.isEmpty() ? 0 : parseOrNaN(delay);
            if (!(time > 0) || time > start || project.isEmpty() || !RPC_REASONS.contains(reason)
                    || requested.isEmpty() || jobs.isEmpty() || !count(reported) || !count(acked) || !count(attempts)
                    || !(requestDelay >= 0)) {
                return null;
            }
            return new RpcView(time, project, reason, requested.get(), (int) reported, jobs.get(), (int) acked,
                    requestDelay, r.containsKey("failure") ? XmlValues.text(r.get("failure")) : null, (int) attempts,
                    r.containsKey("refused_for_disk"));
        });
    }

    /**
     * The records of a saved list ({@code <element>}), each as {@code parse} reads it (null: not understood); those
     * not understood, and {@code other} things in the list that were no record, are left out with one note.
     */
    private <T> List<T> records(List<Map<String, String>> raw, int other, String element, String what,
                                Function<Map<String, String>, T> parse) {
        List<T> kept = new ArrayList<>(raw.size());
        int skipped = other;
        for (Map<String, String> fields : raw) {
            T record = parse.apply(fields);
            if (record == null) {
                skipped++;
            } else {
                kept.add(record);
            }
        }
        if (skipped > 0) {
            note(element, Units.count(skipped, what) + (skipped == 1 ? " was" : " were")
                    + " not understood and left out");
        }
        return kept;
    }

    /** A note on a saved part of the file: "client_state.xml <event_log>: 2 saved events were ...". */
    private void note(String element, String what) {
        notes.add(SourceLine.of(doc.file, element) + ": " + what);
    }

    /** A whole number from 0 to the largest int: a saved count. */
    private static boolean count(double v) {
        return v >= 0 && v == Math.rint(v) && v <= Integer.MAX_VALUE;
    }

    private static double parseOrNaN(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }

    /**
     * Cruncher's saved {@code <figures_so_far>}, which a resumed emulation goes on from. They are sums that only
     * mean something together, so one value that is missing, negative or not a number, or a project not emulated
     * here (its share would be left in the totals), sets them all aside: the figures begin again, with a note.
     */
    MeritTotals figuresSoFar(List<ServerSpec> servers) {
        ClientStateXml.FiguresSoFar f = doc.figures;
        if (f == null) {
            return MeritTotals.NONE;
        }
        Set<String> emulated = new HashSet<>();
        servers.forEach(s -> emulated.add(s.projectUrl()));
        try {
            Map<String, MeritTotals.Project> projects = new LinkedHashMap<>();
            for (ClientStateXml.ProjectFigures p : f.projectFigures) {
                String url = XmlValues.text(p.masterUrl);
                if (!emulated.contains(url)) {
                    throw new IllegalArgumentException("no emulated project " + url + " in this state");
                }
                if (projects.containsKey(url)) {
                    throw new IllegalArgumentException(url + " listed twice");
                }
                projects.put(url, new MeritTotals.Project(sum(p.used, "used"), sum(p.cpuSeconds, "cpu_seconds"),
                        sum(p.gpuSeconds, "gpu_seconds"), sum(p.idleTime, "idle_time"),
                        sum(p.idleSumSquares, "idle_sum_squares"), (int) count(p.met, "met", Integer.MAX_VALUE),
                        (int) count(p.missed, "missed", Integer.MAX_VALUE), sum(p.wasted, "wasted"),
                        count(p.rpcs, "rpcs", MAX_COUNT), count(p.rpcFailures, "rpc_failures", MAX_COUNT),
                        sum(p.longestDeferral, "longest_deferral"),
                        optionalSum(p.dueBeforeShareChange, "due_before_share_change"),
                        optionalSum(p.dueByTargetBeforeShareChange, "due_by_target_before_share_change")));
            }
            double usedAtShareChange = optionalSum(f.usedAtShareChange, "used_at_share_change");
            if (usedAtShareChange > sum(f.used, "used")) {
                throw new IllegalArgumentException("<used_at_share_change> is more than <used>");
            }
            return new MeritTotals(sum(f.computingTime, "computing_time"), sum(f.available, "available"),
                    sum(f.usableAvailable, "usable_available"), sum(f.used, "used"), sum(f.wasted, "wasted"),
                    count(f.rpcs, "rpcs", MAX_COUNT), count(f.rpcsFailed, "rpcs_failed", MAX_COUNT),
                    count(f.jobs, "jobs", MAX_COUNT), usedAtShareChange, projects);
        } catch (IllegalArgumentException e) {
            note("figures_so_far", e.getMessage() + ": the figures of merit begin again");
            return MeritTotals.NONE;
        }
    }

    /** A saved sum written only once the shares have changed: absent, it is 0. */
    private static double optionalSum(String text, String element) {
        return text == null ? 0 : sum(text, element);
    }

    /** A saved sum: present, finite and not negative. */
    private static double sum(String text, String element) {
        if (text == null || text.isBlank()) {
            throw new IllegalArgumentException("<" + element + "> is missing");
        }
        double v;
        try {
            v = Double.parseDouble(text.strip());
        } catch (NumberFormatException e) {
            throw new IllegalArgumentException("<" + element + "> \"" + XmlValues.shown(text)
                    + "\" is not a number");
        }
        if (!(v >= 0) || Double.isInfinite(v)) {
            throw new IllegalArgumentException("<" + element + "> " + XmlValues.shown(text)
                    + " is not a number of 0 or more");
        }
        return v;
    }

    /** A saved count: a whole number from 0 to {@code max}. */
    private static long count(String text, String element, long max) {
        double d = sum(text, element);
        if (d != Math.rint(d) || d > max) {
            throw new IllegalArgumentException("<" + element + "> " + XmlValues.shown(text) + " is not a count");
        }
        return (long) d;
    }
}

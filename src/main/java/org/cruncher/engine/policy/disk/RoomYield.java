package org.cruncher.engine.policy.disk;

import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;
import java.util.function.ToDoubleFunction;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.FileRole;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ServerDiskShortfall;

/**
 * Decision 0043, from seed 004's goal to enforce the resource shares on disk: a project over its share leaves room to
 * a project within its own that is starved for it. Without this, an offender whose tasks end asks again at once and
 * takes the room they free, and the starved project is refused at each contact.
 * <ol>
 *   <li>Take the projects, in the state's order, that are starved for room: each may be asked for work (not
 *       suspended, no new tasks or to be removed when done), its server is not failing, it has nothing left to
 *       compute, and a resource of it waits for room or was refused for disk by a server that needed more than was
 *       offered (or its wait ended and it has not been asked since); and it is within its share by at least the
 *       room its next job needs.</li>
 *   <li>Each other project yields to it if the acknowledgement of its report would leave it over its share (else it
 *       reports and asks in one contact), none of its resources has an instance with nothing to run, and it has room
 *       that comes back: files that only its running tasks and unreported results hold.</li>
 *   <li>They yield to the first starved project whose next job that room, with what it could be offered now, would
 *       hold; to none if no starved project's would.</li>
 * </ol>
 * A yielding project is not asked for work and reports its finished tasks at once (the engine's part).
 */
public final class RoomYield {

    private RoomYield() {
    }

    /**
     * Who yields room to whom now. {@code roomCame}: the projects whose wait ended and that have not been asked
     * since, with the room their next job needs; {@code idle}: the instances with nothing to run, by resource
     * ordinal; {@code freedOnAck}: the bytes a project's report's acknowledgement would delete.
     */
    public static Map<Project, Project> of(ClientState state, double now, Map<Project, Double> roomCame,
                                           double[] idle, ToDoubleFunction<Project> freedOnAck) {
        DiskAccount account = null;
        Map<Project, Double> comesBack = null;
        for (Project q : state.projects()) {
            if (q.suspendedByUser() || q.noNewTasks() || q.detachWhenDone() || q.rpcFailures() > 0) {
                continue;
            }
            double needed = roomNeeded(q, now);
            Double came = roomCame.get(q);
            if (came != null && came > 0 && !(came >= needed)) {
                needed = came;
            }
            if (Double.isNaN(needed)) {
                continue;
            }
            if (account == null) {
                account = DiskAccount.of(state);
            }
            if (account.usage(q) + needed > account.limit(q) || !hasNothingToRun(state, q)) {
                continue;
            }
            if (comesBack == null) {
                comesBack = new LinkedHashMap<>();
                for (Project p : account.projects()) {
                    double bytes = account.excess(p) - freedOnAck.applyAsDouble(p) <= 0 || idlesOn(p, idle) ? 0
                            : comesBack(state, p);
                    if (bytes > 0) {
                        comesBack.put(p, bytes);
                    }
                }
            }
            // The first starved project whose next job the room coming back would hold; a later one may be helped
            // where the first cannot be (review: the first alone was tried, and the others stayed starved).
            Map<Project, Project> yielding = new LinkedHashMap<>();
            double total = 0;
            for (Map.Entry<Project, Double> e : comesBack.entrySet()) {
                if (e.getKey() != q) {
                    yielding.put(e.getKey(), q);
                    total += e.getValue();
                }
            }
            if (!yielding.isEmpty() && SpaceMaker.report(state, q, now).freeIfOffendersTrimmed() + total >= needed) {
                return yielding;
            }
        }
        return Map.of();
    }

    /**
     * The least room {@code q}'s next job needs, of its resources backed off for disk (a wait for room, or a refusal
     * whose server needed more than was offered, which more room may end); NaN if none is.
     */
    private static double roomNeeded(Project q, double now) {
        double needed = Double.NaN;
        for (ResourceType type : ResourceType.values()) {
            var rs = q.resourceState(type);
            if (!rs.backedOffForDisk() || !rs.isBackedOff(now)) {
                continue;
            }
            ServerDiskShortfall s = q.diskShortfall();
            double bytes = rs.waitsForRoom() ? rs.roomWaitBytes()
                    : s == null || s.neededBytes() <= s.offeredIfTrimmed() ? 0 : s.neededBytes();
            if (bytes > 0 && !(bytes >= needed)) {
                needed = bytes;
            }
        }
        return needed;
    }

    /** Whether {@code q} has no task left to compute: it is starved of work, not merely short of it. */
    private static boolean hasNothingToRun(ClientState state, Project q) {
        for (Result r : state.resultsOf(q)) {
            if (r.stillToCompute()) {
                return false;
            }
        }
        return true;
    }

    /** Whether a resource {@code p} has an app for has an instance with nothing to run ({@code idle} by ordinal). */
    private static boolean idlesOn(Project p, double[] idle) {
        for (ResourceType type : ResourceType.values()) {
            if (idle[type.ordinal()] > 1e-9 && p.hasAppVersionFor(type)) {
                return true;
            }
        }
        return false;
    }

    /**
     * The bytes of {@code p}'s files that only its running tasks and unreported results hold: room that comes back
     * as they end and are reported. Not sticky files, nor its apps' files; nor a file a queued task also needs, nor a
     * preempted or suspended task's, which may not run again soon (review: a file shared by a running and a queued
     * task was counted, and nothing came back).
     */
    private static double comesBack(ClientState state, Project p) {
        Set<String> ending = new HashSet<>();
        Set<String> kept = new HashSet<>();
        for (Result r : state.resultsOf(p)) {
            boolean running = state.activeTask(r).map(ActiveTask::isScheduled).orElse(false);
            boolean finished = r.readyToReport() || !Double.isNaN(r.completedTime());
            Set<String> into = (running && !r.suspendedByUser()) || finished ? ending : kept;
            into.addAll(r.inputFiles());
            into.addAll(r.outputFiles());
        }
        double bytes = 0;
        for (FileInfo f : state.files().filesOf(p.url())) {
            if (!f.sticky() && f.role() != FileRole.APP && ending.contains(f.name()) && !kept.contains(f.name())) {
                bytes += f.nbytes();
            }
        }
        return bytes;
    }
}

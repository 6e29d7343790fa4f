package org.cruncher.engine.policy.disk;

import java.util.LinkedHashMap;
import java.util.Map;
import java.util.function.ToDoubleFunction;

import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.ServerDiskShortfall;

/**
 * Decision 0043, from seed 004's goal to enforce the resource shares on disk: a project over its share leaves room to
 * a project within its own that is starved for it. Without this, an offender whose tasks end asks again at once and
 * takes the room they free, and the starved project is refused at each contact.
 * <ol>
 *   <li>Find the first project, in the state's order, that is starved for room: it may be asked for work (not
 *       suspended, no new tasks or to be removed when done), its server is not failing, it has nothing left to
 *       compute, and a resource of it waits for room or was refused for disk by a server that needed more than was
 *       offered (or its wait ended in this poll and it was not yet asked); and it is within its share by at least
 *       the room its next job needs.</li>
 *   <li>Each other project yields to it if the acknowledgement of its report would leave it over its share (else it
 *       reports and asks in one contact), none of its resources has an instance with nothing to run, and it has room
 *       that comes back: files that only its running tasks and unreported results hold.</li>
 *   <li>None yields unless that room, with what the starved project could be offered now, would hold its next
 *       job.</li>
 * </ol>
 * A yielding project is not asked for work and reports its finished tasks at once (the engine's part).
 */
public final class RoomYield {

    private RoomYield() {
    }

    /**
     * Who yields room to whom now. {@code roomCame}: the projects whose wait ended in this poll and that were not yet
     * asked, with the room their next job needs; {@code idle}: the instances with nothing to run, by resource
     * ordinal; {@code freedOnAck}: the bytes a project's report's acknowledgement would delete.
     */
    public static Map<Project, Project> of(ClientState state, double now, Map<Project, Double> roomCame,
                                           double[] idle, ToDoubleFunction<Project> freedOnAck) {
        DiskAccount account = null;
        Project starved = null;
        double starvedFor = 0;
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
            if (account.usage(q) + needed <= account.limit(q) && hasNothingToRun(state, q)) {
                starved = q;
                starvedFor = needed;
                break;
            }
        }
        if (starved == null) {
            return Map.of();
        }
        FileHolds holds = FileHolds.of(state);
        double comesBack = 0;
        Map<Project, Project> yielding = new LinkedHashMap<>();
        for (Project p : account.projects()) {
            double bytes = p == starved || account.excess(p) - freedOnAck.applyAsDouble(p) <= 0 || idlesOn(p, idle)
                    ? 0 : comesBack(state, p, holds);
            if (bytes > 0) {
                yielding.put(p, starved);
                comesBack += bytes;
            }
        }
        return SpaceMaker.report(state, starved, now).freeIfOffendersTrimmed() + comesBack < starvedFor ? Map.of()
                : yielding;
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
     * as they end and are reported (not sticky files, its apps' files, nor its queued tasks', which the starved
     * project's debt may keep from running).
     */
    private static double comesBack(ClientState state, Project p, FileHolds holds) {
        double bytes = 0;
        for (FileInfo f : state.files().filesOf(p.url())) {
            FileHold h = holds.hold(f);
            if (!f.sticky() && (h == FileHold.RUNNING_TASK || h == FileHold.UNREPORTED_RESULT)) {
                bytes += f.nbytes();
            }
        }
        return bytes;
    }
}

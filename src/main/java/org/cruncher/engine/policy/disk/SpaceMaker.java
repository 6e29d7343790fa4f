package org.cruncher.engine.policy.disk;

import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;

import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.api.DiskBlock;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.rpc.DiskSpaceReport;

/**
 * Making room for a project's new files: seed 004's associate_file and get_more_disk_space, and the free-space
 * figures a scheduler request carries. To store N bytes for project P:
 * <ol>
 *   <li>if all_projects_limit - all projects' usage is at least N, store them;</li>
 *   <li>else, for priority levels P_LOW to P_HIGH: take the greatest offender not yet trimmed at this level; if it is
 *       P itself, stop trimming at this level (the seed: "if g_of == p, increase priority"), so that a project takes
 *       space only from offenders greater than itself; else delete its files this level allows, in its deletion
 *       order, until it no longer offends or there is room; repeat with the next greatest; raise the level while
 *       there is not room;</li>
 *   <li>else delete P's own expendable files, in its deletion order, until there is room;</li>
 *   <li>else refuse (NO_ROOM).</li>
 * </ol>
 * The plan is made before anything is deleted and is carried out only if it makes room, so a refusal deletes
 * nothing (the seed deletes as it goes; src/docs/decisions/0018). Files held by a task, a result or an app version,
 * and those the new job itself needs, are never candidates.
 */
public final class SpaceMaker {

    private SpaceMaker() {
    }

    /** The plan for storing {@code needed} bytes for {@code p} now, {@code incoming} being the files its job needs. */
    public static SpacePlan plan(ClientState state, Project p, long needed, List<String> incoming, double now) {
        DiskAccount account = DiskAccount.of(state);
        double before = account.free();
        if (before >= needed) {
            return new SpacePlan(needed, before, List.of(), DiskBlock.NONE, before);
        }
        FileHolds holds = FileHolds.of(state);
        holds.holdIncoming(p, incoming);
        List<Deletion> deletions = new ArrayList<>();
        trimOffenders(state, account, holds, p, needed, now, deletions);
        if (account.free() < needed) {
            for (FileInfo f : DeletionOrder.candidates(state.files().filesOf(p.url()), holds, p.deletionPolicy(),
                    FileInfo.P_HIGH, now)) {
                if (account.free() >= needed) {
                    break;
                }
                deletions.add(new Deletion(f, DeletionReason.OWN_FILE_FOR_NEW_FILE));
                account.remove(p, f);
            }
        }
        double reachable = account.free();
        if (reachable < needed) {
            return new SpacePlan(needed, before, List.of(), DiskBlock.NO_ROOM, reachable);
        }
        return new SpacePlan(needed, before, deletions, DiskBlock.NONE, reachable);
    }

    /**
     * Step 2: the offenders greater than {@code p} (all of them if it does not offend), greatest first, each trimmed
     * until it stops offending, level by level, until {@code needed} bytes are free (pass +infinity to see how much
     * trimming could free).
     */
    private static void trimOffenders(ClientState state, DiskAccount account, FileHolds holds, Project p,
                                      double needed, double now, List<Deletion> deletions) {
        Set<FileInfo> planned = new HashSet<>();
        for (int level = FileInfo.P_LOW; level <= FileInfo.P_HIGH && account.free() < needed; level++) {
            Set<Project> trimmed = new HashSet<>();
            Project g;
            while (account.free() < needed && (g = account.greatestOffender(trimmed)) != null && g != p) {
                trimmed.add(g);
                for (FileInfo f : DeletionOrder.candidates(state.files().filesOf(g.url()), holds,
                        g.deletionPolicy(), level, now)) {
                    if (account.free() >= needed || !account.isOffender(g)) {
                        break;
                    }
                    if (planned.add(f)) {
                        deletions.add(new Deletion(f, DeletionReason.OFFENDER_FOR_NEW_FILE));
                        account.remove(g, f);
                    }
                }
            }
        }
    }

    /**
     * The disk figures of a scheduler request to {@code p} (seed 004, "Scheduling Server Changes"): the free space;
     * the free space if offenders were trimmed to their shares; and if, besides, {@code p}'s own expendable files
     * were deleted. Each is all_projects_limit - usage + what could be deleted, never below 0 (+infinity when
     * nothing limits the disk).
     */
    public static DiskSpaceReport report(ClientState state, Project p, double now) {
        return report(state, p, now, 0);
    }

    /**
     * As {@link #report(ClientState, Project, double)}, with {@code freedOnAck} bytes of {@code p}'s files counted as
     * free in each figure: the files of the finished tasks the request reports, which the server's acknowledgement
     * deletes before the jobs it sends download (decision 0041).
     */
    public static DiskSpaceReport report(ClientState state, Project p, double now, double freedOnAck) {
        DiskAccount account = DiskAccount.of(state);
        double free = account.free() + freedOnAck;
        double limit = account.limit(p);
        long used = account.usage(p);
        double total = state.clientDiskUsage();
        if (Double.isInfinite(free)) {
            return new DiskSpaceReport(free, free, free, total, used, limit, p.deletionPolicy());
        }
        FileHolds holds = FileHolds.of(state);
        trimOffenders(state, account, holds, p, Double.POSITIVE_INFINITY, now, new ArrayList<>());
        double afterOffenders = account.free() + freedOnAck;
        double own = 0;
        for (FileInfo f : DeletionOrder.candidates(state.files().filesOf(p.url()), holds, p.deletionPolicy(),
                FileInfo.P_HIGH, now)) {
            own += f.nbytes();
        }
        return new DiskSpaceReport(Math.max(0, free), Math.max(0, afterOffenders), Math.max(0, afterOffenders + own),
                total, used, limit, p.deletionPolicy());
    }
}

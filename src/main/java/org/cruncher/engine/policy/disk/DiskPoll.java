package org.cruncher.engine.policy.disk;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.api.DeletionReason;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;

/**
 * Seed 004's data_manager_poll: when the client uses more than its total limit (after a preference was lowered, or
 * the disk filled), bring usage back under it. Each step stops as soon as usage is under the limit:
 * <ol>
 *   <li>trim the offenders, greatest first, each until it no longer offends (any priority);</li>
 *   <li>delete one expendable file from each project in turn (in its deletion order) until only held files are
 *       left;</li>
 *   <li>give up queued results (downloaded or still downloading) one per project in turn (the one with the latest
 *       deadline first), never a result in computation or awaiting acknowledgement, nor one whose giving up frees
 *       no file (it has none, or others hold them), and delete the files no other result holds; this step is
 *       taken only if it does bring usage under the limit: results are work in hand, and giving them up in vain
 *       would lose it (src/docs/decisions/0018);</li>
 *   <li>if usage is still over, suspend computing (resumed when there is room again).</li>
 * </ol>
 */
public final class DiskPoll {

    private DiskPoll() {
    }

    public static PollPlan plan(ClientState state, double now) {
        DiskAccount account = DiskAccount.of(state);
        double before = account.excessOverTotal();
        if (before <= 0) {
            return PollPlan.NOTHING;
        }
        FileHolds holds = FileHolds.of(state);
        List<Deletion> deletions = new ArrayList<>();
        Set<FileInfo> planned = new HashSet<>();
        trimOffenders(state, account, holds, now, deletions, planned);
        roundRobinFiles(state, account, holds, now, deletions, planned);
        List<Result> givenUp = new ArrayList<>();
        if (account.excessOverTotal() > 0) {
            List<Deletion> step3 = new ArrayList<>();
            List<Result> results = giveUpResults(state, account, holds, step3, planned);
            if (account.excessOverTotal() <= 0) {
                givenUp.addAll(results);
                deletions.addAll(step3);
            } else {
                for (Deletion d : step3) {
                    account.restore(state.project(d.file().projectUrl()).orElseThrow(), d.file());
                }
            }
        }
        double after = account.excessOverTotal();
        return new PollPlan(before, givenUp, deletions, after, after > 0);
    }

    /** Step 1: each offender, greatest first, loses files until it no longer offends. */
    private static void trimOffenders(ClientState state, DiskAccount account, FileHolds holds, double now,
                                      List<Deletion> deletions, Set<FileInfo> planned) {
        Set<Project> done = new HashSet<>();
        Project g;
        while (account.excessOverTotal() > 0 && (g = account.greatestOffender(done)) != null) {
            done.add(g);
            for (FileInfo f : DeletionOrder.candidates(state.files().filesOf(g.url()), holds, g.deletionPolicy(),
                    FileInfo.P_HIGH, now)) {
                if (account.excessOverTotal() <= 0 || !account.isOffender(g)) {
                    break;
                }
                planned.add(f);
                deletions.add(new Deletion(f, DeletionReason.OVER_LIMIT_OFFENDER));
                account.remove(g, f);
            }
        }
    }

    /** Step 2: one expendable file from each project in turn, until none is left or usage is under the limit. */
    private static void roundRobinFiles(ClientState state, DiskAccount account, FileHolds holds, double now,
                                        List<Deletion> deletions, Set<FileInfo> planned) {
        Map<Project, List<FileInfo>> queues = new LinkedHashMap<>();
        for (Project p : account.projects()) {
            List<FileInfo> files = new ArrayList<>(DeletionOrder.candidates(state.files().filesOf(p.url()), holds,
                    p.deletionPolicy(), FileInfo.P_HIGH, now));
            files.removeAll(planned);
            queues.put(p, files);
        }
        boolean any = true;
        while (account.excessOverTotal() > 0 && any) {
            any = false;
            for (Map.Entry<Project, List<FileInfo>> e : queues.entrySet()) {
                if (account.excessOverTotal() <= 0) {
                    return;
                }
                if (!e.getValue().isEmpty()) {
                    FileInfo f = e.getValue().remove(0);
                    planned.add(f);
                    deletions.add(new Deletion(f, DeletionReason.OVER_LIMIT_ROUND_ROBIN));
                    account.remove(e.getKey(), f);
                    any = true;
                }
            }
        }
    }

    /**
     * Step 3: one queued result from each project in turn, latest deadline first, with the files only it held. A
     * result whose input still downloads is queued too: it is neither part of a computation nor waiting for the
     * server's ack, the two kinds the seed keeps.
     * Returns the results given up; their files are added to {@code deletions}.
     */
    private static List<Result> giveUpResults(ClientState state, DiskAccount account, FileHolds holds,
                                              List<Deletion> deletions, Set<FileInfo> planned) {
        Map<Project, List<Result>> queues = new LinkedHashMap<>();
        for (Project p : account.projects()) {
            List<Result> queued = new ArrayList<>();
            for (Result r : state.resultsOf(p)) {
                if (r.stillToCompute() && state.activeTask(r).isEmpty()) {
                    queued.add(r);
                }
            }
            queued.sort(Comparator.comparingDouble(Result::reportDeadline).reversed()
                    .thenComparing(Result::name));
            queues.put(p, queued);
        }
        List<Result> givenUp = new ArrayList<>();
        boolean any = true;
        while (account.excessOverTotal() > 0 && any) {
            any = false;
            for (Map.Entry<Project, List<Result>> e : queues.entrySet()) {
                if (account.excessOverTotal() <= 0) {
                    break;
                }
                Result r = null;
                while (r == null && !e.getValue().isEmpty()) {
                    Result next = e.getValue().remove(0);
                    r = freesSpace(state, holds, next, planned) ? next : null;
                }
                if (r == null) {
                    continue;
                }
                any = true;
                givenUp.add(r);
                for (String name : holds.release(r)) {
                    FileInfo f = state.files().get(e.getKey().url(), name).orElse(null);
                    if (f != null && planned.add(f)) {
                        deletions.add(new Deletion(f, DeletionReason.OVER_LIMIT_RESULT_GIVEN_UP));
                        account.remove(e.getKey(), f);
                    }
                }
            }
        }
        return givenUp;
    }

    /**
     * Whether giving up {@code r} now frees space: a file of some size that no other result, app version or arriving
     * job holds. Giving up one that does not loses work for nothing: a project within its share, whose jobs bring no
     * files, lost 37 queued tasks to a lowered limit and freed 40 KB (QA); one whose only input another queued task
     * also holds frees nothing either (review).
     */
    private static boolean freesSpace(ClientState state, FileHolds holds, Result r, Set<FileInfo> planned) {
        for (String name : holds.wouldFree(r)) {
            FileInfo f = state.files().get(r.project().url(), name).orElse(null);
            if (f != null && f.nbytes() > 0 && !planned.contains(f)) {
                return true;
            }
        }
        return false;
    }
}

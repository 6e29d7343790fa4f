package org.cruncher.engine.policy.workfetch;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.policy.rpc.ResourceDebt;

/**
 * Which backup project (resource share 0) is asked for work when several may be: the one whose tasks had the least
 * CPU time lately (seed 002's exponentially averaged CPU time, decaying by e a week), ties to the smaller URL. BOINC
 * ranks backup projects by their recent credit the same way (boinc-engine.md §3.9). Taking the first by URL gave one
 * backup project all the work and never asked the others, even with every project at share 0. Every work-fetch
 * policy breaks its ties between backup projects so. The average counts CPU time only; a GPU task adds the CPU
 * time it takes beside its GPU, so backup projects that only use GPUs still take turns by their GPU use.
 */
final class BackupProjects {

    private BackupProjects() {
    }

    /** Whether backup project {@code a} is asked before backup project {@code b} at {@code now}. */
    static boolean before(Project a, Project b, double now) {
        int c = Double.compare(ResourceDebt.average(a.contact(), now), ResourceDebt.average(b.contact(), now));
        return c != 0 ? c < 0 : a.url().compareTo(b.url()) < 0;
    }
}

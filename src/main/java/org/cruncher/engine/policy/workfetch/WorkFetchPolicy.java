package org.cruncher.engine.policy.workfetch;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.rpc.WorkRequest;

/**
 * Decides when to ask which project for how much work. A policy may remember what it decided before (the
 * {@code seed002} policy, whether a get-work session is under way; the default, the latencies it has seen); that
 * memory is not saved with the state, so a restart begins afresh, as a restarted client does.
 */
public interface WorkFetchPolicy {

    /**
     * BOINC's WORK_FETCH_PERIOD, seconds: work fetch is not re-checked sooner than this after a check, and a
     * forecast may be reused this long.
     */
    double WORK_FETCH_PERIOD = 60;

    /** A short name for logs and comparisons. */
    String name();

    /** Whether to fetch work now, from whom, and how much. */
    FetchDecision decide(FetchContext context);

    /** The work to ask {@code project} for in an RPC made for another reason (reporting results). */
    WorkRequest piggyback(FetchContext context, Project project);
}

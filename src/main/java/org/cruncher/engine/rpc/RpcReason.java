package org.cruncher.engine.rpc;

/** Why the client contacts a project's scheduler (boinc-engine.md §3.4). */
public enum RpcReason {
    /** The user asked for an update. */
    USER_REQUEST,
    /** Results are due to be reported (seed 002's report-result session). */
    RESULTS_DUE,
    /** The client needs work (seed 002's get-work session). */
    NEED_WORK
}

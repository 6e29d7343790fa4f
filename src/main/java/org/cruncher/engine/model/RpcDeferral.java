package org.cruncher.engine.model;

/** Why a project's scheduler may not be contacted before its min_rpc_time (seed 002's reasons). */
public enum RpcDeferral {
    /** Nothing defers contact. */
    NONE,
    /** The project asked for it in its last reply ({@code <request_delay>}). */
    REQUEST_DELAY,
    /** Every scheduler URL of the project failed: random exponential backoff. */
    RPC_FAILURES,
    /** One of its tasks failed (crash, failed download or upload): backoff so failures do not cycle quickly. */
    COMPUTATION_FAILURE,
    /** Its master file could not be read several times in a row: wait a day. */
    MASTER_FETCH_FAILURES
}

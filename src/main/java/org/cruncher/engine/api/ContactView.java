package org.cruncher.engine.api;

import org.cruncher.engine.model.RpcDeferral;

/**
 * How the client stands with a project's schedulers (seed 002).
 *
 * @param minRpcTime         no contact before this time (0: none)
 * @param deferral           why (NONE once it has passed)
 * @param rpcFailures        consecutive failed contacts
 * @param masterFetchPending the master file is to be read for the scheduler list (again, or first as none is known)
 * @param schedulerUrls      scheduler URLs known (0: none yet, the master file is read before any request)
 * @param resourceDebt       seed 002's resource debt: share / exponentially averaged CPU seconds (infinite when it
 *                           has had no CPU time)
 */
public record ContactView(double minRpcTime, RpcDeferral deferral, int rpcFailures, boolean masterFetchPending,
                          int schedulerUrls, double resourceDebt) {

    /** No deferral, no failure. */
    public static final ContactView CLEAR = new ContactView(0, RpcDeferral.NONE, 0, false, 0,
            Double.POSITIVE_INFINITY);
}

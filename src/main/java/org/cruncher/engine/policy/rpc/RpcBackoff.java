package org.cruncher.engine.policy.rpc;

import java.util.random.RandomGenerator;

import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.SchedulerContact;

/**
 * When a project's scheduler may be contacted again after something went wrong (seed 002, "Minimum RPC time" and
 * the get-work session; BOINC's project_rpc_backoff, boinc-engine.md §3.2):
 * <ol>
 *   <li>a session in which every scheduler URL failed: failures + 1; wait = min(60 x 2^n, 14400) x U(0.5, 1)
 *       seconds with n = the failures capped at {@link #RETRY_CAP}, so that clients that failed together do not
 *       retry together; every {@link #MASTER_FETCH_PERIOD} failures the master file is to be read again;</li>
 *   <li>a failed computation (crash, failed download or upload): the same backoff, so that failures do not cycle
 *       quickly, counted with the failed sessions (BOINC's project_rpc_backoff serves both), the master file
 *       included;</li>
 *   <li>a failed master-file read: the same backoff, and after {@link #MASTER_FETCH_RETRY_CAP} in a row, a day;</li>
 *   <li>a request_delay from the project is obeyed, up to {@link #REQUEST_DELAY_CAP}.</li>
 * </ol>
 */
public final class RpcBackoff {

    /** SCHED_RETRY_DELAY_MIN: the base of the backoff, seconds. */
    public static final double MIN_DELAY = 60;
    /** SCHED_RETRY_DELAY_MAX: the cap of the backoff, seconds (4 hours). */
    public static final double MAX_DELAY = 14400;
    /** Failures beyond this do not lengthen the backoff. */
    public static final int RETRY_CAP = 10;
    /** MASTER_FETCH_PERIOD: the master file is read again every this many consecutive failures. */
    public static final int MASTER_FETCH_PERIOD = 10;
    /** MASTER_FETCH_RETRY_CAP: after this many failed master reads in a row, wait {@link #MASTER_FETCH_INTERVAL}. */
    public static final int MASTER_FETCH_RETRY_CAP = 3;
    /** MASTER_FETCH_INTERVAL, seconds. */
    public static final double MASTER_FETCH_INTERVAL = 86400;
    /** The longest request_delay obeyed, seconds (28 days); a longer one is an error on the server's side. */
    public static final double REQUEST_DELAY_CAP = 28 * 86400;

    /**
     * A change to a project's contact state.
     *
     * @param failures            consecutive failures after it
     * @param until               no contact before this
     * @param reason              why
     * @param masterFetchPending  whether the master file is to be read again
     * @param masterFetchFailures consecutive failed master reads after it
     */
    public record Change(int failures, double until, RpcDeferral reason, boolean masterFetchPending,
                         int masterFetchFailures) {

        /** Applies the change to {@code c}. */
        public void applyTo(SchedulerContact c) {
            c.setRpcFailures(failures);
            c.defer(until, reason);
            c.setMasterFetchPending(masterFetchPending);
            c.setMasterFetchFailures(masterFetchFailures);
        }
    }

    private RpcBackoff() {
    }

    /** The wait after the {@code failures}-th consecutive failure, drawn from {@code random}. */
    public static double delayAfter(int failures, RandomGenerator random) {
        int n = Math.min(Math.max(failures, 0), RETRY_CAP);
        double cap = Math.min(MIN_DELAY * Math.pow(2, n), MAX_DELAY);
        return cap * (0.5 + 0.5 * random.nextDouble());
    }

    /** Every scheduler URL of the project failed in a session. */
    public static Change afterFailedSession(SchedulerContact c, double now, RandomGenerator random) {
        int failures = c.rpcFailures() + 1;
        return new Change(failures, now + delayAfter(failures, random), RpcDeferral.RPC_FAILURES,
                masterDue(c, failures), c.masterFetchFailures());
    }

    /** One of the project's tasks failed (crash, failed transfer). */
    public static Change afterComputationFailure(SchedulerContact c, double now, RandomGenerator random) {
        int failures = c.rpcFailures() + 1;
        return new Change(failures, now + delayAfter(failures, random), RpcDeferral.COMPUTATION_FAILURE,
                masterDue(c, failures), c.masterFetchFailures());
    }

    /** Whether the master file is to be read: already pending, or every {@link #MASTER_FETCH_PERIOD} failures. */
    private static boolean masterDue(SchedulerContact c, int failures) {
        return c.masterFetchPending() || failures % MASTER_FETCH_PERIOD == 0;
    }

    /** The master file could not be read (or listed no scheduler). */
    public static Change afterFailedMasterFetch(SchedulerContact c, double now, RandomGenerator random) {
        int failures = c.rpcFailures() + 1;
        int masterFailures = c.masterFetchFailures() + 1;
        if (masterFailures >= MASTER_FETCH_RETRY_CAP) {
            return new Change(failures, now + MASTER_FETCH_INTERVAL, RpcDeferral.MASTER_FETCH_FAILURES, true,
                    masterFailures);
        }
        return new Change(failures, now + delayAfter(failures, random), RpcDeferral.RPC_FAILURES, true,
                masterFailures);
    }

    /** The request_delay to obey: the project's, up to {@link #REQUEST_DELAY_CAP}; 0 for none or nonsense. */
    public static double requestDelay(double asked) {
        if (!(asked > 0)) {
            return 0;
        }
        return Math.min(asked, REQUEST_DELAY_CAP);
    }
}

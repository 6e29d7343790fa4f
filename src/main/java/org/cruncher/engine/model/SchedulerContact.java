package org.cruncher.engine.model;

import java.util.ArrayList;
import java.util.List;

/**
 * What the client keeps about contacting one project's schedulers (seed 002): the scheduler URLs, tried in turn;
 * min_rpc_time and why it is set; consecutive failures; the master-file re-read flag and its failures; the
 * outage history (for the outage-aware buffer, decision 0004); and the exponentially averaged CPU time behind seed
 * 002's resource debt.
 */
public final class SchedulerContact {

    private final List<String> schedulerUrls = new ArrayList<>();
    private double minRpcTime;
    private RpcDeferral deferral = RpcDeferral.NONE;
    private int rpcFailures;
    private boolean masterFetchPending;
    private int masterFetchFailures;
    private double lastRpcTime = Double.NaN;
    private double unreachableSince = Double.NaN;
    private double typicalOutage;
    private double expAvgCpu;
    private double expAvgTime = Double.NaN;

    /** The scheduler URLs, in the order to try them; empty means "the master URL". */
    public List<String> schedulerUrls() {
        return List.copyOf(schedulerUrls);
    }

    /** Replaces the scheduler URLs; returns true if the list has a URL it did not have before. */
    public boolean setSchedulerUrls(List<String> urls) {
        boolean added = urls.stream().anyMatch(u -> !schedulerUrls.contains(u));
        schedulerUrls.clear();
        for (String u : urls) {
            if (!schedulerUrls.contains(u)) {
                schedulerUrls.add(u);
            }
        }
        return added;
    }

    /** The earliest time the client may contact the project's scheduler (seed 002's min_rpc_time). */
    public double minRpcTime() {
        return minRpcTime;
    }

    /** Why min_rpc_time is set (NONE once it has passed or been cleared). */
    public RpcDeferral deferral(double now) {
        return minRpcTime > now ? deferral : RpcDeferral.NONE;
    }

    /**
     * Defers contact until {@code time} for {@code reason}; like BOINC's set_min_rpc_time it only ever moves
     * min_rpc_time later, and the reason is the one of the later time.
     */
    public void defer(double time, RpcDeferral reason) {
        if (time > minRpcTime) {
            minRpcTime = time;
            deferral = reason;
        }
    }

    /** Clears min_rpc_time (a successful contact, new scheduler URLs, or the user's "update"). */
    public void clearDeferral() {
        minRpcTime = 0;
        deferral = RpcDeferral.NONE;
    }

    public int rpcFailures() {
        return rpcFailures;
    }

    public void setRpcFailures(int failures) {
        this.rpcFailures = failures;
    }

    /** Whether the master file is to be read again for a new list of schedulers. */
    public boolean masterFetchPending() {
        return masterFetchPending;
    }

    /**
     * Whether the master file must be read before the next scheduler request: it is pending, or no scheduler URL is
     * known (BOINC's init_op_project reads the master file of a project that lists no scheduler).
     */
    public boolean needsMasterRead() {
        return masterFetchPending || schedulerUrls.isEmpty();
    }

    public void setMasterFetchPending(boolean pending) {
        this.masterFetchPending = pending;
    }

    /** Consecutive failed master-file reads. */
    public int masterFetchFailures() {
        return masterFetchFailures;
    }

    public void setMasterFetchFailures(int failures) {
        this.masterFetchFailures = failures;
    }

    public double lastRpcTime() {
        return lastRpcTime;
    }

    public void setLastRpcTime(double time) {
        this.lastRpcTime = time;
    }

    /** Since when the scheduler has failed without a success in between (NaN while it answers). */
    public double unreachableSince() {
        return unreachableSince;
    }

    /**
     * How long the project's scheduler typically stays unreachable once it fails, seconds: the average of the
     * outages seen (first failure to next success), halving the weight of older ones. 0 if it never failed.
     */
    public double typicalOutage() {
        return typicalOutage;
    }

    /** Restores the outage record saved with the state: since when unreachable (NaN: answering) and the typical outage. */
    public void restoreOutage(double unreachableSince, double typicalOutage) {
        this.unreachableSince = unreachableSince;
        this.typicalOutage = Math.max(0, typicalOutage);
    }

    /** Records a failed contact at {@code time}. */
    public void recordFailure(double time) {
        if (Double.isNaN(unreachableSince)) {
            unreachableSince = time;
        }
    }

    /** Records a successful contact at {@code time}, closing any outage. */
    public void recordSuccess(double time) {
        if (!Double.isNaN(unreachableSince)) {
            double outage = time - unreachableSince;
            typicalOutage = typicalOutage <= 0 ? outage : (typicalOutage + outage) / 2;
            unreachableSince = Double.NaN;
        }
    }

    /** The exponentially averaged CPU seconds devoted to the project (seed 002), as of {@link #expAvgTime()}. */
    public double expAvgCpu() {
        return expAvgCpu;
    }

    /** When {@link #expAvgCpu()} was last brought up to date (NaN: never). */
    public double expAvgTime() {
        return expAvgTime;
    }

    public void setExpAvgCpu(double value, double time) {
        this.expAvgCpu = value;
        this.expAvgTime = time;
    }

    public SchedulerContact copy() {
        SchedulerContact c = new SchedulerContact();
        c.schedulerUrls.addAll(schedulerUrls);
        c.minRpcTime = minRpcTime;
        c.deferral = deferral;
        c.rpcFailures = rpcFailures;
        c.masterFetchPending = masterFetchPending;
        c.masterFetchFailures = masterFetchFailures;
        c.lastRpcTime = lastRpcTime;
        c.unreachableSince = unreachableSince;
        c.typicalOutage = typicalOutage;
        c.expAvgCpu = expAvgCpu;
        c.expAvgTime = expAvgTime;
        return c;
    }
}

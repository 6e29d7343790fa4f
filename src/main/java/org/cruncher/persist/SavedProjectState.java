package org.cruncher.persist;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ProjectResourceState;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.RpcDeferral;
import org.cruncher.engine.model.SchedulerContact;
import org.cruncher.engine.model.ServerDiskShortfall;
import org.cruncher.engine.policy.rpc.RpcBackoff;
import org.cruncher.engine.policy.workfetch.ResourceBackoff;

/**
 * What a client saved of a project's scheduling: its scheduler contact (URLs, failures, min_rpc_time and why), its
 * debts and per-resource work-fetch state (backoffs, long-term debts, latencies), its max_concurrent and its
 * server's last disk shortfall, from BOINC 6.x and 7.x files and from Cruncher's own.
 */
final class SavedProjectState {

    private SavedProjectState() {
    }

    /**
     * The scheduler URLs, failures and min_rpc_time the client had saved. A min_rpc_time ends at most
     * {@link RpcBackoff#REQUEST_DELAY_CAP} after {@code now}, the time the state was saved: no deferral the client sets
     * is longer, and a corrupted one (year 2255) kept the project from ever being contacted, without a word. A negative
     * exponentially averaged CPU time is 0: it made the project's resource debt negative for good.
     */
    static void contact(ClientStateXml.Project x, SchedulerContact c, double now, int line, ScenarioNumbers numbers) {
        List<String> urls = new ArrayList<>();
        if (x.schedulerUrl != null) {
            for (String u : x.schedulerUrl) {
                String t = XmlValues.text(u);
                if (!t.isEmpty()) {
                    urls.add(t);
                }
            }
        }
        c.setSchedulerUrls(urls);
        int failures = (int) Math.round(numbers.clamp(x.nrpcFailures, 0, 0, ScenarioNumbers.MAX_RPC_FAILURES,
                "nrpc_failures", line));
        c.setRpcFailures(failures);
        double minRpcTime = numbers.clamp(x.minRpcTime, 0, 0,
                Math.min(ScenarioNumbers.MAX_TIME, now + RpcBackoff.REQUEST_DELAY_CAP), "min_rpc_time", line);
        if (minRpcTime > 0) {
            c.defer(minRpcTime, deferral(x.rpcDeferral, failures));
        }
        c.setMasterFetchFailures(x.masterFetchFailures == null ? 0
                : (int) Math.max(0, Math.round(x.masterFetchFailures)));
        // Cruncher's tag, or BOINC's (review of seed 002: BOINC's was dropped, and the request went to the master URL).
        c.setMasterFetchPending(XmlValues.flag(x.masterFetchPending) || XmlValues.flag(x.masterUrlFetchPending));
        c.setLastRpcTime(XmlValues.number(x.lastRpcTime, Double.NaN));
        c.restoreOutage(XmlValues.number(x.unreachableSince, Double.NaN), XmlValues.number(x.typicalOutage, 0));
        if (x.expAvgCpu != null) {
            c.setExpAvgCpu(numbers.clamp(x.expAvgCpu, 0, 0, Double.MAX_VALUE, "exp_avg_cpu", line),
                    XmlValues.number(x.expAvgTime, Double.NaN));
        }
    }

    /** Why min_rpc_time was set: as saved by Cruncher, else guessed from the failure count as BOINC's files say. */
    private static RpcDeferral deferral(String saved, int failures) {
        for (RpcDeferral d : RpcDeferral.values()) {
            if (d != RpcDeferral.NONE && d.name().equals(XmlValues.text(saved))) {
                return d;
            }
        }
        return failures > 0 ? RpcDeferral.RPC_FAILURES : RpcDeferral.REQUEST_DELAY;
    }

    /**
     * The debts and per-resource work-fetch state: the seeds' debt (6.x's short_term_debt) and Cruncher's saved
     * records; BOINC's rsc_backoff_time/interval pairs (7.x) or cpu_backoff_time/interval (older); 6.x's long-term
     * debts long_term_debt (CPU), cuda_debt and ati_debt, in instance-seconds as Cruncher keeps them.
     *
     * @param flopsPerDebtUnit the FLOPs one unit of short_term_debt stands for: 1 in Cruncher's own files, which
     *                         keep the seeds' debt in FLOPs; a CPU's FLOPs per second in BOINC 6.x's, which keep
     *                         it in CPU-seconds
     * @param now              the time the state was saved: a resource backoff ends at most 24 hours after it, and
     *                         its interval is at most 24 hours (seed 003), with a note
     * @param line             the line the project's block starts on, for notes
     * @param numbers          where notes about values are kept: a debt that is not a number (nan, or too large to
     *                         be one, even in FLOPs) is 0, with a note, as the debts decide who runs; an anticipated
     *                         debt that is not a number is the debt, as when it is absent
     */
    static void debtsAndBackoffs(ClientStateXml.Project x, Project p, double flopsPerDebtUnit, double now, int line,
                                 ScenarioNumbers numbers) {
        double bound = Double.MAX_VALUE / flopsPerDebtUnit;
        p.setDebt(numbers.clamp(x.shortTermDebt, 0, -bound, bound, "short_term_debt", line) * flopsPerDebtUnit);
        // In the short-term debt's unit: CPU-seconds in a 6.x file.
        p.setAnticipatedDebt(x.anticipatedDebt == null ? p.debt()
                : numbers.clamp(x.anticipatedDebt, p.debt() / flopsPerDebtUnit, -bound, bound, "anticipated_debt",
                        line) * flopsPerDebtUnit);
        longTermDebt(p, ResourceType.CPU, debt(x.longTermDebt, "long_term_debt", line, numbers));
        longTermDebt(p, ResourceType.NVIDIA, debt(x.cudaDebt, "cuda_debt", line, numbers));
        longTermDebt(p, ResourceType.AMD, debt(x.atiDebt, "ati_debt", line, numbers));
        Map<ResourceType, Double> until = new EnumMap<>(ResourceType.class);
        Map<ResourceType, Double> interval = new EnumMap<>(ResourceType.class);
        for (ClientStateXml.NameValue nv : x.rscBackoffTime) {
            ResourceType.fromBoincName(XmlValues.text(nv.name)).ifPresent(t -> until.put(t, nv.value));
        }
        for (ClientStateXml.NameValue nv : x.rscBackoffInterval) {
            ResourceType.fromBoincName(XmlValues.text(nv.name)).ifPresent(t -> interval.put(t, nv.value));
        }
        boolean olderFormat = x.cpuBackoffTime != null && !until.containsKey(ResourceType.CPU);
        if (x.cpuBackoffTime != null) {
            until.putIfAbsent(ResourceType.CPU, x.cpuBackoffTime);
            interval.putIfAbsent(ResourceType.CPU, x.cpuBackoffInterval);
        }
        for (Map.Entry<ResourceType, Double> e : until.entrySet()) {
            double t = XmlValues.number(e.getValue(), 0);
            double i = XmlValues.number(interval.get(e.getKey()), 0);
            // An interval without a wait is kept too: the wait ended early (room on disk, decision 0037) and the
            // next request that brings nothing doubles it on (seed 003: the backoff is kept in the state file).
            if (t >= 0 && Double.isFinite(t) && i >= 0 && Double.isFinite(i) && (t > 0 || i > 0)) {
                // Seed 003: a backoff lasts 24 hours at most (decision 0008); a later end, as a corrupted 1e15,
                // would hold the resource's work fetch for ever.
                boolean cpuOnly = olderFormat && e.getKey() == ResourceType.CPU;
                double end = numbers.clamp(t, 0, 0, now + ResourceBackoff.MAX_INTERVAL,
                        cpuOnly ? "cpu_backoff_time" : "rsc_backoff_time", line);
                double length = numbers.clamp(i, 0, 0, ResourceBackoff.MAX_INTERVAL,
                        cpuOnly ? "cpu_backoff_interval" : "rsc_backoff_interval", line);
                p.resourceState(e.getKey()).backOff(end, length);
            }
        }
        Map<ResourceType, Double> work = new EnumMap<>(ResourceType.class);
        for (ClientStateXml.RscWorkFetch w : x.rscWorkFetch) {
            ResourceType t = ResourceType.fromBoincName(XmlValues.text(w.name)).orElse(null);
            if (t == null) {
                continue;
            }
            ProjectResourceState st = p.resourceState(t);
            longTermDebt(p, t, debt(w.longTermDebt, "rsc_work_fetch/long_term_debt", line, numbers));
            st.setAccumulatesDebt(XmlValues.flag(w.accumulatesDebt));
            st.setLastLatency(XmlValues.number(w.lastLatency, Double.POSITIVE_INFINITY));
            double runtime = XmlValues.number(w.lastRuntime, 0);
            st.setLastRuntime(runtime > 0 && Double.isFinite(runtime) ? runtime : 0);
            if (XmlValues.flag(w.backedOffForDisk) && st.backoffUntil() > 0) {
                st.backOff(st.backoffUntil(), st.backoffInterval(), true);
                roomWait(st, w);
            }
            double done = XmlValues.number(w.workThisPeriod, 0);
            if (done != 0 && Double.isFinite(done)) {
                work.put(t, done);
            }
        }
        p.restoreWork(work, XmlValues.number(x.totalWork, 0));
    }

    /**
     * A wait for room on disk (decision 0040) comes back with the app and bytes it waits for, so that it ends when
     * that much room comes, as before the restart; without them (an older file, or damaged values) it waits for a
     * batch's room only.
     */
    private static void roomWait(ProjectResourceState st, ClientStateXml.RscWorkFetch w) {
        String app = XmlValues.text(w.roomWaitApp);
        double bytes = XmlValues.number(w.roomWaitBytes, Double.NaN);
        if (st.waitsForRoom() && !app.isEmpty() && bytes > 0 && Double.isFinite(bytes)) {
            st.waitForRoom(st.backoffUntil(), app, bytes);
        }
    }

    /**
     * What the project's server last said of the disk space, as Cruncher saved it, so that the Disk pane still says
     * why it sent no work and the engine asks again once room comes (decision 0037). One that is damaged is left
     * out: the note says what that costs.
     */
    static Optional<String> diskShortfall(ClientStateXml.DiskShortfall s, Project p, String where) {
        if (s == null) {
            return Optional.empty();
        }
        String app = XmlValues.text(s.appName);
        double needed = XmlValues.number(s.neededBytes, Double.NaN);
        double available = XmlValues.number(s.availableBytes, Double.NaN);
        // Absent (a hand-edited file): the most offered, so that room beyond it still ends the backoff.
        double offered = XmlValues.number(s.offeredIfTrimmed, available);
        double time = XmlValues.number(s.time, Double.NaN);
        boolean sizes = needed > 0 && Double.isFinite(needed) && available >= 0 && Double.isFinite(available)
                && offered >= 0;
        if (app.isEmpty() || !sizes || !(time >= 0) || !Double.isFinite(time)) {
            return Optional.of(p.name() + "'s saved <disk_shortfall> (in its <project>, " + where + ") is not "
                    + "understood and left out: the Disk pane does not say what its server found, and a backoff for "
                    + "disk space runs its course rather than ending when room comes");
        }
        p.setDiskShortfall(new ServerDiskShortfall(app, needed, available, offered, time));
        return Optional.empty();
    }

    /** A max_concurrent as BOINC reads it: a whole number, and none (0) if absent, negative or not a number. */
    static int concurrencyLimit(Double v) {
        return v == null || !(v >= 1) ? 0 : (int) Math.min(Math.round(v), 1_000_000);
    }

    /** A saved debt: absent is 0; nan or infinite is 0 with a note. */
    private static double debt(Double v, String element, int line, ScenarioNumbers numbers) {
        return numbers.clamp(v, 0, -Double.MAX_VALUE, Double.MAX_VALUE, element, line);
    }

    private static void longTermDebt(Project p, ResourceType type, double debt) {
        if (debt != 0) {
            p.resourceState(type).setLongTermDebt(debt);
        }
    }
}

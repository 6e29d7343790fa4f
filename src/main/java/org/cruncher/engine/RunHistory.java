package org.cruncher.engine;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.api.HostAvailability;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * What ran when, for the Timeline pane: after each poll, per project and resource, the instances its running tasks
 * hold (a CPU task its CPUs, a GPU task its GPUs; a task counts while it is scheduled and the host computes, as the
 * Tasks pane's Running).
 * <ol>
 *   <li>only changes are kept: a project's figure for a resource is appended when it differs from its last one;</li>
 *   <li>they are appended to arrays that are never written below their end, so a view handed out (the snapshot's)
 *       stays as it was while the engine goes on;</li>
 *   <li>when the arrays are full, changes older than {@link #KEPT} are dropped into new arrays, each project still
 *       running then starting with its figure at that time, so what is left reads the same;</li>
 *   <li>beside them, what the host allowed ({@link HostAvailability}: on and computing, off, not allowed to compute,
 *       over the disk limit), kept the same way, so that a stretch in which nothing ran says why.</li>
 * </ol>
 */
final class RunHistory {

    /** How far back the history reaches, seconds: a week. */
    static final double KEPT = 7 * 86400;
    private static final int TYPES = ResourceType.values().length;

    private double[] time = new double[256];
    private int[] slot = new int[256];
    private byte[] type = new byte[256];
    private double[] instances = new double[256];
    private int size;
    private double[] hostTime = new double[16];
    private byte[] hostState = new byte[16];
    private int hostSize;
    private double since = Double.NaN;
    private double until = Double.NaN;
    /** Per project slot and resource: its last figure. */
    private double[][] last = new double[0][TYPES];
    private double[][] now = new double[0][TYPES];

    /**
     * Takes up a history saved with the state (so that the Timeline goes on across a restart): its changes, by
     * project URL, become this one's, for the projects {@code state} has; the next poll appends from where it ends.
     * Only for a history that has recorded nothing yet.
     */
    void resume(RunHistoryView saved, ClientState state) {
        if (size > 0 || Double.isNaN(saved.since())) {
            return;
        }
        Map<String, Integer> slotOf = new HashMap<>();
        for (Project p : state.projects()) {
            slotOf.put(p.url(), p.slot());
        }
        ensureSlots(Project.slotsOf(state.projects()));
        for (int i = 0; i < saved.size(); i++) {
            Integer s = slotOf.get(saved.projectUrl(i));
            if (s != null && s >= 0) {
                int k = saved.resource(i).ordinal();
                last[s][k] = saved.instances(i);
                append(saved.time(i), s, k, saved.instances(i));
            }
        }
        for (int i = 0; i < saved.hostChanges(); i++) {
            appendHost(saved.hostTime(i), saved.host(i));
        }
        since = saved.since();
        until = saved.until();
    }

    /** Records the poll at {@code t}: each project's running instances per resource, where they changed. */
    void record(double t, ClientState state, HostStatus host, boolean diskSuspended) {
        ensureSlots(Project.slotsOf(state.projects()));
        for (double[] row : now) {
            Arrays.fill(row, 0);
        }
        boolean computing = host.computeAllowed() && !diskSuspended;
        for (ActiveTask task : computing ? state.activeTasks() : List.<ActiveTask>of()) {
            Result r = task.result();
            int s = r.project().slot();
            if (s < 0 || !task.isScheduled() || r.appVersion().usesCoprocessor() && !host.gpuAllowed()) {
                continue;
            }
            ResourceType k = r.resource();
            now[s][k.ordinal()] += k == ResourceType.CPU ? r.appVersion().avgNcpus() : r.appVersion().coprocCount();
        }
        recordHost(t, state, host, diskSuspended);
        for (int s = 0; s < now.length; s++) {
            for (int k = 0; k < TYPES; k++) {
                if (Double.compare(now[s][k], last[s][k]) != 0) {
                    last[s][k] = now[s][k];
                    append(t, s, k, now[s][k]);
                }
            }
        }
    }

    /**
     * Records what the host allowed at {@code t}, where it changed (the record begins then if it had not). A poll
     * records it with what ran; before the first poll (a state restored with the computer off) it is recorded alone,
     * so that the Timeline says the computer was off rather than nothing.
     */
    void recordHost(double t, ClientState state, HostStatus host, boolean diskSuspended) {
        if (Double.isNaN(since)) {
            since = t;
        }
        until = t;
        HostAvailability a = availability(host, diskSuspended, state.resources().inServiceOrder().size() > 1);
        if (hostSize == 0 || hostState[hostSize - 1] != a.ordinal()) {
            appendHost(t, a);
        }
    }

    /**
     * What {@code host} allowed, the most telling first: off, over the disk limit, not allowed, no GPUs (the order
     * the status bar and the Tasks pane say it in).
     */
    static HostAvailability availability(HostStatus host, boolean diskSuspended, boolean hasGpus) {
        if (!host.on()) {
            return HostAvailability.OFF;
        }
        if (diskSuspended) {
            return HostAvailability.DISK_FULL;
        }
        if (!host.computeAllowed()) {
            return HostAvailability.NOT_ALLOWED;
        }
        return hasGpus && !host.gpuAllowed() ? HostAvailability.GPUS_SUSPENDED : HostAvailability.COMPUTING;
    }

    /**
     * Step 4: the host's changes go on at the end of their arrays; when those are full, the ones older than
     * {@link #KEPT} give way (the last of them restated at the cutoff), so that the view reads the same.
     */
    private void appendHost(double t, HostAvailability a) {
        if (hostSize == hostTime.length) {
            double cutoff = t - KEPT;
            int old = 0;
            while (old + 1 < hostSize && hostTime[old + 1] <= cutoff) {
                old++;
            }
            int kept = hostSize - old;
            double[] nt = new double[Math.max(16, 2 * kept)];
            byte[] nh = new byte[nt.length];
            System.arraycopy(hostTime, old, nt, 0, kept);
            System.arraycopy(hostState, old, nh, 0, kept);
            if (old > 0) {
                nt[0] = cutoff;
            }
            hostTime = nt;
            hostState = nh;
            hostSize = kept;
        }
        hostTime[hostSize] = t;
        hostState[hostSize] = (byte) a.ordinal();
        hostSize++;
    }

    private void ensureSlots(int slots) {
        if (now.length < slots) {
            now = Arrays.copyOf(now, slots);
            last = Arrays.copyOf(last, slots);
            for (int s = 0; s < slots; s++) {
                now[s] = now[s] == null ? new double[TYPES] : now[s];
                last[s] = last[s] == null ? new double[TYPES] : last[s];
            }
        }
    }

    private void append(double t, int s, int k, double value) {
        if (size == time.length) {
            makeRoom(t);
        }
        time[size] = t;
        slot[size] = s;
        type[size] = (byte) k;
        instances[size] = value;
        size++;
    }

    /** Step 3: new arrays, without the changes older than {@link #KEPT} if there are any, else twice as long. */
    private void makeRoom(double t) {
        double cutoff = t - KEPT;
        int old = 0;
        while (old < size && time[old] < cutoff) {
            old++;
        }
        List<double[]> start = new ArrayList<>();
        if (old > 0) {
            double[][] at = new double[last.length][TYPES];
            for (int i = 0; i < old; i++) {
                at[slot[i]][type[i]] = instances[i];
            }
            for (int s = 0; s < at.length; s++) {
                for (int k = 0; k < TYPES; k++) {
                    if (at[s][k] != 0) {
                        start.add(new double[] {s, k, at[s][k]});
                    }
                }
            }
            since = cutoff;
        }
        int kept = start.size() + size - old;
        int length = Math.max(256, 2 * kept);
        double[] nt = new double[length];
        int[] ns = new int[length];
        byte[] nk = new byte[length];
        double[] nv = new double[length];
        int n = 0;
        for (double[] e : start) {
            nt[n] = cutoff;
            ns[n] = (int) e[0];
            nk[n] = (byte) e[1];
            nv[n] = e[2];
            n++;
        }
        System.arraycopy(time, old, nt, n, size - old);
        System.arraycopy(slot, old, ns, n, size - old);
        System.arraycopy(type, old, nk, n, size - old);
        System.arraycopy(instances, old, nv, n, size - old);
        time = nt;
        slot = ns;
        type = nk;
        instances = nv;
        size = kept;
    }

    /** The history so far, as a view that will not change; projects by slot from {@code state}. */
    RunHistoryView view(ClientState state) {
        int slots = Project.slotsOf(state.projects());
        List<String> urls = new ArrayList<>(Collections.nCopies(slots, ""));
        List<String> names = new ArrayList<>(Collections.nCopies(slots, ""));
        for (Project p : state.projects()) {
            if (p.slot() >= 0) {
                urls.set(p.slot(), p.url());
                names.set(p.slot(), p.name());
            }
        }
        return new RunHistoryView(since, until, time, slot, type, instances, 0, size, urls, names)
                .withHost(hostTime, hostState, hostSize);
    }
}

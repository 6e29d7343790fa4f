package org.cruncher.emulator;

import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.Consumer;

import org.cruncher.engine.HostStatus;
import org.cruncher.engine.TaskControl;
import org.cruncher.engine.TransferOutcome;
import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.Result;

/**
 * Runs tasks in emulated time. A scheduled task computes while the host computes (and, for a GPU job, while GPUs
 * may compute), at its app version's speed; CPU jobs slow down in proportion when the CPUs are overcommitted
 * (BOINC's emulator's cpu_scale, boinc-engine.md §4.3):
 * cpu_scale = (usable CPUs - CPUs used by GPU jobs) / (CPUs used - CPUs used by GPU jobs).
 * A task ends when its true size (known only here) has been computed, or crashes part way if the job is to crash;
 * its files move through {@link SimulatedTransfers}.
 */
final class SimulatedExecution implements TaskControl {

    /** The exit status of an application that crashed (SIGSEGV). */
    static final int EXIT_CRASHED = 139;

    /** A task within this many seconds of its end is finished (floating-point slack). */
    private static final double END_SLACK_SECONDS = 1e-3;

    private final ClientState state;
    private final JobCatalog catalog;
    private final Set<ActiveTask> scheduled = new LinkedHashSet<>();
    private final Map<ActiveTask, Run> runs = new HashMap<>();
    private final SimulatedTransfers transfers;
    private HostStatus host = HostStatus.ALL_ALLOWED;
    private double cpuScale = 1;
    private boolean dirty = true;
    /** The projects with a task computing, while nothing has changed since they were worked out (else null). */
    private Set<String> computing;

    /**
     * A started task's fate (its true size, where it crashes) and the FLOPs it has left, looked up once; and where it
     * stood when it began computing at its present speed (the anchor). Its progress is worked out from the anchor,
     * as the anchor's figures plus the speed times the time since, not added up slice by slice: a run the window cuts
     * into frames then comes to the very same figures at each event as a run in one go. Summed over the frames, they
     * differed in their last digits, and two debts equal in one run (0 s and 0 s) were 0.0015 FLOPs apart in the
     * other, which turned a tie the other way.
     */
    private static final class Run {
        final double actualFlops;
        final double crashAt;
        double remaining;
        /** When the task began computing at {@link #speed}: NaN while it is not computing. */
        double anchorTime = Double.NaN;
        double anchorRemaining;
        double anchorElapsed;
        double anchorCpu;
        double anchorWork;
        double speed;
        double cpus;
        double workRate;

        Run(double actualFlops, double crashAt, double fractionDone) {
            this.actualFlops = actualFlops;
            this.crashAt = crashAt;
            this.remaining = actualFlops * Math.max(0, crashAt - fractionDone);
        }

        /** Takes {@code t}'s figures at {@code time} as the start of computing at these rates, unless already so. */
        void anchor(ActiveTask t, double time, double speed, double cpus, double workRate) {
            if (!Double.isNaN(anchorTime) && speed == this.speed && cpus == this.cpus && workRate == this.workRate) {
                return;
            }
            anchorTime = time;
            anchorRemaining = remaining;
            anchorElapsed = t.elapsedTime();
            anchorCpu = t.cpuTime();
            anchorWork = t.work();
            this.speed = speed;
            this.cpus = cpus;
            this.workRate = workRate;
        }

        /** The task stopped computing (preempted, or the host does not compute): the next start anchors anew. */
        void unanchor() {
            anchorTime = Double.NaN;
        }

        /** When it ends if nothing changes, from its anchor while it computes. */
        double end(double now, double speed) {
            return Double.isNaN(anchorTime) || speed != this.speed ? now + remaining / speed
                    : anchorTime + anchorRemaining / speed;
        }
    }

    SimulatedExecution(ClientState state, JobCatalog catalog, SimulatedTransfers transfers) {
        this.state = state;
        this.catalog = catalog;
        this.transfers = transfers;
    }

    @Override
    public void download(Result result, double bytes, Consumer<TransferOutcome> done) {
        transfers.start(result, bytes, false, done);
    }

    @Override
    public void upload(Result result, double bytes, Consumer<TransferOutcome> done) {
        transfers.start(result, bytes, true, done);
    }

    /**
     * Starts or resumes a task: it has its true size left to compute, from where it stands, up to the point where
     * its application crashes if it is to crash.
     */
    @Override
    public void start(ActiveTask task) {
        runs.computeIfAbsent(task, t -> new Run(catalog.actualFlops(t.result()), catalog.crashAt(t.result()),
                t.fractionDone())).unanchor();
        scheduled.add(task);
        dirty = true;
        computing = null;
    }

    @Override
    public void resume(ActiveTask task) {
        start(task);
    }

    @Override
    public void preempt(ActiveTask task) {
        Run run = runs.get(task);
        if (run != null) {
            run.unanchor();
        }
        scheduled.remove(task);
        dirty = true;
        computing = null;
    }

    @Override
    public void abort(ActiveTask task) {
        scheduled.remove(task);
        runs.remove(task);
        dirty = true;
        computing = null;
    }

    void setHostStatus(HostStatus status) {
        if (!status.equals(host)) {
            host = status;
            dirty = true;
            computing = null;
        }
    }

    private boolean progresses(ActiveTask t) {
        if (!host.computeAllowed() || t.exited()) {
            return false;
        }
        return !t.appVersion().usesCoprocessor() || host.gpuAllowed();
    }

    private void refresh() {
        if (!dirty) {
            return;
        }
        dirty = false;
        double cpuUsed = 0;
        double gpuCpu = 0;
        for (ActiveTask t : scheduled) {
            if (progresses(t)) {
                cpuUsed += t.appVersion().avgNcpus();
                if (t.appVersion().usesCoprocessor()) {
                    gpuCpu += t.appVersion().avgNcpus();
                }
            }
        }
        int usable = state.resources().cpu().instances();
        cpuScale = cpuUsed > usable + 1e-9 && cpuUsed - gpuCpu > 0
                ? Math.max(0, usable - gpuCpu) / (cpuUsed - gpuCpu) : 1;
    }

    /** The app's speed for {@code t} now, FLOPS (0 if it does not progress). */
    private double speed(ActiveTask t) {
        if (!progresses(t)) {
            return 0;
        }
        AppVersion v = t.appVersion();
        return v.usesCoprocessor() ? v.flops() : v.flops() * cpuScale;
    }

    /** The earliest time after {@code now} at which a task ends, if nothing changes. */
    double nextCompletion(double now) {
        refresh();
        double next = Double.POSITIVE_INFINITY;
        for (ActiveTask t : scheduled) {
            double s = speed(t);
            if (s > 0) {
                next = Math.min(next, runs.get(t).end(now, s));
            }
        }
        return next;
    }

    /** The projects with a task computing now (read-only; worked out again only after a change). */
    Set<String> computingProjects() {
        refresh();
        if (computing != null) {
            return computing;
        }
        Set<String> urls = new HashSet<>();
        for (ActiveTask t : scheduled) {
            if (speed(t) > 0) {
                urls.add(t.project().url());
            }
        }
        computing = Collections.unmodifiableSet(urls);
        return computing;
    }

    /**
     * Advances every computing task from {@code from} to {@code to}, and tells {@code figures} what was used. A task with
     * nothing left (one read at fraction done 1) ends even when no time passes, so that time can move on. Only at an
     * event ({@code atEvent}) does a task within a millisecond of its end count as ended: a stop between events (a
     * window's frame) leaves it to end at its own time, as a run in one go would. True if a task ended.
     */
    boolean advance(double from, double to, FiguresOfMerit figures, boolean atEvent) {
        refresh();
        double dt = Math.max(0, to - from);
        ResourceSet resources = state.resources();
        double cpuFlops = resources.cpu().flopsPerInstance();
        List<ActiveTask> ended = new ArrayList<>();
        for (ActiveTask t : scheduled) {
            double s = speed(t);
            Run run = runs.get(t);
            if (s <= 0) {
                run.unanchor();
                continue;
            }
            AppVersion v = t.appVersion();
            double cpus = v.usesCoprocessor() ? v.avgNcpus() : v.avgNcpus() * cpuScale;
            double gpus = v.usesCoprocessor() ? v.coprocCount() : 0;
            double gpuFlops = v.usesCoprocessor()
                    ? resources.get(v.coprocType()).map(ProcessingResource::flopsPerInstance).orElse(0.0) : 0;
            double workRate = cpus * cpuFlops + gpus * gpuFlops;
            run.anchor(t, from, s, cpus, workRate);
            double since = Math.max(0, to - run.anchorTime);
            double left = run.anchorRemaining - s * since;
            double actual = run.actualFlops;
            if (left <= 0 || (atEvent && left <= s * END_SLACK_SECONDS)) {
                left = 0;
                ended.add(t);
            }
            run.remaining = left;
            t.setProgress(run.anchorElapsed + since, run.anchorCpu + cpus * since, run.anchorWork + workRate * since,
                    actual > 0 ? run.crashAt - left / actual : 1);
            figures.addUse(t.project().url(), workRate * dt, cpus * dt, gpus * dt);
        }
        for (ActiveTask t : ended) {
            t.markExited(runs.get(t).crashAt < 1 ? EXIT_CRASHED : 0);
            catalog.forget(t.result());
            scheduled.remove(t);
            runs.remove(t);
            dirty = true;
            computing = null;
        }
        return !ended.isEmpty();
    }
}

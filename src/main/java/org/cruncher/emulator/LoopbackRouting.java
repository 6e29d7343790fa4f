package org.cruncher.emulator;

import java.net.URI;
import java.net.URISyntaxException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;

import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.ReportedResult;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.SchedulerTransport;
import org.cruncher.net.HttpSchedulerTransport;
import org.cruncher.net.RequestTimeDeadlines;

/**
 * The emulation's way to the schedulers (decision 0046): an RPC or master-file read whose URL is on this computer
 * (host 127.0.0.1, localhost or [::1]) goes over real HTTP, every other to the project's simulated server. An HTTP
 * outcome is held until {@link #awaitReplies} hands it over on the emulation's thread, which counts it in the figures
 * of merit as a simulated server counts its RPCs: a reply (not one saying the project is down) is an RPC done, with
 * its acknowledged reports and its jobs; anything else an RPC failed. The HTTP transport is made at the first such
 * exchange; {@link #close} stops its threads.
 */
public final class LoopbackRouting implements SchedulerTransport, AutoCloseable {

    /** Beyond the HTTP transport's own timeouts, the longest {@link #awaitReplies} waits for an outcome. */
    private static final Duration MARGIN = Duration.ofSeconds(5);
    /** How often a wait for a reply lets the emulation's thread do what cannot wait (see {@link #awaitReplies}). */
    static final Duration SLICE = Duration.ofMillis(100);

    private final SchedulerTransport simulated;
    private final FiguresOfMerit figures;
    private final boolean overHttp;
    private final Object lock = new Object();
    /** The outcomes that arrived, to hand over on the emulation's thread; guarded by {@link #lock}. */
    private final List<Runnable> arrived = new ArrayList<>();
    private int pending;
    /** The URLs of the exchanges under way, oldest first, each as often as it is under way; guarded by the lock. */
    private final List<String> underWay = new ArrayList<>();
    private boolean closed;
    private HttpSchedulerTransport http;
    private SchedulerTransport wire;

    /**
     * @param simulated the simulated servers
     * @param overHttp  whether URLs on this computer go over HTTP; if not (a what-if), everything is simulated
     */
    LoopbackRouting(SchedulerTransport simulated, FiguresOfMerit figures, boolean overHttp) {
        this.simulated = simulated;
        this.figures = figures;
        this.overHttp = overHttp;
    }

    /** Whether {@code url}'s host is this computer: 127.0.0.1, localhost or [::1]. */
    public static boolean onThisComputer(String url) {
        try {
            String host = new URI(url).getHost();
            return host != null && Set.of("127.0.0.1", "localhost", "[::1]", "::1")
                    .contains(host.toLowerCase(Locale.ROOT));
        } catch (URISyntaxException e) {
            return false;
        }
    }

    @Override
    public void send(SchedulerRequest request, Consumer<RpcOutcome> done) {
        SchedulerTransport to = route(request.schedulerUrl());
        if (to == simulated) {
            simulated.send(request, done);
        } else if (to != null) {
            to.send(request, outcome -> arrive(request.schedulerUrl(), () -> {
                count(outcome);
                done.accept(outcome);
            }));
        }
    }

    @Override
    public void fetchMaster(String projectUrl, Consumer<MasterOutcome> done) {
        SchedulerTransport to = route(projectUrl);
        if (to == simulated) {
            simulated.fetchMaster(projectUrl, done);
        } else if (to != null) {
            to.fetchMaster(projectUrl, outcome -> arrive(projectUrl, () -> done.accept(outcome)));
        }
    }

    /**
     * Where an exchange with {@code url} goes: the simulated servers, or the HTTP transport (made now if it is the
     * first), counted as pending; null once closed (the exchange is dropped: the emulation has ended).
     */
    private SchedulerTransport route(String url) {
        if (!overHttp || !onThisComputer(url)) {
            return simulated;
        }
        synchronized (lock) {
            if (closed) {
                return null;
            }
            if (http == null) {
                http = new HttpSchedulerTransport(HttpSchedulerTransport.DEFAULT_CONNECT_TIMEOUT,
                        HttpSchedulerTransport.DEFAULT_REQUEST_TIMEOUT);
                wire = new RequestTimeDeadlines(http);
            }
            pending++;
            underWay.add(url);
            return wire;
        }
    }

    /** An HTTP outcome from {@code url} came (on any thread): kept to be handed over by {@link #awaitReplies}. */
    private void arrive(String url, Runnable handOver) {
        synchronized (lock) {
            pending--;
            underWay.remove(url);
            if (!closed) {
                arrived.add(handOver);
            }
            lock.notifyAll();
        }
    }

    private void count(RpcOutcome outcome) {
        String url = outcome.request().projectUrl();
        if (!outcome.succeeded() || outcome.reply().projectIsDown()) {
            figures.rpcFailed(url);
            return;
        }
        Set<String> acked = new HashSet<>(outcome.reply().acked());
        for (ReportedResult r : outcome.request().reported()) {
            if (acked.contains(r.name())) {
                figures.reported(url, r.work(), r.deadline(), outcome.request().time(), r.succeeded());
            }
        }
        outcome.reply().jobs().forEach(j -> figures.jobMade());
        figures.rpcDone(url);
    }

    /**
     * On the emulation's thread: waits until no HTTP exchange is under way (each ends within the transport's
     * timeouts; this waits at most those and {@link #MARGIN}, and not at all once closed), then hands over the
     * outcomes that came. Every {@link #SLICE} of the wait it runs {@code meanwhile} (outside the lock), so that a
     * slow server does not hold up what the thread must answer at once. Whether any outcome came, so that the engine
     * is polled again to take them up.
     */
    boolean awaitReplies(Runnable meanwhile) {
        long end = 0;
        while (true) {
            synchronized (lock) {
                if (pending == 0 || closed) {
                    break;
                }
                if (end == 0) {
                    end = System.nanoTime() + http.overallTimeout().plus(MARGIN).toNanos();
                }
                long left = end - System.nanoTime();
                if (left <= 0) {
                    break;
                }
                try {
                    TimeUnit.NANOSECONDS.timedWait(lock, Math.min(left, SLICE.toNanos()));
                } catch (InterruptedException e) {
                    Thread.currentThread().interrupt();
                    break;
                }
                if (pending == 0 || closed) {
                    break;
                }
            }
            meanwhile.run();
        }
        List<Runnable> ready;
        synchronized (lock) {
            ready = List.copyOf(arrived);
            arrived.clear();
        }
        ready.forEach(Runnable::run);
        return !ready.isEmpty();
    }

    /** The URL of the oldest HTTP exchange under way (safe from any thread), or "" if none is. */
    String waitingFor() {
        synchronized (lock) {
            return underWay.isEmpty() ? "" : underWay.get(0);
        }
    }

    /** Ends the HTTP exchanges (safe from any thread): a wait ends at once, and outcomes still to come are dropped. */
    @Override
    public void close() {
        HttpSchedulerTransport open;
        synchronized (lock) {
            closed = true;
            arrived.clear();
            underWay.clear();
            lock.notifyAll();
            open = http;
        }
        if (open != null) {
            open.close();
        }
    }
}

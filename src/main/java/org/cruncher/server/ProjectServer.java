package org.cruncher.server;

import java.io.IOException;
import java.net.Inet6Address;
import java.net.InetAddress;
import java.net.InetSocketAddress;
import java.net.UnknownHostException;
import java.time.LocalTime;
import java.time.format.DateTimeFormatter;
import java.util.Locale;
import java.util.Objects;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

import com.sun.net.httpserver.HttpServer;

import org.cruncher.server.config.FaultMode;
import org.cruncher.server.config.ServerConfig;

/**
 * A small project server for trying a client over real HTTP, on the JDK's built-in HTTP server: a scheduler that
 * answers BOINC scheduler requests (POST, any path) and a master page that lists it (GET, any path); what it
 * answers is in {@link ProjectHandler}. It listens where it is told, 127.0.0.1 in {@link #loopback}. The fault
 * mode, request_delay and the slow mode's wait can be changed while it runs. Thread-safe; {@link #close} stops it.
 */
public final class ProjectServer implements AutoCloseable {

    private static final DateTimeFormatter CLOCK = DateTimeFormatter.ofPattern("HH:mm:ss", Locale.ROOT);

    private final String name;
    private final HttpServer http;
    private final ExecutorService executor;
    private final String rootUrl;
    private final CountDownLatch closed = new CountDownLatch(1);
    private final AtomicBoolean closing = new AtomicBoolean();
    private volatile FaultMode mode;
    private volatile double requestDelay;
    private volatile double slowSeconds;
    private volatile Consumer<String> requestLog = line -> { };

    private ProjectServer(ServerConfig config, InetSocketAddress address, DoubleSupplier clock, String runTag)
            throws IOException {
        name = config.name();
        mode = config.mode();
        requestDelay = config.requestDelay();
        slowSeconds = config.slowSeconds();
        http = HttpServer.create(address, 0);
        int port = http.getAddress().getPort();
        // A thread per request in progress, not a fixed few: in slow mode each waits its slow_seconds, and eight
        // of them held a fixed pool of eight, so that the master page and every other request waited too.
        executor = Executors.newCachedThreadPool(daemonThreads("project-server-" + port + "-"));
        rootUrl = "http://" + urlHost(http.getAddress().getAddress()) + ":" + port + "/";
        http.createContext("/", new ProjectHandler(this, new JobMaker(config, runTag), clock));
        http.setExecutor(executor);
        http.start();
    }

    /** Starts a server for {@code config} at {@code address} (port 0: any free port); its clock is the wall clock. */
    public static ProjectServer start(ServerConfig config, InetSocketAddress address) throws IOException {
        return start(config, address, () -> System.currentTimeMillis() / 1000.0);
    }

    /**
     * Starts a server whose time is {@code clock}, in seconds since 1970: jobs are due latency_bound after it.
     *
     * @throws IOException the address cannot be listened on (in use, not this machine's...)
     */
    public static ProjectServer start(ServerConfig config, InetSocketAddress address, DoubleSupplier clock)
            throws IOException {
        return start(config, address, clock, "");
    }

    /**
     * As {@link #start(ServerConfig, InetSocketAddress, DoubleSupplier)}, each job's name carrying {@code runTag}
     * after its app's ("cpu_app_TAG_000001_0"; "" for none): a server started again with another tag does not send
     * a client the names of jobs it still holds.
     */
    public static ProjectServer start(ServerConfig config, InetSocketAddress address, DoubleSupplier clock,
                                      String runTag) throws IOException {
        if (!runTag.matches("[a-z0-9]*")) {
            throw new IllegalArgumentException("a run tag is lower-case letters and digits: " + runTag);
        }
        return new ProjectServer(Objects.requireNonNull(config), Objects.requireNonNull(address),
                Objects.requireNonNull(clock), runTag);
    }

    /** A tag for a server started now: the wall clock's seconds in base 36 ("t5kq2o"), new each second. */
    public static String runTagNow() {
        return Long.toString(System.currentTimeMillis() / 1000, 36);
    }

    /** 127.0.0.1 at {@code port}: this machine only. */
    public static InetSocketAddress loopback(int port) {
        try {
            return new InetSocketAddress(InetAddress.getByAddress(new byte[] {127, 0, 0, 1}), port);
        } catch (UnknownHostException e) {
            throw new IllegalStateException("127.0.0.1 is always an address", e);
        }
    }

    /** The project's name. */
    public String name() {
        return name;
    }

    /** The port it listens on. */
    public int port() {
        return http.getAddress().getPort();
    }

    /**
     * Its master URL, which is also its scheduler URL: "http://127.0.0.1:P/". When it listens on every address, the
     * URL names 127.0.0.1 (see {@link #urlSeenAt}).
     */
    public String rootUrl() {
        return rootUrl;
    }

    /** Whether it listens on every address of this machine (--bind 0.0.0.0), so other machines can reach it. */
    public boolean listensEverywhere() {
        return http.getAddress().getAddress().isAnyLocalAddress();
    }

    /**
     * Its URL as a client that reached it at {@code local} (the address of this machine it connected to) must use:
     * the root URL, unless it listens on every address, where the master page names the address the client used
     * (a client on another machine was sent to its own loopback).
     */
    String urlSeenAt(InetSocketAddress local) {
        if (!listensEverywhere() || local == null || local.getAddress() == null) {
            return rootUrl;
        }
        return "http://" + urlHost(local.getAddress()) + ":" + port() + "/";
    }

    /** Hands {@code sink} a line for each scheduler request answered or refused (from the server's threads). */
    public void onRequest(Consumer<String> sink) {
        requestLog = Objects.requireNonNull(sink);
    }

    /** A request from {@code from}, told to the request log as {@link #logLine} words it. */
    void log(InetSocketAddress from, String what) {
        String who = from == null || from.getAddress() == null ? "?" : from.getAddress().getHostAddress();
        requestLog.accept(logLine(LocalTime.now(), who, what));
    }

    /**
     * "10:15:02 127.0.0.1: WHAT", the seconds always there: LocalTime's own text drops them when they are 0
     * ("10:15 127.0.0.1"), which broke the console's columns once a minute.
     */
    static String logLine(LocalTime at, String who, String what) {
        return CLOCK.format(at) + " " + who + ": " + what;
    }

    public FaultMode mode() {
        return mode;
    }

    public void setMode(FaultMode mode) {
        this.mode = Objects.requireNonNull(mode);
    }

    /** Seconds a client is told to wait before its next request (0: none). */
    public double requestDelay() {
        return requestDelay;
    }

    public void setRequestDelay(double seconds) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("request_delay must be a number of seconds >= 0, not " + seconds);
        }
        requestDelay = seconds;
    }

    /** Seconds the scheduler waits in {@link FaultMode#SLOW} before it answers. */
    public double slowSeconds() {
        return slowSeconds;
    }

    public void setSlowSeconds(double seconds) {
        if (!(seconds >= 0) || Double.isInfinite(seconds)) {
            throw new IllegalArgumentException("the slow wait must be a number of seconds >= 0, not " + seconds);
        }
        slowSeconds = seconds;
    }

    /** Stops listening and drops the requests under way; it may be called more than once. */
    @Override
    public void close() {
        if (closing.compareAndSet(false, true)) {
            closed.countDown();
            http.stop(0);
            executor.shutdownNow();
        }
    }

    /** Waits until the server is closed. */
    public void awaitClosed() throws InterruptedException {
        closed.await();
    }

    /** Waits {@code seconds} unless the server closes first; true if it closed (or the wait was interrupted). */
    boolean closedWithin(double seconds) {
        try {
            return closed.await(Math.round(seconds * 1000), TimeUnit.MILLISECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return true;
        }
    }

    private static String urlHost(InetAddress address) {
        if (address.isAnyLocalAddress()) {
            return "127.0.0.1";
        }
        String host = address.getHostAddress();
        int scope = host.indexOf('%');
        host = scope < 0 ? host : host.substring(0, scope);
        return address instanceof Inet6Address ? "[" + host + "]" : host;
    }

    private static ThreadFactory daemonThreads(String prefix) {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, prefix + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}

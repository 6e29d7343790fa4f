package org.cruncher.net;

import java.net.URI;
import java.net.http.HttpClient;
import java.net.http.HttpRequest;
import java.net.http.HttpResponse;
import java.time.Duration;
import java.util.Objects;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutorService;
import java.util.concurrent.Executors;
import java.util.concurrent.RejectedExecutionException;
import java.util.concurrent.ThreadFactory;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.concurrent.atomic.AtomicInteger;
import java.util.function.Consumer;
import java.util.function.Function;
import java.util.function.Supplier;

import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.SchedulerTransport;
import org.cruncher.persist.InputProblem;
import org.cruncher.persist.SchedulerReplyXml;
import org.cruncher.persist.SchedulerRequestXml;

/**
 * Scheduler RPCs and master-file reads over HTTP, with the JDK's HTTP client:
 * <ul>
 *   <li>an RPC POSTs the {@code <scheduler_request>} (text/xml) to the request's scheduler URL; HTTP 200 with a
 *       readable {@code <scheduler_reply>} is a success, anything else a failure with a short reason: "HTTP 500",
 *       "unreadable reply: ...", "connection refused", "timed out after 300 s"...;</li>
 *   <li>a master-file read GETs the project's URL; HTTP 200 is the page.</li>
 * </ul>
 * Nothing blocks or throws into the caller: the work starts on the transport's own threads, and the callback is
 * called exactly once, from one of them. A whole exchange, reply included, is cut off after the connect timeout
 * plus the request timeout; a reply larger than {@link #MAX_REPLY_BYTES} is refused. {@link #close} stops its
 * threads: an exchange asked for after it fails with "the transport has stopped".
 */
public final class HttpSchedulerTransport implements SchedulerTransport, AutoCloseable {

    /** BOINC's default connect timeout (libcurl, http_curl.cpp): 30 s. */
    public static final Duration DEFAULT_CONNECT_TIMEOUT = Duration.ofSeconds(30);
    /** How long a scheduler may take to answer by default: 5 minutes. */
    public static final Duration DEFAULT_REQUEST_TIMEOUT = Duration.ofMinutes(5);
    static final long MAX_REPLY_BYTES = 64L << 20;
    private static final String USER_AGENT = "Cruncher/0.1 (BOINC-compatible client)";

    private final Duration requestTimeout;
    private final Duration overallTimeout;
    private final ExecutorService executor;
    private final HttpClient client;
    private final FailureReasons reasons;

    /**
     * @param connectTimeout how long to wait for a connection
     * @param requestTimeout how long to wait for a reply once the request is under way
     */
    public HttpSchedulerTransport(Duration connectTimeout, Duration requestTimeout) {
        if (!positive(connectTimeout) || !positive(requestTimeout)) {
            throw new IllegalArgumentException("timeouts must be positive: " + connectTimeout + ", " + requestTimeout);
        }
        this.requestTimeout = requestTimeout;
        this.overallTimeout = connectTimeout.plus(requestTimeout);
        this.executor = Executors.newCachedThreadPool(daemonThreads());
        this.client = HttpClient.newBuilder().connectTimeout(connectTimeout).executor(executor)
                .followRedirects(HttpClient.Redirect.NORMAL).version(HttpClient.Version.HTTP_1_1).build();
        this.reasons = new FailureReasons(connectTimeout, requestTimeout, overallTimeout);
    }

    @Override
    public void send(SchedulerRequest request, Consumer<RpcOutcome> done) {
        Objects.requireNonNull(request);
        exchange(() -> post(request.schedulerUrl(), SchedulerRequestXml.write(request)),
                response -> response.statusCode() == 200 ? read(request, response.body())
                        : RpcOutcome.failed(request, "HTTP " + response.statusCode()),
                why -> RpcOutcome.failed(request, why), done);
    }

    @Override
    public void fetchMaster(String projectUrl, Consumer<MasterOutcome> done) {
        exchange(() -> HttpRequest.newBuilder(URI.create(projectUrl)).timeout(requestTimeout)
                        .header("User-Agent", USER_AGENT).GET().build(),
                response -> response.statusCode() == 200 ? MasterOutcome.read(projectUrl, response.body())
                        : MasterOutcome.failed(projectUrl, "HTTP " + response.statusCode()),
                why -> MasterOutcome.failed(projectUrl, why), done);
    }

    private HttpRequest post(String url, String xml) {
        return HttpRequest.newBuilder(URI.create(url)).timeout(requestTimeout)
                .header("Content-Type", "text/xml").header("User-Agent", USER_AGENT)
                .POST(HttpRequest.BodyPublishers.ofString(xml)).build();
    }

    private static RpcOutcome read(SchedulerRequest request, String body) {
        try {
            SchedulerReply reply = SchedulerReplyXml.read(null, body);
            return RpcOutcome.success(request, reply);
        } catch (InputProblem p) {
            return RpcOutcome.failed(request, FailureReasons.oneLine("unreadable reply: " + p.getMessage()
                    + (p.line() > 0 ? " (line " + p.line() + ")" : "")));
        }
    }

    /**
     * Runs one exchange on the transport's threads and hands {@code done} exactly one outcome: from the response,
     * or from the reason it failed (the request could not be made, the exchange failed or took too long).
     */
    private <T> void exchange(Supplier<HttpRequest> request, Function<HttpResponse<String>, T> onResponse,
                              Function<String, T> onFailure, Consumer<T> done) {
        AtomicBoolean called = new AtomicBoolean();
        Consumer<T> once = outcome -> {
            if (called.compareAndSet(false, true)) {
                done.accept(outcome);
            }
        };
        try {
            executor.execute(() -> {
                CompletableFuture<HttpResponse<String>> sent;
                try {
                    sent = client.sendAsync(request.get(), CappedBody.handler(MAX_REPLY_BYTES));
                } catch (RuntimeException e) {
                    once.accept(onFailure.apply("cannot make the request: " + reasons.describe(e)));
                    return;
                }
                sent.copy().orTimeout(overallTimeout.toMillis(), TimeUnit.MILLISECONDS).whenComplete((r, e) -> {
                    if (e != null) {
                        sent.cancel(true);
                        once.accept(onFailure.apply(reasons.describe(e)));
                    } else {
                        T outcome;
                        try {
                            outcome = onResponse.apply(r);
                        } catch (RuntimeException bad) {
                            outcome = onFailure.apply("unreadable reply: " + reasons.describe(bad));
                        }
                        once.accept(outcome);
                    }
                });
            });
        } catch (RejectedExecutionException e) {
            once.accept(onFailure.apply("the transport has stopped"));
        }
    }

    /** The longest an exchange takes before its outcome is handed over: the connect plus the request timeout. */
    public Duration overallTimeout() {
        return overallTimeout;
    }

    /**
     * Stops the transport's worker threads (the JDK client's own selector thread, a daemon, ends when the client is
     * collected); an exchange under way may end without an outcome.
     */
    @Override
    public void close() {
        executor.shutdownNow();
    }

    private static boolean positive(Duration d) {
        return d != null && !d.isNegative() && !d.isZero();
    }

    private static ThreadFactory daemonThreads() {
        AtomicInteger n = new AtomicInteger();
        return r -> {
            Thread t = new Thread(r, "http-transport-" + n.incrementAndGet());
            t.setDaemon(true);
            return t;
        };
    }
}

package org.cruncher.server;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.DoubleSupplier;

import com.sun.net.httpserver.HttpExchange;
import com.sun.net.httpserver.HttpHandler;

import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.rpc.DiskShortfall;
import org.cruncher.engine.rpc.MasterPage;
import org.cruncher.engine.rpc.ReportedResult;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.persist.InputProblem;
import org.cruncher.persist.SchedulerReplyXml;
import org.cruncher.persist.SchedulerRequestXml;
import org.cruncher.server.config.FaultMode;

/**
 * What the project server answers, on any path:
 * <ul>
 *   <li>GET or HEAD: the master page, listing the root URL as the scheduler;</li>
 *   <li>POST: a {@code <scheduler_request>}, answered by the fault mode: UP acknowledges every reported result and
 *       sends jobs ({@link JobMaker}) with the request_delay; NO_WORK acknowledges, sends none and says "Project has
 *       no tasks available"; DOWN says {@code <project_is_down/>} with the request_delay and nothing else; SLOW waits,
 *       then answers as UP; ERROR_500 is HTTP 500; GARBAGE is HTTP 200 with a body that is not XML. A request that
 *       cannot be read gets HTTP 400 with the reason, one larger than {@link #MAX_REQUEST_BYTES} HTTP 413;</li>
 *   <li>anything else: HTTP 405.</li>
 * </ul>
 */
final class ProjectHandler implements HttpHandler {

    static final int MAX_REQUEST_BYTES = 16 << 20;
    /** How much of a request too large is read and thrown away before it is refused. */
    private static final long DRAINED_AT_MOST = 256L << 20;
    static final String NO_WORK_MESSAGE = "Project has no tasks available";
    static final String DOWN_MESSAGE = "Project is temporarily shut down for maintenance";
    static final String GARBAGE = "Internal error: this is not a scheduler reply <<<\n";
    private static final Path SOURCE = Path.of("scheduler_request");

    private final ProjectServer server;
    private final JobMaker jobs;
    private final DoubleSupplier clock;

    ProjectHandler(ProjectServer server, JobMaker jobs, DoubleSupplier clock) {
        this.server = server;
        this.jobs = jobs;
        this.clock = clock;
    }

    @Override
    public void handle(HttpExchange exchange) throws IOException {
        try {
            switch (exchange.getRequestMethod()) {
                case "POST":
                    schedule(exchange);
                    break;
                case "GET":
                case "HEAD":
                    String page = MasterPage.of(server.name(),
                            List.of(server.urlSeenAt(exchange.getLocalAddress())));
                    send(exchange, 200, "text/html; charset=utf-8", page);
                    break;
                default:
                    exchange.getResponseHeaders().set("Allow", "GET, HEAD, POST");
                    send(exchange, 405, "text/plain; charset=utf-8", "Method not allowed\n");
                    break;
            }
        } finally {
            exchange.close();
        }
    }

    /** Reads and throws away what is left of {@code in}, up to {@code limit} bytes. */
    private static void drain(InputStream in, long limit) throws IOException {
        byte[] buffer = new byte[64 << 10];
        long left = limit;
        int n;
        while (left > 0 && (n = in.read(buffer, 0, (int) Math.min(buffer.length, left))) > 0) {
            left -= n;
        }
    }

    private void schedule(HttpExchange exchange) throws IOException {
        byte[] body = exchange.getRequestBody().readNBytes(MAX_REQUEST_BYTES + 1);
        if (body.length > MAX_REQUEST_BYTES) {
            // The rest of the request is read (up to a bound) before the answer: closed while the client still sent
            // it, the connection lost the answer's reason and the client saw only the status.
            drain(exchange.getRequestBody(), DRAINED_AT_MOST);
            server.log(exchange.getRemoteAddress(), "refused (413): a scheduler request is at most "
                    + MAX_REQUEST_BYTES + " bytes");
            send(exchange, 413, "text/plain; charset=utf-8", "A scheduler request is at most " + MAX_REQUEST_BYTES
                    + " bytes\n");
            return;
        }
        FaultMode mode = server.mode();
        if (mode == FaultMode.SLOW) {
            if (server.closedWithin(server.slowSeconds())) {
                return;
            }
            mode = FaultMode.UP;
        }
        // Each request answered is a line on the console, a failure made on purpose too (QA: in these two modes the
        // console stayed silent while the client logged its failures).
        if (mode == FaultMode.ERROR_500) {
            server.log(exchange.getRemoteAddress(), "answered HTTP 500 (mode error_500)");
            send(exchange, 500, "text/plain; charset=utf-8", "Internal Server Error\n");
            return;
        }
        if (mode == FaultMode.GARBAGE) {
            server.log(exchange.getRemoteAddress(), "answered with a reply that is not XML (mode garbage)");
            send(exchange, 200, "text/xml", GARBAGE);
            return;
        }
        double now = clock.getAsDouble();
        SchedulerRequest request;
        try {
            request = SchedulerRequestXml.read(SOURCE, SchedulerRequestXml.text(body), server.rootUrl(),
                    server.rootUrl(), now);
        } catch (InputProblem p) {
            server.log(exchange.getRemoteAddress(), "refused (400): " + p.oneLine());
            send(exchange, 400, "text/plain; charset=utf-8", p.oneLine() + "\n");
            return;
        }
        SchedulerReply reply = reply(mode, request, now);
        server.log(exchange.getRemoteAddress(), RequestLine.of(request, reply));
        send(exchange, 200, "text/xml; charset=utf-8", SchedulerReplyXml.write(reply));
    }

    private SchedulerReply reply(FaultMode mode, SchedulerRequest request, double now) {
        double delay = server.requestDelay();
        if (mode == FaultMode.DOWN) {
            return new SchedulerReply(delay, List.of(), List.of(), List.of(DOWN_MESSAGE), true);
        }
        List<String> acked = request.reported().stream().map(ReportedResult::name).filter(n -> !n.isEmpty())
                .toList();
        if (mode == FaultMode.NO_WORK) {
            return new SchedulerReply(delay, List.of(), acked, List.of(NO_WORK_MESSAGE));
        }
        JobMaker.Made made = jobs.jobsFor(request, now);
        // Only a reply with no job says why none was sent: one with jobs said "No work sent" beside them.
        DiskShortfall d = made.jobs().isEmpty() ? made.tooBig() : null;
        List<String> messages = new ArrayList<>();
        if (d != null) {
            messages.add(String.format(Locale.ROOT, "No work sent: the smallest %s job needs %.0f bytes of disk and "
                    + "this computer offers %.0f", d.appName(), d.neededBytes(), d.availableBytes()));
        }
        messages.addAll(made.cutShort());
        // As a real server says why a request for work got none: here, a processor type it has no application for.
        for (ResourceType type : ResourceType.SERVICE_ORDER) {
            if (request.work().get(type).asksForWork() && jobs.appsFor(type).isEmpty()) {
                messages.add("No " + type.displayName() + " tasks: this project has no application for "
                        + (type == ResourceType.CPU ? "the CPU" : type.displayName() + "s"));
            }
        }
        return new SchedulerReply(delay, made.jobs(), acked, messages, false, jobs.deletionPolicy(), d);
    }

    private static void send(HttpExchange exchange, int status, String type, String text) throws IOException {
        byte[] bytes = text.getBytes(StandardCharsets.UTF_8);
        exchange.getResponseHeaders().set("Content-Type", type);
        boolean head = exchange.getRequestMethod().equals("HEAD");
        exchange.sendResponseHeaders(status, head || bytes.length == 0 ? -1 : bytes.length);
        if (!head) {
            try (OutputStream out = exchange.getResponseBody()) {
                out.write(bytes);
            }
        }
    }
}

package org.cruncher.engine;

import java.util.ArrayList;
import java.util.List;
import java.util.Queue;
import java.util.concurrent.ConcurrentLinkedQueue;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.SchedulerTransport;

/**
 * The client's one conversation with a scheduler at a time (BOINC's SCHEDULER_OP; seed 002's sessions): an RPC
 * goes to the project's scheduler URLs in turn until one answers, and the session ends with that answer or, when
 * every URL failed, with the last failure; or a read of the project's master file. Outcomes arrive from the
 * transport on any thread and are taken up at the engine's next poll.
 */
final class SchedulerOp {

    /** How a session ended: an RPC outcome (after {@code attempts} URLs) or a master-file read. */
    record Ended(Project project, RpcOutcome rpc, MasterOutcome master, int attempts) {
    }

    private final SchedulerTransport transport;
    private final Queue<Object> inbox = new ConcurrentLinkedQueue<>();
    private Project project;
    private List<String> urls = List.of();
    private int attempt;
    private boolean busy;

    SchedulerOp(SchedulerTransport transport) {
        this.transport = transport;
    }

    /** Whether a session is under way. */
    boolean busy() {
        return busy;
    }

    /** Starts an RPC session with {@code project}: its first scheduler URL (or its master URL if it lists none). */
    void startRpc(Project p, SchedulerRequest request) {
        project = p;
        List<String> listed = p.contact().schedulerUrls();
        urls = listed.isEmpty() ? List.of(p.url()) : listed;
        attempt = 0;
        busy = true;
        transport.send(request.to(urls.get(0)), inbox::add);
    }

    /** Starts a read of {@code project}'s master file. */
    void startMasterFetch(Project p) {
        project = p;
        urls = List.of();
        attempt = 0;
        busy = true;
        transport.fetchMaster(p.url(), inbox::add);
    }

    /**
     * Takes up what the transport delivered: a failed RPC goes on to the project's next scheduler URL; a reply, a
     * last failure or a master-file outcome ends the session.
     */
    List<Ended> poll() {
        List<Ended> ended = new ArrayList<>();
        Object o;
        while ((o = inbox.poll()) != null) {
            if (o instanceof MasterOutcome m) {
                busy = false;
                ended.add(new Ended(project, null, m, 0));
                continue;
            }
            RpcOutcome r = (RpcOutcome) o;
            attempt++;
            if (!r.succeeded() && attempt < urls.size()) {
                transport.send(r.request().to(urls.get(attempt)), inbox::add);
                continue;
            }
            busy = false;
            ended.add(new Ended(project, r, null, attempt));
        }
        return ended;
    }
}

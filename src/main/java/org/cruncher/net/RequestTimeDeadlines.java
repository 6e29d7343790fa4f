package org.cruncher.net;

import java.util.List;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;

import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.SchedulerTransport;

/**
 * A real scheduler's replies for a client whose time is not the wall clock (the emulator's virtual time): the server
 * gives each job's report deadline on its own clock, the wall clock, so each is taken as the same time after the
 * request's time as it is after the server clock's time when the request was sent, rounded to the second (an
 * exchange of a few milliseconds leaves a deadline of whole seconds as it was). Master-file reads pass through.
 */
public final class RequestTimeDeadlines implements SchedulerTransport {

    private final SchedulerTransport wire;
    private final DoubleSupplier serverClock;

    /** Over {@code wire}, to a server whose clock is the wall clock. */
    public RequestTimeDeadlines(SchedulerTransport wire) {
        this(wire, () -> System.currentTimeMillis() / 1000.0);
    }

    /** Over {@code wire}, to a server whose clock is {@code serverClock}, seconds since 1970. */
    public RequestTimeDeadlines(SchedulerTransport wire, DoubleSupplier serverClock) {
        this.wire = wire;
        this.serverClock = serverClock;
    }

    @Override
    public void send(SchedulerRequest request, Consumer<RpcOutcome> done) {
        double sentAt = serverClock.getAsDouble();
        wire.send(request, outcome -> done.accept(shifted(outcome, request.time(), sentAt)));
    }

    @Override
    public void fetchMaster(String projectUrl, Consumer<MasterOutcome> done) {
        wire.fetchMaster(projectUrl, done);
    }

    /** {@code outcome} with its jobs due as long after {@code clientTime} as they are after {@code sentAt}. */
    static RpcOutcome shifted(RpcOutcome outcome, double clientTime, double sentAt) {
        SchedulerReply r = outcome.reply();
        if (r == null || r.jobs().isEmpty()) {
            return outcome;
        }
        List<NewJob> jobs = r.jobs().stream().map(j -> new NewJob(j.resultName(), j.workunit(), j.appName(),
                j.versionNum(), j.planClass(), clientTime + Math.round(j.reportDeadline() - sentAt), j.inputs(),
                j.outputs())).toList();
        return RpcOutcome.success(outcome.request(), new SchedulerReply(r.requestDelay(), jobs, r.acked(),
                r.messages(), r.projectIsDown(), r.deletionPolicy(), r.diskShortfall()));
    }
}

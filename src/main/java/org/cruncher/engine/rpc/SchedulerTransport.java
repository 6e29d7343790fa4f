package org.cruncher.engine.rpc;

import java.util.function.Consumer;

/**
 * Carries scheduler requests to projects. An implementation must not block the engine: it calls {@code done} once,
 * either at once (the emulator's in-process servers) or later from any thread (HTTP); the engine queues the outcome
 * and handles it on its own thread at the next poll.
 */
public interface SchedulerTransport {

    /** Sends {@code request} to {@code request.schedulerUrl()}. */
    void send(SchedulerRequest request, Consumer<RpcOutcome> done);

    /** Reads the project's master file (its master URL) for its list of schedulers. */
    void fetchMaster(String projectUrl, Consumer<MasterOutcome> done);
}

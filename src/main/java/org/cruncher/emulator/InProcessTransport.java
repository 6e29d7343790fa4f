package org.cruncher.emulator;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.SchedulerTransport;

/** Delivers scheduler requests to the emulator's simulated servers, answering at once (no network time). */
final class InProcessTransport implements SchedulerTransport {

    private final Map<String, SimulatedProjectServer> servers = new HashMap<>();

    void add(String projectUrl, SimulatedProjectServer server) {
        servers.put(projectUrl, server);
    }

    @Override
    public void send(SchedulerRequest request, Consumer<RpcOutcome> done) {
        SimulatedProjectServer server = servers.get(request.projectUrl());
        done.accept(server == null ? RpcOutcome.failed(request, "no scheduler at " + request.projectUrl())
                : server.handle(request));
    }
}

package org.cruncher.emulator;

import java.util.HashMap;
import java.util.Map;
import java.util.function.Consumer;

import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.SchedulerTransport;

/**
 * Delivers scheduler requests and master-file reads to the emulator's simulated servers, answering at once (no
 * network time). A request to a scheduler URL the server does not answer at fails as a refused connection.
 */
final class InProcessTransport implements SchedulerTransport {

    private final Map<String, SimulatedProjectServer> servers = new HashMap<>();
    private final FiguresOfMerit figures;

    InProcessTransport(FiguresOfMerit figures) {
        this.figures = figures;
    }

    void add(String projectUrl, SimulatedProjectServer server) {
        servers.put(projectUrl, server);
    }

    @Override
    public void send(SchedulerRequest request, Consumer<RpcOutcome> done) {
        SimulatedProjectServer server = servers.get(request.projectUrl());
        if (server == null || !server.answersAt(request.schedulerUrl())) {
            figures.rpcFailed(request.projectUrl());
            done.accept(RpcOutcome.failed(request, "cannot connect to " + request.schedulerUrl()));
            return;
        }
        done.accept(server.handle(request));
    }

    @Override
    public void fetchMaster(String projectUrl, Consumer<MasterOutcome> done) {
        SimulatedProjectServer server = servers.get(projectUrl);
        done.accept(server == null ? MasterOutcome.failed(projectUrl, "cannot connect to " + projectUrl)
                : server.masterPage());
    }
}

package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;
import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.engine.api.RpcView;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.TimeStats;
import org.cruncher.engine.policy.workfetch.RoundRobinFetch;
import org.cruncher.net.HttpSchedulerTransport;
import org.cruncher.server.ProjectServer;
import org.cruncher.server.config.FaultMode;
import org.cruncher.server.config.ServerApp;
import org.cruncher.server.config.ServerConfig;

/**
 * Seed 004 over real HTTP: the engine sends its three free-space figures, its deletion policy and its sticky files;
 * the loopback server fills only the space offered and says why when nothing fits; the engine shows the reason and
 * takes the project's deletion policy from the reply.
 */
class EngineDiskOverHttpTest {

    private static final double T0 = 100_000;
    private static final double GB = 1L << 30;

    private final EngineTest.RecordingControl control = new EngineTest.RecordingControl();
    private final HttpSchedulerTransport transport = new HttpSchedulerTransport(Duration.ofSeconds(2),
            Duration.ofSeconds(5));
    private final List<EngineEvent> events = new ArrayList<>();
    private ProjectServer server;

    @AfterEach
    void stop() {
        server.close();
    }

    /**
     * One CPU; a 100 GB disk, 50 GB free; "use no more than {@code limitGb}". The project's one app sends 1-hour
     * jobs with a 1 GB input, a 0.5 GB output and a 1 GB sticky file: the first job needs 2.5 GB, later ones 1.5 GB.
     */
    private Engine engine(double limitGb) throws IOException {
        ServerApp app = new ServerApp("cpu_app", ResourceType.CPU, 1, null, 3.6e12, 864000, GB, 0.5 * GB, GB, 3,
                7);
        server = ProjectServer.start(new ServerConfig("Disk", 0, FaultMode.UP, 0, List.of(app),
                new DeletionPolicy(true, false), false), ProjectServer.loopback(0), () -> T0);
        ClientState state = new ClientState(new Host("h", "cpu", 1, 1e9, 8e9, 100 * GB, 50 * GB, List.of()),
                Prefs.DEFAULTS.withDisk(limitGb, 0, 0), ClientConfig.DEFAULTS, TimeStats.ALWAYS);
        Project p = new Project(server.rootUrl(), "Disk", 100);
        p.addAppVersion(AppVersion.cpu("cpu_app", 1, 1e9));
        state.addProject(p);
        return new Engine(state, control, transport, new RoundRobinFetch(), new SplittableRandom(7), events::add);
    }

    private static RpcView rpcAt(Engine e, double time) throws InterruptedException {
        int before = e.recentRpcs().size();
        e.poll(time);
        long deadline = System.nanoTime() + 5_000_000_000L;
        while (e.recentRpcs().size() == before) {
            if (System.nanoTime() > deadline) {
                fail("no RPC ended within 5 s");
            }
            Thread.sleep(20);
            e.poll(time);
        }
        return e.recentRpcs().get(e.recentRpcs().size() - before - 1);
    }

    @Test
    void withTooLittleSpaceTheServerSendsNothingAndSaysWhy() throws Exception {
        // 2 GB limit, nothing used: 2 GB free in every pass, less than the first job's 2.5 GB.
        Engine e = engine(2);

        RpcView rpc = rpcAt(e, T0);

        assertNull(rpc.failure());
        assertTrue(e.state().results().isEmpty());
        ProjectDiskView view = e.diskView().projects().get(0);
        assertEquals("cpu_app", view.shortfall().appName());
        assertEquals(2.5 * GB, view.shortfall().neededBytes());
        assertEquals(2 * GB, view.shortfall().availableBytes());
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.JOB_REFUSED_FOR_DISK), events.toString());
        // The RPC and the CPU backoff it brings say disk space, not an empty server, was why.
        assertTrue(rpc.refusedForDisk());
        assertTrue(events.stream().anyMatch(x -> x.kind() == EventKind.RESOURCE_BACKED_OFF && x.detail().startsWith(
                "no CPU task: the server's tasks need more disk space than this computer offered; no request for it "
                        + "until that room is there, or for 24 h 00 min")),
                events.toString());
        assertEquals(new DeletionPolicy(true, false), e.state().projects().iterator().next().deletionPolicy(),
                "the reply's deletion policy flags are taken");
    }

    @Test
    void theServerFillsTheSpaceOfferedAndTheFilesArriveWithTheirAttributes() throws Exception {
        // 6 GB limit: the first job takes 2.5 GB (its sticky file included), then 1.5 GB each: 2.5 + 1.5 + 1.5 =
        // 5.5 GB; a fourth would need 7 GB. The engine asks for more than 4 hours of work (its buffer), so the disk
        // is what limits the reply to 3 jobs.
        Engine e = engine(6);

        rpcAt(e, T0);

        assertEquals(3, e.state().results().size());
        Project p = e.state().projects().iterator().next();
        FileInfo sticky = e.state().files().get(p.url(), "cpu_app_sticky").orElseThrow();
        assertTrue(sticky.sticky());
        assertEquals(3, sticky.priority());
        assertEquals(T0 + 7 * 86400, sticky.expiry());
        assertEquals(5.5 * GB, e.state().files().usage(p.url()));
        assertTrue(e.diskView().projectsUsage() <= 6 * GB);
    }
}

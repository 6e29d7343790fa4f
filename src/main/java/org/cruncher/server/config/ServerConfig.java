package org.cruncher.server.config;

import java.util.List;

import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.ResourceType;

/**
 * What the loopback project serves and how it answers.
 *
 * @param name           the project's name, on its master page
 * @param requestDelay   seconds a client must wait before its next request (request_delay; 0: none)
 * @param mode           how the scheduler answers (faults for testing clients)
 * @param slowSeconds    how long a {@link FaultMode#SLOW} scheduler waits before it answers
 * @param apps           the apps it has jobs for, at least one
 * @param deletionPolicy seed 004's deletion policy flags, sent in every reply
 * @param deleteFromSelf the third free-space figure may be used ({@code <delete_from_self/>}, seed 004)
 */
public record ServerConfig(String name, double requestDelay, FaultMode mode, double slowSeconds,
                           List<ServerApp> apps, DeletionPolicy deletionPolicy, boolean deleteFromSelf) {

    public static final String DEFAULT_NAME = "Loopback Project";
    public static final double DEFAULT_SLOW_SECONDS = 10;
    /** The longest request delay, seconds (about 31 years, as the longest time read from a state file). */
    public static final double MAX_REQUEST_DELAY = 1e9;
    /** An hour on a 1 GFLOPS CPU, due in 10 days. */
    private static final ServerApp DEFAULT_CPU_APP = ServerApp.of("cpu_app", ResourceType.CPU, 3.6e12, 864000);
    /** Ten times the CPU job: 3 minutes on a GPU of 1 TFLOPS peak (0.2 x peak counts), due in 10 days. */
    private static final ServerApp DEFAULT_GPU_APP = ServerApp.of("gpu_app", ResourceType.NVIDIA, 3.6e13, 864000);

    public ServerConfig {
        name = name == null || name.isBlank() ? DEFAULT_NAME : name.strip();
        if (!(requestDelay >= 0) || Double.isInfinite(requestDelay)) {
            throw new IllegalArgumentException("request_delay must be a number of seconds >= 0, not " + requestDelay);
        }
        if (mode == null) {
            throw new IllegalArgumentException("a mode is needed");
        }
        if (!(slowSeconds >= 0) || Double.isInfinite(slowSeconds)) {
            throw new IllegalArgumentException("slow_seconds must be a number of seconds >= 0, not " + slowSeconds);
        }
        apps = List.copyOf(apps);
        if (apps.isEmpty()) {
            throw new IllegalArgumentException("the project needs at least one <app>");
        }
        deletionPolicy = deletionPolicy == null ? DeletionPolicy.LRU : deletionPolicy;
    }

    /** A project with the default deletion policy that uses only the first two free-space figures. */
    public ServerConfig(String name, double requestDelay, FaultMode mode, double slowSeconds, List<ServerApp> apps) {
        this(name, requestDelay, mode, slowSeconds, apps, DeletionPolicy.LRU, false);
    }

    /** The project served without a configuration file: one CPU app and one NVIDIA app, up, no request_delay. */
    public static ServerConfig defaults() {
        return new ServerConfig(DEFAULT_NAME, 0, FaultMode.UP, DEFAULT_SLOW_SECONDS,
                List.of(DEFAULT_CPU_APP, DEFAULT_GPU_APP));
    }

    public ServerConfig withMode(FaultMode m) {
        return new ServerConfig(name, requestDelay, m, slowSeconds, apps, deletionPolicy, deleteFromSelf);
    }

    public ServerConfig withRequestDelay(double seconds) {
        return new ServerConfig(name, seconds, mode, slowSeconds, apps, deletionPolicy, deleteFromSelf);
    }

    /** The apps with a version for {@code resource}, in configuration order. */
    public List<ServerApp> appsFor(ResourceType resource) {
        return apps.stream().filter(a -> a.resource() == resource).toList();
    }
}

package org.cruncher.server;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.server.config.ServerApp;
import org.cruncher.server.config.ServerConfig;

/**
 * Makes the jobs for a scheduler request, as the emulator's servers do but without randomness: for each resource
 * whose request is not zero (GPUs first, then the CPU), jobs of its apps in turn until both the requested seconds
 * and the requested instances are covered, at most {@link #MAX_JOBS_PER_REPLY} in all. A job's run time is its
 * fpops_est over the host's speed for it: p_fpops for a CPU app; for a GPU app 0.2 x the GPU's peak_flops, or
 * 10 x p_fpops if the request gives none. Each job is one instance. Jobs are named APP_000001 (workunit) and
 * APP_000001_0 (result), numbered in the order made. Thread-safe.
 */
final class JobMaker {

    static final int MAX_JOBS_PER_REPLY = 1000;
    /** A GPU's speed, relative to one CPU, when the request does not say how fast it is. */
    static final double UNKNOWN_GPU_CPU_MULTIPLE = 10;

    private final ServerConfig config;
    private final Map<ResourceType, Integer> turn = new EnumMap<>(ResourceType.class);
    private long sequence;

    JobMaker(ServerConfig config) {
        this.config = config;
    }

    /** The jobs for {@code request}, due {@code latency_bound} after {@code now}. */
    synchronized List<NewJob> jobsFor(SchedulerRequest request, double now) {
        List<NewJob> jobs = new ArrayList<>();
        Host host = request.host();
        for (ResourceType type : ResourceType.SERVICE_ORDER) {
            ResourceRequest want = request.work().get(type);
            List<ServerApp> apps = config.appsFor(type);
            if (!want.asksForWork() || apps.isEmpty()) {
                continue;
            }
            double speed = speed(type, host);
            double seconds = want.seconds();
            double instances = want.instances();
            while ((seconds > 0 || instances > 0) && jobs.size() < MAX_JOBS_PER_REPLY) {
                int i = turn.merge(type, 1, Integer::sum) - 1;
                ServerApp app = apps.get(Math.floorMod(i, apps.size()));
                jobs.add(job(app, now));
                seconds -= app.fpopsEst() / speed;
                instances -= 1;
            }
        }
        return jobs;
    }

    /** FLOPS one instance of {@code type} does, as the server counts it. */
    static double speed(ResourceType type, Host host) {
        double cpu = host == null ? Host.DEFAULT_CPU_FLOPS : host.cpuFlops();
        if (type == ResourceType.CPU) {
            return cpu;
        }
        double peak = host == null ? 0 : host.coprocessor(type).map(Coprocessor::peakFlops).orElse(0.0);
        return peak > 0 ? Coprocessor.GPU_EFFICIENCY * peak : UNKNOWN_GPU_CPU_MULTIPLE * cpu;
    }

    private NewJob job(ServerApp app, double now) {
        sequence++;
        String wuName = String.format(Locale.ROOT, "%s_%06d", app.name(), sequence);
        double fpops = app.fpopsEst();
        Workunit wu = new Workunit(wuName, app.name(), fpops, fpops * 20, app.inputBytes() + app.outputBytes());
        return new NewJob(wuName + "_0", wu, app.name(), app.versionNum(), app.planClass(),
                now + app.latencyBound(), app.inputBytes(), app.outputBytes());
    }
}

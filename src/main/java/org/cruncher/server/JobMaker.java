package org.cruncher.server;

import java.util.ArrayList;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.api.Units;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.DeletionPolicy;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.rpc.DiskShortfall;
import org.cruncher.engine.rpc.JobFile;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.server.config.ServerApp;
import org.cruncher.server.config.ServerConfig;

/**
 * Makes the jobs for a scheduler request, as the emulator's servers do but without randomness: for each resource
 * whose request is not zero (GPUs first, then the CPU), jobs of its apps in turn until both the requested seconds
 * and the requested instances are covered, at most {@link #MAX_JOBS_PER_REPLY} in all, shared among the resources
 * asked for (each gets an equal part of the room the ones before it left; a request cut short is said). A job's run
 * time is its fpops_est over the host's speed for it: p_fpops for a CPU app; for a GPU app 0.2 x the GPU's
 * peak_flops, or 10 x p_fpops if the request gives none. Each job is one instance. Jobs are named APP_000001
 * (workunit) and APP_000001_0 (result), numbered in the order made. Thread-safe.
 *
 * <p>Disk (seed 004, "Scheduling Server Changes"): a job goes only if its files (input, output, and its app's sticky
 * file unless the client keeps it) fit what is left of the pass's space; an app whose next job does not fit is
 * passed over. Pass 1 offers the client's free space; if it sends nothing because jobs did not fit, pass 2 the space
 * free if offenders were trimmed; then, only with {@code delete_from_self}, pass 3 the space free if the project's
 * own expendable files went too: there, a sticky file the client keeps is among those files, but the app's jobs need
 * it and the client never deletes a file a new job needs, so its bytes are set aside before the app's first job
 * (src/docs/decisions/0037). If all send nothing, the smallest job that did not fit is the reply's reason.
 */
final class JobMaker {

    static final int MAX_JOBS_PER_REPLY = 1000;
    /** A GPU's speed, relative to one CPU, when the request does not say how fast it is. */
    static final double UNKNOWN_GPU_CPU_MULTIPLE = 10;

    /**
     * What a request gets: jobs, or none and the smallest job that did not fit the disk (or null); and, per resource
     * whose request the reply's room cut short, a message saying so.
     */
    record Made(List<NewJob> jobs, DiskShortfall tooBig, List<String> cutShort) {
        Made(List<NewJob> jobs, DiskShortfall tooBig) {
            this(jobs, tooBig, List.of());
        }
    }

    private final ServerConfig config;
    private final String runTag;
    private final Map<ResourceType, Integer> turn = new EnumMap<>(ResourceType.class);
    private long sequence;

    /**
     * @param runTag put in each job's name after its app's ("cpu_app_TAG_000001"), so that a server started again
     *               does not send names a client still holds from before (QA); "" for none
     */
    JobMaker(ServerConfig config, String runTag) {
        this.config = config;
        this.runTag = runTag.isEmpty() ? "" : runTag + "_";
    }

    /** The project's applications for {@code type}. */
    List<ServerApp> appsFor(ResourceType type) {
        return config.appsFor(type);
    }

    /** The project's deletion policy flags, for its replies. */
    DeletionPolicy deletionPolicy() {
        return config.deletionPolicy();
    }

    /** The jobs for {@code request}, due {@code latency_bound} after {@code now}, in up to three disk passes. */
    synchronized Made jobsFor(SchedulerRequest request, double now) {
        DiskShortfall tooBig = null;
        for (int pass = 1; pass <= 3; pass++) {
            double budget = request.disk().budget(pass, config.deleteFromSelf());
            if (budget < 0) {
                break;
            }
            Made made = pass(request, now, budget, pass == 3);
            if (!made.jobs().isEmpty() || made.tooBig() == null) {
                return made;
            }
            tooBig = made.tooBig();
        }
        return new Made(List.of(), tooBig);
    }

    private Made pass(SchedulerRequest request, double now, double budget, boolean ownFilesCounted) {
        List<NewJob> jobs = new ArrayList<>();
        Host host = request.host();
        Set<String> sticky = new HashSet<>(request.stickyFiles());
        // Sticky files the client keeps whose bytes this pass has set aside (pass 3 counts them as deletable).
        Set<String> setAside = new HashSet<>();
        double left = budget;
        DiskShortfall tooBig = null;
        List<ResourceType> asking = ResourceType.SERVICE_ORDER.stream()
                .filter(type -> request.work().get(type).asksForWork() && !config.appsFor(type).isEmpty()).toList();
        List<String> cutShort = new ArrayList<>();
        for (int i = 0; i < asking.size(); i++) {
            ResourceType type = asking.get(i);
            ResourceRequest want = request.work().get(type);
            List<ServerApp> apps = config.appsFor(type);
            // The reply's room is shared among the resources asked for: a fast GPU's request took all of it, and
            // the idle CPU asked for beside it got nothing.
            int room = (MAX_JOBS_PER_REPLY - jobs.size()) / (asking.size() - i);
            int made = 0;
            double speed = speed(type, host);
            double seconds = want.seconds();
            double instances = want.instances();
            while ((seconds > 0 || instances > 0) && made < room) {
                int first = turn.getOrDefault(type, 0);
                ServerApp app = null;
                double needed = 0;
                for (int k = 0; k < apps.size() && app == null; k++) {
                    ServerApp a = apps.get(Math.floorMod(first + k, apps.size()));
                    double bytes = a.bytesPerJob(sticky.contains(a.stickyFileName()));
                    double kept = ownFilesCounted && a.stickyBytes() > 0
                            && request.stickyFiles().contains(a.stickyFileName())
                            && !setAside.contains(a.stickyFileName()) ? a.stickyBytes() : 0;
                    if (bytes + kept <= left) {
                        app = a;
                        needed = bytes + kept;
                        turn.put(type, first + k + 1);
                    } else if (tooBig == null || bytes < tooBig.neededBytes()) {
                        tooBig = new DiskShortfall(a.name(), bytes, Math.max(0, budget - kept));
                    }
                }
                if (app == null) {
                    break;
                }
                left -= needed;
                if (app.stickyBytes() > 0) {
                    sticky.add(app.stickyFileName());
                    setAside.add(app.stickyFileName());
                }
                jobs.add(job(app, now));
                made++;
                seconds -= app.fpopsEst() / speed;
                instances -= 1;
            }
            if ((seconds > 0 || instances > 0) && made >= room) {
                cutShort.add(String.format(Locale.ROOT, "Sent %d %s tasks, the most this reply has room for beside "
                        + "the others (%d in all): %s of the %s asked for", made, type.displayName(),
                        MAX_JOBS_PER_REPLY, Units.duration(want.seconds() - Math.max(0, seconds)),
                        Units.duration(want.seconds())));
            }
        }
        return new Made(jobs, tooBig, cutShort);
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
        String wuName = String.format(Locale.ROOT, "%s_%s%06d", app.name(), runTag, sequence);
        String resultName = wuName + "_0";
        double fpops = app.fpopsEst();
        Workunit wu = new Workunit(wuName, app.name(), fpops, fpops * 20, app.bytesPerJob(false));
        return new NewJob(resultName, wu, app.name(), app.versionNum(), app.planClass(), now + app.latencyBound(),
                JobFile.inputs(wuName, app.inputBytes(), app.stickyFileName(), app.stickyBytes(), app.priority(),
                        app.expDays()), JobFile.outputs(resultName, app.outputBytes()));
    }
}

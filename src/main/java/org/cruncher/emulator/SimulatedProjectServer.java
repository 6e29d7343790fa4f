package org.cruncher.emulator;

import java.util.ArrayList;
import java.util.Collection;
import java.util.EnumMap;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;
import java.util.function.Supplier;
import java.util.random.RandomGenerator;

import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ProcessingResource;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.TimeStats;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.rpc.DiskShortfall;
import org.cruncher.engine.rpc.JobFile;
import org.cruncher.engine.rpc.MasterOutcome;
import org.cruncher.engine.rpc.MasterPage;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.ReportedResult;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.engine.rpc.SchedulerRequest;

/**
 * A project's scheduler in the emulator, modelled on BOINC's emulator (sim.cpp simulate_rpc, boinc-engine.md §4.4):
 * <ol>
 *   <li>if the server is down (its availability process is off), the RPC fails;</li>
 *   <li>every reported result is acknowledged;</li>
 *   <li>while some resource's request (seconds or instances) is not met: pick an app at random by weight among those
 *       with a version for a requested resource, and its fastest such version; draw the size estimate from the
 *       app's distribution; refuse the job if the client's queue delay for that resource plus the job's estimated
 *       run time exceeds its latency bound (and stop offering that version in this RPC); otherwise send it with
 *       deadline = now + latency bound, add its run time to the queue delay (spread over the resource's instances)
 *       and take its run time (scaled by the host's computing fraction) times its usage off the request.</li>
 *   <li>disk (seed 004, "Scheduling Server Changes"): a job is sent only if its files (input, output, and the
 *       app's sticky file unless the client already keeps it) fit the space left of the pass's budget; pass 1
 *       uses the client's free space, and if it sends nothing because jobs did not fit, pass 2 uses the space
 *       free if offenders were trimmed, then pass 3 (only with {@code delete_from_self}) the space free if the
 *       project's own expendable files went too: there, an app's sticky file that the client keeps is among
 *       those files, but a job of the app needs it, so its first such job must fit without those bytes (else
 *       the client, which never deletes a file the new job needs, would refuse it). If every pass sends nothing
 *       for lack of space, the reply says so with the smallest job that did not fit.</li>
 * </ol>
 * Jobs never go to a resource whose request is zero. RPCs take no time. The master file (the project's web page)
 * is always read: an outage is of the scheduler, as in BOINC's emulator, which models no web site.
 */
final class SimulatedProjectServer {

    private static final int MAX_JOBS_PER_RPC = 10_000;

    private final ServerSpec spec;
    private final List<AppVersion> versions;
    private final Supplier<ResourceSet> resources;
    private final TimeStats timeStats;
    private final OnOffProcess availability;
    private final RandomGenerator random;
    private final JobCatalog catalog;
    private final FiguresOfMerit figures;
    private long sequence;

    SimulatedProjectServer(ServerSpec spec, List<AppVersion> versions, Supplier<ResourceSet> resources,
                           TimeStats timeStats,
                           double start, RandomStreams streams, JobCatalog catalog, FiguresOfMerit figures) {
        this(spec, versions, resources, timeStats, start, streams, catalog, figures, List.of());
    }

    /**
     * A server whose client already holds {@code held} (the names of the project's results): its jobs are numbered
     * on from the highest of them it could have made, so that an emulation resumed from a saved state never sends a
     * name the client holds (the client refuses a result listed twice).
     */
    SimulatedProjectServer(ServerSpec spec, List<AppVersion> versions, Supplier<ResourceSet> resources,
                           TimeStats timeStats, double start, RandomStreams streams, JobCatalog catalog,
                           FiguresOfMerit figures, Collection<String> held) {
        this.spec = spec;
        this.sequence = lastIssued(held, spec.apps().stream().map(JobSpec::appName).toList());
        this.versions = List.copyOf(versions);
        this.resources = resources;
        this.timeStats = timeStats;
        this.availability = new OnOffProcess(spec.availableFrac(), spec.availableLambda(), start,
                streams.stream("server.up." + spec.projectUrl()));
        this.random = streams.stream("server.jobs." + spec.projectUrl());
        this.catalog = catalog;
        this.figures = figures;
    }

    /** Whether its scheduler answers at {@code url}. */
    boolean answersAt(String url) {
        return spec.schedulerUrls().isEmpty() || spec.schedulerUrls().contains(url);
    }

    /** Its master file, listing its scheduler URLs (the project's URL if it names none). */
    MasterOutcome masterPage() {
        List<String> urls = spec.schedulerUrls().isEmpty() ? List.of(spec.projectUrl()) : spec.schedulerUrls();
        return MasterOutcome.read(spec.projectUrl(), MasterPage.of(spec.projectUrl(), urls));
    }

    RpcOutcome handle(SchedulerRequest request) {
        double now = request.time();
        if (!availability.isOn(now) || spec.inOutage(now)) {
            figures.rpcFailed(spec.projectUrl());
            return RpcOutcome.failed(request, "project is down");
        }
        List<String> acked = new ArrayList<>();
        for (ReportedResult r : request.reported()) {
            figures.reported(spec.projectUrl(), r.work(), r.deadline(), now, r.succeeded());
            acked.add(r.name());
        }
        Pass pass = null;
        for (int n = 1; n <= 3; n++) {
            double budget = request.disk().budget(n, spec.deleteFromSelf());
            if (budget < 0) {
                break;
            }
            pass = makeJobs(request, budget, n == 3);
            if (!pass.jobs().isEmpty() || pass.tooBig() == null) {
                break;
            }
        }
        List<NewJob> jobs = pass == null ? List.of() : pass.jobs();
        DiskShortfall shortfall = pass != null && jobs.isEmpty() ? pass.tooBig() : null;
        List<String> messages = shortfall == null ? List.of()
                : List.of(String.format(Locale.ROOT, "No work sent: the smallest %s job needs %.0f bytes of disk and "
                        + "the client offers %.0f", shortfall.appName(), shortfall.neededBytes(),
                        shortfall.availableBytes()));
        figures.rpcDone(spec.projectUrl());
        return RpcOutcome.success(request, new SchedulerReply(0, jobs, acked, messages, false, spec.deletionPolicy(),
                shortfall));
    }

    /** What one pass over the apps sent, and the smallest job it kept back for lack of disk space (or null). */
    private record Pass(List<NewJob> jobs, DiskShortfall tooBig) {
    }

    private Pass makeJobs(SchedulerRequest request, double budget, boolean ownFilesCounted) {
        double diskLeft = budget;
        Set<String> stickyHere = new HashSet<>(request.stickyFiles());
        // Sticky files a job sent in this pass needs: a kept one's bytes are set aside once, a new one's counted once.
        Set<String> stickyNeeded = new HashSet<>();
        Set<String> tooBigApps = new HashSet<>();
        DiskShortfall tooBig = null;
        Map<ResourceType, double[]> want = new EnumMap<>(ResourceType.class);
        request.work().perResource().forEach((type, r) ->
                want.put(type, new double[] {r.seconds(), r.instances(), r.estimatedDelay()}));
        Set<AppVersion> refused = new HashSet<>();
        List<NewJob> jobs = new ArrayList<>();
        while (jobs.size() < MAX_JOBS_PER_RPC) {
            List<JobSpec> apps = new ArrayList<>();
            for (JobSpec app : spec.apps()) {
                if (!tooBigApps.contains(app.appName()) && fastestWanted(app.appName(), want, refused) != null) {
                    apps.add(app);
                }
            }
            if (apps.isEmpty()) {
                break;
            }
            JobSpec app = pickByWeight(apps);
            boolean newSticky = app.stickyBytes() > 0 && !stickyHere.contains(app.stickyFileName());
            boolean keptSticky = ownFilesCounted && app.stickyBytes() > 0 && !newSticky
                    && !stickyNeeded.contains(app.stickyFileName());
            double needed = app.inputBytes() + app.outputBytes() + (newSticky ? app.stickyBytes() : 0);
            double kept = keptSticky ? app.stickyBytes() : 0;
            if (needed > diskLeft - kept) {
                tooBigApps.add(app.appName());
                if (tooBig == null || needed < tooBig.neededBytes()) {
                    tooBig = new DiskShortfall(app.appName(), needed, Math.max(0, budget - kept));
                }
                continue;
            }
            AppVersion v = fastestWanted(app.appName(), want, refused);
            ResourceType type = v.primaryResource();
            double[] w = want.get(type);
            double estimate = Math.max(random.nextGaussian() * app.estimateStdDev() + app.estimateMean(),
                    app.estimateMean() * 0.01);
            // The client will take it as its estimate times its correction factor, as it sized its request.
            double runtime = estimate / v.flops() * request.durationCorrectionFactor();
            if (w[2] + runtime > app.latencyBound()) {
                refused.add(v);
                continue;
            }
            int instances = resources.get().get(type).map(ProcessingResource::instances).orElse(1);
            w[2] += runtime * v.usage(type) / Math.max(1, instances);
            double wall = runtime / timeStats.cpuComputingFraction();
            w[0] -= wall * v.usage(type);
            w[1] -= v.usage(type);
            if (type != ResourceType.CPU && want.containsKey(ResourceType.CPU)) {
                want.get(ResourceType.CPU)[0] -= wall * v.avgNcpus();
            }
            sequence++;
            String wuName = jobName(app.appName(), sequence);
            String resultName = wuName + "_0";
            double crashAt = app.errorRate() > 0 && random.nextDouble() < app.errorRate() ? random.nextDouble() : 1;
            catalog.register(spec.projectUrl(), resultName, app.fpopsActual(), crashAt);
            figures.jobMade();
            diskLeft -= needed + kept;
            if (newSticky) {
                stickyHere.add(app.stickyFileName());
            }
            if (app.stickyBytes() > 0) {
                stickyNeeded.add(app.stickyFileName());
            }
            jobs.add(new NewJob(resultName, new Workunit(wuName, app.appName(), estimate, estimate * 20, 0),
                    app.appName(), v.versionNum(), v.planClass(), request.time() + app.latencyBound(),
                    JobFile.inputs(wuName, app.inputBytes(), app.stickyFileName(), app.stickyBytes(), app.priority(),
                            app.expDays()), JobFile.outputs(resultName, app.outputBytes())));
        }
        return new Pass(jobs, tooBig);
    }

    /** The fastest version of {@code appName} whose resource still has work wanted, or null. */
    private AppVersion fastestWanted(String appName, Map<ResourceType, double[]> want, Set<AppVersion> refused) {
        AppVersion best = null;
        for (AppVersion v : versions) {
            if (!v.appName().equals(appName) || refused.contains(v) || !resources.get().admits(v)) {
                continue;
            }
            double[] w = want.get(v.primaryResource());
            if (w == null || (w[0] <= 0 && w[1] <= 0)) {
                continue;
            }
            if (best == null || v.flops() > best.flops()) {
                best = v;
            }
        }
        return best;
    }

    private JobSpec pickByWeight(List<JobSpec> apps) {
        if (apps.size() == 1) {
            return apps.get(0);
        }
        double total = 0;
        for (JobSpec a : apps) {
            total += a.weight();
        }
        double x = random.nextDouble() * total;
        for (JobSpec a : apps) {
            x -= a.weight();
            if (x < 0) {
                return a;
            }
        }
        return apps.get(apps.size() - 1);
    }

    /**
     * The highest sequence number among {@code names} of the form {@link #jobName}{@code _0} for one of {@code apps}
     * (0 if none is): {@code a1_000042_0} gives 42.
     */
    static long lastIssued(Collection<String> names, Collection<String> apps) {
        long last = 0;
        for (String name : names) {
            for (String app : apps) {
                if (name.length() > app.length() + 3 && name.startsWith(app) && name.charAt(app.length()) == '_'
                        && name.endsWith("_0")) {
                    String digits = name.substring(app.length() + 1, name.length() - 2);
                    if (!digits.isEmpty() && digits.length() <= 18 && digits.chars().allMatch(Character::isDigit)) {
                        last = Math.max(last, Long.parseLong(digits));
                    }
                }
            }
        }
        return last;
    }

    /** {@code app_000042}: the app's name and the sequence number on six digits (String.format is slow here). */
    static String jobName(String app, long sequence) {
        String digits = Long.toString(sequence);
        StringBuilder b = new StringBuilder(app.length() + 1 + Math.max(6, digits.length())).append(app).append('_');
        for (int i = digits.length(); i < 6; i++) {
            b.append('0');
        }
        return b.append(digits).toString();
    }
}

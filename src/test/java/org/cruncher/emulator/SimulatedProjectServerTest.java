package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.TimeStats;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.ResourceRequest;
import org.cruncher.engine.rpc.RpcReason;
import org.cruncher.engine.rpc.SchedulerRequest;
import org.cruncher.engine.rpc.WorkRequest;

/** Seed 003's scheduler side: jobs only for requested resources, seconds and instances honoured. */
class SimulatedProjectServerTest {

    private static final double NOW = 1000;

    /** 2 CPUs at 1 GFLOPS and 1 NVIDIA GPU; the project has a CPU app (1-hour jobs) and a GPU app (1-hour jobs). */
    private static SimulatedProjectServer server() {
        Host host = new Host("h", "cpu", 2, 1e9, 8e9, 1e12, 5e11,
                List.of(new Coprocessor(ResourceType.NVIDIA, 1, 1e10, "gpu", false)));
        ResourceSet resources = ResourceSet.of(host, Prefs.DEFAULTS, ClientConfig.DEFAULTS);
        AppVersion cpu = AppVersion.cpu("c", 1, 1e9);
        AppVersion gpu = AppVersion.gpu("g", ResourceType.NVIDIA, 1, 0.1, 2e9);
        ServerSpec spec = new ServerSpec("http://p/", List.of(
                new JobSpec("c", 3600e9, 3600e9, 0, 864000, 1),
                new JobSpec("g", 7200e9, 7200e9, 0, 864000, 1)), 1, OnOffProcess.DEFAULT_LAMBDA);
        Project p = new Project("http://p/", "P", 100);
        return new SimulatedProjectServer(spec, List.of(cpu, gpu), resources, TimeStats.ALWAYS, NOW,
                new RandomStreams(1), new JobCatalog(), new FiguresOfMerit(List.of(p)));
    }

    private static List<NewJob> ask(Map<ResourceType, ResourceRequest> work) {
        SchedulerRequest r = new SchedulerRequest("http://p/", NOW, RpcReason.NEED_WORK, new WorkRequest(work),
                List.of(), 1);
        return server().handle(r).reply().jobs();
    }

    @Test
    void sendsOnlyJobsForRequestedResources() {
        // GPU work only: 3 h of GPU time in 1-hour GPU jobs (7200 GFLOP at 2 GFLOPS) -> 3 jobs, none for the CPU.
        List<NewJob> jobs = ask(Map.of(ResourceType.NVIDIA, new ResourceRequest(3 * 3600, 0, 0)));

        assertEquals(3, jobs.size());
        assertTrue(jobs.stream().allMatch(j -> j.appName().equals("g")), jobs.toString());
    }

    @Test
    void honoursSecondsAndInstances() {
        // CPU: 10000 s in 1-hour jobs -> 3 jobs (3 x 3600 = 10800 covers it). Then 0 s but 2 idle CPUs -> 2 jobs.
        assertEquals(3, ask(Map.of(ResourceType.CPU, new ResourceRequest(10000, 0, 0))).size());
        assertEquals(2, ask(Map.of(ResourceType.CPU, new ResourceRequest(0, 2, 0))).size());
        assertEquals(0, ask(Map.of()).size());
    }
}

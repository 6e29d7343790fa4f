package org.cruncher.engine.model;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;

/**
 * {@link ResourceSet#admits}: the admission rules of boinc-engine.md §3.12 on an idle host. A job the host can never
 * admit must be known as such, so that it neither holds CPUs in the forecast nor is fetched again.
 */
class ResourceSetAdmissionTest {

    private static final Coprocessor ONE_GPU = new Coprocessor(ResourceType.NVIDIA, 1, 1e10, "GPU", false);

    private static ResourceSet fourCpus(double maxNcpusPct) {
        Host host = new Host("h", "cpu", 4, 1e9, 8e9, 1e11, 5e10, List.of(ONE_GPU));
        return ResourceSet.of(host, Prefs.DEFAULTS.withMaxNcpusPct(maxNcpusPct), ClientConfig.DEFAULTS);
    }

    @Test
    void unlimitedCpusAdmitAnyMultiThreadedJobAndGpuJobsUpToOneCpuMore() {
        // 4 CPUs, no user limit: a CPU job may overcommit an idle host (8 threads on 4 CPUs), a GPU job may take the
        // CPU load to 4 + 1 = 5 CPUs.
        ResourceSet r = fourCpus(100);
        assertFalse(r.cpusLimitedByUser());
        assertEquals(5, r.cpuLoadLimitForGpuJobs(), 1e-12);
        assertTrue(r.admits(AppVersion.cpu("mt", 8, 8e9)));
        assertTrue(r.admits(AppVersion.gpu("g", ResourceType.NVIDIA, 1, 5, 1e9)));
        assertFalse(r.admits(AppVersion.gpu("g", ResourceType.NVIDIA, 1, 5.5, 1e9)));
    }

    @Test
    void limitedCpusAdmitNoJobNeedingMoreThanTheLimit() {
        // 4 CPUs at 50 %: floor(4 x 0.5) = 2 usable, and no job may go beyond them, GPU jobs included.
        ResourceSet r = fourCpus(50);
        assertTrue(r.cpusLimitedByUser());
        assertEquals(2, r.cpuLoadLimitForGpuJobs(), 1e-12);
        assertTrue(r.admits(AppVersion.cpu("mt", 2, 2e9)));
        assertFalse(r.admits(AppVersion.cpu("mt", 3, 3e9)));
        assertTrue(r.admits(AppVersion.gpu("g", ResourceType.NVIDIA, 1, 2, 1e9)));
        assertFalse(r.admits(AppVersion.gpu("g", ResourceType.NVIDIA, 1, 2.5, 1e9)));
    }

    @Test
    void ccConfigNcpusIsTheHostsCountNotALimit() {
        // cc_config <ncpus>2</ncpus> on the 4-CPU host: BOINC's set_n_usable_cpus makes 2 the host's count, so 2 CPUs
        // are usable and unlimited (GPU jobs may take the load to 2 + 1 = 3); at 50 % of them, floor(2 x 0.5) = 1 is
        // a limit, GPU jobs included.
        Host host = new Host("h", "cpu", 4, 1e9, 8e9, 1e11, 5e10, List.of(ONE_GPU));
        ClientConfig two = new ClientConfig(2, false, false);
        ResourceSet all = ResourceSet.of(host, Prefs.DEFAULTS, two);
        assertEquals(2, all.cpu().instances());
        assertFalse(all.cpusLimitedByUser());
        assertEquals(3, all.cpuLoadLimitForGpuJobs(), 1e-12);
        ResourceSet half = ResourceSet.of(host, Prefs.DEFAULTS.withMaxNcpusPct(50), two);
        assertTrue(half.cpusLimitedByUser());
        assertEquals(1, half.cpuLoadLimitForGpuJobs(), 1e-12);
    }

    @Test
    void aGpuJobNeedsItsDevicesToExist() {
        // One NVIDIA GPU: a job needing 2 never fits; an AMD job has no device at all.
        ResourceSet r = fourCpus(100);
        assertTrue(r.admits(AppVersion.gpu("g", ResourceType.NVIDIA, 1, 0.1, 1e9)));
        assertFalse(r.admits(AppVersion.gpu("g", ResourceType.NVIDIA, 2, 0.1, 1e9)));
        assertFalse(r.admits(AppVersion.gpu("g", ResourceType.AMD, 1, 0.1, 1e9)));
        assertTrue(r.canRun(AppVersion.gpu("g", ResourceType.NVIDIA, 2, 0.1, 1e9)));
        // The devices alone: one GPU and 2 CPUs has its device; 2 GPUs, or an AMD GPU, has not.
        assertTrue(r.hasGpusFor(AppVersion.gpu("g", ResourceType.NVIDIA, 1, 2, 1e9)));
        assertFalse(r.hasGpusFor(AppVersion.gpu("g", ResourceType.NVIDIA, 2, 0.1, 1e9)));
        assertFalse(r.hasGpusFor(AppVersion.gpu("g", ResourceType.AMD, 1, 0.1, 1e9)));
        // A GPU job needing more CPUs than 4 + 1 has its device but is not admitted.
        assertTrue(r.hasGpusFor(AppVersion.gpu("g", ResourceType.NVIDIA, 1, 6, 1e9)));
        assertFalse(r.admits(AppVersion.gpu("g", ResourceType.NVIDIA, 1, 6, 1e9)));
    }

    @Test
    void aProjectsAdmittedResourcesFollowTheResourceSetAndItsVersions() {
        // A's only versions: a 4-thread CPU app and an NVIDIA app needing 3 CPUs. At 50 % (2 usable CPUs) neither is
        // admitted; at 100 % both are (4 threads on an idle 4-CPU host; 3 CPUs within 4 + 1).
        Project a = new Project("http://a/", "A", 100);
        a.addAppVersion(AppVersion.cpu("mt", 4, 4e9));
        a.addAppVersion(AppVersion.gpu("g", ResourceType.NVIDIA, 1, 3, 1e9));
        ResourceSet half = fourCpus(50);
        ResourceSet all = fourCpus(100);

        assertFalse(half.admitsSomeVersion(a, ResourceType.CPU));
        assertFalse(half.admitsSomeVersion(a, ResourceType.NVIDIA));
        assertTrue(all.admitsSomeVersion(a, ResourceType.CPU));
        assertTrue(all.admitsSomeVersion(a, ResourceType.NVIDIA));
        assertFalse(all.admitsSomeVersion(a, ResourceType.AMD), "no AMD version, no AMD GPU");
        // Asked of the first set again, after the second: worked out for it, not remembered from the other.
        assertFalse(half.admitsSomeVersion(a, ResourceType.CPU));

        // A single-threaded version arrives: the 2 usable CPUs admit it at once.
        a.addAppVersion(AppVersion.cpu("st", 1, 1e9));
        assertTrue(half.admitsSomeVersion(a, ResourceType.CPU));
        assertFalse(half.admitsSomeVersion(a, ResourceType.NVIDIA));
    }
}

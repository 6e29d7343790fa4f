package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.ShareTarget.Reach;
import org.cruncher.engine.model.AppVersion;
import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.Coprocessor;
import org.cruncher.engine.model.Host;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;

class ShareTargetsTest {

    private static final double GFLOPS = 1e9;
    private static final List<ResourceType> CPU = List.of(ResourceType.CPU);
    private static final List<ResourceType> GPU = List.of(ResourceType.NVIDIA);
    private static final List<ResourceType> BOTH = List.of(ResourceType.NVIDIA, ResourceType.CPU);

    /** A host with {@code cpus} CPUs of 1 GFLOPS and, if {@code gpuWork} > 0, one NVIDIA GPU doing that much work. */
    private static ResourceSet host(int cpus, double gpuWork) {
        List<Coprocessor> gpus = gpuWork > 0
                ? List.of(new Coprocessor(ResourceType.NVIDIA, 1, gpuWork / Coprocessor.GPU_EFFICIENCY, "", false))
                : List.of();
        Host h = new Host("", "", cpus, GFLOPS, 8e9, 1e12, 5e11, gpus);
        return ResourceSet.of(h, Prefs.DEFAULTS, ClientConfig.DEFAULTS);
    }

    private static Project project(String name, double share, List<ResourceType> uses) {
        Project p = new Project("http://" + name.toLowerCase() + "/", name, share);
        for (ResourceType t : uses) {
            p.addAppVersion(t == ResourceType.CPU ? AppVersion.cpu(name + "_cpu", 1, GFLOPS)
                    : AppVersion.gpu(name + "_gpu", t, 1, 0.1, 5 * GFLOPS));
        }
        return p;
    }

    @Test
    void everyProjectOnTheCpusGetsItsShare() {
        // Seed 001's 75/25 on 2 CPUs: both can use every resource, so the targets are 75 % and 25 %.
        Project a = project("A", 75, CPU);
        Project b = project("B", 25, CPU);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(a, b), host(2, 0));

        assertEquals(0.75, t.get(a).fraction(), 1e-12);
        assertEquals(0.25, t.get(b).fraction(), 1e-12);
        assertEquals(Reach.SHARE, t.get(a).reach());
        assertEquals(CPU, t.get(a).usable());
        assertEquals(1.0, t.get(a).usableFraction(), 1e-12);
    }

    @Test
    void seed003ExampleGivesEachProjectHalfOfTheWork() {
        // Seed 003: A has only GPU jobs, B has CPU and GPU jobs, equal shares, the GPU twice as fast as the CPU
        // (CPU 1 GFLOPS, GPU 2 GFLOPS of work; 3 in all). Equal processing: A 1.5 (75 % of the GPU), B 1.5 (the
        // CPU and 25 % of the GPU), so each gets its 50 % share.
        Project a = project("A", 100, GPU);
        Project b = project("B", 100, BOTH);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(a, b), host(1, 2 * GFLOPS));

        assertEquals(0.5, t.get(a).fraction(), 1e-12);
        assertEquals(0.5, t.get(b).fraction(), 1e-12);
        assertEquals(Reach.SHARE, t.get(a).reach());
        assertEquals(Reach.SHARE, t.get(b).reach());
        assertEquals(2.0 / 3, t.get(a).usableFraction(), 1e-12);
        assertEquals(BOTH, t.get(b).usable());
        // A cannot use the CPU, which B can: where a part above B's share would come from.
        assertEquals(CPU, t.get(b).othersLack());
    }

    @Test
    void aCpuOnlyProjectOnAGpuHeavyHostGetsAllTheCpusAndNoMore() {
        // CPUs 2 GFLOPS, GPU 8 (10 in all); C (share 200) has only a CPU app, G (150) and H (100) have both.
        // Progressive filling: the CPU alone limits C first (lambda 2 / 200 = 0.01 against 10 / 450 for all), so
        // C gets the CPUs' 2 (20 %, not its 200 / 450 = 44.4 %); G and H share the remaining 8 as 150 : 100,
        // 4.8 (48 %) and 3.2 (32 %), above their 33.3 % and 22.2 %.
        Project c = project("C", 200, CPU);
        Project g = project("G", 150, BOTH);
        Project h = project("H", 100, BOTH);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(c, g, h), host(2, 8 * GFLOPS));

        assertEquals(0.20, t.get(c).fraction(), 1e-12);
        assertEquals(Reach.CONFINED, t.get(c).reach());
        assertEquals(0.20, t.get(c).usableFraction(), 1e-12);
        assertEquals(0.48, t.get(g).fraction(), 1e-12);
        assertEquals(0.32, t.get(h).fraction(), 1e-12);
        assertEquals(Reach.OTHERS_CONFINED, t.get(g).reach());
        assertEquals(GPU, t.get(g).othersLack());
    }

    @Test
    void cpuOnlyProjectsShareTheCpusThatAreAllTheyCanUse() {
        // CPUs 2, GPU 8; C1 and C2 (100 each) only CPU, G (100) both. The CPU-only pair is limited first (lambda
        // 2 / 200 = 0.01): 1 each (10 %, of the CPUs' 20 %); G gets the GPU's 8 (80 %).
        Project c1 = project("C1", 100, CPU);
        Project c2 = project("C2", 100, CPU);
        Project g = project("G", 100, BOTH);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(c1, c2, g), host(2, 8 * GFLOPS));

        assertEquals(0.10, t.get(c1).fraction(), 1e-12);
        assertEquals(0.20, t.get(c1).usableFraction(), 1e-12);
        assertEquals(Reach.CONFINED, t.get(c1).reach());
        assertEquals(0.80, t.get(g).fraction(), 1e-12);
    }

    @Test
    void aGpuNoProjectCanUseDoesNoWorkToShare() {
        // A real host (corpus: a 20-CPU machine with a big NVIDIA GPU) whose two projects have only CPU apps: the
        // GPU's work is no one's, so the shares split the CPUs' work, 50 % each, as they should.
        Project a = project("A", 100, CPU);
        Project b = project("B", 100, CPU);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(a, b), host(20, 1000 * GFLOPS));

        assertEquals(0.5, t.get(a).fraction(), 1e-12);
        assertEquals(1.0, t.get(a).usableFraction(), 1e-12);
        assertEquals(Reach.SHARE, t.get(a).reach());
    }

    @Test
    void suspendedProjectsLeaveTheirPartToTheOthers() {
        // Three CPU-only projects of 100 on 2 CPUs; C is suspended: A and B get half each (above their third),
        // because of the suspension and not of any resource; C gets nothing.
        Project a = project("A", 100, CPU);
        Project b = project("B", 100, CPU);
        Project c = project("C", 100, CPU);
        c.setSuspendedByUser(true);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(a, b, c), host(2, 0));

        assertEquals(0.5, t.get(a).fraction(), 1e-12);
        assertEquals(Reach.OTHERS_SUSPENDED, t.get(a).reach());
        assertEquals(0, t.get(c).fraction());
        assertEquals(Reach.SUSPENDED, t.get(c).reach());
    }

    @Test
    void backupProjectsAndProjectsWithoutApplicationsGetNothing() {
        // B's share is 0 (a backup project); N has no application; A gets all of the work.
        Project a = project("A", 100, CPU);
        Project b = project("B", 0, CPU);
        Project n = project("N", 100, List.of());

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(a, b, n), host(2, 0));

        assertEquals(1.0, t.get(a).fraction(), 1e-12);
        assertEquals(Reach.BACKUP, t.get(b).reach());
        assertEquals(0, t.get(b).fraction());
        assertEquals(Reach.NO_APPLICATION, t.get(n).reach());
        assertEquals(0, t.get(n).fraction());
        // A's share is 100 / 200 = 50 % (N counts in the total, as in BOINC Manager); it gets all of the work
        // because N has no application at all.
        assertEquals(Reach.OTHERS_WITHOUT_APPLICATION, t.get(a).reach());
        assertEquals(List.of(), t.get(a).othersLack());
    }
}

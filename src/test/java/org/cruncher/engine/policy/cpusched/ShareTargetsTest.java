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
                    : AppVersion.gpu(name + "_gpu", t, 1, 0, 5 * GFLOPS));
        }
        return p;
    }

    @Test
    void aProjectWhoseOnlyAppNeedsMoreCpusThanAllowedHasNoTarget() {
        // 4 CPUs at 50 % (2 usable). A's only app needs 4 CPUs a job, so A can use nothing here: B's target is the
        // whole host, and A's is nothing, as for a project without an application.
        Host h = new Host("", "", 4, GFLOPS, 8e9, 1e12, 5e11, List.of());
        ResourceSet limited = ResourceSet.of(h, Prefs.DEFAULTS.withMaxNcpusPct(50), ClientConfig.DEFAULTS);
        Project a = new Project("http://a/", "A", 50);
        a.addAppVersion(AppVersion.cpu("A_mt", 4, 4 * GFLOPS));
        Project b = project("B", 50, CPU);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(a, b), limited);

        assertEquals(Reach.APPS_TOO_LARGE, t.get(a).reach(), "it has an application, too large for the limit");
        assertEquals(0, t.get(a).fraction(), 1e-12);
        assertEquals(1.0, t.get(b).fraction(), 1e-12);
        // B gets more than its 50 % share because A can use nothing here, as with a project without an application.
        assertEquals(Reach.MORE, t.get(b).reach());
        assertEquals(true, t.get(b).othersWithoutApplication());

        // With every CPU usable the 4-CPU app runs, and each project has its half.
        Map<Project, ShareTarget> all = ShareTargets.of(List.of(a, b), ResourceSet.of(h, Prefs.DEFAULTS,
                ClientConfig.DEFAULTS));
        assertEquals(Reach.SHARE, all.get(a).reach());
        assertEquals(0.5, all.get(a).fraction(), 1e-12);
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
        assertEquals(List.of(), t.get(b).othersLack());
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
        assertEquals(CPU, t.get(c).limit());
        assertEquals(0.48, t.get(g).fraction(), 1e-12);
        assertEquals(0.32, t.get(h).fraction(), 1e-12);
        assertEquals(Reach.MORE, t.get(g).reach());
        // C, below its share, cannot use the GPU: that is where G's surplus comes from.
        assertEquals(GPU, t.get(g).othersLack());
        assertEquals(false, t.get(g).othersSuspended());
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
        assertEquals(CPU, t.get(c1).limit());
        assertEquals(0.20, t.get(c1).limitFraction(), 1e-12);
        assertEquals(0.80, t.get(g).fraction(), 1e-12);
    }

    @Test
    void theSurplusIsPutDownToProjectsBelowTheirShareNotToEveryProjectThatLacksAResource() {
        // CPU 1, GPU 8 (9 in all); A only GPU, B both, C only CPU, 100 each. C is limited by the CPU alone (lambda
        // 1 / 100 against 9 / 300): 1 (11.1 %); A and B share the GPU's 8: 4 each (44.4 %), above their 33.3 %.
        // B's surplus comes from C, which cannot use the GPU; A cannot use the CPU but is no cause: it is above its
        // share too.
        Project a = project("A", 100, GPU);
        Project b = project("B", 100, BOTH);
        Project c = project("C", 100, CPU);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(a, b, c), host(1, 8 * GFLOPS));

        assertEquals(1.0 / 9, t.get(c).fraction(), 1e-12);
        assertEquals(4.0 / 9, t.get(b).fraction(), 1e-12);
        assertEquals(GPU, t.get(b).othersLack());
        assertEquals(GPU, t.get(a).othersLack());
    }

    @Test
    void aProjectLimitedWithOthersThatCanUseAnotherGpuNamesTheWholeLimit() {
        // CPU 2, NVIDIA 1, AMD 7 (10 in all); P1 only CPU, P2 CPU and NVIDIA, P3 only AMD, 100 each. The tightest
        // set is {NVIDIA, CPU}: 3 for P1 and P2 (lambda 3 / 200 = 0.015, against 2 / 100 for the CPU alone and
        // 7 / 100 for the AMD GPU): 15 % each; P3 gets the AMD GPU's 70 %. P1 is limited by the CPU and the NVIDIA
        // GPU together (30 % of the work), not by the CPU alone, which it shares with P2.
        Project p1 = project("P1", 100, CPU);
        Project p2 = project("P2", 100, BOTH);
        Project p3 = project("P3", 100, List.of(ResourceType.AMD));
        Host h = new Host("", "", 2, GFLOPS, 8e9, 1e12, 5e11, List.of(
                new Coprocessor(ResourceType.NVIDIA, 1, GFLOPS / Coprocessor.GPU_EFFICIENCY, "", false),
                new Coprocessor(ResourceType.AMD, 1, 7 * GFLOPS / Coprocessor.GPU_EFFICIENCY, "", false)));

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(p1, p2, p3),
                ResourceSet.of(h, Prefs.DEFAULTS, ClientConfig.DEFAULTS));

        assertEquals(0.15, t.get(p1).fraction(), 1e-12);
        assertEquals(0.15, t.get(p2).fraction(), 1e-12);
        assertEquals(0.70, t.get(p3).fraction(), 1e-12);
        assertEquals(Reach.CONFINED, t.get(p1).reach());
        assertEquals(BOTH, t.get(p1).limit());
        assertEquals(0.30, t.get(p1).limitFraction(), 1e-12);
        assertEquals(0.20, t.get(p1).usableFraction(), 1e-12);
        // P3's surplus comes from P1 and P2, which cannot use the AMD GPU.
        assertEquals(List.of(ResourceType.AMD), t.get(p3).othersLack());
    }

    @Test
    void whenEveryProjectIsSuspendedNoneHasAPart() {
        Project a = project("A", 100, CPU);
        Project b = project("B", 100, CPU);
        a.setSuspendedByUser(true);
        b.setSuspendedByUser(true);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(a, b), host(2, 0));

        assertEquals(Reach.SUSPENDED, t.get(a).reach());
        assertEquals(0, t.get(b).fraction());
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
        assertEquals(Reach.MORE, t.get(a).reach());
        assertEquals(true, t.get(a).othersSuspended());
        assertEquals(List.of(), t.get(a).othersLack());
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
        assertEquals(Reach.MORE, t.get(a).reach());
        assertEquals(true, t.get(a).othersWithoutApplication());
        assertEquals(List.of(), t.get(a).othersLack());
    }

    @Test
    void theCpuTimeAGpusTasksTakeCountsWithTheGpuNotWithTheCpus() {
        // 1 CPU of 1 GFLOPS and a GPU doing 2 GFLOPS; A's GPU tasks take 0.1 CPU each. The GPU's work is
        // 2 + 0.1 = 2.1, the CPU's for others 0.9, of 3. B (only the CPU) is confined to 0.9 / 3 = 30 %; A gets
        // 2.1 / 3 = 70 %, as the engine's forecast, which gives the CPUs out after the GPUs' tasks, lets them run.
        Project a = new Project("http://a/", "A", 100);
        a.addAppVersion(AppVersion.cpu("A_cpu", 1, GFLOPS));
        a.addAppVersion(AppVersion.gpu("A_gpu", ResourceType.NVIDIA, 1, 0.1, 5 * GFLOPS));
        Project b = project("B", 100, CPU);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(a, b), host(1, 2 * GFLOPS));

        assertEquals(0.7, t.get(a).fraction(), 1e-12);
        assertEquals(0.3, t.get(b).fraction(), 1e-12);
        assertEquals(Reach.CONFINED, t.get(b).reach());
        assertEquals(0.3, t.get(b).limitFraction(), 1e-12);
        // the CPU's 0.1 of 3 for A's GPU tasks: 1/30
        assertEquals(1.0 / 30, t.get(b).cpuOfGpuTasks(), 1e-12);
    }

    @Test
    void gpuTasksTakeNoMoreCpuThanThereIs() {
        // 1 CPU and 1 GPU whose tasks each want 2 CPUs: they take the one there is, and B, with only the CPU, gets
        // nothing to do; A has it all.
        Project a = new Project("http://a/", "A", 100);
        a.addAppVersion(AppVersion.gpu("A_gpu", ResourceType.NVIDIA, 1, 2, 5 * GFLOPS));
        Project b = project("B", 100, CPU);

        Map<Project, ShareTarget> t = ShareTargets.of(List.of(a, b), host(1, 2 * GFLOPS));

        assertEquals(1.0, t.get(a).fraction(), 1e-12);
        assertEquals(0.0, t.get(b).fraction(), 1e-12);
    }
}

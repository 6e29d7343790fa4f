package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.ContactView;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
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
import org.cruncher.engine.policy.cpusched.ShareTargets;

class ShareWordsTest {

    private static final double GFLOPS = 1e9;
    private static final List<ResourceType> CPU = List.of(ResourceType.CPU);
    private static final List<ResourceType> BOTH = List.of(ResourceType.NVIDIA, ResourceType.CPU);

    private static ProjectView project(double shareFraction, ShareTarget target) {
        return new ProjectView("http://c/", "C", 100, shareFraction, false, false, 0, 0, 0, ProjectStatus.RUNNING,
                null, 1, 0, 0, ContactView.CLEAR, List.of(), 0, target, false);
    }

    /** The sentence for {@code p} among {@code all} on a host, through the engine's own targets. */
    private static String explained(Project p, List<Project> all, Host host) {
        Map<Project, ShareTarget> t = ShareTargets.of(all, ResourceSet.of(host, Prefs.DEFAULTS, ClientConfig.DEFAULTS));
        double total = all.stream().mapToDouble(Project::resourceShare).sum();
        return ShareWords.explain(project(p.resourceShare() / total, t.get(p)));
    }

    private static Project project(String name, List<ResourceType> uses) {
        Project p = new Project("http://" + name.toLowerCase() + "/", name, 100);
        for (ResourceType t : uses) {
            p.addAppVersion(t == ResourceType.CPU ? AppVersion.cpu(name + "_cpu", 1, GFLOPS)
                    : AppVersion.gpu(name + "_gpu", t, 1, 0, 5 * GFLOPS));
        }
        return p;
    }

    private static Host host(int cpus, double nvidiaWork, double amdWork) {
        return new Host("", "", cpus, GFLOPS, 8e9, 1e12, 5e11, List.of(
                new Coprocessor(ResourceType.NVIDIA, 1, nvidiaWork / Coprocessor.GPU_EFFICIENCY, "", false),
                new Coprocessor(ResourceType.AMD, 1, amdWork / Coprocessor.GPU_EFFICIENCY, "", false)));
    }

    @Test
    void aCpuOnlyProjectAloneOnTheCpusSaysItGetsAllOfThem() {
        // CPU 2, NVIDIA 8 (the AMD GPU nobody can use does no work to share): C (only CPU) and G (both), 100 each.
        // C is limited by the CPU: 2 of 10, 20 %, all of the CPUs; G gets the GPU's 80 %.
        Project c = project("C", CPU);
        Project g = project("G", BOTH);
        Host h = host(2, 8 * GFLOPS, GFLOPS);

        assertEquals("20.0 % of this computer's work, below its 50.0 % share: its applications use only the CPU, "
                + "which does 20.0 % of the work, and it gets all of it.", explained(c, List.of(c, g), h));
        assertEquals("80.0 % of this computer's work, more than its 50.0 % share: projects that cannot use the "
                + "NVIDIA GPU leave their part of it to those that can.", explained(g, List.of(c, g), h));
    }

    @Test
    void theCpuTimeGpuTasksTakeIsNamedApartFromTheCpusWork() {
        // CPU 2, NVIDIA 8, and G's GPU tasks take 0.2 CPU each: the GPU's work is 8 + 0.2 x 1 = 8.2, the CPUs' for
        // others 2 - 0.2 = 1.8, of 10. C, limited to the CPUs, gets 18 %; the 2 % the CPUs spend on G's GPU tasks is
        // not C's to have.
        Project c = project("C", CPU);
        Project g = new Project("http://g/", "G", 100);
        g.addAppVersion(AppVersion.cpu("G_cpu", 1, GFLOPS));
        g.addAppVersion(AppVersion.gpu("G_gpu", ResourceType.NVIDIA, 1, 0.2, 5 * GFLOPS));

        assertEquals("18.0 % of this computer's work, below its 50.0 % share: its applications use only the CPU, "
                + "which does 18.0 % of the work besides the 2.0 % the CPU spends on GPU tasks, and it gets all of "
                + "it.", explained(c, List.of(c, g), host(2, 8 * GFLOPS, GFLOPS)));
    }

    @Test
    void cpuOnlyProjectsSharingTheCpusSayTheCpusGoWhollyToThem() {
        // CPU 2, NVIDIA 8: C1 and C2 (only CPU) halve the CPUs' 20 %; G has the GPU's 80 %.
        Project c1 = project("C1", CPU);
        Project c2 = project("C2", CPU);
        Project g = project("G", BOTH);

        assertEquals("10.0 % of this computer's work, below its 33.3 % share: its applications use only the CPU, "
                + "which does 20.0 % of the work and goes wholly to the projects that can use nothing else, this one "
                + "among them.", explained(c1, List.of(c1, c2, g), host(2, 8 * GFLOPS, GFLOPS)));
    }

    @Test
    void aProjectLimitedTogetherWithAnotherGpusProjectsNamesTheWholeLimit() {
        // CPU 2, NVIDIA 1, AMD 7: P1 (CPU), P2 (CPU and NVIDIA), P3 (AMD), 100 each. {CPU, NVIDIA} is the tightest
        // limit: 3 shared by P1 and P2, 15 % each; P3 has the AMD GPU's 70 %. P1 shares the CPU with P2, which can
        // also use the NVIDIA GPU, so the sentence names both resources.
        Project p1 = project("P1", CPU);
        Project p2 = project("P2", BOTH);
        Project p3 = project("P3", List.of(ResourceType.AMD));
        List<Project> all = List.of(p1, p2, p3);
        Host h = host(2, GFLOPS, 7 * GFLOPS);

        assertEquals("15.0 % of this computer's work, below its 33.3 % share: its applications use only the CPU. The "
                + "NVIDIA GPU and CPU do 30.0 % of the work, which goes wholly to the projects that can use nothing "
                + "else, this one among them.", explained(p1, all, h));
        assertEquals("70.0 % of this computer's work, more than its 33.3 % share: projects that cannot use the AMD "
                + "GPU leave their part of it to those that can.", explained(p3, all, h));
    }

    @Test
    void everyCauseOfASurplusIsNamed() {
        // CPU 2, NVIDIA 8; C (CPU) below its share, S suspended, N with no application, G (both) takes the rest.
        Project c = project("C", CPU);
        Project s = project("S", CPU);
        Project n = project("N", List.of());
        Project g = project("G", BOTH);
        s.setSuspendedByUser(true);

        assertEquals("80.0 % of this computer's work, more than its 25.0 % share: projects that cannot use the "
                + "NVIDIA GPU leave their part of it to those that can; suspended projects leave their part to the "
                + "others; projects with no application that can run here leave their part to the others.",
                explained(g, List.of(c, s, n, g), host(2, 8 * GFLOPS, GFLOPS)));
    }

    @Test
    void theOtherReachesSayWhy() {
        assertEquals("50.0 % of this computer's work, its share: the resources it has applications for (NVIDIA GPU "
                + "and CPU) can give it that much.",
                ShareWords.explain(project(0.5, ShareTarget.of(0.5, BOTH, 1, Reach.SHARE))));
        ShareTarget suspended = ShareTarget.of(0, CPU, 1, Reach.SUSPENDED);
        assertEquals("-", ShareWords.cell(suspended));
        assertEquals("Suspended: no part of this computer's work until it is resumed.",
                ShareWords.explain(project(0.25, suspended)));
        assertEquals("Resource share 0: a backup project, which gets work only when the other projects have none.",
                ShareWords.explain(project(0, ShareTarget.of(0, CPU, 1, Reach.BACKUP))));
        assertEquals("No application this computer can run yet, so its share cannot be used here.",
                ShareWords.explain(project(0.5, ShareTarget.of(0, List.of(), 0, Reach.NO_APPLICATION))));
        ShareTarget tooLarge = ShareTarget.of(0, List.of(), 0, Reach.APPS_TOO_LARGE);
        assertEquals("-", ShareWords.cell(tooLarge));
        assertEquals("No part of this computer's work: each of its applications needs more CPUs or GPUs than BOINC "
                + "can use here, so none of its tasks can start (their Why says what is missing).",
                ShareWords.explain(project(0.5, tooLarge)));
        assertEquals("20.0 %", ShareWords.cell(ShareTarget.of(0.2, CPU, 0.2, Reach.SHARE)));
    }
}

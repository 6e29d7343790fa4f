package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.ContactView;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.ShareTarget.Reach;
import org.cruncher.engine.model.ResourceType;

class ShareWordsTest {

    private static final List<ResourceType> CPU = List.of(ResourceType.CPU);
    private static final List<ResourceType> BOTH = List.of(ResourceType.NVIDIA, ResourceType.CPU);
    private static final List<ResourceType> GPU = List.of(ResourceType.NVIDIA);

    private static ProjectView project(double shareFraction, ShareTarget target) {
        return new ProjectView("http://c/", "C", 100, shareFraction, false, false, 0, 0, 0, ProjectStatus.RUNNING,
                null, 1, 0, 0, ContactView.CLEAR, List.of(), 0, target);
    }

    @Test
    void aCpuOnlyProjectWithAllTheCpusSaysItGetsAllOfThem() {
        // CPUs 20 % of the host's work, GPU 80 %: C (share 44.4 %) can use only the CPUs and gets all of them.
        ShareTarget t = new ShareTarget(0.2, CPU, 0.2, List.of(), Reach.CONFINED);

        assertEquals("20.0 %", ShareWords.cell(t));
        assertEquals("20.0 % of this computer's work, below its 44.4 % share: it has applications only for the CPU, "
                + "which does 20.0 % of the work, and gets all of it; the rest goes to projects with applications "
                + "for the other resources.", ShareWords.explain(project(0.444, t)));
    }

    @Test
    void cpuOnlyProjectsSharingTheCpusSayWithWhom() {
        // Two CPU-only projects halve the CPUs' 20 %: 10 % each, against a third of the shares.
        ShareTarget t = new ShareTarget(0.1, CPU, 0.2, List.of(), Reach.CONFINED);

        assertEquals("10.0 % of this computer's work, below its 33.3 % share: it has applications only for the CPU, "
                + "which does 20.0 % of the work, and shares it with projects that can use nothing else.",
                ShareWords.explain(project(0.3333, t)));
    }

    @Test
    void aGpuProjectAboveItsShareNamesTheResourceOthersCannotUse() {
        ShareTarget t = new ShareTarget(0.48, BOTH, 1, GPU, Reach.OTHERS_CONFINED);

        assertEquals("48.0 % of this computer's work, more than its 33.3 % share: projects that cannot use the "
                + "NVIDIA GPU leave their part of it to those that can.", ShareWords.explain(project(0.3333, t)));
    }

    @Test
    void theOtherReachesSayWhy() {
        assertEquals("50.0 % of this computer's work, its share: the resources it has applications for (NVIDIA GPU "
                + "and CPU) can give it that much.",
                ShareWords.explain(project(0.5, new ShareTarget(0.5, BOTH, 1, List.of(), Reach.SHARE))));
        assertEquals("50.0 % of this computer's work, more than its 33.3 % share, while suspended projects leave "
                + "their part to the others.",
                ShareWords.explain(project(0.3333, new ShareTarget(0.5, CPU, 1, List.of(), Reach.OTHERS_SUSPENDED))));
        assertEquals("100.0 % of this computer's work, more than its 50.0 % share: projects with no application "
                + "this computer can run leave their part to the others.", ShareWords.explain(project(0.5,
                new ShareTarget(1, CPU, 1, List.of(), Reach.OTHERS_WITHOUT_APPLICATION))));
        ShareTarget suspended = new ShareTarget(0, CPU, 1, List.of(), Reach.SUSPENDED);
        assertEquals("-", ShareWords.cell(suspended));
        assertEquals("Suspended: no part of this computer's work until it is resumed; its 25.0 % share goes to the "
                + "other projects meanwhile.", ShareWords.explain(project(0.25, suspended)));
        assertEquals("Resource share 0: a backup project, which gets work only when the other projects have none.",
                ShareWords.explain(project(0, new ShareTarget(0, CPU, 1, List.of(), Reach.BACKUP))));
        assertEquals("No application this computer can run yet, so its share cannot be used here.",
                ShareWords.explain(project(0.5, new ShareTarget(0, List.of(), 0, List.of(), Reach.NO_APPLICATION))));
    }

    @Test
    void listsReadAsASentence() {
        assertEquals("CPU", ShareWords.list(CPU));
        assertEquals("NVIDIA GPU and CPU", ShareWords.list(BOTH));
        assertEquals("NVIDIA GPU, AMD GPU and CPU",
                ShareWords.list(List.of(ResourceType.NVIDIA, ResourceType.AMD, ResourceType.CPU)));
    }
}

package org.cruncher.gui.workfetch;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.ContactView;
import org.cruncher.engine.api.DriverStatus;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.FetchBlock;
import org.cruncher.engine.api.FetchView;
import org.cruncher.engine.api.HostView;
import org.cruncher.engine.api.ProjectStatus;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.text.Format;

/** The Work fetch pane's headline while a project is to be asked. */
class WorkFetchSummaryTest {

    private static EngineSnapshot snapshot(boolean online) {
        return snapshot(online, List.of());
    }

    private static EngineSnapshot snapshot(boolean online, List<ResourceView> resources) {
        return new EngineSnapshot(0, 3600, true, online, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, resources, List.of(), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0,
                null, null, List.of(), null, null);
    }

    @Test
    void whileGpuTasksHoldEveryCpuTheHeadlineSaysSoRatherThanThatTheCpuHasEnoughWork() {
        // The GPU has 40 h queued (more than "Store at least", 2 h 24 min); the CPU is held by the GPU tasks.
        ResourceView gpu = new ResourceView(ResourceType.NVIDIA, 1, 1, 2e9, false, 0, 0, 144000, 51840, 8640, false,
                false, Double.NaN);
        ResourceView cpu = new ResourceView(ResourceType.CPU, 1, 1, 1e9, false, 0, 0, 144000, 51840, 8640, false,
                true, Double.NaN);
        assertEquals("No request now: GPU tasks hold every CPU for the whole window, so no CPU work is wanted; "
                + "NVIDIA GPU has work for at least 2 h 24 min (\"Store at least\").",
                WorkFetchPaneViewModel.summary(snapshot(true, List.of(gpu, cpu)), Map.of()));
    }

    /**
     * QA on a 1 GB disk: 3 CPUs idle, and the pane said only "no project may be asked now". When every project that
     * could be asked for the CPU waits for room on disk (backed off for disk, no room, or leaving room to another),
     * the pane says so; a project the user suspended is left out; one kept back by anything else makes it false.
     */
    @Test
    void whenEveryProjectWithWorkForAResourceWaitsForDiskRoomThePaneSaysSo() {
        FetchView waits = fetch(ResourceType.CPU, FetchBlock.RESOURCE_BACKOFF, true);
        FetchView noRoom = fetch(ResourceType.CPU, FetchBlock.NO_DISK_ROOM, false);
        FetchView suspended = fetch(ResourceType.CPU, FetchBlock.SUSPENDED_BY_USER, false);
        FetchView gpuElsewhere = fetch(ResourceType.NVIDIA, FetchBlock.ANOTHER_PROJECT_FIRST, false);
        FetchView noJobs = fetch(ResourceType.CPU, FetchBlock.RESOURCE_BACKOFF, false);

        assertTrue(WorkFetchPaneViewModel.allWaitForDisk(List.of(waits, noRoom, suspended, gpuElsewhere),
                ResourceType.CPU));
        assertFalse(WorkFetchPaneViewModel.allWaitForDisk(List.of(waits, noJobs), ResourceType.CPU));
        assertFalse(WorkFetchPaneViewModel.allWaitForDisk(List.of(suspended), ResourceType.CPU));
    }

    private static FetchView fetch(ResourceType type, FetchBlock block, boolean forDisk) {
        return new FetchView(type, block, 7200, 0, 0, 0, 1, 0, 0, true, 7200, 0, forDisk);
    }

    /**
     * While computing is suspended (over the disk limit, say) the headline says the queue does not run down: its
     * "below Store at least in about 3 h 19 min" stood still for a day beside an idle computer.
     */
    @Test
    void whileComputingIsSuspendedTheHeadlineSaysTheQueueDoesNotRunDown() {
        ResourceView cpu = new ResourceView(ResourceType.CPU, 1, 1, 1e9, false, 0, 0, 144000, 51840, 8640, false,
                false, Double.NaN);
        EngineSnapshot suspended = new EngineSnapshot(0, 3600, false, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0,
                List.of()), Prefs.DEFAULTS, List.of(cpu), List.of(), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0),
                List.of(), 0, null, null, List.of(), null, null);

        assertEquals("No request now: every resource has work for at least 2 h 24 min (\"Store at least\"). "
                + "Computing is suspended now: the queue does not run down until it resumes.",
                WorkFetchPaneViewModel.summary(suspended, Map.of()));
    }

    /**
     * Paused, the figures are the last check's, said with its time when it was a minute or more before the clock
     * (QA: "busy for 4 h 00 min" at 01:34 was 01:00's figure). The check at 1,000 s, the clock at 3,000 s: as of
     * the check. Running, or checked within the minute: nothing is added.
     */
    @Test
    void pausedTheHeadlineSaysWhenItsFiguresWereWorkedOut() {
        ResourceView cpu = new ResourceView(ResourceType.CPU, 1, 1, 1e9, false, 0, 0, 144000, 51840, 8640, false,
                false, 1000);
        assertEquals(" Figures as of " + Format.stamp(1000) + ", the client's last check: it looks again when "
                + "something changes.", WorkFetchPaneViewModel.asOf(at(3000, false, cpu)));
        assertEquals("", WorkFetchPaneViewModel.asOf(at(3000, true, cpu)));
        assertEquals("", WorkFetchPaneViewModel.asOf(at(1059, false, cpu)));
    }

    private static EngineSnapshot at(double time, boolean running, ResourceView cpu) {
        return new EngineSnapshot(time, 3600, true, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, List.of(cpu), List.of(), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0,
                null, new DriverStatus(0, running, 0, true), List.of(), null, null);
    }

    /**
     * With two projects, the headline says each is asked once its own queue falls below its part of "Store at
     * least": a QA tester saw a project asked a minute after "No request now", the CPU still above the mark.
     */
    @Test
    void withProjectsSharingTheHeadlineSaysEachIsAskedBelowItsPart() {
        ResourceView cpu = new ResourceView(ResourceType.CPU, 1, 1, 1e9, false, 0, 0, 144000, 51840, 8640, false,
                false, Double.NaN);
        EngineSnapshot two = new EngineSnapshot(0, 3600, true, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0,
                List.of()), Prefs.DEFAULTS, List.of(cpu), List.of(project("a", ProjectStatus.RUNNING),
                project("b", ProjectStatus.RUNNING)), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0,
                null, null, List.of(), null, null);

        assertEquals("No request now: every resource has work for at least 2 h 24 min (\"Store at least\"); a "
                + "project is asked as soon as its own queue falls below its part of it.",
                WorkFetchPaneViewModel.summary(two, Map.of()));
    }

    private static ProjectView project(String name, ProjectStatus status) {
        return new ProjectView("http://" + name + "/", name, 100, 0.5, false, false, 0, 0, 0, status, null, 0, 0, 0,
                ContactView.CLEAR, List.of(), 0, ShareTarget.of(0.5, List.of(ResourceType.CPU), 1,
                ShareTarget.Reach.SHARE), false);
    }

    private static EngineSnapshot withProjects(ProjectView... projects) {
        return new EngineSnapshot(0, 3600, true, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0, List.of()),
                Prefs.DEFAULTS, List.of(), List.of(projects), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(),
                0, null, null, List.of(), null, null);
    }

    @Test
    void anEmptyProjectTableSaysWhy() {
        assertEquals("No projects.", WorkFetchPaneViewModel.emptyProjects(withProjects()));
        // Every project without an application here: they are named.
        assertEquals("No project can be asked for work: SETI@home has no application for this computer's "
                + "processors.", WorkFetchPaneViewModel.emptyProjects(
                withProjects(project("SETI@home", ProjectStatus.NO_APPS_FOR_HOST))));
        // A project attached that has sent no task, so no application, yet: BOINC would ask it for work.
        assertEquals("No project can be asked for work: SETI@home has sent no application yet. BOINC would ask for "
                + "work and get one with the first tasks; this emulation has no server to send them.",
                WorkFetchPaneViewModel.emptyProjects(withProjects(project("SETI@home",
                        ProjectStatus.NO_APPLICATION_YET))));
        // One with an application but no rows: the client has made no work-fetch decision yet (it was off when
        // the state was opened), so no project is said to lack an application.
        assertEquals("No work-fetch decision yet: the emulated client has not run since this was opened.",
                WorkFetchPaneViewModel.emptyProjects(withProjects(project("SETI@home", ProjectStatus.NO_APPS_FOR_HOST),
                        project("Einstein@Home", ProjectStatus.NO_RUNNABLE_RESULTS))));
    }

    @Test
    void theHeadlineSaysWhoIsAskedAndThatNobodyIsWhileTheComputerIsOffline() {
        Map<ResourceType, String> asked = Map.of(ResourceType.CPU, "SETI@home");
        assertEquals("Asking SETI@home for CPU work.", WorkFetchPaneViewModel.summary(snapshot(true), asked));
        // A client_state.xml whose host was never online (connected_frac 0): the decision stands, the contact waits.
        assertEquals("Offline now, so no project is contacted; once online, asking SETI@home for CPU work.",
                WorkFetchPaneViewModel.summary(snapshot(false), asked));
    }

    /**
     * Restored while the host may not compute, the client has not run: no forecast (every resource's shortfall is
     * NaN) and no decision. The headline said "No request now: every resource has work for at least 2 h 24 min"
     * above an empty table; it now says no decision was made yet, and why nothing runs.
     */
    @Test
    void beforeTheClientRunsTheHeadlineSaysNoDecisionWasMadeYet() {
        ResourceView undecided = new ResourceView(ResourceType.CPU, 2, 0, 1e9, false, Double.NaN, Double.NaN,
                Double.NaN, 51840, 8640, false, false, Double.NaN);
        EngineSnapshot off = new EngineSnapshot(0, 3600, false, true, new HostView("h", "", 2, 2, 1e9, 0, 0, 0,
                List.of()), Prefs.DEFAULTS, List.of(undecided), List.of(project("SETI@home",
                ProjectStatus.NO_RUNNABLE_RESULTS)), List.of(), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0, null,
                null, List.of(), null, null);

        assertTrue(WorkFetchPaneViewModel.notRunYet(off));
        assertEquals("No work-fetch decision yet: the emulated client has not run since this was opened (not allowed "
                + "now).", WorkFetchPaneViewModel.summary(off, Map.of()));
        assertEquals(WorkFetchPaneViewModel.summary(off, Map.of()), WorkFetchPaneViewModel.emptyProjects(off));
        // Once it has run, a forecast gives each resource its shortfall.
        assertFalse(WorkFetchPaneViewModel.notRunYet(snapshot(true, List.of(new ResourceView(ResourceType.CPU, 1, 1,
                1e9, false, 0, 0, 144000, 51840, 8640, false, false, Double.NaN)))));
    }
}

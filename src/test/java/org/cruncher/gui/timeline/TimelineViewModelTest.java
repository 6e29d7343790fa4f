package org.cruncher.gui.timeline;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.HostAvailability;
import org.cruncher.engine.api.HostView;
import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ResourceView;
import org.cruncher.engine.api.RunHistoryView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.TaskCounts;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.gui.text.Format;

class TimelineViewModelTest {

    private static final double T0 = 1_767_225_600;

    /**
     * One CPU and one NVIDIA GPU. A's task holds the CPU from T0 to T0 + 3600, B's from T0 + 3600 on; B's GPU task
     * holds the GPU from T0 + 1800 to T0 + 5400. Now is T0 + 7200.
     */
    private static EngineSnapshot snapshot() {
        RunHistoryView runs = new RunHistoryView(T0, T0 + 7200,
                new double[] {T0, T0 + 1800, T0 + 3600, T0 + 3600, T0 + 5400},
                new int[] {0, 1, 0, 1, 1},
                new byte[] {(byte) ResourceType.CPU.ordinal(), (byte) ResourceType.NVIDIA.ordinal(),
                        (byte) ResourceType.CPU.ordinal(), (byte) ResourceType.CPU.ordinal(),
                        (byte) ResourceType.NVIDIA.ordinal()},
                new double[] {1, 1, 0, 1, 0}, 0, 5, List.of("http://a/", "http://b/"), List.of("A", "B"));
        List<ResourceView> resources = List.of(
                new ResourceView(ResourceType.CPU, 1, 1, 1e9, false, 0, 0, 0, 0, 0, false, false, Double.NaN),
                new ResourceView(ResourceType.NVIDIA, 1, 0, 1e12, false, 0, 0, 0, 0, 0, false, false, Double.NaN));
        return new EngineSnapshot(T0 + 7200, T0 + 10800, true, true, new HostView("h", "", 1, 1, 1e9, 0, 0, 0,
                List.of()), Prefs.DEFAULTS, resources, List.of(project("http://a/", "A"), project("http://b/", "B")),
                List.of(), new TaskCounts(0, 0, 0, 0, 0, 0), List.of(), 0, null, null, List.of(), null, runs);
    }

    private static ProjectView project(String url, String name) {
        return project(url, name, ResourceType.CPU);
    }

    /** A project whose applications use {@code apps} (its target counts them; no work-fetch decision yet). */
    private static ProjectView project(String url, String name, ResourceType... apps) {
        return new ProjectView(url, name, 100, 0.5, false, false, 0, 0, 0, null, null, 0, 0, 0, null, List.of(), 0,
                ShareTarget.of(0.5, List.of(apps), 1, ShareTarget.Reach.SHARE), false);
    }

    /**
     * A's applications run on the CPU only: its GPU band stays empty for that reason, and says so. B has both, so
     * neither band is "no application", whatever it held; nor is a band of a type a project held without an
     * application listed for it now. This is known before any work-fetch decision (the emulated host may start off).
     */
    @Test
    void aBandOfAProcessorTheProjectHasNoApplicationForSaysSo() {
        EngineSnapshot s = snapshot();
        TimelineViewModel vm = new TimelineViewModel();
        vm.update(new EngineSnapshot(s.time(), s.nextPeriodBoundary(), true, true, s.host(), s.prefs(), s.resources(),
                List.of(project("http://a/", "A", ResourceType.CPU),
                        project("http://b/", "B", ResourceType.CPU, ResourceType.NVIDIA)),
                List.of(), s.counts(), List.of(), 0, null, null, List.of(), null, s.runs()));

        Timeline t = vm.timeline();

        assertEquals(List.of(false, true), List.of(t.lanes().get(0).noAppFor(ResourceType.CPU),
                t.lanes().get(0).noAppFor(ResourceType.NVIDIA)));
        assertEquals(List.of(false, false), List.of(t.lanes().get(1).noAppFor(ResourceType.CPU),
                t.lanes().get(1).noAppFor(ResourceType.NVIDIA)));
        EngineSnapshot cpuOnly = snapshot();
        assertEquals(false, vm.timeline().lanes().get(1).noAppFor(ResourceType.NVIDIA), "B held the GPU");
        vm.update(cpuOnly);
        assertEquals(false, vm.timeline().lanes().get(1).noAppFor(ResourceType.NVIDIA), "B held the GPU, app or not");
    }

    @Test
    void eachProjectHoldsItsLastFigureUntilItsNextChange() {
        TimelineViewModel vm = new TimelineViewModel();
        vm.update(snapshot());

        Timeline t = vm.timeline();

        // 24 hours up to now; the record began at T0.
        assertEquals(T0 + 7200 - 86400, t.start(), 0);
        assertEquals(T0 + 7200, t.end(), 0);
        assertEquals(T0, t.since(), 0);
        Timeline.Lane a = t.lanes().get(0);
        Timeline.Lane b = t.lanes().get(1);
        assertEquals(List.of(new Timeline.Segment(T0, T0 + 3600, 1)), a.held().get(ResourceType.CPU));
        assertEquals(List.of(new Timeline.Segment(T0 + 3600, T0 + 7200, 1)), b.held().get(ResourceType.CPU));
        assertEquals(List.of(new Timeline.Segment(T0 + 1800, T0 + 5400, 1)), b.held().get(ResourceType.NVIDIA));
        assertNull(a.at(ResourceType.CPU, T0 + 3600), "A's stretch ends where B's begins");
    }

    @Test
    void aShorterSpanLeavesOutWhatEndedBeforeItAndKeepsTrueStarts() {
        // Now is T0 + 28800 and the span 6 hours: the window starts at T0 + 28800 - 21600 = T0 + 7200. A's CPU
        // stretch and B's GPU stretch ended before it; B's CPU stretch reaches into it and keeps its start,
        // T0 + 3600, which the words give (the chart draws it from the window's edge).
        TimelineViewModel vm = new TimelineViewModel();
        vm.spanProperty().set(TimelineViewModel.Span.SIX_HOURS);
        EngineSnapshot s = snapshot();
        vm.update(new EngineSnapshot(T0 + 28800, s.nextPeriodBoundary(), true, true, s.host(), s.prefs(),
                s.resources(), s.projects(), List.of(), s.counts(), List.of(), 0, null, null, List.of(), null,
                s.runs()));

        Timeline t = vm.timeline();

        assertEquals(T0 + 7200, t.start(), 0);
        assertNull(t.lanes().get(0).held().get(ResourceType.CPU));
        assertNull(t.lanes().get(1).held().get(ResourceType.NVIDIA));
        assertEquals(List.of(new Timeline.Segment(T0 + 3600, T0 + 28800, 1)),
                t.lanes().get(1).held().get(ResourceType.CPU));
        assertEquals("B, " + Format.shortDateTime(T0 + 28000) + ": running on 1 CPU (" + Format.clock(T0 + 3600)
                + " to now)", TimelineViewModel.describe(t, t.lanes().get(1), T0 + 28000));
    }

    @Test
    void theWordsSayWhatRanThenAndForHowLong() {
        TimelineViewModel vm = new TimelineViewModel();
        vm.update(snapshot());
        Timeline t = vm.timeline();
        Timeline.Lane a = t.lanes().get(0);
        Timeline.Lane b = t.lanes().get(1);

        assertEquals("A, " + Format.shortDateTime(T0 + 1800) + ": running on 1 CPU (" + Format.clock(T0) + " to "
                + Format.clock(T0 + 3600) + ")", TimelineViewModel.describe(t, a, T0 + 1800));
        assertEquals("B, " + Format.shortDateTime(T0 + 4000) + ": running on 1 CPU (" + Format.clock(T0 + 3600)
                + " to now) and 1 NVIDIA GPU (" + Format.clock(T0 + 1800) + " to " + Format.clock(T0 + 5400) + ")",
                TimelineViewModel.describe(t, b, T0 + 4000));
        assertEquals("A, " + Format.shortDateTime(T0 + 5000) + ": nothing running; click for its decisions then",
                TimelineViewModel.describe(t, a, T0 + 5000));
        assertEquals("A, " + Format.shortDateTime(T0 - 60) + ": not recorded (before the emulation was opened)",
                TimelineViewModel.describe(t, a, T0 - 60));
    }

    @Test
    void aStretchFromAnotherDayGivesItsDate() {
        // The week's view, looked at 2 days on: B's CPU stretch began on T0's day, so its start has its date.
        TimelineViewModel vm = new TimelineViewModel();
        vm.spanProperty().set(TimelineViewModel.Span.WEEK);
        EngineSnapshot s = snapshot();
        double now = T0 + 2 * 86400;
        vm.update(new EngineSnapshot(now, s.nextPeriodBoundary(), true, true, s.host(), s.prefs(), s.resources(),
                s.projects(), List.of(), s.counts(), List.of(), 0, null, null, List.of(), null, s.runs()));
        Timeline t = vm.timeline();

        assertEquals("B, " + Format.shortDateTime(now - 60) + ": running on 1 CPU (" + Format.shortDateTime(T0 + 3600)
                + " to now)", TimelineViewModel.describe(t, t.lanes().get(1), now - 60));
    }

    /**
     * The snapshot's record with what the host allowed: computing from T0, off from T0 + 4500, the GPUs suspended
     * from T0 + 6000 (now is T0 + 7200); and a third project, C, whose applications use the GPU only.
     */
    private static Timeline withHost() {
        EngineSnapshot s = snapshot();
        RunHistoryView runs = s.runs().withHost(List.of(
                new RunHistoryView.HostChange(T0, HostAvailability.COMPUTING),
                new RunHistoryView.HostChange(T0 + 4500, HostAvailability.OFF),
                new RunHistoryView.HostChange(T0 + 6000, HostAvailability.GPUS_SUSPENDED)));
        TimelineViewModel vm = new TimelineViewModel();
        vm.update(new EngineSnapshot(s.time(), s.nextPeriodBoundary(), true, true, s.host(), s.prefs(), s.resources(),
                List.of(project("http://a/", "A"), project("http://b/", "B"),
                        project("http://c/", "C", ResourceType.NVIDIA)),
                List.of(), s.counts(), List.of(), 0, null, null, List.of(), null, runs));
        return vm.timeline();
    }

    @Test
    void whatTheHostAllowedIsShownAsStretchesUpToNow() {
        Timeline t = withHost();

        assertEquals(List.of(new Timeline.HostStretch(T0, T0 + 4500, HostAvailability.COMPUTING),
                new Timeline.HostStretch(T0 + 4500, T0 + 6000, HostAvailability.OFF),
                new Timeline.HostStretch(T0 + 6000, T0 + 7200, HostAvailability.GPUS_SUSPENDED)), t.host());
        assertEquals(List.of(false, true), List.of(t.hostAt(T0 + 6500).computes(ResourceType.NVIDIA),
                t.hostAt(T0 + 6500).computes(ResourceType.CPU)));
        assertNull(t.hostAt(T0 - 60), "not known before the first change");
    }

    @Test
    void theComputersRowSaysWhatItAllowedAndAProjectsRowWhyNothingRan() {
        Timeline t = withHost();
        Timeline.Lane a = t.lanes().get(0);
        Timeline.Lane c = t.lanes().get(2);

        assertEquals("This computer, " + Format.shortDateTime(T0 + 5000) + ": off (" + Format.clock(T0 + 4500)
                + " to " + Format.clock(T0 + 6000) + "). Nothing computes and no project is contacted (BOINC's "
                + "on_frac)", TimelineViewModel.describeHost(t, T0 + 5000));
        assertEquals("This computer, " + Format.shortDateTime(T0 + 6500) + ": the CPUs compute, the GPUs may not ("
                + Format.clock(T0 + 6000) + " to now). GPU computing is suspended (BOINC's gpu_active_frac)",
                TimelineViewModel.describeHost(t, T0 + 6500));
        assertEquals("This computer, " + Format.shortDateTime(T0 + 60) + ": on, computing allowed ("
                + Format.clock(T0) + " to " + Format.clock(T0 + 4500) + ")",
                TimelineViewModel.describeHost(t, T0 + 60));
        assertEquals("This computer, " + Format.shortDateTime(T0 - 60) + ": not recorded",
                TimelineViewModel.describeHost(t, T0 - 60));
        // A (CPU applications) ran nothing while the computer was off, and says why; with only the GPUs suspended
        // its CPU could compute, so that is no reason for it. C's applications use the GPU only: that is its reason.
        assertEquals("A, " + Format.shortDateTime(T0 + 5000) + ": nothing running: the computer was off then",
                TimelineViewModel.describe(t, a, T0 + 5000));
        assertEquals("A, " + Format.shortDateTime(T0 + 6500) + ": nothing running; click for its decisions then",
                TimelineViewModel.describe(t, a, T0 + 6500));
        assertEquals("C, " + Format.shortDateTime(T0 + 6500) + ": nothing running: GPU computing was suspended then",
                TimelineViewModel.describe(t, c, T0 + 6500));
    }
}

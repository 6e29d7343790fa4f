package org.cruncher.engine.policy.cpusched;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.stream.Collectors;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Prefs;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

class PeriodSchedulerTest {

    private static final double PERIOD = 3600;
    private static final double HOUR = 3600e9; // one CPU-hour at 1 GFLOPS, in FLOPs

    private static RunPlan plan(ClientState s) {
        return PeriodScheduler.plan(s, s.resources(), PERIOD, 1e30);
    }

    private static List<String> chosenNames(RunPlan plan) {
        return plan.toRun().stream().map(x -> x.result().name()).collect(Collectors.toList());
    }

    @Test
    void planPrefersRunningThenPreemptedThenNewResult() {
        // One CPU, one project with a running task, a preempted task and a new result: the running one stays.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Result running = b.job("A", "A_cpu", 3600, 900_000);
        Result preempted = b.job("A", "A_cpu", 3600, 800_000);
        b.job("A", "A_cpu", 3600, 700_000);
        b.activate(running, SchedulerState.SCHEDULED);
        b.activate(preempted, SchedulerState.PREEMPTED);

        assertEquals(List.of(running.name()), chosenNames(plan(b.state())));
    }

    /**
     * A project that keeps fewer of its running tasks keeps those due first (seed 001's earliest deadline first), not
     * those first by name. 1 CPU, A running two tasks (after a second CPU was taken away): "a_early" is due at
     * 800,000, "0_late" at 900,000 and first by name; a_early keeps the CPU.
     */
    @Test
    void aProjectKeepsItsRunningTaskDueFirst() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Result late = b.job("A", "A_cpu", 3600, 900_000);
        Result early = b.job("A", "A_cpu", 3600, 800_000);
        b.activate(late, SchedulerState.SCHEDULED);
        b.activate(early, SchedulerState.SCHEDULED);
        assertTrue(late.name().compareTo(early.name()) < 0, "the late one comes first by name");

        assertEquals(List.of(early.name()), chosenNames(plan(b.state())));
    }

    @Test
    void planPrefersPreemptedOverNewResult() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        Result preempted = b.job("A", "A_cpu", 3600, 900_000);
        b.job("A", "A_cpu", 3600, 100_000);
        b.activate(preempted, SchedulerState.PREEMPTED);

        RunPlan plan = plan(b.state());

        assertEquals(List.of(preempted.name()), chosenNames(plan));
        assertEquals(Candidate.Kind.PREEMPTED, plan.toRun().get(0).kind());
    }

    @Test
    void planTakesNewResultWithEarliestDeadline() {
        // Seed 001: "Choose R with the earliest deadline". Deadlines 900000, 300000, 600000: 300000 goes first.
        StateBuilder b = StateBuilder.cpus(1).project("A", 100);
        b.job("A", "A_cpu", 3600, 900_000);
        Result earliest = b.job("A", "A_cpu", 3600, 300_000);
        b.job("A", "A_cpu", 3600, 600_000);

        assertEquals(List.of(earliest.name()), chosenNames(plan(b.state())));
    }

    @Test
    void planGivesInstancesByLargestAnticipatedDebt() {
        // 2 CPUs. Debts: A +1 h, B -1 h (after settling with no work done, they stay). Expected pay-off per job is
        // one CPU-hour. CPU 1: A (+1 h) -> A's anticipated debt 0 h. CPU 2: A (0 h) > B (-1 h) -> A again.
        StateBuilder b = StateBuilder.cpus(2).project("A", 50).project("B", 50).cpuJobs("A", 3, 3600)
                .cpuJobs("B", 3, 3600);
        b.project("A").setDebt(HOUR);
        b.project("B").setDebt(-HOUR);

        RunPlan plan = plan(b.state());

        assertEquals(2, plan.toRun().size());
        assertTrue(plan.toRun().stream().allMatch(x -> x.result().project().name().equals("A")));
        assertEquals(-HOUR, plan.priorities().get(b.project("A")), 1);
        assertEquals(-HOUR, plan.priorities().get(b.project("B")), 1);
        // A's third task waits for its siblings with A's anticipated debt after them, -1 h (not the +1 h before,
        // which would stand beside B's -1 h as if A had lost); B waits below A's 0 h, the debt it won CPU 2 with.
        TaskVerdict sibling = plan.verdicts().get(b.state().resultsOf(b.project("A")).get(2));
        assertEquals(TaskReason.WAITING_SIBLING_PREFERRED, sibling.reason());
        assertEquals(-HOUR, sibling.ownPriority(), 1);
        TaskVerdict lower = plan.verdicts().get(b.state().resultsOf(b.project("B")).get(0));
        assertEquals(TaskReason.WAITING_LOWER_DEBT, lower.reason());
        assertEquals(0, lower.rivalPriority(), 1);
    }

    @Test
    void aTaskWhoseSiblingsTookItsProjectsCpusNamesTheProjectThatTookTheLastOne() {
        // 2 CPUs, one-hour pay-off per job. A +1 h, B +0.5 h: CPU 1 to A (its anticipated debt +1 h -> 0 h), CPU 2
        // to B (+0.5 h > 0 h). A's other tasks gave way to its first, and B took the last CPU: they say both.
        StateBuilder b = StateBuilder.cpus(2).project("A", 50).project("B", 50).cpuJobs("A", 3, 3600)
                .cpuJobs("B", 1, 3600);
        b.project("A").setDebt(HOUR);
        b.project("B").setDebt(HOUR / 2);

        RunPlan plan = plan(b.state());

        TaskVerdict sibling = plan.verdicts().get(b.state().resultsOf(b.project("A")).get(2));
        assertEquals(TaskReason.WAITING_SIBLING_PREFERRED, sibling.reason());
        assertEquals(0, sibling.ownPriority(), 1);
        assertEquals("B", sibling.rival());
        assertEquals(HOUR / 2, sibling.rivalPriority(), 1);
    }

    @Test
    void aTaskWhoseProjectTookTheLastCpuStillNamesTheProjectThatTookTheOthers() {
        // 3 CPUs, one-hour pay-off per job. B (+2.5 h) has one job, A (+1.5 h) three. CPU 1 to B (+2.5 -> +1.5 h);
        // B has no job left, so CPU 2 to A (+1.5 -> +0.5 h) and CPU 3 to A (+0.5 -> -0.5 h). A took the last CPU and
        // its third job waits for its siblings; B took a CPU with +2.5 h, more than A's +1.5 h at that moment, so B
        // is named, though it did not take the last CPU, beside A's +1.5 h then (not its -0.5 h after its own picks,
        // which the allocator never set against B's +2.5 h).
        StateBuilder b = StateBuilder.cpus(3).project("A", 50).project("B", 50).cpuJobs("A", 3, 3600)
                .cpuJobs("B", 1, 3600);
        b.project("A").setDebt(1.5 * HOUR);
        b.project("B").setDebt(2.5 * HOUR);

        RunPlan plan = plan(b.state());

        assertEquals(List.of("A", "A", "B"), plan.toRun().stream().map(x -> x.result().project().name()).sorted()
                .toList());
        TaskVerdict sibling = plan.verdicts().get(b.state().resultsOf(b.project("A")).get(2));
        assertEquals(TaskReason.WAITING_SIBLING_PREFERRED, sibling.reason());
        assertEquals(1.5 * HOUR, sibling.ownPriority(), 1);
        assertEquals("B", sibling.rival());
        assertEquals(2.5 * HOUR, sibling.rivalPriority(), 1);
    }

    @Test
    void aTaskWhoseProjectLostATieNamesTheProjectThatCameFirstWithTheDebtBothHadThen() {
        // 2 CPUs, one-hour pay-off per job, A and B both 0 h. CPU 1 to A (level; A first by URL): A 0 -> -1 h. CPU 2
        // to B (0 h > -1 h): B 0 -> -1 h. B's other tasks waited for its first; A took a CPU when both stood at 0 h,
        // so A is named, level with B then, not "0 h against B's -1 h" (B's debt after its own pick). A's other
        // tasks: B took CPU 2 with 0 h against A's -1 h at that moment.
        StateBuilder b = StateBuilder.cpus(2).project("A", 50).project("B", 50).cpuJobs("A", 3, 3600)
                .cpuJobs("B", 3, 3600);

        RunPlan plan = plan(b.state());

        TaskVerdict bWaits = plan.verdicts().get(b.state().resultsOf(b.project("B")).get(2));
        assertEquals(TaskReason.WAITING_SIBLING_PREFERRED, bWaits.reason());
        assertEquals("A", bWaits.rival());
        assertEquals(0, bWaits.ownPriority(), 1);
        assertEquals(0, bWaits.rivalPriority(), 1);
        TaskVerdict aWaits = plan.verdicts().get(b.state().resultsOf(b.project("A")).get(2));
        assertEquals("B", aWaits.rival());
        assertEquals(-HOUR, aWaits.ownPriority(), 1);
        assertEquals(0, aWaits.rivalPriority(), 1);
    }

    @Test
    void aProjectWhoseNextJobDidNotFitNamesNoRivalWithLessDebt() {
        // 4 CPUs, one-hour pay-off per job. A +3 h with a 1-CPU job and a 4-CPU job, B 0 h with 1-CPU jobs. CPU 1 to
        // A's 1-CPU job (its EDF order puts it first here; A +3 h -> +2 h); A's 4-CPU job fits no longer, so the
        // other three go to B, the last at B's -2 h. A's 4-CPU job must not read "B had more": B had less.
        StateBuilder b = StateBuilder.cpus(4).project("A", 50).project("B", 50).multiThreadedApp("A", 4)
                .cpuJobs("B", 4, 3600);
        b.job("A", "A_cpu", 3600, 300_000);
        Result wide = b.job("A", "A_mt", 3600, 900_000);
        b.project("A").setDebt(3 * HOUR);

        RunPlan plan = plan(b.state());

        TaskVerdict v = plan.verdicts().get(wide);
        assertTrue(v.rival() == null || v.rivalPriority() > v.ownPriority(), v.toString());
    }

    @Test
    void planExplainsWaitingTaskWithRivalsAnticipatedDebt() {
        // 1 CPU. A has +1 h, B -0.5 h: A wins the CPU while its anticipated debt is +1 h; B's tasks wait with
        // "B's -0.5 h below A's +1 h".
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("A", 1, 3600)
                .cpuJobs("B", 2, 3600);
        b.project("A").setDebt(HOUR);
        b.project("B").setDebt(-0.5 * HOUR);

        RunPlan plan = plan(b.state());

        Result waiting = b.state().resultsOf(b.project("B")).get(0);
        TaskVerdict v = plan.verdicts().get(waiting);
        assertEquals(TaskReason.WAITING_LOWER_DEBT, v.reason());
        assertEquals("A", v.rival());
        assertEquals(HOUR, v.rivalPriority(), 1);
        assertEquals(-0.5 * HOUR, v.ownPriority(), 1);
        Result chosen = b.state().resultsOf(b.project("A")).get(0);
        assertEquals(TaskReason.RUNNING_HIGHEST_DEBT, plan.verdicts().get(chosen).reason());
    }

    @Test
    void aBackupProjectRunsOnlyOnAnInstanceNoProjectWithAShareCanUse() {
        // 4 CPUs. A (share 100) -2 h, B (share 0, a backup project) 0 h, C (share 100) +2 h; one-hour jobs, so each
        // pick lowers its project's anticipated debt by 1 h. By debt alone: C (+2 h), C (+1 h), then B (0 h) beats
        // C (0 h, URL order) and A (-2 h). A backup project comes after every project with a share
        // (boinc-engine.md §9.1): C +2 h, C +1 h, C 0 h (beats A's -2 h), C -1 h -> C gets all four, B and A none.
        StateBuilder b = StateBuilder.cpus(4).project("A", 100).project("B", 0).project("C", 100)
                .cpuJobs("A", 4, 3600).cpuJobs("B", 2, 3600).cpuJobs("C", 4, 3600);
        b.project("A").setDebt(-2 * HOUR);
        b.project("C").setDebt(2 * HOUR);

        RunPlan plan = plan(b.state());

        assertEquals(4, plan.toRun().size());
        assertTrue(plan.toRun().stream().allMatch(x -> x.result().project().name().equals("C")), chosenNames(plan)
                .toString());
        TaskVerdict backup = plan.verdicts().get(b.state().resultsOf(b.project("B")).get(0));
        assertEquals(TaskReason.WAITING_BACKUP_PROJECT, backup.reason());
        assertEquals("C", backup.rival());
        // A waits on debt as before: its -2 h below C's -1 h, the debt C won the last CPU with.
        TaskVerdict a = plan.verdicts().get(b.state().resultsOf(b.project("A")).get(0));
        assertEquals(TaskReason.WAITING_LOWER_DEBT, a.reason());
        assertEquals(-HOUR, a.rivalPriority(), 1);
    }

    @Test
    void aBackupProjectTakesTheInstancesLeftOver() {
        // 2 CPUs. A (share 100) has one job, B (share 0) two, both at debt 0 (a tie that URL order alone would give
        // to A, and B's anticipated debt after nothing is still 0 > A's -1 h after its pick). A's job takes one CPU;
        // A has nothing more, so B gets the second, as a backup project: an instance no one with a share can use.
        StateBuilder b = StateBuilder.cpus(2).project("A", 100).project("B", 0).cpuJobs("A", 1, 3600)
                .cpuJobs("B", 2, 3600);

        RunPlan plan = plan(b.state());

        assertEquals(List.of("A", "B"), plan.toRun().stream().map(x -> x.result().project().name())
                .collect(Collectors.toList()));
        Result backupRuns = plan.toRun().get(1).result();
        assertEquals(TaskReason.RUNNING_BACKUP_PROJECT, plan.verdicts().get(backupRuns).reason());
        assertEquals(TaskReason.RUNNING_HIGHEST_DEBT, plan.verdicts().get(plan.toRun().get(0).result()).reason());
    }

    @Test
    void planMarksSiblingOfChosenTaskAsWaitingForSibling() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 2, 3600);

        RunPlan plan = plan(b.state());

        Result second = b.state().resultsOf(b.project("A")).get(1);
        assertEquals(TaskReason.WAITING_SIBLING_PREFERRED, plan.verdicts().get(second).reason());
        Result first = b.state().resultsOf(b.project("A")).get(0);
        assertEquals(TaskReason.RUNNING_ONLY_PROJECT, plan.verdicts().get(first).reason());
    }

    @Test
    void planNeverUsesMoreCpusThanUsable() {
        // 2 CPUs, three projects with 5 one-CPU jobs each: exactly 2 jobs run.
        StateBuilder b = StateBuilder.cpus(2).project("A", 1).project("B", 1).project("C", 1)
                .cpuJobs("A", 5, 3600).cpuJobs("B", 5, 3600).cpuJobs("C", 5, 3600);

        assertEquals(2, plan(b.state()).toRun().size());
    }

    @Test
    void planLetsGpuJobsOvercommitCpusByLessThanOne() {
        // 1 CPU + 1 GPU. The GPU job takes 0.01 CPU; the CPU job is still admitted (0.01 < 1 CPU in use), for
        // 1.01 CPUs in all: overcommitted by less than one CPU, and no CPU idles.
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 0.01, 2e9).cpuJobs("A", 2, 3600).gpuJobs("A", 2, 3600);

        RunPlan plan = plan(b.state());

        double cpus = plan.toRun().stream().mapToDouble(x -> x.result().appVersion().avgNcpus()).sum();
        assertEquals(1.01, cpus, 1e-9);
        assertEquals(1, plan.toRun().stream().filter(x -> x.result().appVersion().usesCoprocessor()).count());
    }

    @Test
    void aMultiThreadedJobThatWouldOvercommitTheCpusByOneOrMoreWaits() {
        // Decision 0026. 4 CPUs; A's jobs need 3 CPUs, B's one. Debts B +2.5 h, A 0; a 1-CPU job pays off 1 h.
        // CPU 1: B (+2.5 h) -> +1.5 h; CPU 2: B -> +0.5 h; CPU 3: B (+0.5 h) beats A (0) -> -0.5 h; 3 CPUs in use.
        // Then A (0 h) leads, but its job would bring 3 + 3 = 6 CPUs, 2 over the 4: it waits (BOINC would start it)
        // and B takes the last CPU.
        StateBuilder b = StateBuilder.cpus(4).project("A", 50).project("B", 50).multiThreadedApp("A", 3)
                .cpuJobs("B", 5, 3600);
        Result wide = b.job("A", "A_mt", 3600, 864000);
        b.project("B").setDebt(2.5 * HOUR);

        RunPlan plan = plan(b.state());

        assertEquals(List.of("B", "B", "B", "B"), plan.toRun().stream().map(x -> x.result().project().name())
                .toList());
        TaskVerdict waits = plan.verdicts().get(wide);
        assertEquals(TaskReason.WAITING_WOULD_OVERCOMMIT, waits.reason());
        assertEquals(ResourceType.CPU, waits.resource());
    }

    @Test
    void aMultiThreadedJobFirstInLineRunsAndOneCpuJobsFillTheRest() {
        // 4 CPUs; A (+2 h) leads: its 3-CPU job runs and pays off 3 h, so A falls to -1 h; B (0 h) takes the
        // fourth CPU, and the CPUs are full: 4 of 4 in use.
        StateBuilder b = StateBuilder.cpus(4).project("A", 50).project("B", 50).multiThreadedApp("A", 3)
                .cpuJobs("B", 5, 3600);
        Result wide = b.job("A", "A_mt", 3600, 864000);
        b.project("A").setDebt(2 * HOUR);

        RunPlan plan = plan(b.state());

        assertEquals(List.of(wide.name(), "B_cpu_001"), chosenNames(plan));
        assertEquals(4, plan.toRun().stream().mapToDouble(x -> x.result().appVersion().avgNcpus()).sum(), 1e-9);
        assertEquals(-HOUR, plan.priorities().get(b.project("A")), 1);
    }

    @Test
    void cpusLeftOverGoToTheLeadingMultiThreadedJobPassedOver() {
        // 4 CPUs. B (+5 h) has two 1-CPU jobs, A (+1 h) and C (0) 3-CPU jobs. B takes 2 CPUs (+5 -> +4 -> +3 h);
        // A's job would bring 2 + 3 = 5 CPUs, one over, and so would C's: both are passed over, and 2 CPUs are left
        // with no job that fits. Then the passed-over projects are taken again in the same order: A (+1 h) leads C,
        // so A's job starts on them, 5 CPUs on 4, and says so; C's waits, as it would overcommit them.
        StateBuilder b = StateBuilder.cpus(4).project("A", 50).project("B", 50).project("C", 50)
                .multiThreadedApp("A", 3).multiThreadedApp("C", 3).cpuJobs("B", 2, 3600);
        Result a = b.job("A", "A_mt", 3600, 864000);
        Result c = b.job("C", "C_mt", 3600, 864000);
        b.project("B").setDebt(5 * HOUR);
        b.project("A").setDebt(HOUR);

        RunPlan plan = plan(b.state());

        assertEquals(List.of("B_cpu_001", "B_cpu_002", a.name()), chosenNames(plan));
        assertEquals(TaskReason.RUNNING_OVERCOMMITTING, plan.verdicts().get(a).reason());
        assertEquals(TaskReason.WAITING_WOULD_OVERCOMMIT, plan.verdicts().get(c).reason());
    }

    @Test
    void aMultiThreadedJobLeadingBesideAGpuJobsCpuStillRuns() {
        // 4 CPUs + 1 GPU. B's GPU job takes a whole CPU beside the GPU (GPUs are served first), leaving 3. A (+100 h)
        // leads with a 4-CPU job, wider than those 3: it counts as all of them, and no other CPU job holds any, so
        // it fits (0 + 3 < 3 + 1) and runs, 5 CPUs on 4, rather than wait for ever behind C's 1-CPU jobs.
        StateBuilder b = StateBuilder.cpus(4).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 50).project("B", 50)
                .project("C", 50).multiThreadedApp("A", 4).gpuApp("B", ResourceType.NVIDIA, 1, 2e9)
                .gpuJobs("B", 1, 3600).cpuJobs("C", 4, 3600);
        Result wide = b.job("A", "A_mt", 3600, 864000);
        b.project("A").setDebt(100 * HOUR);

        RunPlan plan = plan(b.state());

        assertTrue(plan.toRun().stream().anyMatch(x -> x.result() == wide), chosenNames(plan)::toString);
        assertEquals(TaskReason.RUNNING_HIGHEST_DEBT, plan.verdicts().get(wide).reason());
    }

    @Test
    void aMultiThreadedJobInDeadlineRescueMayOvercommitTheCpus() {
        // 4 CPUs; A has two results in deadline rescue, a 1-CPU one due first and a 4-CPU one. Both run, 5 CPUs on
        // 4: with a deadline at stake the wide job may overcommit, as in BOINC (decision 0026).
        StateBuilder b = StateBuilder.cpus(4).project("A", 50).multiThreadedApp("A", 4);
        Result narrow = b.job("A", "A_cpu", 3600, 20_000);
        Result wide = b.job("A", "A_mt", 3600, 30_000);
        narrow.setDeadlineMode(true);
        wide.setDeadlineMode(true);

        RunPlan plan = plan(b.state());

        assertEquals(List.of(narrow.name(), wide.name()), chosenNames(plan));
        assertEquals(TaskReason.RUNNING_DEADLINE_RISK, plan.verdicts().get(wide).reason());
    }

    @Test
    void aJobWiderThanTheHostRunsAloneOnItsCpus() {
        // 2 CPUs; A's jobs need 4. Alone, one runs (the only way it ever can, as in BOINC): 4 CPUs on 2.
        StateBuilder alone = StateBuilder.cpus(2).project("A", 50).multiThreadedApp("A", 4);
        Result first = alone.job("A", "A_mt", 3600, 864000);
        assertEquals(List.of(first.name()), chosenNames(plan(alone.state())));

        // With B (+1 h) first: B takes a CPU, then A's job counts as both CPUs, 1 + 2 = 3, one over: it waits.
        StateBuilder b = StateBuilder.cpus(2).project("A", 50).project("B", 50).multiThreadedApp("A", 4)
                .cpuJobs("B", 3, 3600);
        Result wide = b.job("A", "A_mt", 3600, 864000);
        b.project("B").setDebt(HOUR);

        RunPlan plan = plan(b.state());

        assertEquals(List.of("B", "B"), plan.toRun().stream().map(x -> x.result().project().name()).toList());
        assertEquals(TaskReason.WAITING_WOULD_OVERCOMMIT, plan.verdicts().get(wide).reason());
    }

    @Test
    void planKeepsGpuJobsWithinUserLimitedCpus() {
        // 4 CPUs limited to 50 % = 2 usable, 2 GPUs; GPU jobs need 1.5 CPUs each. The first GPU job takes 1.5
        // CPUs; a second would bring 3 > 2 CPUs, which a user limit forbids; a CPU job would bring 2.5 > 2: no.
        StateBuilder b = StateBuilder.cpus(4).prefs(Prefs.DEFAULTS.withMaxNcpusPct(50))
                .gpus(ResourceType.NVIDIA, 2, 1e10).project("A", 100)
                .gpuApp("A", ResourceType.NVIDIA, 1.5, 2e9).gpuJobs("A", 2, 3600).cpuJobs("A", 4, 3600);

        RunPlan plan = plan(b.state());

        long gpuJobs = plan.toRun().stream().filter(x -> x.result().appVersion().usesCoprocessor()).count();
        assertEquals(1, gpuJobs);
        double cpus = plan.toRun().stream().mapToDouble(x -> x.result().appVersion().avgNcpus()).sum();
        assertEquals(1.5, cpus, 1e-9);
        Result waitingGpu = b.state().results().stream().filter(r -> r.appVersion().usesCoprocessor())
                .filter(r -> plan.toRun().stream().noneMatch(x -> x.result() == r)).findFirst().orElseThrow();
        // Its GPU is free: it is the user's limit that keeps it out, and the verdict says which.
        assertEquals(TaskReason.WAITING_CPU_LIMIT, plan.verdicts().get(waitingGpu).reason());
        assertEquals(2, plan.verdicts().get(waitingGpu).limit());
        // Half a CPU is free, but a CPU job (1 CPU) would take the 1.5 in use to 2.5, past the 2 the user allows:
        // the CPU jobs say that it is the limit that keeps them out, and which.
        for (Result r : b.state().results()) {
            if (!r.appVersion().usesCoprocessor()) {
                TaskVerdict v = plan.verdicts().get(r);
                assertEquals(TaskReason.WAITING_CPU_LIMIT, v.reason());
                assertEquals(2, v.limit());
            }
        }
    }

    @Test
    void aCpuTaskToldTheGpuTasksHoldEveryCpu() {
        // 2 CPUs + 1 GPU; B's GPU job needs 2 CPUs. GPUs are served first: B's job takes the GPU and 2 of 2 CPUs,
        // so A's CPU jobs wait, and say that GPU tasks hold every CPU (not that "not enough CPU is free").
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(2, 2).gpuJobs("B", 1, 3600)
                .cpuJobs("A", 2, 3600);

        RunPlan plan = plan(b.state());

        assertEquals("B", gpuProject(plan));
        assertEquals(1, plan.toRun().size());
        for (Result a : b.state().resultsOf(b.project("A"))) {
            assertEquals(TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS, plan.verdicts().get(a).reason());
        }
    }

    @Test
    void aCpuTaskBesideGpuTasksThatLeaveACpuIsNotToldTheyHoldEveryCpu() {
        // As above with GPU jobs of 1.5 CPUs: 0.5 CPU is left, so A's first CPU job runs (1.5 < 2 in use).
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(2, 1.5).gpuJobs("B", 1, 3600)
                .cpuJobs("A", 2, 3600);

        RunPlan plan = plan(b.state());

        assertEquals(2, plan.toRun().size());
        assertTrue(plan.verdicts().values().stream()
                .noneMatch(v -> v.reason() == TaskReason.WAITING_CPUS_HELD_BY_GPU_TASKS));
    }

    @Test
    void planSplitsGpuByFlopsDebtInSeed003Example() {
        // Seed 003's example, one period at a time. 1 CPU (1 GFLOPS) + 1 GPU (peak 1e10: 2e9 counted). A has only
        // GPU jobs, B CPU and GPU jobs; equal shares; debts start equal. The CPU can only go to B. The GPU goes
        // to the larger anticipated debt. Work per period (T = 1 h): GPU job 2.01e9 x T, CPU job 1e9 x T.
        // P1: debts 0/0, tie -> A (smaller URL) gets the GPU, B the CPU.
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100)
                .project("B", 100).gpuApp("A", ResourceType.NVIDIA, 0.01, 2e9)
                .gpuApp("B", ResourceType.NVIDIA, 0.01, 2e9).gpuJobs("A", 5, 3600).gpuJobs("B", 5, 3600)
                .cpuJobs("B", 5, 3600);

        RunPlan p1 = plan(b.state());

        assertEquals("A", gpuProject(p1));
        assertEquals("B", cpuProject(p1));
        Result bGpu = b.state().resultsOf(b.project("B")).get(0);
        TaskVerdict v = p1.verdicts().get(bGpu);
        assertEquals(TaskReason.WAITING_LOWER_DEBT, v.reason());
        assertEquals("A", v.rival());
        // The CPU has one candidate project only.
        Result bCpu = b.state().resultsOf(b.project("B")).get(5);
        assertEquals(TaskReason.RUNNING_ONLY_PROJECT, p1.verdicts().get(bCpu).reason());
    }

    @Test
    void resultInDeadlineRescueRunsBeforeAHigherDebt() {
        // 1 CPU, A and B 50/50; B is owed an hour, so B would run. A's result is forecast to miss its deadline
        // (deadline mode): it runs first, and says why; B's waits.
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50).cpuJobs("B", 2, 3600);
        Result atRisk = b.job("A", "A_cpu", 3600, 20_000);
        atRisk.setDeadlineMode(true);
        b.project("B").setDebt(HOUR);

        RunPlan plan = plan(b.state());

        assertEquals(List.of(atRisk.name()), chosenNames(plan));
        assertEquals(TaskReason.RUNNING_DEADLINE_RISK, plan.verdicts().get(atRisk).reason());
        // B's tasks wait behind the rescue, and say whose (not that too little CPU was free for them).
        for (Result waiting : b.state().resultsOf(b.project("B"))) {
            TaskVerdict v = plan.verdicts().get(waiting);
            assertEquals(TaskReason.WAITING_BEHIND_DEADLINE_RESCUE, v.reason());
            assertEquals("A", v.rival());
        }
    }

    /**
     * Decision 0036: results in rescue due at the same time go to the projects as the debts say, not by name. 2 CPUs,
     * A and B 50/50, each with two 1-h results in rescue due at 20,000; A's names sort first, B is owed an hour. B's
     * first takes a CPU (anticipated debt +1 h against 0), which lowers B's by its hour to 0; level with A, A's first
     * takes the other (the smaller URL). By name alone A would have taken both.
     */
    @Test
    void resultsInRescueDueTogetherAreSharedByDebtNotByName() {
        StateBuilder b = StateBuilder.cpus(2).project("A", 50).project("B", 50);
        Result a1 = b.job("A", "A_cpu", 3600, 20_000);
        Result a2 = b.job("A", "A_cpu", 3600, 20_000);
        Result b1 = b.job("B", "B_cpu", 3600, 20_000);
        Result b2 = b.job("B", "B_cpu", 3600, 20_000);
        for (Result r : List.of(a1, a2, b1, b2)) {
            r.setDeadlineMode(true);
        }
        b.project("B").setDebt(HOUR);
        assertTrue(a2.name().compareTo(b1.name()) < 0, "A's come first by name");

        RunPlan plan = plan(b.state());

        assertEquals(List.of(b1.name(), a1.name()), chosenNames(plan));
        assertEquals(TaskReason.RUNNING_DEADLINE_RISK, plan.verdicts().get(a1).reason());
        assertEquals(TaskReason.RUNNING_DEADLINE_RISK, plan.verdicts().get(b1).reason());
    }

    /**
     * A tie never preempts a running task in rescue: 1 CPU, A's rescued task runs, B's is due at the same time and B
     * is owed an hour more. A's keeps the CPU (a preemption would waste the switch and help neither deadline).
     */
    @Test
    void aRunningTaskInRescueKeepsItsCpuAgainstAnEqualDeadlineOwedMore() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50);
        Result a1 = b.job("A", "A_cpu", 3600, 20_000);
        Result b1 = b.job("B", "B_cpu", 3600, 20_000);
        a1.setDeadlineMode(true);
        b1.setDeadlineMode(true);
        b.activate(a1, SchedulerState.SCHEDULED);
        b.project("B").setDebt(HOUR);

        assertEquals(List.of(a1.name()), chosenNames(plan(b.state())));
    }

    @Test
    void aProjectWhoseOnlyJobIsInDeadlineRescueIsOwedItsPartOfTheCpu() {
        // 4 CPUs + 1 GPU; X, G and R 1/3 each. X's CPU jobs did 100 CPU-minutes this period, G's GPU job one GPU
        // minute; R's only job is a CPU job in deadline rescue that did not run. R could use the CPU, so the CPU's
        // 100 minutes are owed half to X and half to R: R accrues +50 min, X 50 - 100 = -50. (Taken as able to use
        // no resource, R was held to the least any one resource did: half the GPU's 2 CPU-minutes of work (60 s at
        // 2e9 FLOPS), 1 minute.)
        double minute = HOUR / 60;
        StateBuilder b = StateBuilder.cpus(4).gpus(ResourceType.NVIDIA, 1, 1e10).project("X", 100)
                .cpuJobs("X", 4, 3600).project("G", 100).gpuApp("G", ResourceType.NVIDIA, 0.01, 2e9)
                .gpuJobs("G", 1, 3600).project("R", 100);
        b.job("R", "R_cpu", 3600, 20_000).setDeadlineMode(true);
        b.project("X").addWorkDoneThisPeriod(ResourceType.CPU, 100 * minute);
        b.project("G").addWorkDoneThisPeriod(ResourceType.NVIDIA, 60 * 2e9);

        List<DebtChange> changes = PeriodScheduler.begin(b.state(), b.state().resources()).settle(1e30);

        DebtChange r = changes.stream().filter(c -> c.project().name().equals("R")).findFirst().orElseThrow();
        DebtChange x = changes.stream().filter(c -> c.project().name().equals("X")).findFirst().orElseThrow();
        assertEquals(50 * minute, r.after(), 1e-6 * HOUR);
        assertEquals(-50 * minute, x.after(), 1e-6 * HOUR);
    }

    @Test
    void deadlineRescueOnTheCpuLeavesNoGpuIdle() {
        // 1 CPU + 1 GPU. A's CPU result is in deadline rescue and takes the CPU; B's GPU job (0.5 CPU beside the
        // GPU) still runs: GPUs are given out first, and GPU jobs may overcommit the CPUs by less than one.
        StateBuilder b = StateBuilder.cpusBesideAGpuProject(1, 0.5).gpuJobs("B", 2, 3600);
        Result atRisk = b.job("A", "A_cpu", 3600, 20_000);
        atRisk.setDeadlineMode(true);

        RunPlan plan = plan(b.state());

        assertEquals("B", gpuProject(plan));
        assertEquals("A", cpuProject(plan));
        assertEquals(TaskReason.RUNNING_DEADLINE_RISK, plan.verdicts().get(atRisk).reason());
    }

    @Test
    void waitingTaskShowsItsProjectsDebtAfterWhatItGotOnOtherResources() {
        // 1 CPU + 1 GPU. A (debt +1 h) has GPU and CPU jobs, B (+0.5 h) CPU jobs. GPUs go first: A takes the GPU,
        // whose job pays off 2.01e9 x 1 h = 2.01 CPU-hours, so A's anticipated debt falls to 1 - 2.01 = -1.01 h.
        // The CPU then goes to B (+0.5 h). A's CPU task waits, and its verdict compares B's +0.5 h with A's -1.01 h
        // (not the +1 h A had before taking the GPU).
        StateBuilder b = StateBuilder.cpus(1).gpus(ResourceType.NVIDIA, 1, 1e10).project("A", 100)
                .project("B", 100).gpuApp("A", ResourceType.NVIDIA, 0.01, 2e9).gpuJobs("A", 1, 3600)
                .cpuJobs("A", 1, 3600).cpuJobs("B", 1, 3600);
        b.project("A").setDebt(HOUR);
        b.project("B").setDebt(0.5 * HOUR);
        Result aCpu = b.state().resultsOf(b.project("A")).stream()
                .filter(r -> r.resource() == ResourceType.CPU).findFirst().orElseThrow();

        RunPlan plan = plan(b.state());

        assertEquals("A", gpuProject(plan));
        assertEquals("B", cpuProject(plan));
        TaskVerdict v = plan.verdicts().get(aCpu);
        assertEquals(TaskReason.WAITING_LOWER_DEBT, v.reason());
        assertEquals("B", v.rival());
        assertEquals(0.5 * HOUR, v.rivalPriority(), 1);
        assertEquals(-1.01 * HOUR, v.ownPriority(), 1e-3 * HOUR);
    }

    private static String gpuProject(RunPlan p) {
        return p.toRun().stream().filter(x -> x.result().appVersion().usesCoprocessor()).findFirst()
                .orElseThrow().result().project().name();
    }

    private static String cpuProject(RunPlan p) {
        return p.toRun().stream().filter(x -> !x.result().appVersion().usesCoprocessor()).findFirst()
                .orElseThrow().result().project().name();
    }
}

package org.cruncher.engine;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.EngineCommand;
import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EngineSnapshot;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.Workunit;
import org.cruncher.engine.policy.workfetch.RoundRobinFetch;
import org.cruncher.engine.rpc.NewJob;
import org.cruncher.engine.rpc.RpcOutcome;
import org.cruncher.engine.rpc.SchedulerReply;
import org.cruncher.testing.StateBuilder;

/**
 * A result that newly needs deadline rescue in the middle of a period starts at once, and only the task that must
 * give way is preempted: the period and the debts go on (src/docs/decisions/0022).
 */
class EngineDeadlineRescueTest {

    private static final double T0 = 100_000;
    private static final double DAY = 86_400;

    private final EngineTest.RecordingControl control = new EngineTest.RecordingControl();
    private final EngineTest.ScriptedTransport transport = new EngineTest.ScriptedTransport();

    @Test
    void anUrgentJobTakesTheCpuOfTheTaskWithMostTimeToSpare() {
        // 2 CPUs, A (25) with one 10-hour job due in 10 days, B (75) with two due in 20 days. The first period pass
        // runs A's job (equal debts, smaller URL) and then one of B's. Ten minutes later the user updates A, which
        // sends a 1-hour job due 1.5 hours later. At A's share (2 x 25/100 = 0.5 CPU) it would end after 2 hours, past
        // its deadline less the cushion (5,400 s - 5,400/4 = 4,050 s): it needs rescue. B's running task can wait
        // longest (20 days against 10), so it alone gives way; the period still ends at T0 + 1 h and no debt settles.
        StateBuilder b = StateBuilder.cpus(2).project("A", 25).project("B", 75);
        b.job("A", "A_cpu", 36_000, T0 + 10 * DAY);
        b.job("B", "B_cpu", 36_000, T0 + 20 * DAY);
        b.job("B", "B_cpu", 36_000, T0 + 20 * DAY);
        List<EngineEvent> events = new ArrayList<>();
        Engine e = new Engine(b.state(), control, transport, new RoundRobinFetch(), new SplittableRandom(3),
                events::add);
        e.poll(T0);
        assertEquals(List.of("start A_cpu_001", "start B_cpu_002"), control.calls);
        Project a = b.project("A");
        Project bee = b.project("B");
        double debtA = a.debt();
        double debtB = bee.debt();
        long passes = e.schedulingPasses();

        control.calls.clear();
        transport.answers.add(req -> RpcOutcome.success(req, new SchedulerReply(0,
                List.of(new NewJob("urgent", Workunit.of("urgent_wu", "A_cpu", 3.6e12), "A_cpu", 1, "",
                        T0 + 600 + 5_400)), List.of(), List.of())));
        e.submit(new EngineCommand.UpdateProject(a.url()));
        e.poll(T0 + 600);

        assertEquals(List.of("preempt B_cpu_002", "start urgent"), control.calls);
        Result urgent = b.state().result(a, "urgent").orElseThrow();
        assertTrue(urgent.deadlineMode());
        assertEquals(TaskReason.RUNNING_DEADLINE_RISK, e.verdicts().get(urgent).reason());
        TaskVerdict gaveWay = e.verdicts().get(b.state().result(bee, "B_cpu_002").orElseThrow());
        assertEquals(TaskReason.WAITING_DEADLINE_RESCUE, gaveWay.reason());
        assertEquals("A", gaveWay.rival());
        assertEquals(T0 + 3600, e.nextPeriodBoundary());
        assertEquals(debtA, a.debt());
        assertEquals(debtB, bee.debt());
        assertEquals(passes + 2, e.schedulingPasses(),
                "two passes for free instances (when the job arrived, and when B's task gave way), no period pass");
        // The event says how near is too near: the cushion, min(work_buf_min 8,640 s, 5,400 / 4) = 1,350 s, which
        // is 22.5 min, shown to the minute.
        EngineEvent risk = events.stream().filter(x -> x.kind() == EventKind.DEADLINE_RISK).findFirst().orElseThrow();
        assertEquals("due in 1 h 30 min; at its share it would end inside its safety margin, the last 23 min before "
                + "it, so it goes first in line for a CPU", risk.detail());
    }

    @Test
    void aTaskKeptOutByTheDebtsStillSaysSoWhileARescueHoldsOnlyOneCpuOfTwo() {
        // As above with C (share 10) and one job of its own: at the first pass A's job takes a CPU (equal debts,
        // smallest URL), then B's (+0 against C's +0, B's URL first), and C's waits on the debts. A's urgent job then
        // takes B's CPU by rescue; A_cpu_001 keeps the other by the debts. The rescue holds one CPU of two, so C's
        // task still waits on the debts, and B's says it made room.
        StateBuilder b = StateBuilder.cpus(2).project("A", 25).project("B", 75).project("C", 10);
        b.job("A", "A_cpu", 36_000, T0 + 10 * DAY);
        b.job("B", "B_cpu", 36_000, T0 + 20 * DAY);
        b.job("C", "C_cpu", 36_000, T0 + 20 * DAY);
        Engine e = new Engine(b.state(), control, transport, new RoundRobinFetch(), new SplittableRandom(3),
                x -> { });
        e.poll(T0);
        transport.answers.add(req -> RpcOutcome.success(req, new SchedulerReply(0,
                List.of(new NewJob("urgent", Workunit.of("urgent_wu", "A_cpu", 3.6e12), "A_cpu", 1, "",
                        T0 + 600 + 5_400)), List.of(), List.of())));
        e.submit(new EngineCommand.UpdateProject(b.project("A").url()));
        e.poll(T0 + 600);

        List<TaskView> shown = e.snapshot(List.of(), 0, null, null).tasks();
        assertEquals(TaskReason.RUNNING_DEADLINE_RISK, reasonOf(shown, "urgent"));
        assertEquals(TaskReason.WAITING_DEADLINE_RESCUE, reasonOf(shown, "B_cpu_002"));
        assertEquals(TaskReason.WAITING_LOWER_DEBT, reasonOf(shown, "C_cpu_003"));
    }

    @Test
    void aRescuedTaskWhoseDeadlinePassedSaysItIsLateNotThatItWouldBe() {
        // 1 CPU; A (share 50) has a 1-hour job due 10 minutes from now, B (50) one due in 10 days. A's cannot be in
        // time (60 min of work, 10 min left): it runs first by rescue. 20 minutes on, its deadline passed 10 minutes
        // ago and it still runs first: it says it is late, and the counts have it among those past their deadline
        // (1 of the 1 at risk; B's, due in 10 days, is not).
        StateBuilder b = StateBuilder.cpus(1).project("A", 50).project("B", 50);
        b.job("A", "A_cpu", 3_600, T0 + 600);
        b.job("B", "B_cpu", 3_600, T0 + 10 * DAY);
        Engine e = new Engine(b.state(), control, transport, new RoundRobinFetch(), new SplittableRandom(3),
                x -> { });
        e.poll(T0);
        assertEquals(TaskReason.RUNNING_DEADLINE_RISK, reasonOf(e.snapshot(List.of(), 0, null, null).tasks(),
                "A_cpu_001"));

        e.poll(T0 + 1_200);

        EngineSnapshot shown = e.snapshot(List.of(), 0, null, null);
        assertEquals(TaskReason.RUNNING_PAST_DEADLINE, reasonOf(shown.tasks(), "A_cpu_001"));
        assertEquals(1, shown.counts().atRisk());
        assertEquals(1, shown.counts().pastDeadline());
    }

    private static TaskReason reasonOf(List<TaskView> shown, String name) {
        return shown.stream().filter(t -> t.name().equals(name)).findFirst().orElseThrow().verdict().reason();
    }
}

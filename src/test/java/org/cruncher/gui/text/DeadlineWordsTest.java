package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.ResourceType;

class DeadlineWordsTest {

    private static final double DEADLINE = 864000;

    @Test
    void theMarginSaysHowFarBeforeOrAfterTheDeadline() {
        // 7800 s = 2 h 10 min; 3 days and 4 hours = 273600 s; within a minute it is "at" the deadline.
        assertEquals("2 h 10 min after its deadline", DeadlineWords.margin(DEADLINE + 7800, DEADLINE));
        assertEquals("3 d 04 h before its deadline", DeadlineWords.margin(DEADLINE - 273600, DEADLINE));
        assertEquals("at its deadline", DeadlineWords.margin(DEADLINE + 30, DEADLINE));
        assertEquals("", DeadlineWords.margin(Double.NaN, DEADLINE));
    }

    @Test
    void aLateTaskSaysByHowMuchAndThatItIsRescued() {
        String late = DeadlineWords.atRisk(DEADLINE + 7800, DEADLINE);

        assertTrue(late.startsWith("At risk: expected to finish " + Format.shortDateTime(DEADLINE + 7800)
                + ", 2 h 10 min after its deadline."), late);
        assertTrue(late.contains("earliest-deadline tasks first (deadline rescue)"), late);
    }

    @Test
    void aTaskFinishingInTimeIsAtRiskForItselfOrItsProject() {
        // 50 min before the deadline: flagged by the safety margin, or rescued as its project's earliest.
        String close = DeadlineWords.atRisk(DEADLINE - 3000, DEADLINE);

        assertTrue(close.contains("50 min before its deadline, but it or another task of its project would finish "
                + "after its deadline or too close to it"), close);
    }

    @Test
    void withoutAnEndTheTextStaysGeneral() {
        assertTrue(DeadlineWords.atRisk(Double.NaN, DEADLINE).startsWith("At risk: estimated to finish after its "
                + "deadline."));
        assertEquals("", DeadlineWords.expectedFinish(Double.NaN, DEADLINE, true, 0));
    }

    @Test
    void theExpectedFinishTipNamesTheDeadlineAndTheAssumption() {
        String tip = DeadlineWords.expectedFinish(DEADLINE - 3600, DEADLINE, false, 0);

        assertEquals("Expected to finish 1 h 00 min before its deadline (" + Format.dateTime(DEADLINE) + "), if every "
                + "project runs at its share of the processors and each runs its tasks earliest deadline first.", tip);
    }

    @Test
    void aRunningTaskTheForecastEndsAfterItsRemainingTimeSaysWhy() {
        // 15 min remaining, forecast to end 31 min from now: 16 min later than its remaining time alone.
        String tip = DeadlineWords.expectedFinish(DEADLINE - 3600, DEADLINE, false, 16 * 60);

        assertTrue(tip.endsWith("earliest deadline first. That is 16 min later than its remaining time alone says: "
                + "from now on the forecast gives its project only its share of the processors, runs the project's "
                + "tasks with earlier deadlines first, and allows for the time the computer is off or not allowed to "
                + "compute, as often as it has been so far."), tip);
    }

    @Test
    void aTaskRunningFirstToMeetItsDeadlineSaysWhenItWillEndWithItsProcessor() {
        // The tight-deadlines sample: 50 min remaining on the only CPU, forecast at its project's share to end
        // 1 h 39 min from now (48 min after its deadline): 49 min later than alone. Running first, it keeps the CPU,
        // so it ends 1 h 39 min - 49 min = 50 min from now.
        double end = DEADLINE + 48 * 60;
        String tip = DeadlineWords.expectedFinish(end, DEADLINE, true, 49 * 60, true);

        assertTrue(tip.startsWith("Expected to finish 48 min after its deadline"), tip);
        assertTrue(tip.endsWith(" Running first (deadline rescue), it keeps its processor until it ends, about "
                + Format.clock(end - 49 * 60) + ", unless a task more at risk needs it: the forecast's later end is "
                + "what put it first."), tip);
        // Not running first: no such sentence.
        assertFalse(DeadlineWords.expectedFinish(end, DEADLINE, true, 49 * 60, false).contains("Running first"));
    }

    @Test
    void aTaskPastItsDeadlineIsCalledLateNotAtRisk() {
        // Expected to finish 2 h after a deadline already passed: late, not "at risk".
        String tip = DeadlineWords.passed(DEADLINE + 7200, DEADLINE, TaskStatus.RUNNING);

        assertTrue(tip.startsWith("Deadline passed: this task will be late. Expected to finish "
                + Format.shortDateTime(DEADLINE + 7200) + ", 2 h 00 min after its deadline. The scheduler runs"), tip);
        assertFalse(tip.contains("At risk"), tip);
        assertTrue(DeadlineWords.passed(Double.NaN, DEADLINE, TaskStatus.READY_TO_START).startsWith("Deadline passed: this task will be "
                + "late. The scheduler"));
    }

    @Test
    void aLateTaskThatCannotRunNowSaysWhatHoldsItNotThatItRunsFirst() {
        // Suspended by the user, with no end in the forecast: rescue would be a false promise until it is resumed.
        assertEquals("Deadline passed: this task will be late. It cannot run now (Task suspended by user); once it "
                + "can, the scheduler runs its project's late and earliest-deadline tasks first (deadline rescue), so "
                + "that it is done and reported as soon as it can be; a project often still takes a late result until "
                + "another computer returns the same job.",
                DeadlineWords.passed(Double.NaN, DEADLINE, TaskStatus.SUSPENDED_BY_USER));
        // Uploading: it never runs again, it is reported once uploaded.
        assertTrue(DeadlineWords.passed(Double.NaN, DEADLINE, TaskStatus.UPLOADING).startsWith("Deadline passed: this "
                + "task will be late. Its computing is done: it is reported once its files are uploaded;"));
        // Too large for the host: it never starts at all.
        assertTrue(DeadlineWords.passed(Double.NaN, DEADLINE, TaskStatus.TOO_LARGE_FOR_HOST).startsWith("Deadline "
                + "passed: this task will be late. It cannot start with the processors BOINC may use here (see Why);"));
    }

    @Test
    void aTaskAtRiskThatWouldFinishInTimeSaysWhyItIsAtRiskAllTheSame() {
        // At risk though it would finish an hour early: another task of its project, or its margin, puts it there.
        String inTime = DeadlineWords.expectedFinish(DEADLINE - 3600, DEADLINE, true, 0);
        assertTrue(inTime.endsWith(" It is at risk all the same: it or another task of its project would finish after "
                + "its deadline or too close to it (the scheduler keeps a safety margin), and while that lasts the "
                + "project's earliest-deadline tasks may run first (deadline rescue)."), inTime);
        // A late one needs no such words: the red cell says it.
        assertTrue(DeadlineWords.expectedFinish(DEADLINE + 3600, DEADLINE, true, 0).endsWith("earliest deadline first."));
    }

    @Test
    void aTasksExplanationEndsWithWhenTheForecastHasItFinishing() {
        // Due at 864000, expected at 864000 + 7800: 2 h 10 min late.
        TaskView t = new TaskView("http://b/", "B", "b1_1", "b1", "1 CPU", ResourceType.CPU, TaskStatus.READY_TO_START,
                TaskVerdict.of(TaskReason.WAITING_SIBLING_PREFERRED, ResourceType.CPU), 0, 0, 3600, 0, DEADLINE, true,
                DEADLINE + 7800, Double.NaN);

        assertTrue(Words.explain(t, 1e9, 0).endsWith("The scheduler's forecast has it finishing "
                + Format.dateTime(DEADLINE + 7800) + ", 2 h 10 min after its deadline (every project at its share of "
                + "the processors, each running its tasks earliest deadline first)."), Words.explain(t, 1e9, 0));
    }
}

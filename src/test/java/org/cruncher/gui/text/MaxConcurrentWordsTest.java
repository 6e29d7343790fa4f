package org.cruncher.gui.text;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.TaskReason;
import org.cruncher.engine.api.TaskStatus;
import org.cruncher.engine.api.TaskVerdict;
import org.cruncher.engine.api.TaskView;
import org.cruncher.engine.model.ResourceType;

/** The words for a task held back by app_config.xml's max_concurrent. */
class MaxConcurrentWordsTest {

    private static TaskView task(TaskReason reason, int limit) {
        return new TaskView("http://milkyway/", "Milkyway", "nb_1", "N-Body", "16 CPU", ResourceType.CPU,
                TaskStatus.READY_TO_START, TaskVerdict.limited(reason, ResourceType.CPU, limit), 0, 0, 3600, 0,
                864000, false, Double.NaN, Double.NaN);
    }

    @Test
    void appLimitNamesTheProjectTheLimitAndTheApp() {
        TaskView t = task(TaskReason.WAITING_APP_MAX_CONCURRENT, 1);

        assertEquals("Waiting: app_config.xml lets Milkyway run at most 1 N-Body task at once",
                Words.why(t, 1e9, 0));
        assertEquals("App_config.xml lets Milkyway run at most 1 N-Body task at once, and that many run now. It "
                + "starts when one of them ends (max_concurrent in the project's app_config.xml sets this).",
                Words.explain(t, 1e9, 0));
    }

    @Test
    void projectLimitCountsAllItsTasks() {
        assertEquals("Waiting: app_config.xml lets Milkyway run at most 4 tasks at once",
                Words.why(task(TaskReason.WAITING_PROJECT_MAX_CONCURRENT, 4), 1e9, 0));
    }

    @Test
    void eventRowsNameTheLimit() {
        assertEquals("its app's max_concurrent is reached", Words.reason("WAITING_APP_MAX_CONCURRENT"));
        assertEquals("its project's max_concurrent is reached", Words.reason("WAITING_PROJECT_MAX_CONCURRENT"));
    }
}

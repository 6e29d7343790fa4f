package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.engine.api.EngineEvent;
import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.model.ResourceType;

/** emulate --out's record: whole lines, and nothing after it is closed (as Ctrl-C's hook closes it mid-run). */
class TimelineRecorderTest {

    @Test
    void eachEventIsAWholeLineAndNoneIsWrittenOnceClosed(@TempDir Path dir) throws Exception {
        TimelineRecorder r = new TimelineRecorder(dir, 0);
        r.accept(new EngineEvent(3600, EventKind.TASK_STARTED, "A", "a_1", ResourceType.CPU, "RUNNING_HIGHEST_DEBT",
                "largest anticipated debt, +1 h"));
        r.close();
        // Closed from the shutdown hook while the emulation goes on: later events are dropped, not half written.
        r.accept(new EngineEvent(7200, EventKind.TASK_COMPLETED, "A", "a_1", ResourceType.CPU, "", "done"));
        r.close();

        assertEquals(List.of("time,elapsed_s,event,project,task,resource,reason,detail",
                "1970-01-01 01:00:00,3600.000,TASK_STARTED,A,a_1,CPU,RUNNING_HIGHEST_DEBT,\"largest anticipated debt, "
                        + "+1 h\""), Files.readAllLines(dir.resolve("timeline.csv")));
        assertEquals(List.of("1970-01-01 01:00:00 [A] task TASK_STARTED a_1 CPU RUNNING_HIGHEST_DEBT: largest "
                + "anticipated debt, +1 h"), Files.readAllLines(dir.resolve("events.log")));
    }
}

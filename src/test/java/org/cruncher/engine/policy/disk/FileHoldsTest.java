package org.cruncher.engine.policy.disk;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.FileHold;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.model.SchedulerState;
import org.cruncher.testing.StateBuilder;

/** What keeps each file, and which task keeps it (the Disk pane names it). */
class FileHoldsTest {

    private final StateBuilder b = StateBuilder.cpus(2).project("A", 100);

    @Test
    void aFileNamesTheTaskThatHoldsItTheStrongestWay() {
        Result queued = b.job("A", "A_cpu", 3600, 864000);
        Result running = b.job("A", "A_cpu", 3600, 950400);
        FileInfo own = b.input(queued, "own_in", 1e6);
        FileInfo shared = b.input(queued, "shared_in", 1e6);
        running.setFiles(List.of("shared_in"), running.outputFiles());
        b.activate(running, SchedulerState.SCHEDULED);
        FileInfo data = b.file("A", "data", 1e6, 1, 0, 0, 1e9);

        FileHolds holds = FileHolds.of(b.state());

        // Only the queued result holds own_in.
        assertEquals(FileHold.QUEUED_RESULT, holds.hold(own));
        assertEquals(queued.name(), holds.holder(own));
        // shared_in is held by the queued result (listed first) and the running one: the running task's hold is the
        // stronger, and it is the one named.
        assertEquals(FileHold.RUNNING_TASK, holds.hold(shared));
        assertEquals(running.name(), holds.holder(shared));
        // Nothing holds the data file: no task to name.
        assertEquals(FileHold.NONE, holds.hold(data));
        assertEquals("", holds.holder(data));
    }
}

package org.cruncher.engine;

import java.util.function.Consumer;

import org.cruncher.engine.model.ActiveTask;
import org.cruncher.engine.model.Result;

/**
 * Executes tasks and moves their files: the emulator's simulated execution, or (later) real processes. The engine
 * decides; this obeys. Progress comes back through {@link ActiveTask#setProgress} and the end through
 * {@link ActiveTask#markExited}; a transfer's end through its callback, on any thread.
 */
public interface TaskControl {

    /** Download a result's input files ({@code bytes} in all); by default they are there at once. */
    default void download(Result result, double bytes, Consumer<TransferOutcome> done) {
        done.accept(TransferOutcome.done(result, false));
    }

    /** Upload a result's output files ({@code bytes} in all); by default they are sent at once. */
    default void upload(Result result, double bytes, Consumer<TransferOutcome> done) {
        done.accept(TransferOutcome.done(result, true));
    }

    /** Start a task for the first time. */
    void start(ActiveTask task);

    /** Resume a preempted task. */
    void resume(ActiveTask task);

    /** Preempt (suspend) a running task. */
    void preempt(ActiveTask task);

    /** Stop a task for good (aborted). */
    void abort(ActiveTask task);
}

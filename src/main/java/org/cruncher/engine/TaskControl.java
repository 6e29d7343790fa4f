package org.cruncher.engine;

import org.cruncher.engine.model.ActiveTask;

/**
 * Executes tasks: the emulator's simulated execution, or (later) real processes. The engine decides; this obeys.
 * Progress comes back through {@link ActiveTask#addProgress} and the end through {@link ActiveTask#markExited}.
 */
public interface TaskControl {

    /** Start a task for the first time. */
    void start(ActiveTask task);

    /** Resume a preempted task. */
    void resume(ActiveTask task);

    /** Preempt (suspend) a running task. */
    void preempt(ActiveTask task);

    /** Stop a task for good (aborted). */
    void abort(ActiveTask task);
}

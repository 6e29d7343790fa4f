package org.cruncher.engine.api;

/**
 * What keeps a file on the disk. A file held by anything is never deleted to make room; one held by nothing goes
 * in its project's deletion order.
 */
public enum FileHold {
    /** Nothing: the file may be deleted when space runs short. */
    NONE,
    /** A task that has started (running or preempted) uses it. */
    RUNNING_TASK,
    /** A result waiting to start needs it. */
    QUEUED_RESULT,
    /** A finished result not yet acknowledged by its project refers to it. */
    UNREPORTED_RESULT,
    /** It belongs to an app version. */
    APP_VERSION,
    /** A job arriving now needs it (only while a new job is being placed). */
    INCOMING_JOB
}

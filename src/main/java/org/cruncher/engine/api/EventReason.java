package org.cruncher.engine.api;

/**
 * The reasons an event gives that are not a task's verdict ({@link TaskReason}), an RPC's reason or deferral, a
 * deletion's reason or a disk limit: what the user did, what a transfer, a reply or the disk did. An event carries
 * its reason as the constant's name ({@link EngineEvent#reason}), whichever enum it comes from.
 */
public enum EventReason {
    /** The user asked for an update of the project. */
    UPDATE,
    /** The user changed the project's resource share. */
    SHARE_CHANGED,
    PROJECT_SUSPENDED,
    PROJECT_RESUMED,
    /** The user set "no new tasks" for the project. */
    NO_NEW_TASKS,
    NEW_TASKS_ALLOWED,
    TASK_SUSPENDED,
    TASK_RESUMED,
    /** A result that never started is past its deadline and is given up. */
    NOT_STARTED_BY_DEADLINE,
    UPLOAD_FAILED,
    DOWNLOAD_FAILED,
    /** The project had nothing to run during the period, so its debt was held at 0 (seed 001). */
    NO_RUNNABLE_RESULTS,
    /** The master file is read to find the scheduler's URLs. */
    MASTER_FETCH,
    MASTER_FETCHED,
    MASTER_FETCH_FAILED,
    /** The server's request_delay was longer than BOINC's cap and was cut to it. */
    REQUEST_DELAY_CAPPED,
    /** The server sent no job because its check found no room on this disk (seed 004). */
    SERVER_DISK_CHECK,
    /** A job the reply carried has no version of its app here. */
    UNKNOWN_APP_VERSION,
    /** A job the reply carried has the name of a task already here. */
    DUPLICATE_RESULT,
    /** A job the reply carried would not fit within the project's disk limit (seed 004). */
    NO_ROOM,
    /** A request for a resource got no job: its backoff doubles (seed 003). */
    RESOURCE_BACKOFF,
    /** The scheduler could not be reached: the project is backed off. */
    RPC_BACKOFF,
    /** The disk space a server's tasks needed is free now: the resource backed off for it is asked again. */
    ROOM_ON_DISK,
    /** A reply filled the project's room on disk: the resource waits for room before it is asked again. */
    WAITING_FOR_ROOM,
    /** A file could not be stored or deleted. */
    STORE_ERROR,
    /** Disk use is back within the limits: computing goes on. */
    DISK_SPACE_AVAILABLE,
    /** A queued result was given up to bring disk use within the limits (seed 004). */
    GIVEN_UP_FOR_DISK
}

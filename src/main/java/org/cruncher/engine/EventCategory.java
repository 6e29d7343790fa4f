package org.cruncher.engine;

/** The event log's categories. */
public enum EventCategory {
    SCHEDULING, WORK_FETCH, RPC, DISK, TASK
}

package org.cruncher.engine.api;

/** The event log's categories. */
public enum EventCategory {
    SCHEDULING, WORK_FETCH, RPC, DISK, TASK
}

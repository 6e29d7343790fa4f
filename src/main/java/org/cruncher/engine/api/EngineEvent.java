package org.cruncher.engine.api;

import org.cruncher.engine.model.ResourceType;

/**
 * One decision or event, time-stamped, with its reason as a value and a line of text for people.
 *
 * @param time     emulated or wall time, seconds since the epoch
 * @param kind     what happened
 * @param project  the project's name ("" if none)
 * @param task     the result's name ("" if none)
 * @param resource the resource involved (null if none)
 * @param reason   the reason code: the name of a constant of {@link TaskReason}, {@link EventReason},
 *                 {@code RpcReason}, {@code RpcDeferral}, {@link DeletionReason} or {@link DiskLimitSource} (e.g.
 *                 RUNNING_HIGHEST_DEBT); "" if none
 * @param detail   the figures behind it, in words
 */
public record EngineEvent(double time, EventKind kind, String project, String task, ResourceType resource,
                          String reason, String detail) {

    public EngineEvent {
        project = project == null ? "" : project;
        task = task == null ? "" : task;
        reason = reason == null ? "" : reason;
        detail = detail == null ? "" : detail;
    }

    public EventCategory category() {
        return kind.category();
    }
}

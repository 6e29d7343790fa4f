package org.cruncher.engine.rpc;

import java.util.List;

import org.cruncher.engine.model.DeletionPolicy;

/**
 * A scheduler's reply.
 *
 * @param requestDelay   do not contact the project again for this many seconds (0: no delay)
 * @param jobs           new jobs
 * @param acked          names of reported results the server acknowledged
 * @param messages       messages for the user
 * @param projectIsDown  the project says it is down (BOINC's {@code <project_is_down/>}): the request failed
 * @param deletionPolicy the project's deletion policy flags (seed 004); null if the reply does not say
 * @param diskShortfall  the server had work but none fitted the client's disk (null otherwise)
 */
public record SchedulerReply(double requestDelay, List<NewJob> jobs, List<String> acked, List<String> messages,
                             boolean projectIsDown, DeletionPolicy deletionPolicy, DiskShortfall diskShortfall) {

    public SchedulerReply {
        jobs = List.copyOf(jobs);
        acked = List.copyOf(acked);
        messages = List.copyOf(messages);
    }

    /** A reply that says nothing of the disk. */
    public SchedulerReply(double requestDelay, List<NewJob> jobs, List<String> acked, List<String> messages,
                          boolean projectIsDown) {
        this(requestDelay, jobs, acked, messages, projectIsDown, null, null);
    }

    /** A reply from a project that is up. */
    public SchedulerReply(double requestDelay, List<NewJob> jobs, List<String> acked, List<String> messages) {
        this(requestDelay, jobs, acked, messages, false);
    }
}

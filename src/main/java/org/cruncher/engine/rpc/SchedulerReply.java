package org.cruncher.engine.rpc;

import java.util.List;

/**
 * A scheduler's reply.
 *
 * @param requestDelay  do not contact the project again for this many seconds (0: no delay)
 * @param jobs          new jobs
 * @param acked         names of reported results the server acknowledged
 * @param messages      messages for the user
 */
public record SchedulerReply(double requestDelay, List<NewJob> jobs, List<String> acked, List<String> messages) {

    public SchedulerReply {
        jobs = List.copyOf(jobs);
        acked = List.copyOf(acked);
        messages = List.copyOf(messages);
    }
}

package org.cruncher.engine.api;

import java.util.List;
import java.util.Objects;

/**
 * One project as the outside sees it. Debts and work are in FLOPs; divide by {@link HostView#cpuFlops()} for CPU
 * seconds.
 *
 * @param url             master URL
 * @param name            name
 * @param resourceShare   its resource share
 * @param shareFraction   share / total share, 0..1
 * @param suspended       suspended by the user
 * @param noNewTasks      gets no new tasks: set to "no new tasks", or to be removed when done
 * @param debt            the seeds' debt, FLOPs
 * @param anticipatedDebt the debt expected at the end of the period, FLOPs
 * @param totalWork       work done for it since the start, FLOPs, its running tasks' work up to now included
 * @param status          its standing with the CPU scheduler
 * @param leadVerdict     the verdict behind the status: one of its running tasks', or its best waiting task's, or
 *                        that of a task that can never start here
 * @param running         tasks running
 * @param waiting         tasks preempted or ready to start
 * @param readyToReport   finished tasks not yet reported
 * @param contact         how the client stands with its schedulers (min_rpc_time and why, failures...)
 * @param fetch           its work-fetch standing per resource
 * @param overallLongTermDebt the sum of its resource long-term debts weighted by speed, seconds of one CPU
 * @param target          what its share comes to on this host, given the resources it has applications for
 * @param detachWhenDone  to be removed when its tasks are done (BOINC's detach_when_done): no new tasks whatever
 *                        the user sets
 */
public record ProjectView(String url, String name, double resourceShare, double shareFraction, boolean suspended,
                          boolean noNewTasks, double debt, double anticipatedDebt, double totalWork,
                          ProjectStatus status, TaskVerdict leadVerdict, int running, int waiting,
                          int readyToReport, ContactView contact, List<FetchView> fetch,
                          double overallLongTermDebt, ShareTarget target, boolean detachWhenDone) {

    public ProjectView {
        fetch = List.copyOf(fetch);
        Objects.requireNonNull(target, "target");
    }
}

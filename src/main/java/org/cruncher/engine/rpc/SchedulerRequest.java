package org.cruncher.engine.rpc;

import java.util.List;

import org.cruncher.engine.model.Host;

/**
 * A scheduler request: reports and a work request to one project.
 *
 * @param projectUrl    the project's master URL
 * @param schedulerUrl  the scheduler URL this attempt goes to (a project may have several)
 * @param time          when it is sent
 * @param reason        why the client contacts the project
 * @param work          what work it asks for
 * @param reported      the finished results it reports
 * @param shareFraction the project's resource share over all projects' (resource_share_fraction)
 * @param host          the host, as the request describes it ({@code <host_info>}); null if not described
 */
public record SchedulerRequest(String projectUrl, String schedulerUrl, double time, RpcReason reason,
                               WorkRequest work, List<ReportedResult> reported, double shareFraction, Host host) {

    public SchedulerRequest {
        reported = List.copyOf(reported);
    }

    /** A request to the project's master URL as scheduler, without host information. */
    public SchedulerRequest(String projectUrl, double time, RpcReason reason, WorkRequest work,
                            List<ReportedResult> reported, double shareFraction) {
        this(projectUrl, projectUrl, time, reason, work, reported, shareFraction, null);
    }

    /** The same request sent to another of the project's scheduler URLs. */
    public SchedulerRequest to(String url) {
        return new SchedulerRequest(projectUrl, url, time, reason, work, reported, shareFraction, host);
    }
}

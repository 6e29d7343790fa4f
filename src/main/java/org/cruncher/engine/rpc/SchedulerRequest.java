package org.cruncher.engine.rpc;

import java.util.List;

/**
 * A scheduler request: reports and a work request to one project.
 *
 * @param projectUrl   the project's master URL
 * @param time         when it is sent
 * @param reason       why the client contacts the project
 * @param work         what work it asks for
 * @param reported     the finished results it reports
 * @param shareFraction the project's resource share over all projects' (resource_share_fraction)
 */
public record SchedulerRequest(String projectUrl, double time, RpcReason reason, WorkRequest work,
                               List<ReportedResult> reported, double shareFraction) {

    public SchedulerRequest {
        reported = List.copyOf(reported);
    }
}

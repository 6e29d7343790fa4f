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
 * @param disk          the disk figures (seed 004): free space three ways, usage, share, deletion policy
 * @param stickyFiles   the project's sticky files the client keeps, so that the server need not count them again
 * @param durationCorrectionFactor the project's duration correction factor, by which the client multiplies the
 *                      server's estimates ({@code duration_correction_factor}; 1: none)
 */
public record SchedulerRequest(String projectUrl, String schedulerUrl, double time, RpcReason reason,
                               WorkRequest work, List<ReportedResult> reported, double shareFraction, Host host,
                               DiskSpaceReport disk, List<String> stickyFiles, double durationCorrectionFactor) {

    public SchedulerRequest {
        reported = List.copyOf(reported);
        disk = disk == null ? DiskSpaceReport.UNKNOWN : disk;
        stickyFiles = List.copyOf(stickyFiles);
        durationCorrectionFactor = durationCorrectionFactor > 0 && Double.isFinite(durationCorrectionFactor)
                ? durationCorrectionFactor : 1;
    }

    /** A request whose client corrects no estimate. */
    public SchedulerRequest(String projectUrl, String schedulerUrl, double time, RpcReason reason, WorkRequest work,
                            List<ReportedResult> reported, double shareFraction, Host host, DiskSpaceReport disk,
                            List<String> stickyFiles) {
        this(projectUrl, schedulerUrl, time, reason, work, reported, shareFraction, host, disk, stickyFiles, 1);
    }

    /** A request that says nothing of the disk. */
    public SchedulerRequest(String projectUrl, String schedulerUrl, double time, RpcReason reason, WorkRequest work,
                            List<ReportedResult> reported, double shareFraction, Host host) {
        this(projectUrl, schedulerUrl, time, reason, work, reported, shareFraction, host, DiskSpaceReport.UNKNOWN,
                List.of());
    }

    /** A request to the project's master URL as scheduler, without host information. */
    public SchedulerRequest(String projectUrl, double time, RpcReason reason, WorkRequest work,
                            List<ReportedResult> reported, double shareFraction) {
        this(projectUrl, projectUrl, time, reason, work, reported, shareFraction, null);
    }

    /** The same request sent to another of the project's scheduler URLs. */
    public SchedulerRequest to(String url) {
        return new SchedulerRequest(projectUrl, url, time, reason, work, reported, shareFraction, host, disk,
                stickyFiles, durationCorrectionFactor);
    }
}

package org.cruncher.engine.model;

/**
 * The input of a job, as the server describes it.
 *
 * @param name          workunit name
 * @param appName       the app that processes it
 * @param rscFpopsEst   the server's estimate of the job's size in FLOPs
 * @param rscFpopsBound the size at which the client aborts the job as runaway
 * @param rscDiskBound  disk space the job may use, bytes
 */
public record Workunit(String name, String appName, double rscFpopsEst, double rscFpopsBound, double rscDiskBound) {

    public Workunit {
        if (name == null || name.isBlank()) {
            throw new IllegalArgumentException("a workunit needs a name");
        }
        if (!(rscFpopsEst >= 0) || Double.isInfinite(rscFpopsEst)) {
            throw new IllegalArgumentException("rsc_fpops_est must be a finite number >= 0: " + rscFpopsEst);
        }
    }

    public static Workunit of(String name, String appName, double fpopsEst) {
        return new Workunit(name, appName, fpopsEst, fpopsEst * 20, 0);
    }
}

package org.cruncher.emulator;

/**
 * How a simulated server makes the jobs of one app (BOINC's emulator extensions to {@code <app>}).
 *
 * @param appName       the app
 * @param fpopsActual   the true size of each job, FLOPs ({@code fpops_est}; jobs really take this)
 * @param estimateMean  mean of the size estimate the server sends ({@code <fpops><mean>})
 * @param estimateStdDev standard deviation of the estimate ({@code <fpops><std_dev>})
 * @param latencyBound  deadline = time sent + this, seconds
 * @param weight        relative chance the server picks this app
 * @param inputBytes    bytes each job downloads before it can run ({@code <input_file_bytes>}, default 0)
 * @param outputBytes   bytes each job uploads when it has run ({@code <output_file_bytes>}, default 0)
 * @param errorRate     chance that a job crashes part way ({@code <error_rate>}, default 0)
 * @param stickyBytes   a file of the app kept on the host between jobs, downloaded with the first job that needs it
 *                      ({@code <sticky_file_bytes>}, default 0: none)
 * @param priority      seed 004's priority of the jobs' input files ({@code <priority>}, default 1)
 * @param expDays       days the input files are to be kept ({@code <exp_days>}, default NaN: 60 days)
 */
public record JobSpec(String appName, double fpopsActual, double estimateMean, double estimateStdDev,
                      double latencyBound, double weight, double inputBytes, double outputBytes,
                      double errorRate, double stickyBytes, int priority, double expDays) {

    /** BOINC's emulator defaults: 3.6e14 FLOPs, 10 days. */
    public static final double DEFAULT_FPOPS = 3.6e14;
    public static final double DEFAULT_LATENCY = 864000;

    public JobSpec {
        if (!(fpopsActual > 0) || Double.isInfinite(fpopsActual)) {
            throw new IllegalArgumentException("app " + appName + ": fpops_est must be a positive number");
        }
        if (!(latencyBound > 0) || Double.isInfinite(latencyBound)) {
            throw new IllegalArgumentException("app " + appName + ": latency_bound must be a positive number");
        }
        estimateMean = estimateMean > 0 ? estimateMean : fpopsActual;
        estimateStdDev = estimateStdDev > 0 ? estimateStdDev : 0;
        weight = weight > 0 ? weight : 1;
        inputBytes = Math.max(0, inputBytes);
        outputBytes = Math.max(0, outputBytes);
        if (!(errorRate >= 0 && errorRate <= 1)) {
            throw new IllegalArgumentException("app " + appName + ": error_rate must be from 0 to 1");
        }
        stickyBytes = Math.max(0, stickyBytes);
        priority = Math.max(1, Math.min(5, priority));
    }

    /** An app whose jobs move these files and crash with this chance; no sticky file, default priority and expiry. */
    public JobSpec(String appName, double fpopsActual, double estimateMean, double estimateStdDev,
                   double latencyBound, double weight, double inputBytes, double outputBytes, double errorRate) {
        this(appName, fpopsActual, estimateMean, estimateStdDev, latencyBound, weight, inputBytes, outputBytes,
                errorRate, 0, 1, Double.NaN);
    }

    /** The name of the app's sticky file. */
    public String stickyFileName() {
        return appName + "_sticky";
    }

    /** An app whose jobs move no files and never crash. */
    public JobSpec(String appName, double fpopsActual, double estimateMean, double estimateStdDev,
                   double latencyBound, double weight) {
        this(appName, fpopsActual, estimateMean, estimateStdDev, latencyBound, weight, 0, 0, 0);
    }
}

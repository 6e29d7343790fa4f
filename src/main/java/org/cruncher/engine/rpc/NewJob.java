package org.cruncher.engine.rpc;

import org.cruncher.engine.model.Workunit;

/**
 * A job sent by a scheduler: a workunit and the result to compute for it with a given app version.
 *
 * @param resultName     result name
 * @param workunit       its workunit
 * @param appName        the app
 * @param versionNum     the app version number
 * @param planClass      the app version's plan class
 * @param reportDeadline when it must be reported
 * @param inputBytes     bytes to download before it can run (its workunit's input files)
 * @param outputBytes    bytes to upload once it has run (its output files)
 */
public record NewJob(String resultName, Workunit workunit, String appName, int versionNum, String planClass,
                     double reportDeadline, double inputBytes, double outputBytes) {

    public NewJob {
        inputBytes = Math.max(0, inputBytes);
        outputBytes = Math.max(0, outputBytes);
    }

    /** A job with no files to transfer. */
    public NewJob(String resultName, Workunit workunit, String appName, int versionNum, String planClass,
                  double reportDeadline) {
        this(resultName, workunit, appName, versionNum, planClass, reportDeadline, 0, 0);
    }
}

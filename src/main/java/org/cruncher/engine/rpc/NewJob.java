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
 */
public record NewJob(String resultName, Workunit workunit, String appName, int versionNum, String planClass,
                     double reportDeadline) {
}

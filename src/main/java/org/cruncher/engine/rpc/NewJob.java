package org.cruncher.engine.rpc;

import java.util.ArrayList;
import java.util.List;

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
 * @param inputs         its workunit's input files, downloaded before it can run
 * @param outputs        its output files, uploaded once it has run
 */
public record NewJob(String resultName, Workunit workunit, String appName, int versionNum, String planClass,
                     double reportDeadline, List<JobFile> inputs, List<JobFile> outputs) {

    public NewJob {
        inputs = List.copyOf(inputs);
        outputs = List.copyOf(outputs);
    }

    /** A job with one input file of {@code inputBytes} and one output file of {@code outputBytes} (none if 0). */
    public NewJob(String resultName, Workunit workunit, String appName, int versionNum, String planClass,
                  double reportDeadline, double inputBytes, double outputBytes) {
        this(resultName, workunit, appName, versionNum, planClass, reportDeadline,
                inputBytes > 0 ? List.of(JobFile.of(workunit.name() + "_in", inputBytes)) : List.of(),
                outputBytes > 0 ? List.of(JobFile.of(resultName + "_out", outputBytes)) : List.of());
    }

    /** A job with no files to transfer. */
    public NewJob(String resultName, Workunit workunit, String appName, int versionNum, String planClass,
                  double reportDeadline) {
        this(resultName, workunit, appName, versionNum, planClass, reportDeadline, List.of(), List.of());
    }

    /** Bytes of all its input files. */
    public double inputBytes() {
        return sum(inputs);
    }

    /** Bytes of all its output files (at most). */
    public double outputBytes() {
        return sum(outputs);
    }

    /** Every file name it refers to. */
    public List<String> fileNames() {
        List<String> names = new ArrayList<>();
        inputs.forEach(f -> names.add(f.name()));
        outputs.forEach(f -> names.add(f.name()));
        return names;
    }

    private static double sum(List<JobFile> files) {
        double s = 0;
        for (JobFile f : files) {
            s += f.nbytes();
        }
        return s;
    }
}

package org.cruncher.engine.rpc;

import java.util.ArrayList;
import java.util.List;

/**
 * A file of a job as the scheduler describes it: an input of its workunit or an output of its result.
 *
 * @param name     the file's name (unique within the project; a sticky input may be shared by many jobs)
 * @param nbytes   its size; for an output, the most it may grow to
 * @param priority seed 004's priority, P_LOW (1) to P_HIGH (5) ({@code <priority>}, default P_LOW)
 * @param expDays  days to keep it ({@code <exp_days>}); NaN for the default 60 days
 * @param sticky   it stays on the host when no job needs it any more ({@code <sticky/>})
 */
public record JobFile(String name, double nbytes, int priority, double expDays, boolean sticky) {

    public JobFile {
        nbytes = Math.max(0, nbytes);
    }

    /**
     * The input files of a job named after its workunit: its own {@code WU_in} (if {@code inputBytes} > 0) and its
     * app's sticky file {@code stickyName} (if {@code stickyBytes} > 0), both of seed 004's {@code priority} and
     * kept {@code expDays} (NaN: the default).
     */
    public static List<JobFile> inputs(String wuName, double inputBytes, String stickyName, double stickyBytes,
                                       int priority, double expDays) {
        List<JobFile> files = new ArrayList<>();
        if (inputBytes > 0) {
            files.add(new JobFile(wuName + "_in", inputBytes, priority, expDays, false));
        }
        if (stickyBytes > 0) {
            files.add(new JobFile(stickyName, stickyBytes, priority, expDays, true));
        }
        return files;
    }

    /** The output file of a result, {@code RESULT_out} of at most {@code outputBytes} (none if 0). */
    public static List<JobFile> outputs(String resultName, double outputBytes) {
        return outputBytes > 0 ? List.of(of(resultName + "_out", outputBytes)) : List.of();
    }

    /** A plain file of {@code nbytes}: priority P_LOW, default expiry, not sticky. */
    public static JobFile of(String name, double nbytes) {
        return new JobFile(name, nbytes, 1, Double.NaN, false);
    }
}

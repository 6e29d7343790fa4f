package org.cruncher.engine.rpc;

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

    /** A plain file of {@code nbytes}: priority P_LOW, default expiry, not sticky. */
    public static JobFile of(String name, double nbytes) {
        return new JobFile(name, nbytes, 1, Double.NaN, false);
    }
}

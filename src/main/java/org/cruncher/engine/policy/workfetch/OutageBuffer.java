package org.cruncher.engine.policy.workfetch;

/**
 * How long the low water of a project whose server has been unreachable before must last (decision 0004): the
 * work buffer's "store at least" plus the project's typical outage, but never more than halfway to "store up to",
 * so that a refill still brings a batch of work rather than one job per contact.
 */
final class OutageBuffer {

    private OutageBuffer() {
    }

    /**
     * @param lowBuf  work_buf_min, seconds
     * @param highBuf work_buf_min + work_buf_additional, seconds
     * @param outage  the project's typical outage, seconds (0 for a project that never failed)
     * @return the seconds of work the project's low water holds, before its share is taken
     */
    static double lowWaterSeconds(double lowBuf, double highBuf, double outage) {
        return Math.min(lowBuf + outage, lowBuf + (highBuf - lowBuf) / 2);
    }
}

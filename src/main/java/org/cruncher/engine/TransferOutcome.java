package org.cruncher.engine;

import org.cruncher.engine.model.Result;

/**
 * How a result's file transfer ended.
 *
 * @param result  the result
 * @param upload  true for its output files, false for its input files
 * @param failure why it failed, or null if it succeeded
 */
public record TransferOutcome(Result result, boolean upload, String failure) {

    public static TransferOutcome done(Result result, boolean upload) {
        return new TransferOutcome(result, upload, null);
    }

    public boolean succeeded() {
        return failure == null;
    }
}

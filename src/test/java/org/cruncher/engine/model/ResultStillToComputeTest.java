package org.cruncher.engine.model;

import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

import org.cruncher.testing.StateBuilder;

/** A result is still to be computed (and may be suspended by the user) until it ends, whatever its end. */
class ResultStillToComputeTest {

    @Test
    void newDownloadingAndDownloadedResultsAreStillToComputeEndedOnesAreNot() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 3600);
        Result r = b.state().results().iterator().next();
        for (ResultState s : new ResultState[] {ResultState.NEW, ResultState.FILES_DOWNLOADING,
            ResultState.FILES_DOWNLOADED}) {
            r.setState(s);
            assertTrue(r.stillToCompute(), s.name());
        }
        for (ResultState s : new ResultState[] {ResultState.COMPUTE_ERROR, ResultState.FILES_UPLOADING,
            ResultState.FILES_UPLOADED, ResultState.ABORTED, ResultState.UPLOAD_FAILED}) {
            r.setState(s);
            assertFalse(r.stillToCompute(), s.name());
        }
    }

    @Test
    void aDownloadedResultReadyToReportHasEnded() {
        StateBuilder b = StateBuilder.cpus(1).project("A", 100).cpuJobs("A", 1, 3600);
        Result r = b.state().results().iterator().next();
        // Computed and uploaded in one go, as the emulation reports it: 1 h of work at 1 GFLOPS.
        r.finish(ResultState.FILES_UPLOADED, 0, 3600, 3.6e12, 3600, 3600);
        assertFalse(r.stillToCompute());
    }
}

package org.cruncher.emulator;

import java.util.HashMap;
import java.util.Map;

import org.cruncher.engine.model.Result;

/**
 * The true size of each job, which only the emulated world knows: the client sees only the server's estimate.
 * Jobs not made by a simulated server (read from the state file) take what their estimate says.
 */
final class JobCatalog {

    private final Map<String, Double> actual = new HashMap<>();

    void register(String projectUrl, String resultName, double flops) {
        actual.put(projectUrl + '\n' + resultName, flops);
    }

    double actualFlops(Result r) {
        Double a = actual.get(r.project().url() + '\n' + r.name());
        return a != null ? a : r.workunit().rscFpopsEst();
    }
}

package org.cruncher.emulator;

import java.util.HashMap;
import java.util.Map;

import org.cruncher.engine.model.Result;

/**
 * What only the emulated world knows about each job: its true size (the client sees only the server's estimate) and
 * whether, and where, its application will crash. Jobs not made by a simulated server (read from the state file)
 * take what their estimate says, times their project's duration correction factor, and do not crash.
 */
final class JobCatalog {

    /** The true size, and the fraction of it at which the job crashes (1: it does not). */
    private record Fate(double flops, double crashAt) {
    }

    /** By project URL, then result name (two lookups on strings that keep their hash, no key built per lookup). */
    private final Map<String, Map<String, Fate>> fates = new HashMap<>();

    void register(String projectUrl, String resultName, double flops, double crashAt) {
        fates.computeIfAbsent(projectUrl, u -> new HashMap<>()).put(resultName, new Fate(flops, crashAt));
    }

    /** Forgets a job that has run: it never runs again, and a year of jobs would otherwise fill the heap. */
    void forget(Result r) {
        Map<String, Fate> own = fates.get(r.project().url());
        if (own != null) {
            own.remove(r.name());
        }
    }

    private Fate fate(Result r) {
        Map<String, Fate> own = fates.get(r.project().url());
        return own == null ? null : own.get(r.name());
    }

    /** The true size; a job read from the state file takes its estimate corrected as BOINC corrects it. */
    double actualFlops(Result r) {
        Fate f = fate(r);
        return f != null ? f.flops() : r.workunit().rscFpopsEst() * r.project().durationCorrectionFactor();
    }

    /** The fraction of its size at which the job's application crashes; 1 if it runs to its end. */
    double crashAt(Result r) {
        Fate f = fate(r);
        return f != null ? f.crashAt() : 1;
    }
}

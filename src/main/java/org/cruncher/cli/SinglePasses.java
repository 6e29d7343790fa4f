package org.cruncher.cli;

import java.util.Arrays;

import org.cruncher.emulator.Emulation;
import org.cruncher.emulator.Scenario;
import org.cruncher.engine.Engine;
import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Result;
import org.cruncher.engine.policy.cpusched.PeriodScheduler;
import org.cruncher.engine.policy.workfetch.FetchContext;

/**
 * Times single engine passes on a scenario's state part way through its emulation: the CPU scheduling pass at a
 * period boundary (debts settled, every instance given out) and the work-fetch simulation (the round-robin forecast
 * of the whole queue). Each is repeated after warm-up; the median is reported. The warm-up runs for a time as
 * well as a count, so that the JIT has compiled the pass before it is timed: a count alone left some passes timed
 * while the compiler still worked on the machine's other core (the same build timed 1.2 ms and 6.1 ms).
 */
final class SinglePasses {

    /** Median milliseconds of each pass, and the results still queued when they were timed. */
    record Times(double cpuPassMillis, double fetchSimulationMillis, long queued) {
    }

    private static final int WARMUP = 30;
    private static final int RUNS = 31;

    private SinglePasses() {
    }

    static Times time(Scenario scenario, double afterSeconds) {
        return time(scenario, afterSeconds, 0);
    }

    /** As {@link #time(Scenario, double)}, each pass warmed up for at least {@code warmupSeconds} as well. */
    static Times time(Scenario scenario, double afterSeconds, double warmupSeconds) {
        Emulation e = new Emulation(scenario, 1, null);
        e.advanceTo(scenario.startTime() + afterSeconds);
        ClientState state = e.state();
        double period = state.prefs().schedulingPeriodSeconds();
        double debtBound = Engine.DEBT_BOUND_SECONDS * state.resources().capacityFlops();
        double now = e.now();
        double cpu = median(() -> PeriodScheduler.plan(state, state.resources(), period, debtBound), warmupSeconds);
        double fetch = median(() -> FetchContext.of(state, now), warmupSeconds);
        long queued = state.results().stream().filter(Result::isComputable).count();
        return new Times(cpu, fetch, queued);
    }

    private static double median(Runnable pass, double warmupSeconds) {
        long warmEnd = System.nanoTime() + (long) (warmupSeconds * 1e9);
        for (int i = 0; i < WARMUP || System.nanoTime() < warmEnd; i++) {
            pass.run();
        }
        double[] ms = new double[RUNS];
        for (int i = 0; i < RUNS; i++) {
            long t0 = System.nanoTime();
            pass.run();
            ms[i] = (System.nanoTime() - t0) / 1e6;
        }
        Arrays.sort(ms);
        return ms[RUNS / 2];
    }
}

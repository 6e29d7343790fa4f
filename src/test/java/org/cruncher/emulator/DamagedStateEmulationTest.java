package org.cruncher.emulator;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTimeoutPreemptively;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.engine.api.EventKind;
import org.cruncher.engine.api.EventSink;
import org.cruncher.persist.ScenarioReader;

/**
 * Values a real or damaged client_state.xml can hold that once stopped emulated time from moving: each emulation
 * now ends, and what was changed on reading is said in the notes. (Corpus file: michaelzhye-e350-milkyway.xml, one
 * Milkyway task at checkpoint_fraction_done 0.015645 on a 2-CPU host of p_fpops 1.35e9.)
 */
class DamagedStateEmulationTest {

    private static final Path MILKYWAY = Path.of("src/test/resources/corpus/client_state/michaelzhye-e350-milkyway.xml");
    private static final Duration BOUND = Duration.ofSeconds(30);

    @TempDir
    Path tmp;

    private Scenario damaged(String from, String to) throws Exception {
        String text = Files.readString(MILKYWAY);
        assertTrue(text.contains(from), from);
        Path file = tmp.resolve("client_state.xml");
        Files.writeString(file, text.replace(from, to));
        return new ScenarioReader().read(file);
    }

    /** A task saved at fraction done 1 has nothing left: it ends at once and is reported; time moves on. */
    @Test
    void aTaskSavedAtFractionDoneOneEndsAtOnce() throws Exception {
        Scenario s = damaged("<checkpoint_fraction_done>0.015645", "<checkpoint_fraction_done>1.000000");
        int[] completed = new int[1];
        EventSink sink = e -> completed[0] += e.kind() == EventKind.TASK_COMPLETED ? 1 : 0;

        EmulationReport r = assertTimeoutPreemptively(BOUND, () -> Emulation.run(s, 1, 1, sink));

        assertEquals(1, r.simulatedDays(), 1e-9);
        assertTrue(completed[0] >= 1, "the finished task completed");
    }

    /** A CPU app version claiming 0 CPUs is taken as 0.01 CPU (BOINC's non-CPU-intensive figure), with a note. */
    @Test
    void aCpuAppUsingNoCpuIsTakenAsOneHundredth() throws Exception {
        Scenario s = damaged("<avg_ncpus>1.000000</avg_ncpus>", "<avg_ncpus>0</avg_ncpus>");

        assertTrue(s.notes().stream().anyMatch(n -> n.contains("using 0.0 CPUs would never fill the CPUs: taken as "
                + "0.01")), s.notes().toString());
        assertEquals(0.01, s.initialState().projects().iterator().next().appVersions().get(0).avgNcpus());
        assertTimeoutPreemptively(BOUND, () -> Emulation.run(s, 1, 1, EventSink.NONE));
    }

    /** flops 1e13 for one CPU of 1.35e9: over 100 x the benchmark, so 100 x 1 x p_fpops is used, with a note. */
    @Test
    void anImpossiblyFastCpuAppIsCappedAtAHundredTimesItsCpus() throws Exception {
        Scenario s = damaged("<flops>2191361855.931868</flops>", "<flops>1e13</flops>");
        double pFpops = s.initialState().host().cpuFlops();

        assertEquals(100 * pFpops, s.initialState().projects().iterator().next().appVersions().get(0).flops(), 1e-3);
        assertTrue(s.notes().stream().anyMatch(n -> n.contains("is over 100 times what its CPUs can do")));
        assertTimeoutPreemptively(BOUND, () -> Emulation.run(s, 1, 1, EventSink.NONE));
    }
}

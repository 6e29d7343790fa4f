package org.cruncher.persist;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

import org.cruncher.emulator.Scenario;

/**
 * Every file of the real-world corpus (client_state, prefs, cc_config, app_config, coproc_info, scheduler requests
 * and replies, BOINC's emulator samples) is read, unharmed, by the reader for its kind. The readers and the files
 * are those of {@link HostileInputFuzzTest}; counts and values are spot-checked in each reader's own test.
 */
class CorpusReadTest {

    /** BOINC's hand-written sample state has no p_ncpus: it is read with 1 CPU, the least BOINC counts, and a note. */
    private static final String NO_HOST = "emulator/boinc-sample-client_state_save.xml";

    @ParameterizedTest(name = "{0}")
    @MethodSource("org.cruncher.persist.HostileInputFuzzTest#corpusFiles")
    void everyCorpusFileIsReadByTheReaderForItsKind(String corpusPath) throws Exception {
        Path file = HostileInputFuzzTest.CORPUS.resolve(corpusPath);
        if (corpusPath.equals(NO_HOST)) {
            // It was refused ("the host has no CPUs"), where BOINC's client would count one and run.
            Scenario s = new ScenarioReader().read(file);
            assertEquals(1, s.initialState().host().cpuCount());
            assertTrue(s.notes().contains("<host_info> gives no <p_ncpus>: 1 CPU is used, the least BOINC counts "
                    + "(boinc-sample-client_state_save.xml line 2)"), s.notes()::toString);
            return;
        }
        HostileInputFuzzTest.readerFor(corpusPath).read(file);
    }

    /** 20 client states, 11 scheduler messages, 21 prefs and configs, 2 coproc_info, 4 emulator samples. */
    @org.junit.jupiter.api.Test
    void theCorpusIsAllThere() throws Exception {
        var files = HostileInputFuzzTest.corpusFiles().toList();
        assertEquals(58, files.size());
        assertEquals(20, files.stream().filter(f -> f.startsWith("client_state/")).count());
        assertEquals(11, files.stream().filter(f -> f.startsWith("sched/")).count());
        assertEquals(21, files.stream().filter(f -> f.startsWith("prefs/")).count());
        assertTrue(files.contains("coproc/jstateson-coproc_info-8xnvidia.xml"));
        assertTrue(Path.of("src/test/resources/corpus/SOURCES.md").toFile().isFile(), "attribution is there");
    }
}

package org.cruncher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

import org.cruncher.emulator.Scenario;
import org.cruncher.engine.model.ResultState;
import org.cruncher.persist.ScenarioReader;

class BenchWriteScenariosTest {

    @TempDir
    Path tmp;

    @Test
    void writesTheWindowCaseAsAStateThatReadsBackWithItsQueueAndServers() throws Exception {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = CruncherCli.run(new PrintWriter(out), new PrintWriter(err), "bench", "--write-scenarios",
                tmp.toString());

        assertEquals(0, code, err.toString());
        for (String name : BenchCommand.scenarioFolders().keySet()) {
            assertTrue(Files.isRegularFile(tmp.resolve(name).resolve("client_state.xml")), name);
        }
        Scenario s = new ScenarioReader().read(tmp.resolve("window-5000"));
        assertEquals(64, s.initialState().host().cpuCount());
        assertEquals(50, s.initialState().projects().size());
        assertEquals(50, s.servers().size(), "the emulated servers come back");
        assertEquals(15_000, s.initialState().results().stream().filter(r -> r.state() == ResultState.FILES_DOWNLOADED
                || r.state() == ResultState.NEW).count());
        assertEquals(15_000, s.initialState().results().size());
        assertTrue(s.name().contains("15,000 queued"), s.name());
        assertTrue(out.toString().contains("window-5000"), out.toString());
    }
}

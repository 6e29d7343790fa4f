package org.cruncher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

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

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int bench(String... args) {
        String[] command = new String[args.length + 1];
        command[0] = "bench";
        System.arraycopy(args, 0, command, 1, args.length);
        return CruncherCli.run(new PrintWriter(out), new PrintWriter(err), command);
    }

    /**
     * A file where the folder should be is bad input, said as emulate --out says it (one line, exit 2); it was exit
     * code 1 and "not a directory: FILE/2cpus-75-25".
     */
    @Test
    void aFileInTheWayIsBadInputSaidAsForOut() throws Exception {
        Path file = Files.writeString(tmp.resolve("afile"), "");

        assertEquals(2, bench("--write-scenarios", file.toString()));

        assertEquals(List.of("cruncher: " + file + ": --write-scenarios cannot be written: a file is in the way"),
                err.toString().lines().toList());
        assertEquals("", out.toString());
    }

    /** --case picks the scenarios written: "75/25" is in one case's name, "2 CPUs / 2 projects (75/25)". */
    @Test
    void caseSelectsTheScenariosWritten() throws Exception {
        assertEquals(0, bench("--write-scenarios", tmp.toString(), "--case", "75/25"), err.toString());

        try (var written = Files.list(tmp)) {
            assertEquals(List.of("2cpus-75-25"), written.map(p -> p.getFileName().toString()).toList());
        }
        assertEquals(1, out.toString().lines().count(), out.toString());
    }

    /** A --case that selects no scenario writes nothing and says which there are. */
    @Test
    void aCaseMatchingNoScenarioIsRefused() throws Exception {
        assertEquals(2, bench("--write-scenarios", tmp.toString(), "--case", "passes"));

        assertEquals(List.of("cruncher: --case passes matches no scenario to write (scenarios: 2cpus-75-25, "
                + "16cpus-2gpus, 64cpus-flaky, 64cpus-10000, window-5000)"), err.toString().lines().toList());
        try (var written = Files.list(tmp)) {
            assertEquals(0, written.count());
        }
    }
}

package org.cruncher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;

import org.cruncher.emulator.BenchScenarios;

/** {@code cruncher bench}: what it prints and how it judges a target (never how fast this machine is). */
class BenchCommandTest {

    @Test
    void aScaledCasePrintsItsRowWithTheMachineAndTheTargetScaled() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();
        int code = CruncherCli.run(new PrintWriter(out), new PrintWriter(err), "bench", "--case", "2 CPUs",
                "--days", "2", "--runs", "1", "--warmup", "0");
        assertEquals(0, code, err.toString());
        String text = out.toString();
        assertTrue(text.startsWith("Machine: "), text);
        assertTrue(text.contains("cores, ") && text.contains("Java 17"), text);
        assertTrue(text.matches("(?s).*2 CPUs / 2 projects \\(75/25\\)\\s+2 .*a year < 0.3 s \\(scaled to these days\\):"
                + " (met|missed).*"), text);
        assertTrue(!text.contains("16 CPUs") && !text.contains("single passes"), "only the case asked for");
    }

    @Test
    void aTargetIsMetOnlyWhenBothItsTimeAndItsHeapAreBelowTheirFigures() {
        BenchCommand.Case c = new BenchCommand.Case("c", BenchScenarios.twoCpus7525(), 365, "a year < 30 s", 30, 512);
        assertEquals("a year < 30 s: met", BenchCommand.verdict(c, 29.9, 511, false));
        assertEquals("a year < 30 s: missed", BenchCommand.verdict(c, 30.1, 100, false));
        assertEquals("a year < 30 s: missed", BenchCommand.verdict(c, 10, 600, false));
        assertEquals("", BenchCommand.verdict(new BenchCommand.Case("d", c.scenario(), 1, "", Double.NaN, Double.NaN),
                1, 1, false));
    }

    @Test
    void singlePassesAreTimedOnTheQueueAsItStandsPartWayIn() {
        // 1,250 queued at the start; 6 hours in, some have run and new work has come: a few hundred either way.
        SinglePasses.Times t = SinglePasses.time(BenchScenarios.sixtyFourCpus(1250), 6 * 3600.0);
        assertTrue(t.cpuPassMillis() > 0 && t.fetchSimulationMillis() > 0, t.toString());
        assertTrue(t.queued() > 800 && t.queued() < 2000, t.toString());
    }

    @Test
    void aCaseIsFoundByItsFolderNameToo() {
        Map<String, String> folders = BenchCommand.folderByName();
        BenchCommand.Case two = BenchCommand.cases().get(0);
        assertTrue(BenchCommand.selected(two, "2cpus", folders));
        assertTrue(BenchCommand.selected(two, "2 CPUs", folders));
        assertFalse(BenchCommand.selected(two, "64cpus", folders));
    }

    @Test
    void optionsThatWouldTimeNothingAreOneLineAndExitCodeTwo() {
        for (String[] args : new String[][] {{"--runs", "0"}, {"--warmup", "-1"}, {"--days", "-5"},
                {"--case", "nothing-like-it"}}) {
            StringWriter out = new StringWriter();
            StringWriter err = new StringWriter();
            List<String> command = new java.util.ArrayList<>(List.of("bench"));
            command.addAll(List.of(args));

            int code = CruncherCli.run(new PrintWriter(out), new PrintWriter(err), command.toArray(String[]::new));

            assertEquals(2, code, String.join(" ", args));
            assertEquals("", out.toString(), "nothing is timed");
            assertEquals(1, err.toString().lines().count(), err.toString());
            assertTrue(err.toString().startsWith("cruncher: " + args[0]), err.toString());
        }
    }

    /**
     * --warmup and --days take plain numbers ("3e0" was 3) and quote a value out of range as typed: "-1", not -1.0;
     * --runs a whole number (it said "'abc' is not an int").
     */
    @Test
    void numbersArePlainAndQuotedAsTyped() {
        for (String[] args : new String[][] {{"--warmup", "3e0", "'3e0' is not a plain number such as 10 or 2.5"},
                {"--days", "5d", "'5d' is not a plain number such as 10 or 2.5"}, {"--warmup", "-1", "not -1 "},
                {"--days", "0", "not 0 "}, {"--runs", "abc", "'abc' is not a whole number such as 1 or 42"}}) {
            StringWriter err = new StringWriter();

            int code = CruncherCli.run(new PrintWriter(new StringWriter()), new PrintWriter(err), "bench", args[0],
                    args[1]);

            assertEquals(2, code, args[1]);
            assertTrue(err.toString().contains(args[2]), err.toString());
        }
    }
}

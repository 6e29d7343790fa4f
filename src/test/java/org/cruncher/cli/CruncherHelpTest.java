package org.cruncher.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;

import org.junit.jupiter.api.Test;

import org.cruncher.gui.AppOptions;

class CruncherHelpTest {

    /** --help names the commands and the window's own options, which the README gives, in 80 columns. */
    @Test
    void helpListsTheCommandsAndTheWindowsOptions() {
        StringWriter out = new StringWriter();
        int code = CruncherCli.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "--help");

        String help = out.toString();
        assertEquals(0, code);
        for (String word : new String[] {"emulate", "check-state", "bench", "--scenario   a BOINC client_state.xml",
                "--data-dir", "--speed      emulated time per second", "--screenshot", "--paused"}) {
            assertTrue(help.contains(word), word + " in\n" + help);
        }
        assertTrue(help.lines().allMatch(l -> l.length() <= 80), help);
    }

    /**
     * Each of the window's options in the usage line has a line of its own below it, and a description that runs
     * over is indented under the others: --pane's list ran past 80 columns and "preferences" started at column 0.
     */
    @Test
    void everyWindowOptionIsDescribedAndNoLineStartsAtColumnZeroAfterThem() {
        StringWriter out = new StringWriter();
        CruncherCli.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "--help");
        String help = out.toString();
        List<String> footer = help.lines().dropWhile(l -> !l.startsWith("  cruncher [")).toList();

        for (String option : List.of("--scenario", "--data-dir", "--speed", "--paused", "--pane", "--screenshot",
                "--after", "--stats")) {
            assertTrue(footer.stream().anyMatch(l -> l.startsWith("  " + option + " ")), option + " in\n" + help);
        }
        assertTrue(footer.stream().allMatch(l -> l.startsWith(" ")), help);
        assertTrue(help.contains("               events; or, with --screenshot, the dialog what-if, preferences,\n"
                + "               glossary or about"), help);
    }

    /**
     * The help, the README and the error for a bad --speed name the same speeds (the help said 1s where the others
     * said real-time; both are taken), and each one named is taken.
     */
    @Test
    void theSpeedsAreNamedAlikeEverywhere() throws Exception {
        StringWriter out = new StringWriter();
        CruncherCli.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true), "--help");
        String help = out.toString().replaceAll("\\s+", " ");
        String error = assertThrows(IllegalArgumentException.class,
                () -> AppOptions.parse(List.of("--speed", "bogus"))).getMessage();
        String readme = Files.readString(Path.of("README.md"));

        assertTrue(help.contains("--speed emulated time per second: real-time, 1min, 10min, 1h, 1day or max (1s is "
                + "real-time too)"), help);
        assertEquals("--speed is one of real-time, 1min, 10min, 1h, 1day or max; not bogus", error);
        assertTrue(readme.contains("`--speed real-time|1min|10min|1h|1day|max` (`1s` is `real-time` too)"));
        for (String speed : List.of("real-time", "1s", "1min", "10min", "1h", "1day", "max")) {
            assertTrue(AppOptions.parse(List.of("--speed", speed)).speed().isPresent(), speed);
        }
    }

    /** -V prints the version on every command, as each one's --help says it does; subcommands printed nothing. */
    @Test
    void everyCommandPrintsTheVersion() {
        for (List<String> args : List.of(List.of("-V"), List.of("emulate", "-V"), List.of("check-state", "--version"),
                List.of("serve-project", "-V"), List.of("bench", "-V"))) {
            StringWriter out = new StringWriter();
            int code = CruncherCli.run(new PrintWriter(out, true), new PrintWriter(new StringWriter(), true),
                    args.toArray(String[]::new));

            assertEquals(0, code, args.toString());
            assertEquals(List.of("Cruncher 0.1.0"), out.toString().lines().toList(), args.toString());
        }
    }

    /** A bad option is one line, pointing at the command's help, and exit code 2: no page of usage. */
    @Test
    void aBadOptionIsOneLine() {
        StringWriter out = new StringWriter();
        StringWriter err = new StringWriter();

        int code = CruncherCli.run(new PrintWriter(out, true), new PrintWriter(err, true), "emulate", "x", "--days",
                "abc");

        assertEquals(2, code);
        assertEquals(List.of("cruncher: Invalid value for option '--days': 'abc' is not a plain number such as 10 or 2.5 "
                + "(see cruncher emulate --help)"), err.toString().lines().toList());
        assertEquals("", out.toString());
    }
}

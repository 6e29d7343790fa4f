package org.cruncher.cli;

import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.FileSystemException;
import java.nio.file.InvalidPathException;
import java.nio.file.Path;

import picocli.CommandLine;
import picocli.CommandLine.Command;

import org.cruncher.persist.InputProblem;
import org.cruncher.persist.IoReasons;

/** The headless commands. Bad input ends with exit code 2 and one line on stderr naming the file and problem. */
@Command(name = "cruncher", mixinStandardHelpOptions = true, versionProvider = CruncherVersion.class,
        description = "A volunteer-computing manager with a BOINC-style scheduling engine you can watch.",
        subcommands = {EmulateCommand.class, CheckStateCommand.class, ServeProjectCommand.class, BenchCommand.class,
                CommandLine.HelpCommand.class},
        footer = {"", "Without a command, cruncher opens the manager window: on the demo of this",
            "computer, or where it was left (its place and size, pane, speed and pause",
            "too, unless --pane, --speed or --paused says otherwise).",
            "  cruncher [--scenario PATH] [--data-dir DIR] [--speed SPEED] [--paused]",
            "           [--pane NAME] [--screenshot FILE [--after SECONDS]] [--stats]",
            "  --scenario   a BOINC client_state.xml or an emulator scenario folder",
            "  --data-dir   where the window keeps its state and preferences",
            "  --speed      emulated time per second: real-time, 1min, 10min, 1h, 1day or",
            "               max (1s is real-time too)",
            "  --paused     open with the emulation paused",
            "  --pane       the pane shown: tasks, projects, timeline, work-fetch, disk,",
            "               events; or, with --screenshot, the dialog what-if, preferences,",
            "               glossary or about",
            "  --screenshot write the window as a PNG after --after seconds, then exit",
            "  --after      seconds the window runs before --screenshot (default: 5)",
            "  --stats      print start-up times and the FX thread's load"})
public final class CruncherCli {

    /** Exit code for unusable input (a missing file, malformed XML, an impossible value). */
    public static final int EXIT_BAD_INPUT = 2;
    /** Exit code for a file that could not be written or read while running (one line on stderr, no trace). */
    public static final int EXIT_IO = 1;

    private CruncherCli() {
    }

    /** Runs the command line and returns the exit code. */
    public static int run(String... args) {
        return run(new PrintWriter(System.out, true), new PrintWriter(System.err, true), args);
    }

    public static int run(PrintWriter out, PrintWriter err, String... args) {
        CommandLine cl = new CommandLine(new CruncherCli());
        cl.setOut(out);
        cl.setErr(err);
        // Picocli's own conversion gave Java's exception in its message; the cause is kept here for the handler.
        cl.registerConverter(Path.class, typed -> {
            try {
                return Path.of(typed);
            } catch (InvalidPathException e) {
                throw (CommandLine.TypeConversionException) new CommandLine.TypeConversionException(
                        IoReasons.unusablePath(e)).initCause(e);
            }
        });
        cl.setParameterExceptionHandler((ex, params) -> {
            InvalidPathException badPath = IoReasons.invalidPath(ex);
            if (badPath != null) {
                err.println("cruncher: " + IoReasons.unusablePath(badPath));
                return EXIT_BAD_INPUT;
            }
            String command = ex.getCommandLine().getCommandName();
            err.println("cruncher: " + ex.getMessage() + " (see cruncher " + ("cruncher".equals(command) ? ""
                    : command + " ") + "--help)");
            return EXIT_BAD_INPUT;
        });
        cl.setExecutionExceptionHandler((ex, commandLine, parseResult) -> {
            if (ex instanceof InputProblem) {
                err.println("cruncher: " + ((InputProblem) ex).oneLine());
                return EXIT_BAD_INPUT;
            }
            if (ex instanceof IOException io) {
                err.println("cruncher: " + IoReasons.of(io) + (io instanceof FileSystemException fs
                        && fs.getFile() != null ? ": " + fs.getFile() : ""));
                return EXIT_IO;
            }
            throw ex;
        });
        return cl.execute(args);
    }
}

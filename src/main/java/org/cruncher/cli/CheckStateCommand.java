package org.cruncher.cli;

import java.nio.file.Path;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import org.cruncher.persist.InputProblem;
import org.cruncher.persist.ScenarioReader;

/** {@code cruncher check-state FILE}: reads a client_state.xml (or a scenario folder) and says what is in it. */
@Command(name = "check-state", mixinStandardHelpOptions = true, versionProvider = CruncherVersion.class,
        description = "Read a client_state.xml (with the global_prefs*.xml and cc_config.xml beside it) or a "
                + "scenario folder and print what it holds: host, projects and shares, results by state, active "
                + "tasks, preferences in force, and what was inferred. A file that cannot be read or makes no sense: "
                + "one line and exit code 2; a value out of range: a note saying what was used instead.")
final class CheckStateCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A client_state.xml file or a folder holding one.")
    private Path file;

    @Override
    public Integer call() throws InputProblem {
        ScenarioReader.Read read = new ScenarioReader().readWithHeader(file);
        for (String line : StateSummary.of(read.scenario(), read.prefs(), read.config().optionsInForce())) {
            spec.commandLine().getOut().println(line);
        }
        spec.commandLine().getOut().flush();
        return 0;
    }
}

package org.cruncher.cli;

import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;

import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

import org.cruncher.emulator.Scenario;
import org.cruncher.engine.model.Prefs;
import org.cruncher.persist.InputProblem;
import org.cruncher.persist.ScenarioReader;

/** {@code cruncher check-state FILE}: reads a client_state.xml (or a scenario folder) and says what is in it. */
@Command(name = "check-state", mixinStandardHelpOptions = true,
        description = "Read a client_state.xml (with the global_prefs*.xml and cc_config.xml beside it) or a "
                + "scenario folder and print what it holds: host, projects and shares, results by state, active "
                + "tasks, preferences in force, and what was inferred. Bad input: one line and exit code 2.")
final class CheckStateCommand implements Callable<Integer> {

    @Spec
    private CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "A client_state.xml file or a folder holding one.")
    private Path file;

    @Override
    public Integer call() throws InputProblem {
        Scenario s = new ScenarioReader().read(file);
        for (String line : StateSummary.of(s, prefsInForce(s.initialState().prefs()))) {
            spec.commandLine().getOut().println(line);
        }
        spec.commandLine().getOut().flush();
        return 0;
    }

    private static List<String> prefsInForce(Prefs p) {
        return List.of(
                "Store at least " + StateSummary.number(p.workBufMinDays()) + " days and up to an additional "
                        + StateSummary.number(p.workBufAdditionalDays()) + " days of work",
                "Switch between tasks every " + StateSummary.number(p.cpuSchedulingPeriodMinutes()) + " minutes",
                "Use at most " + StateSummary.number(p.maxNcpusPct()) + " % of the CPUs and "
                        + StateSummary.number(p.cpuUsageLimit()) + " % of CPU time",
                "Disk: use no more than " + StateSummary.number(p.diskMaxUsedGb()) + " GB (0: no limit), "
                        + StateSummary.number(p.diskMaxUsedPct()) + " % of the disk, leave at least "
                        + StateSummary.number(p.diskMinFreeGb()) + " GB free");
    }
}

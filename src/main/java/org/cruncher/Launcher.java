package org.cruncher;

import java.util.Set;

import org.cruncher.cli.CruncherCli;
import org.cruncher.gui.GuiMain;

/**
 * The entry point of {@code java -jar cruncher.jar}. With a subcommand ({@code emulate}, {@code check-state}...) it
 * runs headless and never loads a JavaFX class; with none it opens the manager window. It does not extend
 * {@code Application}, so JavaFX can start from the class path.
 */
public final class Launcher {

    private static final Set<String> CLI_WORDS = Set.of("emulate", "check-state", "serve-project", "bench", "help",
            "-h", "--help", "-V", "--version");

    private Launcher() {
    }

    public static void main(String[] args) {
        if (args.length > 0 && CLI_WORDS.contains(args[0])) {
            System.exit(CruncherCli.run(args));
        }
        GuiMain.launch(args);
    }
}

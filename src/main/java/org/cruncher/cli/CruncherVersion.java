package org.cruncher.cli;

import picocli.CommandLine.IVersionProvider;

/**
 * Cruncher's version, for {@code -V/--version} on the top command and on each subcommand: every one lists the option
 * in its help (picocli's standard help options), and a subcommand without a version printed nothing.
 */
final class CruncherVersion implements IVersionProvider {

    static final String TEXT = "Cruncher 0.1.0";

    @Override
    public String[] getVersion() {
        return new String[] {TEXT};
    }
}

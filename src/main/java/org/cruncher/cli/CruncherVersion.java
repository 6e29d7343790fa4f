package org.cruncher.cli;

import picocli.CommandLine.IVersionProvider;

import org.cruncher.Release;

/**
 * Cruncher's version, for {@code -V/--version} on the top command and on each subcommand: every one lists the option
 * in its help (picocli's standard help options), and a subcommand without a version printed nothing.
 */
final class CruncherVersion implements IVersionProvider {

    @Override
    public String[] getVersion() {
        return new String[] {Release.NAME};
    }
}

package org.cruncher;

/**
 * Cruncher's release number, as `--version` prints it and Help > About shows it; the installers package the pom's
 * version, which {@code ReleaseTest} holds to this.
 */
public final class Release {

    /** The release number. */
    public static final String NUMBER = "0.1.0";
    /** "Cruncher 0.1.0". */
    public static final String NAME = "Cruncher " + NUMBER;

    private Release() {
    }
}

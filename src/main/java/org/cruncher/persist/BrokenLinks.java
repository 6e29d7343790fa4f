package org.cruncher.persist;

import java.io.IOException;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Side files (cc_config.xml, the preferences, app_config.xml) that are symbolic links to nothing. BOINC's client
 * cannot open them and goes on as if they were absent; Cruncher does the same, and says so.
 */
final class BrokenLinks {

    private BrokenLinks() {
    }

    /**
     * "cc_config.xml is a link to /etc/boinc-client/cc_config.xml, which does not exist: read as absent, as BOINC
     * does"; empty if {@code file} is not such a link.
     */
    static Optional<String> note(Path file) {
        if (!Files.isSymbolicLink(file) || Files.exists(file)) {
            return Optional.empty();
        }
        return Optional.of(file.getFileName() + " is a link to " + target(file)
                + ", which does not exist: read as absent, as BOINC does");
    }

    /**
     * Why {@code link} leads nowhere: "is a link to X, which does not exist", or "is a link that leads back to
     * itself" for a loop of links (the system gives up after so many; X itself exists, as a link).
     */
    static String why(Path link) {
        String to = target(link);
        try {
            link.toRealPath();
        } catch (FileSystemException e) {
            if (e.getReason() != null && e.getReason().toLowerCase(Locale.ROOT).contains("levels of symbolic")) {
                return "is a link that leads back to itself (through " + to + ")";
            }
        } catch (IOException | SecurityException e) {
            // not a loop: a link to nothing
        }
        return "is a link to " + to + ", which does not exist";
    }

    /** Where the link points, or "a place that cannot be read" if even that fails. */
    static String target(Path link) {
        try {
            return Files.readSymbolicLink(link).toString();
        } catch (IOException | UnsupportedOperationException | SecurityException e) {
            return "a place that cannot be read";
        }
    }
}

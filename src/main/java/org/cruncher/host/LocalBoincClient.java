package org.cruncher.host;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * Finds the data folder of a BOINC client installed on this computer, so that the manager can offer to open its
 * client_state.xml by name. The folders are the installers' defaults: Debian/Ubuntu's {@code /var/lib/boinc-client},
 * Fedora's {@code /var/lib/boinc}, macOS's {@code /Library/Application Support/BOINC Data} and Windows'
 * {@code %ProgramData%\BOINC}.
 */
public final class LocalBoincClient {

    private LocalBoincClient() {
    }

    /** The first default data folder that holds a client_state.xml, if any. */
    public static Optional<Path> dataFolder() {
        return candidates(System.getProperty("os.name", ""), System.getenv("ProgramData")).stream()
                .filter(dir -> Files.isRegularFile(dir.resolve("client_state.xml")))
                .findFirst();
    }

    /** The default data folders of BOINC on {@code osName}, most common first. */
    static List<Path> candidates(String osName, String programData) {
        String os = osName.toLowerCase(Locale.ROOT);
        if (os.startsWith("windows")) {
            return List.of(Path.of(programData == null || programData.isBlank() ? "C:\\ProgramData" : programData,
                    "BOINC"));
        }
        if (os.startsWith("mac")) {
            return List.of(Path.of("/Library/Application Support/BOINC Data"));
        }
        return List.of(Path.of("/var/lib/boinc-client"), Path.of("/var/lib/boinc"));
    }
}

package org.cruncher.persist;

import java.nio.file.Path;

/** Where a note points in the input: "client_state.xml line 12", the file by its name, as the user knows it. */
final class SourceLine {

    private SourceLine() {
    }

    static String of(Path file, int line) {
        return (file == null || file.getFileName() == null ? "" : file.getFileName() + " ") + "line " + line;
    }
}

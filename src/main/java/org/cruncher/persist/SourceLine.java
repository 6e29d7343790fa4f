package org.cruncher.persist;

import java.nio.file.Path;

/**
 * Where a note points in the input: "client_state.xml line 12" or "client_state.xml <event_log>", the file by its
 * name, as the user knows it.
 */
final class SourceLine {

    private SourceLine() {
    }

    static String of(Path file, int line) {
        return name(file) + "line " + line;
    }

    /** "client_state.xml <event_log>": a note's place as an element of the file read. */
    static String of(Path file, String element) {
        return name(file) + "<" + element + ">";
    }

    private static String name(Path file) {
        return file == null || file.getFileName() == null ? "" : file.getFileName() + " ";
    }
}

package org.cruncher.persist;

import java.nio.file.Path;

/**
 * Input that cannot be used, with where and why: shown to the user as one line, "FILE:LINE: problem".
 */
public final class InputProblem extends Exception {

    private static final long serialVersionUID = 1L;

    private final transient Path file;
    private final int line;

    public InputProblem(Path file, int line, String message) {
        super(firstLine(message));
        this.file = file;
        this.line = line;
    }

    public InputProblem(Path file, String message) {
        this(file, 0, message);
    }

    /** Parser messages can run over several lines; the user gets one. */
    private static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "unusable input";
        }
        String m = message.strip();
        int nl = m.indexOf('\n');
        return nl < 0 ? m : m.substring(0, nl).strip();
    }

    public Path file() {
        return file;
    }

    /** The line the problem is on, or 0 if it concerns the whole file. */
    public int line() {
        return line;
    }

    /** "FILE:LINE: problem", or "FILE: problem" without a line. */
    public String oneLine() {
        String where = file == null ? "" : file.toString();
        if (line > 0) {
            where += ":" + line;
        }
        return (where.isEmpty() ? "" : where + ": ") + getMessage();
    }
}

package org.cruncher.persist;

import java.nio.file.Path;

/**
 * Input that cannot be used, with where and why: shown to the user as one line, "FILE:LINE: problem".
 */
public final class InputProblem extends Exception {

    private static final long serialVersionUID = 1L;

    /** The longest message kept: a message may quote the input, which a hostile file makes megabytes long. */
    static final int MAX_MESSAGE_CHARS = 200;

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

    /** Parser messages can run over several lines; the user gets one, cut at {@link #MAX_MESSAGE_CHARS}. */
    private static String firstLine(String message) {
        if (message == null || message.isBlank()) {
            return "unusable input";
        }
        String m = message.strip();
        int nl = m.indexOf('\n');
        int cr = m.indexOf('\r');
        int end = nl < 0 ? cr : cr < 0 ? nl : Math.min(nl, cr);
        String line = end < 0 ? m : m.substring(0, end).strip();
        return line.length() <= MAX_MESSAGE_CHARS ? line : line.substring(0, MAX_MESSAGE_CHARS) + "...";
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

package org.cruncher.server.config;

import java.util.Arrays;
import java.util.Locale;
import java.util.Optional;
import java.util.stream.Collectors;

/**
 * How the loopback project's scheduler answers: normally, or with one of the faults a client must survive. The
 * modes concern scheduler requests only; the master page is always served.
 */
public enum FaultMode {
    /** Normal replies: acknowledgements, jobs for what is asked, the configured request_delay. */
    UP,
    /** {@code <project_is_down/>} with the request_delay: no jobs, no acknowledgements. */
    DOWN,
    /** HTTP 500, no reply. */
    ERROR_500,
    /** HTTP 200 with a body that is not XML. */
    GARBAGE,
    /** Waits the configured number of seconds, then answers as {@link #UP}. */
    SLOW,
    /** Acknowledgements but no jobs, with the message "Project has no tasks available". */
    NO_WORK;

    /** The name used in configuration files and on the command line: "up", "error_500", "no_work"... */
    public String label() {
        return name().toLowerCase(Locale.ROOT);
    }

    /** The mode a label names; case does not matter and "-" may stand for "_" ("no-work", "ERROR_500"). */
    public static Optional<FaultMode> parse(String label) {
        if (label == null) {
            return Optional.empty();
        }
        String l = label.strip().toLowerCase(Locale.ROOT).replace('-', '_');
        return Arrays.stream(values()).filter(m -> m.label().equals(l)).findFirst();
    }

    /** Every label, for messages: "up, down, error_500, garbage, slow, no_work". */
    public static String labels() {
        return Arrays.stream(values()).map(FaultMode::label).collect(Collectors.joining(", "));
    }
}

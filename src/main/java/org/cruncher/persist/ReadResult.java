package org.cruncher.persist;

import java.util.List;

/**
 * A configuration file as read, with the one-line warnings about values that were unusable and ignored or out of
 * range and clamped ("cc_config.xml:4: start_delay -5 is below 0: 0 used").
 *
 * @param value    what was read
 * @param warnings one line each, in file order
 */
public record ReadResult<T>(T value, List<String> warnings) {

    public ReadResult {
        warnings = List.copyOf(warnings);
    }
}

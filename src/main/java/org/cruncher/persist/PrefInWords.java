package org.cruncher.persist;

/**
 * One preference in force, for a summary: {@code name} as in the file ("work_buf_min_days", "start_hour/end_hour",
 * "day_prefs Monday") and {@code words} as a person says it ("Store at least 0.1 days of work").
 */
public record PrefInWords(String name, String words) {
}

package org.cruncher.engine.api;

/** Which disk preference sets the client's total limit: the most restrictive of the three (seed 004, BOINC prefs). */
public enum DiskLimitSource {
    /** "Use no more than N GB" (disk_max_used_gb). */
    MAX_USED_GB("disk_max_used_gb"),
    /** "Leave at least N GB free" (disk_min_free_gb): the client's usage plus the free space, less N GB. */
    MIN_FREE_GB("disk_min_free_gb"),
    /** "Use no more than N % of total" (disk_max_used_pct). */
    MAX_USED_PCT("disk_max_used_pct"),
    /** The disk's size is unknown and no "use no more than N GB" is set: nothing limits the client. */
    NO_LIMIT("");

    private final String preference;

    DiskLimitSource(String preference) {
        this.preference = preference;
    }

    /** The BOINC preference that sets the limit ("disk_min_free_gb"), or "" when nothing does. */
    public String preference() {
        return preference;
    }
}

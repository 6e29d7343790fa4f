package org.cruncher.persist;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Jackson DTOs for global_prefs.xml / global_prefs_override.xml ({@code <global_preferences>}), boinc-engine.md
 * §5.2. Absent elements stay null, so an override file changes only what it names.
 */
final class PrefsXml {

    private PrefsXml() {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class GlobalPreferences {
        public Double cpuSchedulingPeriodMinutes;
        public Double workBufMinDays;
        public Double workBufAdditionalDays;
        public Double maxNcpusPct;
        public Double cpuUsageLimit;
        public Double diskMaxUsedGb;
        public Double diskMaxUsedPct;
        public Double diskMinFreeGb;
    }
}

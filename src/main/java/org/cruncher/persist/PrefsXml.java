package org.cruncher.persist;

import com.fasterxml.jackson.annotation.JsonIgnoreProperties;

/**
 * Jackson DTOs for cc_config.xml ({@code <cc_config><options>}), boinc-engine.md §5.3. Absent elements stay null.
 * The global preferences are read by {@link GlobalPrefsReader}.
 */
final class PrefsXml {

    private PrefsXml() {
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class CcConfig {
        public Options options;
    }

    @JsonIgnoreProperties(ignoreUnknown = true)
    static final class Options {
        public Double ncpus;
        public String noGpus;
        public String reportResultsImmediately;
    }
}

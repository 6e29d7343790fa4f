package org.cruncher.persist;

import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.Locale;
import java.util.Map;

/**
 * Where the computer is, as BOINC's client chooses which {@code <venue>} of global_prefs.xml applies
 * ({@code CLIENT_STATE::read_global_prefs}): the {@code <host_venue>} of global_prefs_override.xml if it names one;
 * otherwise the venue of the project the preferences came from ({@code <source_project>}), if it is attached; otherwise
 * the client's own {@code <host_venue>} in client_state.xml.
 *
 * @param client    client_state.xml's top-level {@code <host_venue>} ("" if none)
 * @param byProject each attached project's {@code <host_venue>}, by master URL
 */
public record HostVenues(String client, Map<String, String> byProject) {

    /** No venue: the general preferences apply. */
    public static final HostVenues NONE = new HostVenues("", Map.of());

    public HostVenues {
        client = client == null ? "" : client.strip();
        byProject = Collections.unmodifiableMap(new LinkedHashMap<>(byProject));
    }

    /** The venue whose preferences apply, for preferences sent by {@code sourceProject} ("" if none named). */
    String of(String sourceProject) {
        String source = key(sourceProject);
        for (Map.Entry<String, String> e : byProject.entrySet()) {
            if (!source.isEmpty() && key(e.getKey()).equals(source)) {
                return e.getValue() == null ? "" : e.getValue().strip();
            }
        }
        return client;
    }

    /** A master URL as BOINC compares them: without its scheme, its trailing slashes or its case. */
    private static String key(String url) {
        String s = url == null ? "" : url.strip().toLowerCase(Locale.ROOT).replaceFirst("^[a-z]+://", "");
        return s.replaceFirst("/+$", "");
    }
}

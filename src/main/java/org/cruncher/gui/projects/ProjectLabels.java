package org.cruncher.gui.projects;

import java.net.URI;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

import org.cruncher.engine.api.ProjectView;

/**
 * What the charts call each project, by its master URL (the engine's identity of a project): its name, and where
 * another project has the same name, its server's host name after it ("Einstein (einstein.example.org)"), or its
 * whole URL where the hosts are the same too. Keyed by name, the share chart drew two projects of one name as one.
 */
final class ProjectLabels {

    private ProjectLabels() {
    }

    /** Each project's label by its URL, in the projects' order. */
    static Map<String, String> of(List<ProjectView> projects) {
        Map<String, Integer> names = new HashMap<>();
        Map<String, Integer> hosts = new HashMap<>();
        for (ProjectView p : projects) {
            names.merge(p.name(), 1, Integer::sum);
            hosts.merge(p.name() + "\n" + host(p.url()), 1, Integer::sum);
        }
        Map<String, String> labels = new LinkedHashMap<>();
        for (ProjectView p : projects) {
            String label = p.name();
            if (names.get(p.name()) > 1) {
                boolean hostTells = hosts.get(p.name() + "\n" + host(p.url())) == 1;
                label += " (" + (hostTells ? host(p.url()) : p.url()) + ")";
            }
            labels.put(p.url(), label);
        }
        return labels;
    }

    /** The host name of {@code url}, or the URL itself where it has none. */
    static String host(String url) {
        try {
            String host = URI.create(url.trim()).getHost();
            return host == null ? url : host;
        } catch (IllegalArgumentException e) {
            return url;
        }
    }
}

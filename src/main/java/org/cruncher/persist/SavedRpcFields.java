package org.cruncher.persist;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;

import org.cruncher.engine.api.RequestView;
import org.cruncher.engine.model.ResourceType;

/**
 * A saved scheduler RPC's two per-resource figures as one line of text each, so that an {@code <rpc>} of {@code
 * <recent_rpcs>} is a flat record like the event log's: what was asked, "CPU 3600 2; NVIDIA 0 1" (seconds and idle
 * instances), and the jobs that came, "CPU 3; NVIDIA 1". Numbers are written to read back exactly.
 */
final class SavedRpcFields {

    private SavedRpcFields() {
    }

    /** In the resource types' order, so that the same RPC is written the same way (a copied map has none). */
    static String requested(Map<ResourceType, RequestView> asked) {
        StringBuilder s = new StringBuilder();
        for (ResourceType type : ResourceType.values()) {
            RequestView r = asked.get(type);
            if (r != null) {
                separate(s).append(type.boincName()).append(' ').append(XmlText.plain(r.seconds())).append(' ')
                        .append(XmlText.plain(r.instances()));
            }
        }
        return s.toString();
    }

    static String jobs(Map<ResourceType, Integer> jobs) {
        StringBuilder s = new StringBuilder();
        for (ResourceType type : ResourceType.values()) {
            Integer n = jobs.get(type);
            if (n != null) {
                separate(s).append(type.boincName()).append(' ').append(n);
            }
        }
        return s.toString();
    }

    /** What {@link #requested} wrote; empty if any part is not a resource and two numbers >= 0. */
    static Optional<Map<ResourceType, RequestView>> readRequested(String text) {
        Map<ResourceType, RequestView> asked = new EnumMap<>(ResourceType.class);
        for (String part : parts(text)) {
            String[] f = part.split(" ");
            Optional<ResourceType> type = ResourceType.fromBoincName(f[0]);
            double seconds = f.length == 3 ? number(f[1]) : Double.NaN;
            double instances = f.length == 3 ? number(f[2]) : Double.NaN;
            if (type.isEmpty() || !(seconds >= 0) || !(instances >= 0) || asked.containsKey(type.get())) {
                return Optional.empty();
            }
            asked.put(type.get(), new RequestView(seconds, instances));
        }
        return Optional.of(asked);
    }

    /** What {@link #jobs} wrote; empty if any part is not a resource and a whole number >= 0. */
    static Optional<Map<ResourceType, Integer>> readJobs(String text) {
        Map<ResourceType, Integer> jobs = new EnumMap<>(ResourceType.class);
        for (String part : parts(text)) {
            String[] f = part.split(" ");
            Optional<ResourceType> type = ResourceType.fromBoincName(f[0]);
            double n = f.length == 2 ? number(f[1]) : Double.NaN;
            if (type.isEmpty() || !(n >= 0) || n != Math.rint(n) || n > Integer.MAX_VALUE
                    || jobs.containsKey(type.get())) {
                return Optional.empty();
            }
            jobs.put(type.get(), (int) n);
        }
        return Optional.of(jobs);
    }

    private static StringBuilder separate(StringBuilder s) {
        return s.isEmpty() ? s : s.append("; ");
    }

    private static String[] parts(String text) {
        String t = text.strip();
        return t.isEmpty() ? new String[0] : t.split(" *; *");
    }

    private static double number(String s) {
        try {
            return Double.parseDouble(s);
        } catch (NumberFormatException e) {
            return Double.NaN;
        }
    }
}

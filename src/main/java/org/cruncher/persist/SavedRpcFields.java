package org.cruncher.persist;

import java.util.EnumMap;
import java.util.Map;
import java.util.Optional;
import java.util.function.Function;

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
        return read(text, 2, n -> n[0] >= 0 && n[1] >= 0 ? new RequestView(n[0], n[1]) : null);
    }

    /** What {@link #jobs} wrote; empty if any part is not a resource and a whole number >= 0. */
    static Optional<Map<ResourceType, Integer>> readJobs(String text) {
        return read(text, 1, n -> n[0] >= 0 && n[0] == Math.rint(n[0]) && n[0] <= Integer.MAX_VALUE
                ? (Integer) (int) n[0] : null);
    }

    /**
     * "CPU 3600 2; NVIDIA 0 1" as a map: each part a resource's name and {@code count} numbers, which {@code value}
     * turns into the resource's value (null if they are not one); empty if any part is not so, or names a resource
     * twice.
     */
    private static <V> Optional<Map<ResourceType, V>> read(String text, int count, Function<double[], V> value) {
        Map<ResourceType, V> map = new EnumMap<>(ResourceType.class);
        for (String part : parts(text)) {
            String[] f = part.split(" ");
            Optional<ResourceType> type = ResourceType.fromBoincName(f[0]);
            if (type.isEmpty() || f.length != count + 1 || map.containsKey(type.get())) {
                return Optional.empty();
            }
            double[] numbers = new double[count];
            for (int i = 0; i < count; i++) {
                numbers[i] = number(f[i + 1]);
            }
            V v = value.apply(numbers);
            if (v == null) {
                return Optional.empty();
            }
            map.put(type.get(), v);
        }
        return Optional.of(map);
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

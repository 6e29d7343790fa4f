package org.cruncher.gui.timeline;

import java.util.List;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.api.HostAvailability;
import org.cruncher.engine.model.ResourceType;

/**
 * What the Timeline pane draws: from {@code start} to {@code end}, per project (in the state's order), when its tasks
 * held each processor type and how many of them, and above them what the computer allowed. Before {@code since}
 * nothing was recorded.
 *
 * @param resources each processor type of the host and its instances, the CPU first (the map keeps the order)
 * @param host      the stretches of what the host allowed that reach into the span, in time order (none where it
 *                  is not known)
 */
public record Timeline(double start, double end, double since, Map<ResourceType, Integer> resources,
                       List<Lane> lanes, List<HostStretch> host) {

    /** A stretch of time in which the host allowed {@code availability}. */
    public record HostStretch(double from, double to, HostAvailability availability) {

        /** Whether {@code type}'s processors could compute then. */
        public boolean computes(ResourceType type) {
            return type == ResourceType.CPU ? availability.cpusCompute() : availability.gpusCompute();
        }
    }

    /** What the host allowed at {@code time}, or null where it is not known. */
    public HostStretch hostAt(double time) {
        for (HostStretch s : host) {
            if (s.from() <= time && time < s.to()) {
                return s;
            }
        }
        return null;
    }

    /** A stretch of time in which a project's tasks held {@code instances} of a processor type. */
    public record Segment(double from, double to, double instances) {
    }

    /**
     * One project's row: per processor type, the stretches in which it held some, in time order; {@code types}: the
     * processor types its applications use (a band of another type stays empty, and says why).
     */
    public record Lane(String url, String name, Map<ResourceType, List<Segment>> held, Set<ResourceType> types) {

        /** Whether the band of {@code type} is empty because the project has no application for it. */
        public boolean noAppFor(ResourceType type) {
            return !types.contains(type) && held.getOrDefault(type, List.of()).isEmpty();
        }

        /** The stretch of {@code type} that covers {@code time}, or null if none did then. */
        public Segment at(ResourceType type, double time) {
            for (Segment s : held.getOrDefault(type, List.of())) {
                if (s.from() <= time && time < s.to()) {
                    return s;
                }
            }
            return null;
        }
    }
}

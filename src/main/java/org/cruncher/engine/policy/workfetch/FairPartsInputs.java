package org.cruncher.engine.policy.workfetch;

import java.util.Arrays;
import java.util.EnumMap;
import java.util.EnumSet;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;

/**
 * What {@link FairResourceParts} is worked out from, held in arrays: the eligible projects in the client's order, the
 * resources each may be asked for, their shares and max_concurrent caps, and each resource's capacity. A work-fetch
 * decision builds these at every call and compares them with the last ones without building a map; the maps are made
 * only when the parts must be worked out anew (as maps, comparing them took a tenth of the flaky bench case).
 */
final class FairPartsInputs {

    private static final ResourceType[] TYPES = ResourceType.values();

    private final Project[] projects;
    /** Per eligible project, its resources as bits by {@link ResourceType#ordinal}. */
    private final int[] types;
    private final double[] shares;
    private final boolean[] limited;
    /** Per eligible project with max_concurrent limits, the most they let it use, in the capacity's units. */
    private final double[] most;
    private int size;
    /** The resources with a capacity, as bits by {@link ResourceType#ordinal}, and each one's capacity. */
    private int capacityTypes;
    private final double[] capacity = new double[TYPES.length];

    /** Room for up to {@code projects} eligible projects. */
    FairPartsInputs(int projects) {
        this.projects = new Project[projects];
        this.types = new int[projects];
        this.shares = new double[projects];
        this.limited = new boolean[projects];
        this.most = new double[projects];
    }

    void capacity(ResourceType type, double value) {
        capacityTypes |= 1 << type.ordinal();
        capacity[type.ordinal()] = value;
    }

    /** {@code type}'s capacity (0 if it has none). */
    double capacityOf(ResourceType type) {
        return capacity[type.ordinal()];
    }

    /** The resources given a capacity, in {@link ResourceType#ordinal} order. */
    int resourceCount() {
        return Integer.bitCount(capacityTypes);
    }

    /** Adds {@code p}, eligible for the resources in {@code typeBits}; {@code cap} NaN if it has no limits. */
    void add(Project p, int typeBits, double cap) {
        int i = size++;
        projects[i] = p;
        types[i] = typeBits;
        shares[i] = p.resourceShare();
        limited[i] = !Double.isNaN(cap);
        most[i] = limited[i] ? cap : 0;
    }

    /**
     * Whether {@code other} holds the same inputs: the same projects in the same order, each with the same resources,
     * share (compared as {@link Double#equals} does) and cap, and the same capacities. Equal inputs give equal parts.
     */
    boolean sameAs(FairPartsInputs other) {
        return other != null && size == other.size && capacityTypes == other.capacityTypes
                && Arrays.equals(capacity, other.capacity)
                && Arrays.equals(projects, 0, size, other.projects, 0, size)
                && Arrays.equals(types, 0, size, other.types, 0, size)
                && Arrays.equals(shares, 0, size, other.shares, 0, size)
                && Arrays.equals(limited, 0, size, other.limited, 0, size)
                && Arrays.equals(most, 0, size, other.most, 0, size);
    }

    /** Each eligible project and its resources, in the order added. */
    Map<Project, Set<ResourceType>> eligible() {
        Map<Project, Set<ResourceType>> eligible = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            eligible.put(projects[i], typesOf(types[i]));
        }
        return eligible;
    }

    /** Each resource's capacity. */
    Map<ResourceType, Double> capacities() {
        Map<ResourceType, Double> m = new EnumMap<>(ResourceType.class);
        for (ResourceType t : typesOf(capacityTypes)) {
            m.put(t, capacity[t.ordinal()]);
        }
        return m;
    }

    /** The caps of the eligible projects with limits, in the order added. */
    Map<Project, Double> caps() {
        Map<Project, Double> caps = new LinkedHashMap<>();
        for (int i = 0; i < size; i++) {
            if (limited[i]) {
                caps.put(projects[i], most[i]);
            }
        }
        return caps;
    }

    private static Set<ResourceType> typesOf(int bits) {
        Set<ResourceType> set = EnumSet.noneOf(ResourceType.class);
        for (ResourceType t : TYPES) {
            if ((bits & 1 << t.ordinal()) != 0) {
                set.add(t);
            }
        }
        return set;
    }
}

package org.cruncher.engine.policy.workfetch;

import java.util.List;
import java.util.Optional;
import java.util.function.Supplier;

/**
 * The work-fetch policies by name, so that the emulator can compare them: {@code seed003} (per-resource
 * round-robin simulation with long-term debt, the default), {@code seed002} (resource debt from averaged CPU time),
 * {@code seed001} (urgency levels with ETTPRC) and {@code seed000} (per-project buffer share).
 */
public final class FetchPolicies {

    /** The default policy's name. */
    public static final String DEFAULT = "seed003";

    private record Entry(String name, String description, Supplier<WorkFetchPolicy> factory) {
    }

    private static final List<Entry> ENTRIES = List.of(
            new Entry("seed003", "per-resource round-robin simulation, shortfall and long-term debt (default)",
                    RoundRobinFetch::new),
            new Entry("seed002", "the greatest resource debt (share / averaged CPU time), up to the high water",
                    ResourceDebtFetch::new),
            new Entry("seed001", "urgency levels from estimated time to project CPU starvation",
                    UrgencyFetch::new),
            new Entry("seed000", "each project's share of the work buffer", BufferShareFetch::new));

    private FetchPolicies() {
    }

    /** A new instance of the default policy. */
    public static WorkFetchPolicy createDefault() {
        return create(DEFAULT).orElseThrow();
    }

    /** A new instance of the policy called {@code name}, if there is one. */
    public static Optional<WorkFetchPolicy> create(String name) {
        return ENTRIES.stream().filter(e -> e.name().equals(name)).findFirst().map(e -> e.factory().get());
    }

    /** The policies' names, default first. */
    public static List<String> names() {
        return ENTRIES.stream().map(Entry::name).toList();
    }

    /** One line describing the policy called {@code name} (empty if unknown). */
    public static String describe(String name) {
        return ENTRIES.stream().filter(e -> e.name().equals(name)).map(Entry::description).findFirst().orElse("");
    }
}

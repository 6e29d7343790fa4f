package org.cruncher.engine.model;

/**
 * A project's deletion policy flags (seed 004, "Project Deletion Policy"): set by {@code <deletion_policy_priority/>}
 * and {@code <deletion_policy_expire/>} in the project's configuration, sent to the client in scheduler replies and
 * echoed in its requests. Least recently used is always the final order, so no flag means LRU.
 *
 * @param priority files of the lowest priority go first, in the order they arrived
 * @param expire   files past their expiry date go first
 */
public record DeletionPolicy(boolean priority, boolean expire) {

    /** The default: least recently used first. */
    public static final DeletionPolicy LRU = new DeletionPolicy(false, false);

    /** The policy's name in the manager and in reports: "priority", "expire", "priority + expire" or "LRU". */
    public String label() {
        if (priority && expire) {
            return "priority + expire";
        }
        return priority ? "priority" : expire ? "expire" : "LRU";
    }
}

package org.cruncher.engine.api;

import java.util.List;

import org.cruncher.engine.model.Prefs;

/**
 * Something the user asks the engine to do. Commands are queued from any thread and applied on the engine thread at
 * the next poll, in the order submitted.
 */
public sealed interface EngineCommand {

    /** Change a project's resource share. Debts settle with the old share up to now; a new period starts. */
    record SetResourceShare(String projectUrl, double share) implements EngineCommand {
        public SetResourceShare {
            if (!(share >= 0) || share > 1e9) {
                throw new IllegalArgumentException("a resource share is a number from 0 to 1e9, not " + share);
            }
        }
    }

    /** Suspend or resume a project: its tasks stop or may run again. */
    record SetProjectSuspended(String projectUrl, boolean suspended) implements EngineCommand {
    }

    /** Stop or allow fetching new tasks from a project ("no new tasks"). */
    record SetNoNewTasks(String projectUrl, boolean noNewTasks) implements EngineCommand {
    }

    /** Suspend or resume one task. */
    record SetTaskSuspended(String projectUrl, String resultName, boolean suspended) implements EngineCommand {
    }

    /**
     * Contact a project's scheduler now (the Manager's "Update"): the RPC ignores min_rpc_time and clears the
     * project's resource backoffs (boinc-engine.md §3.4, USER_REQ).
     */
    record UpdateProject(String projectUrl) implements EngineCommand {
    }

    /** Apply new computing preferences. */
    record SetPrefs(Prefs prefs) implements EngineCommand {
    }

    /** Several commands applied at the same poll, in order (the what-if's shares and preferences, applied at once). */
    record Together(List<EngineCommand> commands) implements EngineCommand {
        public Together {
            commands = List.copyOf(commands);
        }
    }
}

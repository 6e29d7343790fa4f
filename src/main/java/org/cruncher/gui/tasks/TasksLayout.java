package org.cruncher.gui.tasks;

import java.util.Optional;

/**
 * How the Tasks table was left, for the window to open it so again: its sort order and its two filters. Each is empty
 * where nothing is remembered, and is then left to the default.
 *
 * @param sort       the columns the rows were sorted by
 * @param activeOnly "Show active tasks only"
 * @param atRiskOnly "Show tasks at risk only"
 */
public record TasksLayout(Optional<TaskSort> sort, Optional<Boolean> activeOnly, Optional<Boolean> atRiskOnly) {

    /** Nothing remembered. */
    public static final TasksLayout NONE = new TasksLayout(Optional.empty(), Optional.empty(), Optional.empty());
}

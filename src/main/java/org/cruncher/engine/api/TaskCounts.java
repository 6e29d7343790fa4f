package org.cruncher.engine.api;

/** How many tasks are in each broad state. */
public record TaskCounts(int running, int preempted, int readyToStart, int readyToReport, int other) {
}

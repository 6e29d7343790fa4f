package org.cruncher.engine.api;

/**
 * How many tasks are in each broad state (the five add up to every task), and how many of them are at risk of
 * missing their deadline ({@link TaskView#deadlineAtRisk()}).
 */
public record TaskCounts(int running, int preempted, int readyToStart, int readyToReport, int other, int atRisk) {
}

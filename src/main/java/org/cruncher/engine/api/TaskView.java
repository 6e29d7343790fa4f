package org.cruncher.engine.api;

import org.cruncher.engine.model.ResourceType;

/**
 * One task as the outside sees it.
 *
 * @param projectUrl      its project's URL
 * @param projectName     its project's name
 * @param name            the result's name
 * @param application     the app's name for people
 * @param resources       what it uses, in words ("0.5 CPU + 1 NVIDIA GPU")
 * @param resource        the resource it is scheduled on
 * @param status          where it is
 * @param verdict         why it runs or waits (its reason and the figures behind it)
 * @param fractionDone    progress, 0..1
 * @param elapsed         seconds it has run
 * @param remaining       estimated seconds of computing left
 * @param received        when it arrived
 * @param deadline        its report deadline
 * @param deadlineAtRisk  true if it is estimated to finish after its deadline
 * @param expectedEnd     when the scheduler's forecast (seed 003's round-robin simulation) expects it to finish, never
 *                        before it could (now plus its time left); NaN where the forecast has no end for it (finished
 *                        computing, suspended, its project suspended, or no forecast yet)
 * @param reportDue       for a finished task: when it will be reported at the latest (NaN otherwise)
 */
public record TaskView(String projectUrl, String projectName, String name, String application, String resources,
                       ResourceType resource, TaskStatus status, TaskVerdict verdict, double fractionDone,
                       double elapsed, double remaining, double received, double deadline, boolean deadlineAtRisk,
                       double expectedEnd, double reportDue) {
}

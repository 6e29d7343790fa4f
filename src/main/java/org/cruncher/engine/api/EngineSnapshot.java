package org.cruncher.engine.api;

import java.util.List;

import org.cruncher.engine.model.Prefs;

/**
 * An immutable picture of the engine at one moment, for the GUI. Published only when someone listens (a headless
 * emulation builds none).
 *
 * @param time               now, seconds since the epoch
 * @param nextPeriodBoundary when the scheduling period ends
 * @param computing          the host computes now
 * @param online             the host may contact projects now (its network is available)
 * @param host               the host
 * @param prefs              the preferences in force
 * @param resources          the processing resources
 * @param projects           the projects, in the state's order
 * @param tasks              the tasks, in arrival order
 * @param counts             task counts
 * @param newEvents          events since the previous snapshot (the oldest may have been dropped)
 * @param droppedEvents      events dropped since the previous snapshot because too many came at once
 * @param figures            the emulator's figures of merit so far (null when not emulated)
 * @param driver             how the engine is driven (null if unknown)
 * @param recentRpcs         the latest scheduler RPC sessions, newest first
 * @param disk               the disk: limits, usage against shares, files, deletions (seed 004)
 * @param runs               what ran when over the last week (null: nothing, {@link RunHistoryView#EMPTY})
 */
public record EngineSnapshot(double time, double nextPeriodBoundary, boolean computing, boolean online,
                             HostView host, Prefs prefs, List<ResourceView> resources, List<ProjectView> projects,
                             List<TaskView> tasks, TaskCounts counts, List<EngineEvent> newEvents,
                             long droppedEvents, FiguresView figures, DriverStatus driver,
                             List<RpcView> recentRpcs, DiskView disk, RunHistoryView runs) {

    public EngineSnapshot {
        resources = List.copyOf(resources);
        projects = List.copyOf(projects);
        tasks = List.copyOf(tasks);
        newEvents = List.copyOf(newEvents);
        recentRpcs = List.copyOf(recentRpcs);
        runs = runs == null ? RunHistoryView.EMPTY : runs;
    }
}

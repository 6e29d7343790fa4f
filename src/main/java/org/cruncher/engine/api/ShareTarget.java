package org.cruncher.engine.api;

import java.util.List;

import org.cruncher.engine.model.ResourceType;

/**
 * What a project's resource share comes to on this host: its weighted max-min fair part of the work the host's
 * resources can do together, given the resources it has applications for (seed 003's example, decision 0010). A
 * project whose applications use only the CPUs cannot get more than the CPUs' work, whatever its share; the part of
 * its share it cannot use goes to the projects that can use the rest.
 *
 * @param fraction       its fair part of the host's work, 0..1 (0 while suspended, with a zero share or with no
 *                       application for this host)
 * @param usable         the resources it has applications for, in service order (GPUs first)
 * @param usableFraction the part of the host's work those resources can do, 0..1
 * @param limit          below its share: the resources whose work limited it, in service order. Their work goes
 *                       wholly to the projects that can use nothing else, this one among them
 * @param limitFraction  the part of the host's work the {@code limit} resources do, 0..1
 * @param reach          how the fair part compares with its share
 * @param othersLack     above its share: the resources it can use that some project below its share cannot
 * @param othersSuspended above its share: some other project with a share is suspended
 * @param othersWithoutApplication above its share: some other project with a share has no application here
 * @param cpuOfGpuTasks  below its share: the part of the host's work the CPUs do for GPU tasks, which counts with
 *                       the GPUs' work and is not among the CPUs' in {@code limitFraction}, 0..1
 */
public record ShareTarget(double fraction, List<ResourceType> usable, double usableFraction,
                          List<ResourceType> limit, double limitFraction, Reach reach, List<ResourceType> othersLack,
                          boolean othersSuspended, boolean othersWithoutApplication, double cpuOfGpuTasks) {

    public ShareTarget {
        usable = List.copyOf(usable);
        limit = List.copyOf(limit);
        othersLack = List.copyOf(othersLack);
    }

    /** A target that is the share, or nothing, with no cause to name. */
    public static ShareTarget of(double fraction, List<ResourceType> usable, double usableFraction, Reach reach) {
        return new ShareTarget(fraction, usable, usableFraction, List.of(), 0, reach, List.of(), false, false, 0);
    }

    /** True if {@code a} and {@code b} read the same as percentages with one decimal (as the window shows them). */
    public static boolean sameTenthOfAPercent(double a, double b) {
        return Math.round(a * 1000) == Math.round(b * 1000);
    }

    /** How a project's fair part compares with share / total share. */
    public enum Reach {
        /** Its share: the resources it can use give it that much. */
        SHARE,
        /** Less than its share: the {@code limit} resources' work is all it and the projects confined to them get. */
        CONFINED,
        /** More than its share, for the causes named (others confined, suspended or without application). */
        MORE,
        /** Nothing: the user suspended it. */
        SUSPENDED,
        /** Nothing: its resource share is 0, so it only gets work when no other project has any. */
        BACKUP,
        /** Nothing: it has no application this host can run. */
        NO_APPLICATION,
        /**
         * Nothing: it has applications for this host's processors, but each needs more CPUs or GPUs than BOINC can use
         * here (more than the user allows, or than the host has: decision 0025), so none of its jobs can start.
         */
        APPS_TOO_LARGE
    }
}

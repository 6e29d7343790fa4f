package org.cruncher.gui.text;

import java.util.ArrayList;
import java.util.List;

import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.api.Units;

/**
 * Plain words for what a project's resource share comes to on this host ({@link ShareTarget}): why a project with
 * only CPU applications cannot reach its share on a computer whose GPU does most of the work, and why a project with
 * a GPU application can go beyond its own.
 */
public final class ShareWords {

    private ShareWords() {
    }

    /**
     * The Target cell: "9.6 %"; "-" for a project that gets nothing (suspended, backup, no application, or only
     * applications too large for what BOINC may use here).
     */
    public static String cell(ShareTarget t) {
        switch (t.reach()) {
            case SUSPENDED:
            case BACKUP:
            case NO_APPLICATION:
            case APPS_TOO_LARGE:
                return "-";
            default:
                return Format.sharePercent(t.fraction());
        }
    }

    /**
     * Why the target is what it is: "20.0 % of this computer's work, below its 34.8 % share: its applications use
     * only the CPU, which does 20.0 % of the work, and it gets all of it."
     */
    public static String explain(ProjectView p) {
        ShareTarget t = p.target();
        String part = Format.percent(t.fraction()) + " of this computer's work";
        String share = Format.percent(p.shareFraction()) + " share";
        switch (t.reach()) {
            case SHARE:
                return part + ", its share: the resources it has applications for (" + list(t) + ") can give it "
                        + "that much.";
            case CONFINED:
                return part + ", below its " + share + ": " + confined(t);
            case MORE:
                return part + ", more than its " + share + ": " + String.join("; ", causes(t)) + ".";
            case SUSPENDED:
                return "Suspended: no part of this computer's work until it is resumed.";
            case BACKUP:
                return "Resource share 0: a backup project, which gets work only when the other projects have none.";
            case NO_APPLICATION:
                return "No application this computer can run yet, so its share cannot be used here.";
            case APPS_TOO_LARGE:
                return "No part of this computer's work: each of its applications needs more CPUs or GPUs than BOINC "
                        + "can use here, so none of its tasks can start (their Why says what is missing).";
            default:
                throw new IllegalArgumentException(t.reach().name());
        }
    }

    /** Why a confined project gets what it does: its resources, and those whose work it shares. */
    private static String confined(ShareTarget t) {
        String uses = "its applications use only the " + list(t);
        String limit = Units.resources(t.limit(), "and");
        boolean one = t.limit().size() == 1;
        String does = (one ? " does " : " do ") + Format.percent(t.limitFraction()) + " of the work"
                + (t.cpuOfGpuTasks() > 0
                ? " besides the " + Format.percent(t.cpuOfGpuTasks()) + " the CPU spends on GPU tasks" : "");
        if (t.limit().equals(t.usable())) {
            if (ShareTarget.sameTenthOfAPercent(t.fraction(), t.limitFraction())) {
                return uses + ", which" + does + ", and it gets all of " + (one ? "it" : "them") + ".";
            }
            return uses + ", which" + does + " and " + (one ? "goes" : "go") + " wholly to the projects that can "
                    + "use nothing else, this one among them.";
        }
        return uses + ". The " + limit + does + ", which goes wholly to the projects that can use nothing else, "
                + "this one among them.";
    }

    /** What lets a project have more than its share, one clause per cause. */
    private static List<String> causes(ShareTarget t) {
        List<String> causes = new ArrayList<>();
        if (!t.othersLack().isEmpty()) {
            causes.add("projects that cannot use the " + Units.resources(t.othersLack(), "or") + " leave their part of "
                    + (t.othersLack().size() == 1 ? "it" : "them") + " to those that can");
        }
        if (t.othersSuspended()) {
            causes.add("suspended projects leave their part to the others");
        }
        if (t.othersWithoutApplication()) {
            causes.add("projects with no application that can run here leave their part to the others");
        }
        if (causes.isEmpty()) {
            causes.add("other projects cannot use all of their part");
        }
        return causes;
    }

    private static String list(ShareTarget t) {
        return Units.resources(t.usable(), "and");
    }
}

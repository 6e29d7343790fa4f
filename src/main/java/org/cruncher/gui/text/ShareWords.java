package org.cruncher.gui.text;

import java.util.ArrayList;
import java.util.List;

import org.cruncher.engine.api.ProjectView;
import org.cruncher.engine.api.ShareTarget;
import org.cruncher.engine.model.ResourceType;

/**
 * Plain words for what a project's resource share comes to on this host ({@link ShareTarget}): why a project with
 * only CPU applications cannot reach its share on a computer whose GPU does most of the work, and why a project with
 * a GPU application can go beyond its own.
 */
public final class ShareWords {

    private ShareWords() {
    }

    /** The Target cell: "9.6 %"; "-" for a project that gets nothing (suspended, backup, no application). */
    public static String cell(ShareTarget t) {
        switch (t.reach()) {
            case SUSPENDED:
            case BACKUP:
            case NO_APPLICATION:
                return "-";
            default:
                return Format.percent(t.fraction());
        }
    }

    /**
     * Why the target is what it is: "9.6 % of this computer's work, below its 34.8 % share: it has applications only
     * for the CPU, which does 22.0 % of the work, and shares it with projects that can use nothing else."
     */
    public static String explain(ProjectView p) {
        ShareTarget t = p.target();
        String part = Format.percent(t.fraction()) + " of this computer's work";
        String share = Format.percent(p.shareFraction()) + " share";
        switch (t.reach()) {
            case SHARE:
                return part + ", its share: the resources it has applications for (" + list(t.usable())
                        + ") can give it that much.";
            case CONFINED:
                String only = part + ", below its " + share + ": it has applications only for the "
                        + list(t.usable());
                String does = (t.usable().size() == 1 ? ", which does " : ", which do ")
                        + Format.percent(t.usableFraction()) + " of the work, ";
                if (t.fraction() >= t.usableFraction() - 0.0005) {
                    return only + does + "and gets all of " + (t.usable().size() == 1 ? "it" : "them")
                            + "; the rest goes to projects with applications for the other resources.";
                }
                return only + does + "and shares " + (t.usable().size() == 1 ? "it" : "them")
                        + " with projects that can use nothing else.";
            case OTHERS_CONFINED:
                return part + ", more than its " + share + ": projects that cannot use the " + list(t.othersLack())
                        + " leave their part of " + (t.othersLack().size() == 1 ? "it" : "them") + " to those that can.";
            case OTHERS_WITHOUT_APPLICATION:
                return part + ", more than its " + share + ": projects with no application this computer can run "
                        + "leave their part to the others.";
            case OTHERS_SUSPENDED:
                return part + ", more than its " + share + ", while suspended projects leave their part to the "
                        + "others.";
            case SUSPENDED:
                return "Suspended: no part of this computer's work until it is resumed; its " + share
                        + " goes to the other projects meanwhile.";
            case BACKUP:
                return "Resource share 0: a backup project, which gets work only when the other projects have none.";
            case NO_APPLICATION:
                return "No application this computer can run yet, so its share cannot be used here.";
            default:
                throw new IllegalArgumentException(t.reach().name());
        }
    }

    /** "CPU", "NVIDIA GPU and CPU", "NVIDIA GPU, AMD GPU and CPU". */
    static String list(List<ResourceType> types) {
        List<String> names = new ArrayList<>();
        for (ResourceType t : types) {
            names.add(Words.resource(t));
        }
        if (names.size() <= 1) {
            return String.join("", names);
        }
        return String.join(", ", names.subList(0, names.size() - 1)) + " and " + names.get(names.size() - 1);
    }
}

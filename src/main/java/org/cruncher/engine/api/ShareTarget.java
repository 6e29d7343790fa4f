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
 * @param othersLack     the resources it can use that some other project counted cannot (where a part above its
 *                       share comes from), in service order
 * @param reach          how the fair part compares with its share, and why
 */
public record ShareTarget(double fraction, List<ResourceType> usable, double usableFraction,
                          List<ResourceType> othersLack, Reach reach) {

    public ShareTarget {
        usable = List.copyOf(usable);
        othersLack = List.copyOf(othersLack);
    }

    /** How a project's fair part compares with share / total share, and why. */
    public enum Reach {
        /** Its share: the resources it can use give it that much. */
        SHARE,
        /**
         * Less than its share: the resources it can use cannot give it more without taking from projects that can
         * use nothing else.
         */
        CONFINED,
        /** More than its share: other projects cannot use some resource it can, and leave it their part. */
        OTHERS_CONFINED,
        /** More than its share: projects with no application this host can run leave their part to the others. */
        OTHERS_WITHOUT_APPLICATION,
        /** More than its share: suspended projects leave their part to the others. */
        OTHERS_SUSPENDED,
        /** Nothing: the user suspended it. */
        SUSPENDED,
        /** Nothing: its resource share is 0, so it only gets work when no other project has any. */
        BACKUP,
        /** Nothing: it has no application this host can run. */
        NO_APPLICATION
    }
}

package org.cruncher.engine.policy.disk;

import java.util.List;

import org.cruncher.engine.api.DiskBlock;

/**
 * The answer to "may this project store N more bytes?" (seed 004's associate_file): yes, after these deletions
 * (perhaps none); or no, and then nothing is deleted.
 *
 * @param needed     bytes asked for
 * @param freeBefore all_projects_limit - all projects' usage before any deletion (negative when over)
 * @param deletions  what to delete first, in order (empty when refused)
 * @param block      NONE if granted, else why not
 * @param reachable  free space there would be after every deletion the policy allows (what "not enough" means)
 */
public record SpacePlan(long needed, double freeBefore, List<Deletion> deletions, DiskBlock block,
                        double reachable) {

    public SpacePlan {
        deletions = List.copyOf(deletions);
    }

    public boolean granted() {
        return block == DiskBlock.NONE;
    }
}

package org.cruncher.engine.policy.disk;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;

import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.FileInfo;
import org.cruncher.engine.model.Project;

/**
 * Seed 004's per-project accounting at one moment: Project_limit(p) = all_projects_limit x p's share of the total
 * (equal parts if every share is 0: the seeds divide by the sum of shares, we do not replicate today's BOINC divisor,
 * src/docs/decisions/0018); usage; offenders (usage above limit) and the greatest offender. Usages can be lowered
 * as deletions are planned, so that a plan sees the effect of its own earlier steps.
 */
public final class DiskAccount {

    private final DiskLimits limits;
    private final List<Project> projects;
    /** Per project, by its place in {@link #projects} (its {@link Project#slot}): its limit and usage. */
    private final double[] limit;
    private final long[] usage;
    private long projectsUsage;

    private DiskAccount(DiskLimits limits, List<Project> projects, ClientState state) {
        this.limits = limits;
        this.projects = projects;
        this.limit = new double[projects.size()];
        this.usage = new long[projects.size()];
        double total = 0;
        for (Project p : projects) {
            total += p.resourceShare();
        }
        for (int i = 0; i < projects.size(); i++) {
            Project p = projects.get(i);
            double fraction = total > 0 ? p.resourceShare() / total : 1.0 / projects.size();
            double all = limits.allProjectsLimit();
            limit[i] = Double.isInfinite(all) ? all : all * fraction;
            long u = state.files().usage(p.url());
            usage[i] = u;
            projectsUsage += u;
        }
    }

    /** The account of {@code state} now. */
    public static DiskAccount of(ClientState state) {
        return new DiskAccount(DiskLimits.of(state), new ArrayList<>(state.projects()), state);
    }

    public DiskLimits limits() {
        return limits;
    }

    /** The projects, in the state's order. */
    public List<Project> projects() {
        return projects;
    }

    /** Project_limit(p): its share of the space the projects may use, bytes. */
    public double limit(Project p) {
        int i = indexOf(p);
        return i < 0 ? 0 : limit[i];
    }

    public long usage(Project p) {
        int i = indexOf(p);
        return i < 0 ? 0 : usage[i];
    }

    /** {@code p}'s place in {@link #projects}, or -1 if it is not one of them. */
    private int indexOf(Project p) {
        int slot = p.slot();
        return slot >= 0 && slot < projects.size() && projects.get(slot) == p ? slot : projects.indexOf(p);
    }

    /** usage - limit: positive for an offender. */
    public double excess(Project p) {
        return usage(p) - limit(p);
    }

    public boolean isOffender(Project p) {
        return excess(p) > 0;
    }

    /** all_projects_limit - all projects' usage (negative when over). */
    public double free() {
        return limits.allProjectsLimit() - projectsUsage;
    }

    /** How far the client's usage is above the total limit (0 if it is not). */
    public double excessOverTotal() {
        return Math.max(0, limits.coreUsage() + projectsUsage - limits.totalLimit());
    }

    /** The offender with the largest excess, not in {@code skip}; ties go to the smaller URL. Null if none. */
    public Project greatestOffender(Set<Project> skip) {
        Project best = null;
        for (Project p : projects) {
            if (skip.contains(p) || !isOffender(p)) {
                continue;
            }
            if (best == null || excess(p) > excess(best)
                    || (excess(p) == excess(best) && p.url().compareTo(best.url()) < 0)) {
                best = p;
            }
        }
        return best;
    }

    /** A planned deletion of {@code file} of {@code p}: its usage goes down. */
    void remove(Project p, FileInfo file) {
        int i = indexOf(p);
        if (i >= 0) {
            usage[i] -= file.nbytes();
        }
        projectsUsage -= file.nbytes();
    }

    /** A planned deletion of {@code file} of {@code p} is dropped: its usage goes back up. */
    void restore(Project p, FileInfo file) {
        int i = indexOf(p);
        if (i >= 0) {
            usage[i] += file.nbytes();
        }
        projectsUsage += file.nbytes();
    }
}

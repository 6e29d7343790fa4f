package org.cruncher.engine.policy.cpusched;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Comparator;
import java.util.EnumSet;
import java.util.List;
import java.util.Set;

import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceSet;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * What each project's jobs offer a mid-period pass, kept from one pass to the next by the mechanism, so that a pass
 * looks again only at the projects whose jobs changed ({@link Project#jobsStamp}):
 * <ul>
 *   <li>the resources it has a runnable job for that is not running and not in deadline mode;</li>
 *   <li>its runnable jobs in deadline mode that are not running;</li>
 *   <li>whether its jobs were all judged (given a verdict) since they last changed: a job only needs a verdict when
 *       it became runnable, or stopped running, after the last pass; both move the project's stamp.</li>
 * </ul>
 * The digests belong to one set of verdicts: a new set (the mechanism restarted) starts from empty digests.
 */
public final class CandidateDigests {

    /** One project's digest. */
    static final class Digest {
        private final Project project;
        private long judgedAt = -1;
        private long describedAt = -1;
        private final Set<ResourceType> waiting = EnumSet.noneOf(ResourceType.class);
        private final List<Result> rescue = new ArrayList<>();

        Digest(Project project) {
            this.project = project;
        }

        /** Resources it has a runnable job for, neither running nor in deadline mode. */
        Set<ResourceType> waiting() {
            return waiting;
        }

        /** Its runnable jobs in deadline mode that are not running, in arrival order. */
        List<Result> rescue() {
            return rescue;
        }
    }

    /** Per project ({@link Project#slot}): its digest, or null. */
    private Digest[] digests = new Digest[0];
    private ResourceSet resources;
    /** The projects in URL order, the order a pass goes through them, and the list they were taken from. */
    private List<Project> byUrl = List.of();
    private Collection<Project> byUrlOf;
    private int byUrlSize = -1;

    /**
     * Every runnable job is being judged now (a period pass, whose verdicts replace all others): each project's
     * jobs, as they stand, will have verdicts.
     */
    public void judgedAll(ClientState state) {
        for (Project p : state.projects()) {
            digest(p).judgedAt = p.jobsStamp();
        }
    }

    /** Forgets every digest if the host's resources changed since the last pass (what may run changed). */
    void useResources(ResourceSet current) {
        if (current != resources) {
            Arrays.fill(digests, null);
            resources = current;
        }
    }

    Digest digest(Project p) {
        int slot = p.slot();
        if (slot < 0) {
            return new Digest(p);
        }
        if (slot >= digests.length) {
            digests = Arrays.copyOf(digests, Math.max(slot + 1, 2 * digests.length));
        }
        Digest d = digests[slot];
        if (d == null || d.project != p) {
            d = new Digest(p);
            digests[slot] = d;
        }
        return d;
    }

    /** {@code state}'s projects in URL order (sorted again only when the projects change; none is ever removed). */
    List<Project> byUrl(ClientState state) {
        Collection<Project> projects = state.projects();
        if (projects != byUrlOf || projects.size() != byUrlSize) {
            List<Project> ordered = new ArrayList<>(projects);
            ordered.sort(Comparator.comparing(Project::url));
            byUrl = List.copyOf(ordered);
            byUrlOf = projects;
            byUrlSize = projects.size();
        }
        return byUrl;
    }

    /** Whether {@code p}'s jobs changed since they were last judged (some may lack a verdict). */
    static boolean needsJudging(Digest d, Project p) {
        return d.judgedAt != p.jobsStamp();
    }

    /** Whether {@code p}'s jobs changed since its digest was written. */
    static boolean needsDescribing(Digest d, Project p) {
        return d.describedAt != p.jobsStamp();
    }

    /** Starts {@code d} again for {@code p}'s jobs as they stand; the caller adds what it finds. */
    static void rewrite(Digest d, Project p) {
        d.waiting.clear();
        d.rescue.clear();
        d.describedAt = p.jobsStamp();
        d.judgedAt = p.jobsStamp();
    }
}

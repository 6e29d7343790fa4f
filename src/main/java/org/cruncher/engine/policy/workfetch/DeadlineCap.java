package org.cruncher.engine.policy.workfetch;

import java.util.Arrays;

import org.cruncher.engine.model.ClientState;
import org.cruncher.engine.model.Project;
import org.cruncher.engine.model.ResourceType;
import org.cruncher.engine.model.Result;

/**
 * The most of a project's work to hold for a resource so that a job fetched now still meets its deadline at the
 * project's share (src/docs/decisions/0005): {@link #SAFETY} x (the shortest time the project gave for a job, less
 * the cushion inside which a job counts as late) x its share of the instances, in the same wall-clock
 * instance-seconds as the queue it is compared with (queued work is already stretched by the fraction of time the
 * host computes). Until the project has sent a job, its deadlines are unknown and the cap is its share of work_buf_min:
 * a first request brings a few jobs, and the next is sized by their deadlines. The seed 003 policy counts the share at
 * the fair part of the host's work if less (decision 0048) and beside the tasks that projects which cannot be asked
 * still hold (decision 0050).
 */
final class DeadlineCap {

    /** Hold at most this part of what the share can finish in time. */
    static final double SAFETY = 0.8;

    private DeadlineCap() {
    }

    /**
     * The cap.
     *
     * @param latency        the shortest deadline - receipt among the project's jobs for the resource, seconds
     * @param shareInstances instances its share of the resource is worth
     * @param workBufMin     work_buf_min, seconds
     */
    static double of(double latency, double shareInstances, double workBufMin) {
        if (Double.isInfinite(latency)) {
            return Math.max(shareInstances, 1e-9) * workBufMin;
        }
        return SAFETY * span(latency, workBufMin) * Math.max(shareInstances, 1e-9);
    }

    /**
     * The time the cap counts the share over, seconds: the latency less its cushion; work_buf_min while the latency
     * is unknown.
     */
    static double span(double latency, double workBufMin) {
        if (Double.isInfinite(latency)) {
            return workBufMin;
        }
        return Math.max(0, latency - FetchContext.cushion(latency, workBufMin));
    }

    /** Per resource type (by ordinal), the shortest deadline - receipt among the jobs {@code p} holds. */
    static double[] heldLatencies(ClientState state, Project p) {
        double[] held = new double[ResourceType.values().length];
        Arrays.fill(held, Double.POSITIVE_INFINITY);
        for (Result r : state.resultsOfView(p)) {
            int k = r.resource().ordinal();
            held[k] = Math.min(held[k], r.reportDeadline() - r.receivedTime());
        }
        return held;
    }

    /** {@link #heldLatencies} per project, kept until the project's jobs change ({@link Project#jobsStamp}). */
    static final class Memo {
        private record Held(Project project, long stamp, double[] latencies) {
        }

        /** Per project ({@link Project#slot}): its latencies as last worked out, or null. */
        private Held[] held = new Held[0];

        /**
         * The shortest time {@code p} gave for a job for {@code type} (deadline - receipt) among the jobs it holds
         * and the latest it sent; infinite if none is known.
         */
        double shortestLatency(ClientState state, Project p, ResourceType type) {
            int slot = p.slot();
            Held h = slot >= 0 && slot < held.length ? held[slot] : null;
            if (h == null || h.project() != p || h.stamp() != p.jobsStamp()) {
                h = new Held(p, p.jobsStamp(), heldLatencies(state, p));
                if (slot >= 0) {
                    if (slot >= held.length) {
                        held = Arrays.copyOf(held, Math.max(slot + 1, state.projects().size()));
                    }
                    held[slot] = h;
                }
            }
            return Math.min(p.resourceState(type).lastLatency(), h.latencies()[type.ordinal()]);
        }
    }
}

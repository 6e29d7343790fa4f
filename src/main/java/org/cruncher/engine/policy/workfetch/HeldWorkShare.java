package org.cruncher.engine.policy.workfetch;

import java.util.Arrays;

/**
 * The part of a resource a project's share is worth over a span of time when projects that may not be asked for it
 * still hold work for it (src/docs/decisions/0050): seed 003 shares a resource among the projects that may be asked,
 * but the CPU scheduler (seed 001) shares it among the projects with runnable jobs, so a project backed off for the
 * resource takes its part for as long as its queue lasts. The fraction at time t is share / (share + the shares of
 * the other projects that may be asked + the shares of the holders whose queue has not ended by t); the result is its
 * mean over [0, span].
 */
final class HeldWorkShare {

    private HeldWorkShare() {
    }

    /**
     * @param share        the project's resource share
     * @param askableOther the total share of the other projects that may be asked for the resource
     * @param heldShares   each holder's resource share
     * @param heldUntil    each holder's queue end, seconds from now (the same order)
     * @param span         the span the mean is taken over, seconds; at most 0: the fraction now
     * @return the mean fraction of the resource, 0 to 1
     */
    static double meanFraction(double share, double askableOther, double[] heldShares, double[] heldUntil,
                               double span) {
        int n = heldShares.length;
        Integer[] order = new Integer[n];
        double held = 0;
        for (int i = 0; i < n; i++) {
            order[i] = i;
            held += heldUntil[i] > 0 ? heldShares[i] : 0;
        }
        if (span <= 0) {
            return fraction(share, askableOther + held);
        }
        Arrays.sort(order, (a, b) -> Double.compare(heldUntil[a], heldUntil[b]));
        double t = 0;
        double sum = 0;
        for (int i : order) {
            double end = Math.min(span, heldUntil[i]);
            if (end > t) {
                sum += (end - t) * fraction(share, askableOther + held);
                t = end;
            }
            held -= heldUntil[i] > 0 ? heldShares[i] : 0;
        }
        sum += (span - t) * fraction(share, askableOther + Math.max(0, held));
        return sum / span;
    }

    private static double fraction(double share, double others) {
        return share + others > 0 ? share / (share + others) : 0;
    }
}

package org.cruncher.gui.whatif;

/**
 * The widths of the What-if dialog's project columns (name, share, then as is and with changes each of target, work
 * and missed deadlines): their full widths where the dialog has room for them, else each column narrowed towards its
 * least width in proportion to what it can give, so that every column stays in view on an 800-pixel screen (QA: the
 * fixed widths put "Deadlines missed" behind a sideways scroll bar there).
 */
final class ProjectColumns {

    /** The widths with room enough, pixels. */
    static final double[] FULL = {170, 110, 70, 100, 70, 100, 70, 100};
    /** The least widths, pixels: a demo project's name, a share, "50.7 %", "with changes" on two lines. */
    static final double[] LEAST = {120, 80, 50, 88, 50, 88, 50, 88};

    private ProjectColumns() {
    }

    /** The columns' widths for {@code room} pixels of columns (the gaps between them not counted). */
    static double[] widths(double room) {
        double full = sum(FULL);
        double least = sum(LEAST);
        double give = Math.max(0, Math.min(1, (full - room) / (full - least)));
        double[] w = new double[FULL.length];
        for (int i = 0; i < w.length; i++) {
            w[i] = Math.round(FULL[i] - give * (FULL[i] - LEAST[i]));
        }
        return w;
    }

    private static double sum(double[] a) {
        double s = 0;
        for (double x : a) {
            s += x;
        }
        return s;
    }
}

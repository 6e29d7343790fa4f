package org.cruncher.persist;

import java.math.BigDecimal;
import java.math.MathContext;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.function.ToIntBiFunction;

/**
 * The numbers of a client_state.xml read as a scenario, kept in the range they can have. As BOINC does (its
 * {@code parse_double} ignores a value that is not finite; {@code TIME_STATS::parse} ignores a fraction outside
 * 0..1 and says so), a value out of range is not fatal: the default or the nearest bound is used and the user gets
 * a note. Notes about one element are merged, so a file with thousands of bad values gives one note per element.
 * Values that make the whole scenario meaningless (no CPUs, an absurd resource share) are refused by the reader
 * instead.
 */
final class ScenarioNumbers {

    /** Fastest CPU core believed: 1 TFLOPS (real cores benchmark at 1e9 to 1e10). */
    static final double MAX_CPU_FLOPS = 1e12;
    /**
     * Slowest CPU core believed: 1 MFLOPS (a first Raspberry Pi benchmarks near 2e8). A figure below it, as a
     * corrupted 1e-300, would make each task take longer than the universe has existed.
     */
    static final double MIN_CPU_FLOPS = 1e6;
    /** Fastest GPU or app version believed: 100 PFLOPS (real GPUs peak at 1e13 to 1e15). */
    static final double MAX_GPU_FLOPS = 1e17;
    /** BOINC's MAX_COPROC_INSTANCES: the most GPUs of one type a client handles. */
    static final int MAX_GPUS = 64;
    /** Largest job: 1e21 FLOPs, a century on a 300 GFLOPS GPU (the largest real jobs are near 1e18). */
    static final double MAX_JOB_FPOPS = 1e21;
    /**
     * Smallest job an emulated app is given: 1e9 FLOPs, a second of a 1 GFLOPS CPU (real jobs take minutes at least).
     * A smaller one, as a corrupted 1e-300, ends as soon as it starts, and the emulation crawls through endless
     * requests for more.
     */
    static final double MIN_JOB_FPOPS = 1e9;
    /** Latest time believed, seconds since 1970: 1e10 is the year 2286. */
    static final double MAX_TIME = 1e10;
    /** Longest duration believed (elapsed or CPU time of one task): 1e9 s, about 32 years. */
    static final double MAX_SECONDS = 1e9;
    /** Most RPC failures counted: BOINC's backoff stops growing after a dozen. */
    static final int MAX_RPC_FAILURES = 1000;

    /** Where an element is inside the element starting on a line (the document's {@link ClientStateDocument#lineOf}). */
    private ToIntBiFunction<String, Integer> locator = (element, line) -> line;

    /** Per element: how many values were changed, the first one's line, and what was used instead. */
    private final Map<String, Change> changes = new LinkedHashMap<>();
    /** The file read, named in each note's place. */
    private final Path file;

    ScenarioNumbers(Path file) {
        this.file = file;
    }

    private static final class Change {
        int count;
        final int line;
        final String first;

        Change(int line, String first) {
            this.line = line;
            this.first = first;
        }
    }

    /**
     * {@code v} if it lies in [{@code min}, {@code max}]; an absent value is {@code fallback}; a NaN or infinite value
     * is {@code fallback}, and one outside the range the nearest bound, with a note.
     */
    double clamp(Double v, double fallback, double min, double max, String element, int line) {
        if (v == null) {
            return fallback;
        }
        if (!Double.isFinite(v)) {
            note(element, line, format(v) + " is not a usable number: " + format(fallback) + " is used");
            return fallback;
        }
        if (v < min || v > max) {
            double bound = v < min ? min : max;
            note(element, line, format(v) + " is " + (v < min ? "below " : "above ") + format(bound) + ": "
                    + format(bound) + " is used");
            return bound;
        }
        return v;
    }

    /** As {@link #clamp}, but a value outside the range is {@code fallback} too (a fraction of 5 means nothing). */
    double orDefault(Double v, double fallback, double min, double max, String element, int line) {
        if (v == null) {
            return fallback;
        }
        if (!(v >= min && v <= max)) {
            note(element, line, format(v) + " is not from " + format(min) + " to " + format(max) + ": "
                    + format(fallback) + " is used");
            return fallback;
        }
        return v;
    }

    /** Notes and problems then name each value's own line, found inside the element that starts on the line given. */
    void locateWith(ToIntBiFunction<String, Integer> locator) {
        this.locator = locator;
    }

    /** The line of {@code element} inside the element that starts on {@code line} ({@code line} if not found). */
    int lineOf(String element, int line) {
        return line > 0 ? locator.applyAsInt(element, line) : line;
    }

    /** {@code v}, or {@code saved} if {@code v} is absent or not a number (a task's value, else its checkpoint's). */
    static Double first(Double v, Double saved) {
        return v == null || v.isNaN() ? saved : v;
    }

    private void note(String element, int line, String what) {
        changes.computeIfAbsent(element, e -> new Change(line, what)).count++;
    }

    /** One note per element changed, for {@code Scenario.notes}. */
    void addNotes(List<String> notes) {
        changes.forEach((element, c) -> notes.add("<" + element + "> " + c.first
                + (c.line > 0 ? " (" + SourceLine.of(file, lineOf(element, c.line)) + ")" : "")
                + (c.count > 1 ? "; " + (c.count - 1) + " more like it" : "")));
    }

    /**
     * 1000000, 0.25, 1e-300, 1.79769e308: whole numbers in full, others to 6 digits without trailing zeros; nan, inf
     * and -inf as a BOINC client writes them.
     */
    static String format(double v) {
        if (Double.isNaN(v)) {
            return "nan";
        }
        if (Double.isInfinite(v)) {
            return v > 0 ? "inf" : "-inf";
        }
        if (v == Math.rint(v) && Math.abs(v) < 1e15) {
            return String.valueOf((long) v);
        }
        BigDecimal d = BigDecimal.valueOf(v).round(new MathContext(6)).stripTrailingZeros();
        return Math.abs(v) >= 1e15 || Math.abs(v) < 1e-4 ? d.toString().replace("E+", "e").replace("E", "e")
                : d.toPlainString();
    }
}

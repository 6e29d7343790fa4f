package org.cruncher.persist;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.EnumMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;

import org.cruncher.engine.model.Prefs;

/**
 * Writes the preferences edited in the manager to global_prefs_override.xml as BOINC writes it
 * ({@code GLOBAL_PREFS::write_subset}): root {@code <global_preferences>}, one element per line, numbers with six
 * decimals (0.100000), flags as 0 or 1.
 * <ul>
 *   <li>An existing file is edited, not rewritten: an edited preference already in it is replaced where it stands
 *       (left exactly as written if it already has the value), one not in it is added before the end tag with the
 *       same indentation; every other element, comment, blank and line ending stays as it was.</li>
 *   <li>An existing file that is not well-formed, or not {@code <global_preferences>}, is refused with an
 *       {@link InputProblem} and left untouched.</li>
 *   <li>The file is replaced atomically ({@link AtomicFileWrite}).</li>
 * </ul>
 */
public final class GlobalPrefsOverrideWriter {

    private static final String ROOT = "global_preferences";
    private static final String BOINC_INDENT = "   ";

    private final XmlInput xml = new XmlInput();

    /** Writes the engine's preferences (the eight of {@link Prefs}) into {@code file}. */
    public void write(Path file, Prefs prefs) throws InputProblem, IOException {
        write(file, values(prefs));
    }

    /**
     * Writes into {@code file} only the preferences {@code after} changes from {@code before}, so that the file's
     * other figures, even among the eight of {@link Prefs}, stay as they are; writes nothing if none changed.
     *
     * @return whether anything was written
     */
    public boolean write(Path file, Prefs before, Prefs after) throws InputProblem, IOException {
        Map<GlobalPref, Double> was = values(before);
        Map<GlobalPref, Double> changed = new EnumMap<>(GlobalPref.class);
        values(after).forEach((pref, value) -> {
            if (Double.compare(value, was.get(pref)) != 0) {
                changed.put(pref, value);
            }
        });
        if (changed.isEmpty()) {
            return false;
        }
        write(file, changed);
        return true;
    }

    private static Map<GlobalPref, Double> values(Prefs prefs) {
        Map<GlobalPref, Double> values = new EnumMap<>(GlobalPref.class);
        values.put(GlobalPref.MAX_NCPUS_PCT, prefs.maxNcpusPct());
        values.put(GlobalPref.CPU_USAGE_LIMIT, prefs.cpuUsageLimit());
        values.put(GlobalPref.CPU_SCHEDULING_PERIOD_MINUTES, prefs.cpuSchedulingPeriodMinutes());
        values.put(GlobalPref.WORK_BUF_MIN_DAYS, prefs.workBufMinDays());
        values.put(GlobalPref.WORK_BUF_ADDITIONAL_DAYS, prefs.workBufAdditionalDays());
        values.put(GlobalPref.DISK_MAX_USED_GB, prefs.diskMaxUsedGb());
        values.put(GlobalPref.DISK_MAX_USED_PCT, prefs.diskMaxUsedPct());
        values.put(GlobalPref.DISK_MIN_FREE_GB, prefs.diskMinFreeGb());
        return values;
    }

    /**
     * Writes {@code values} (flags as 1 or 0) into {@code file}, keeping everything else in it.
     *
     * @throws IllegalArgumentException if a value is text or outside the values BOINC accepts for it
     */
    public void write(Path file, Map<GlobalPref, Double> values) throws InputProblem, IOException {
        Map<GlobalPref, Double> edits = new EnumMap<>(values);
        edits.forEach(GlobalPrefsOverrideWriter::requireWritable);
        String existing = Files.exists(file) ? XmlInput.readText(file) : "";
        String updated = existing.isBlank() ? fresh(edits) : edited(file, existing, edits);
        AtomicFileWrite.replace(file, updated.getBytes(StandardCharsets.UTF_8));
    }

    private static void requireWritable(GlobalPref pref, Double value) {
        if (pref.kind() == GlobalPref.Kind.TEXT) {
            throw new IllegalArgumentException(pref.xmlName() + " is not written by the manager");
        }
        if (pref.kind() != GlobalPref.Kind.FLAG) {
            String written = PrefRange.plain(value);
            PrefRange.Checked checked = pref.range().check(pref.xmlName(), written, value, value,
                    pref.defaultValue());
            if (checked.done() != null || (pref.kind() == GlobalPref.Kind.WHOLE_NUMBER && value != Math.rint(value))) {
                throw new IllegalArgumentException(pref.xmlName() + " " + written + " cannot be written");
            }
        }
    }

    private static String fresh(Map<GlobalPref, Double> edits) {
        StringBuilder out = new StringBuilder("<" + ROOT + ">\n");
        edits.forEach((p, v) -> out.append(BOINC_INDENT).append(element(p, v)).append('\n'));
        return out.append("</" + ROOT + ">\n").toString();
    }

    private String edited(Path file, String existing, Map<GlobalPref, Double> edits) throws InputProblem {
        try {
            GlobalPrefsReader.requireWellFormed(xml, file, existing);
        } catch (InputProblem p) {
            throw new InputProblem(file, p.line(), p.getMessage() + " (not overwritten)");
        }
        String nl = existing.contains("\r\n") ? "\r\n" : "\n";
        XmlElementScanner scanner = new XmlElementScanner(existing);
        XmlElementScanner.Element root = scanner.root();
        if (root.selfClosing()) {
            return existing.substring(0, root.start()) + fresh(edits).replace("\n", nl).strip()
                    + existing.substring(root.end());
        }
        List<XmlElementScanner.Element> children = scanner.children(root);
        Map<GlobalPref, Double> toAdd = new EnumMap<>(edits);
        StringBuilder out = new StringBuilder();
        int copied = 0;
        for (XmlElementScanner.Element child : children) {
            GlobalPref pref = GlobalPref.byXmlName(child.name()).orElse(null);
            if (pref == null || !edits.containsKey(pref)) {
                continue;
            }
            toAdd.remove(pref);
            if (!holds(existing, child, edits.get(pref))) {
                out.append(existing, copied, child.start()).append(element(pref, edits.get(pref)));
                copied = child.end();
            }
        }
        if (!toAdd.isEmpty()) {
            boolean none = children.isEmpty();
            XmlElementScanner.Element last = none ? null : children.get(children.size() - 1);
            int at = none ? root.contentStart() : last.end();
            String indent = none ? BOINC_INDENT : indentOf(existing, last);
            out.append(existing, copied, at);
            toAdd.forEach((p, v) -> out.append(nl).append(indent).append(element(p, v)));
            if (none) {
                out.append(nl);
                at = existing.substring(root.contentStart(), root.contentEnd()).isBlank() ? root.contentEnd() : at;
            }
            copied = at;
        }
        return out.append(existing, copied, existing.length()).toString();
    }

    /** Whether {@code child} already holds {@code value} as BOINC reads it. */
    private static boolean holds(String text, XmlElementScanner.Element child, double value) {
        if (child.selfClosing()) {
            return false;
        }
        String written = child.content(text).strip();
        try {
            return Double.parseDouble(written) == value && written.matches("[+-]?[0-9.]+([eE][+-]?[0-9]+)?");
        } catch (NumberFormatException e) {
            return false;
        }
    }

    /** The spaces or tabs before {@code child} on its line, or BOINC's three spaces if other text precedes it. */
    private static String indentOf(String text, XmlElementScanner.Element child) {
        int lineStart = text.lastIndexOf('\n', child.start() - 1) + 1;
        String before = text.substring(lineStart, child.start());
        return before.isBlank() ? before : BOINC_INDENT;
    }

    /** One element as BOINC writes it: {@code <work_buf_min_days>0.100000</work_buf_min_days>}. */
    static String element(GlobalPref pref, double value) {
        String text = switch (pref.kind()) {
            case FLAG -> value != 0 ? "1" : "0";
            case WHOLE_NUMBER -> Long.toString((long) value);
            default -> String.format(Locale.ROOT, "%f", value);
        };
        return "<" + pref.xmlName() + ">" + text + "</" + pref.xmlName() + ">";
    }
}

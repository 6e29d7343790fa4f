package org.cruncher.persist;

import java.nio.file.Files;
import java.nio.file.Path;

import org.cruncher.engine.model.Prefs;

/**
 * Reads the preferences (global_prefs.xml, then global_prefs_override.xml on top, field by field, as BOINC does).
 * cc_config.xml is read by {@link CcConfigReader}.
 */
public final class PrefsReader {

    private final XmlInput xml = new XmlInput();

    /** {@code base} with every preference that {@code file} sets replaced; a missing file changes nothing. */
    public Prefs applyPrefs(Prefs base, Path file) throws InputProblem {
        if (!Files.exists(file)) {
            return base;
        }
        PrefsXml.GlobalPreferences g = readRoot(file, "global_preferences", PrefsXml.GlobalPreferences.class);
        try {
            return new Prefs(
                    positive(g.cpuSchedulingPeriodMinutes, base.cpuSchedulingPeriodMinutes()),
                    nonNegative(g.workBufMinDays, base.workBufMinDays()),
                    nonNegative(g.workBufAdditionalDays, base.workBufAdditionalDays()),
                    percent(g.maxNcpusPct, base.maxNcpusPct()),
                    percent(g.cpuUsageLimit, base.cpuUsageLimit()),
                    nonNegative(g.diskMaxUsedGb, base.diskMaxUsedGb()),
                    percent(g.diskMaxUsedPct, base.diskMaxUsedPct()),
                    nonNegative(g.diskMinFreeGb, base.diskMinFreeGb()));
        } catch (IllegalArgumentException e) {
            throw new InputProblem(file, e.getMessage());
        }
    }

    private <T> T readRoot(Path file, String root, Class<T> type) throws InputProblem {
        return xml.parse(file, r -> {
            XmlInput.expectRoot(file, r, root, "not a " + file.getFileName());
            return xml.mapper().readValue(r, type);
        });
    }

    private static double positive(Double v, double fallback) {
        return v == null || !(v > 0) || v.isInfinite() ? fallback : v;
    }

    private static double nonNegative(Double v, double fallback) {
        return v == null || !(v >= 0) || v.isInfinite() ? fallback : v;
    }

    private static double percent(Double v, double fallback) {
        return v == null || !(v >= 0) || v > 100 ? fallback : v;
    }
}

package org.cruncher.persist;

import java.nio.file.Files;
import java.nio.file.Path;

import org.cruncher.engine.model.ClientConfig;
import org.cruncher.engine.model.Prefs;

/**
 * Reads the preferences (global_prefs.xml, then global_prefs_override.xml on top, field by field, as BOINC does) and
 * cc_config.xml's options.
 */
public final class PrefsReader {

    private final XmlInput xml = new XmlInput();
    private final GlobalPrefsReader globalPrefs = new GlobalPrefsReader();

    /**
     * {@code base} with every preference that {@code file} sets replaced, out-of-range values handled as
     * {@link GlobalPrefsReader} does; a missing file changes nothing.
     */
    public Prefs applyPrefs(Prefs base, Path file) throws InputProblem {
        return globalPrefs.apply(GlobalPrefs.defaultsWith(base), file).enginePrefs();
    }

    /** cc_config.xml's options; defaults if the file does not exist. */
    public ClientConfig readConfig(Path file) throws InputProblem {
        if (!Files.exists(file)) {
            return ClientConfig.DEFAULTS;
        }
        return config(readRoot(file, "cc_config", PrefsXml.CcConfig.class));
    }

    /** The options of a {@code <cc_config>} element. */
    static ClientConfig config(PrefsXml.CcConfig c) {
        if (c.options == null) {
            return ClientConfig.DEFAULTS;
        }
        int ncpus = c.options.ncpus == null || c.options.ncpus <= 0 ? -1 : (int) Math.round(c.options.ncpus);
        return new ClientConfig(ncpus, XmlValues.flag(c.options.noGpus),
                XmlValues.flag(c.options.reportResultsImmediately));
    }

    private <T> T readRoot(Path file, String root, Class<T> type) throws InputProblem {
        return xml.parse(file, r -> {
            XmlInput.expectRoot(file, r, root, "not a " + file.getFileName());
            return xml.mapper().readValue(r, type);
        });
    }
}

package org.cruncher.gui.prefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;
import java.util.Map;
import java.util.Optional;

import org.junit.jupiter.api.Test;

import org.cruncher.engine.api.DiskLimitSource;
import org.cruncher.engine.api.DiskView;
import org.cruncher.engine.model.Prefs;

class PreferencesViewModelTest {

    @Test
    void applyingWithoutChangesKeepsEveryValueExactly() {
        // A period of 20,000 minutes and 12 days of work are beyond the fields' ranges, and 12345.678 GB shows as
        // "12350": untouched, each is kept as it was, and Apply is possible.
        Prefs odd = new Prefs(20_000, 12, 0.5, 100, 100, 12345.678, 90, 0.1);
        PreferencesViewModel m = new PreferencesViewModel(odd);

        assertTrue(m.validProperty().get());
        assertEquals(Optional.of(odd), m.result());
        // BOINC's max_ncpus_pct 0 (no limit) shows as 100 % and stays 0 when applied unchanged: Enter on the dialog
        // wrote max_ncpus_pct 100 to the override file, a figure the user never changed.
        Prefs noLimit = Prefs.DEFAULTS.withMaxNcpusPct(0);
        assertEquals("100", new PreferencesViewModel(noLimit).cpuPercent().textProperty().get());
        assertEquals(Optional.of(noLimit), new PreferencesViewModel(noLimit).result());
    }

    private static final double GB = 1L << 30;

    /** A 100 GB disk with 40 GB free; the client's files take 1 GB (its own) + 9 GB (the projects'). */
    private static final DiskView DISK = new DiskView(100 * GB, 40 * GB, GB, 30 * GB, DiskLimitSource.MIN_FREE_GB,
            Double.POSITIVE_INFINITY, 30 * GB, 90 * GB, 29 * GB, 9 * GB, false, List.of(), List.of(), Map.of());

    @Test
    void theBufferAsTypedSaysWhenWorkIsAskedForAndHowMuch() {
        PreferencesViewModel m = new PreferencesViewModel(Prefs.DEFAULTS);
        // 0.1 days = 2 h 24 min; 0.1 + 0.5 = 0.6 days = 14 h 24 min: the Work fetch pane's buffer window.
        assertEquals("Work is asked for when a processor has less than 2 h 24 min queued, up to 14 h 24 min.",
                spaced(m.bufferEffectProperty().get()));
        m.minDays().textProperty().set("1");
        m.additionalDays().textProperty().set("0.25");
        // 1 day = 24 h; 1 + 0.25 = 1.25 days = 30 h.
        assertEquals("Work is asked for when a processor has less than 24 h 00 min queued, up to 30 h 00 min.",
                spaced(m.bufferEffectProperty().get()));
        // At 0 the engine keeps its floor, as BOINC does: work is asked for 3 minutes before a processor runs out,
        // the Work fetch pane's "3 min to 6 h 03 min" (0.25 days = 6 h, on top of the 3 min).
        m.minDays().textProperty().set("0");
        assertEquals("Work is asked for when a processor has less than 3 min queued (the least BOINC keeps), up to "
                + "6 h 03 min.", spaced(m.bufferEffectProperty().get()));
        m.additionalDays().textProperty().set("0");
        assertEquals("Work is asked for when a processor has less than 3 min queued (the least BOINC keeps), up to "
                + "3 min.", spaced(m.bufferEffectProperty().get()));
        // A duration is never split at a line's end: its spaces do not break.
        m.additionalDays().textProperty().set("9");
        assertTrue(m.bufferEffectProperty().get().endsWith("up to 9\u00A0d\u00A000\u00A0h."),
                m.bufferEffectProperty().get());
        m.additionalDays().textProperty().set("eleven");
        assertEquals("", m.bufferEffectProperty().get(), "nothing to say about a figure that is not valid");
    }

    @Test
    void theCpuShareAsTypedSaysHowManyCpusBoincMayUse() {
        // 4 CPUs: 60 % is 2.4, floored to 2; 10 % is 0.4, but BOINC always keeps at least 1.
        PreferencesViewModel m = new PreferencesViewModel(Prefs.DEFAULTS, new PreferencesViewModel.Host(4, null));
        assertEquals("BOINC may use 4 of this computer's 4 CPUs.", m.cpuEffectProperty().get());
        m.cpuPercent().textProperty().set("60");
        assertEquals("BOINC may use 2 of this computer's 4 CPUs.", m.cpuEffectProperty().get());
        m.cpuPercent().textProperty().set("10");
        assertEquals("BOINC may use 1 of this computer's 4 CPUs.", m.cpuEffectProperty().get());
        assertEquals("", new PreferencesViewModel(Prefs.DEFAULTS).cpuEffectProperty().get(), "host unknown");
        // cc_config.xml's <ncpus> 8 on this 4-CPU host: 60 % of 8 is 4.8, floored to 4, of the 8 it counts.
        PreferencesViewModel configured = new PreferencesViewModel(Prefs.DEFAULTS,
                new PreferencesViewModel.Host(8, true, false, null));
        configured.cpuPercent().textProperty().set("60");
        assertEquals("BOINC may use 4 of the 8 CPUs cc_config.xml gives it.", configured.cpuEffectProperty().get());
    }

    @Test
    void onAHostWithGpusALimitSaysTheirTasksCpuTimeCountsWithinIt() {
        // 2 CPUs and a GPU: at 50 %, 1 CPU, within which a GPU task's CPU time counts (decision 0009); at 100 %
        // there is no limit to say it of.
        PreferencesViewModel m = new PreferencesViewModel(Prefs.DEFAULTS,
                new PreferencesViewModel.Host(2, false, true, null));
        assertEquals("BOINC may use 2 of this computer's 2 CPUs.", m.cpuEffectProperty().get());
        m.cpuPercent().textProperty().set("50");
        assertEquals("BOINC may use 1 of this computer's 2 CPUs, the CPU time its GPU tasks take included.",
                m.cpuEffectProperty().get());
    }

    @Test
    void theDiskFiguresAsTypedSayTheLimitAndWhichOfTheThreeSetsIt() {
        PreferencesViewModel m = new PreferencesViewModel(Prefs.DEFAULTS, new PreferencesViewModel.Host(4, DISK));
        // Leave 20 GB free: 10 (used) + 40 (free) - 20 = 30 GB; 90 % of 100 GB = 90 GB; no GB limit (0), so two
        // apply, and 30 GB binds.
        m.diskMaxGb().textProperty().set("0");
        m.diskMinFreeGb().textProperty().set("20");
        m.diskMaxPct().textProperty().set("90");
        assertEquals("BOINC may use 30 GB, set by \"Leave at least 20 GB free\", the least of the two; its "
                + "files (its own and the projects') use 10 GB.", m.diskEffectProperty().get());
        // "Use no more than 6 GB" is now the least, below the 10 GB in use: files go until they fit.
        m.diskMaxGb().textProperty().set("6");
        assertEquals("BOINC may use 6 GB, set by \"Use no more than 6 GB\", the least of the three; its files "
                + "(its own and the projects') use 10 GB, more than that: files are deleted to make room, and queued "
                + "tasks given up if that brings them within it; if not, computing waits until there is room.",
                m.diskEffectProperty().get());
        // 25 % of 100 GB = 25 GB, below the 30 GB that leaving 20 GB free allows.
        m.diskMaxGb().textProperty().set("0");
        m.diskMaxPct().textProperty().set("25");
        assertEquals("BOINC may use 25 GB, set by \"Use no more than 25 % of total\", the least of the two; "
                + "its files (its own and the projects') use 10 GB.", m.diskEffectProperty().get());
        // A disk of unknown size: only "use no more than 6 GB" can apply, and it is not "the least" of anything.
        DiskView unknown = new DiskView(0, 0, GB, Double.POSITIVE_INFINITY, DiskLimitSource.NO_LIMIT,
                Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY, Double.POSITIVE_INFINITY,
                9 * GB, false, List.of(), List.of(), Map.of());
        PreferencesViewModel u = new PreferencesViewModel(Prefs.DEFAULTS, new PreferencesViewModel.Host(4, unknown));
        u.diskMaxGb().textProperty().set("6");
        assertEquals("BOINC may use 6 GB, set by \"Use no more than 6 GB\"; its files (its own and the projects') "
                + "use 10 GB, more than that: files are deleted to make room, and queued tasks given up if that brings "
                + "them within it; if not, computing waits until there is room.", u.diskEffectProperty().get());
        u.diskMaxGb().textProperty().set("0");
        assertEquals("No limit applies: the disk's size is unknown and no \"Use no more than N GB\" is set.",
                u.diskEffectProperty().get());
    }

    @Test
    void aDecimalCommaIsReadAsAPoint() {
        PreferencesViewModel m = new PreferencesViewModel(Prefs.DEFAULTS);
        m.minDays().textProperty().set("0,5");

        assertEquals(Optional.of(0.5), m.minDays().value());
        assertEquals("", m.minDays().errorProperty().get());
    }

    @Test
    void onlyPlainNumbersInRangeAreAccepted() {
        PreferencesViewModel m = new PreferencesViewModel(Prefs.DEFAULTS);
        // "5d" and "1e1" are numbers to Java, not to a volunteer; -1 and 11 days are out of 0 to 10.
        for (String bad : new String[] {"5d", "1e1", "-1", "11", "abc", ""}) {
            m.minDays().textProperty().set(bad);
            assertEquals(Optional.empty(), m.minDays().value(), bad);
            assertEquals("Enter a number from 0 to 10 days.", m.minDays().errorProperty().get(), bad);
        }
        m.period().textProperty().set("525600");
        assertEquals(Optional.of(525_600.0), m.period().value());
    }

    @Test
    void anEditedFieldTakesItsNewValueAndTheOthersKeepTheirs() {
        Prefs odd = new Prefs(60, 0.1, 0.5, 100, 100, 12345.678, 90, 0.1);
        PreferencesViewModel m = new PreferencesViewModel(odd);
        m.period().textProperty().set("30");

        assertEquals(Optional.of(odd.withCpuSchedulingPeriodMinutes(30)), m.result());
    }

    /** A buffer of 50 days in force stays valid, and can be typed again; 10 stays BOINC Manager's most otherwise. */
    @Test
    void aBufferLargerThanTheManagersMostInForceStaysValid() {
        PreferencesViewModel m = new PreferencesViewModel(Prefs.DEFAULTS.withWorkBuf(50, 0.5));
        assertTrue(m.minDays().value().isPresent());
        m.minDays().textProperty().set("20");
        assertTrue(m.minDays().value().isPresent());
        m.minDays().textProperty().set("60");
        assertTrue(m.minDays().value().isEmpty());
        m.additionalDays().textProperty().set("11");
        assertTrue(m.additionalDays().value().isEmpty());
    }

    /** {@code text} with its non-breaking spaces read as spaces. */
    private static String spaced(String text) {
        return text.replace('\u00A0', ' ');
    }
}

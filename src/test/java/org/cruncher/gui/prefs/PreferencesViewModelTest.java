package org.cruncher.gui.prefs;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;

import org.junit.jupiter.api.Test;

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
}

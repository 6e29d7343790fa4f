package org.cruncher.gui.whatif;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

/** One of the computer's figures over the next days, as things are and with the changes. */
public final class FigureRow {

    private final String name;
    private final String meaning;
    private final ReadOnlyStringWrapper asIs = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper changed = new ReadOnlyStringWrapper("");

    FigureRow(String name, String meaning) {
        this.name = name;
        this.meaning = meaning;
    }

    public String name() {
        return name;
    }

    /** What the figure means, for a tooltip. */
    public String meaning() {
        return meaning;
    }

    public ReadOnlyStringProperty asIsProperty() {
        return asIs.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty changedProperty() {
        return changed.getReadOnlyProperty();
    }

    void show(String asIsText, String changedText) {
        asIs.set(asIsText);
        changed.set(changedText);
    }
}

package org.cruncher.gui.whatif;

import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import org.cruncher.gui.NumberInput;

/**
 * One project in the what-if dialog: its share as the user edits it, and what the next days bring it as things are
 * and with the changes.
 */
public final class WhatIfRow {

    /** The largest share accepted, as in the Projects pane. */
    static final double MAX_SHARE = 1e9;

    private final String url;
    private final String name;
    private final NumberInput share;
    private final ReadOnlyStringWrapper targetAsIs = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper target = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper workAsIs = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper workChanged = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper missedAsIs = new ReadOnlyStringWrapper("");
    private final ReadOnlyStringWrapper missedChanged = new ReadOnlyStringWrapper("");

    WhatIfRow(String url, String name, double share) {
        this.url = url;
        this.name = name;
        this.share = new NumberInput(share, 0, MAX_SHARE, "");
    }

    public String url() {
        return url;
    }

    public String name() {
        return name;
    }

    /** The resource share, as edited. */
    public NumberInput share() {
        return share;
    }

    /** Its fair part of the work on this computer under the shares as they are. */
    public ReadOnlyStringProperty targetAsIsProperty() {
        return targetAsIs.getReadOnlyProperty();
    }

    /** Its fair part of the work on this computer under the edited shares. */
    public ReadOnlyStringProperty targetProperty() {
        return target.getReadOnlyProperty();
    }

    /** Its part of the work done in the next days, as things are. */
    public ReadOnlyStringProperty workAsIsProperty() {
        return workAsIs.getReadOnlyProperty();
    }

    /** Its part of the work done in the next days, with the changes. */
    public ReadOnlyStringProperty workChangedProperty() {
        return workChanged.getReadOnlyProperty();
    }

    /** Its results reported late in the next days, as things are. */
    public ReadOnlyStringProperty missedAsIsProperty() {
        return missedAsIs.getReadOnlyProperty();
    }

    /** Its results reported late in the next days, with the changes. */
    public ReadOnlyStringProperty missedChangedProperty() {
        return missedChanged.getReadOnlyProperty();
    }

    void showTarget(String targetText) {
        target.set(targetText);
    }

    void showTargetAsIs(String targetText) {
        targetAsIs.set(targetText);
    }

    void show(String targetText, String workAsIsText, String workChangedText, String missedAsIsText,
              String missedChangedText) {
        target.set(targetText);
        workAsIs.set(workAsIsText);
        workChanged.set(workChangedText);
        missedAsIs.set(missedAsIsText);
        missedChanged.set(missedChangedText);
    }
}

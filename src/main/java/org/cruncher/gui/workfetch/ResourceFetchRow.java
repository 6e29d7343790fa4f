package org.cruncher.gui.workfetch;

import javafx.beans.property.ReadOnlyBooleanProperty;
import javafx.beans.property.ReadOnlyBooleanWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import org.cruncher.engine.model.ResourceType;

/** One processing resource in the Work fetch pane, as text ready to show. */
public final class ResourceFetchRow {

    private final ResourceType type;
    private final ReadOnlyStringWrapper name = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper instances = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper idleNow = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper shortfall = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper saturated = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper window = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper state = new ReadOnlyStringWrapper();
    private final ReadOnlyBooleanWrapper needsWork = new ReadOnlyBooleanWrapper();

    ResourceFetchRow(ResourceType type) {
        this.type = type;
    }

    void set(String name, String instances, String idleNow, String shortfall, String saturated, String window,
             String state, boolean needsWork) {
        this.name.set(name);
        this.instances.set(instances);
        this.idleNow.set(idleNow);
        this.shortfall.set(shortfall);
        this.saturated.set(saturated);
        this.window.set(window);
        this.state.set(state);
        this.needsWork.set(needsWork);
    }

    public ResourceType type() {
        return type;
    }

    public ReadOnlyStringProperty nameProperty() {
        return name.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty instancesProperty() {
        return instances.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty idleNowProperty() {
        return idleNow.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty shortfallProperty() {
        return shortfall.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty saturatedProperty() {
        return saturated.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty windowProperty() {
        return window.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty stateProperty() {
        return state.getReadOnlyProperty();
    }

    /** True while the work-fetch policy wants work for the resource. */
    public ReadOnlyBooleanProperty needsWorkProperty() {
        return needsWork.getReadOnlyProperty();
    }
}

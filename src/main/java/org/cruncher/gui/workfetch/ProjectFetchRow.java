package org.cruncher.gui.workfetch;

import javafx.beans.property.ReadOnlyDoubleProperty;
import javafx.beans.property.ReadOnlyDoubleWrapper;
import javafx.beans.property.ReadOnlyStringProperty;
import javafx.beans.property.ReadOnlyStringWrapper;

import org.cruncher.engine.model.ResourceType;

/**
 * One project's standing for one resource in the Work fetch pane. The long-term debt is kept as a number (for
 * sorting); the rest as text ready to show.
 */
public final class ProjectFetchRow {

    private final String url;
    private final ResourceType type;
    private final ReadOnlyStringWrapper project = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper resource = new ReadOnlyStringWrapper();
    private final ReadOnlyDoubleWrapper longTermDebt = new ReadOnlyDoubleWrapper();
    private final ReadOnlyStringWrapper suppliesJobs = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper backoff = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper interval = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper queued = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper share = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper shortfall = new ReadOnlyStringWrapper();
    private final ReadOnlyStringWrapper why = new ReadOnlyStringWrapper();

    ProjectFetchRow(String url, ResourceType type) {
        this.url = url;
        this.type = type;
    }

    void set(String project, String resource, double longTermDebt, String suppliesJobs, String backoff,
             String interval, String queued, String share, String shortfall, String why) {
        this.project.set(project);
        this.resource.set(resource);
        this.longTermDebt.set(longTermDebt);
        this.suppliesJobs.set(suppliesJobs);
        this.backoff.set(backoff);
        this.interval.set(interval);
        this.queued.set(queued);
        this.share.set(share);
        this.shortfall.set(shortfall);
        this.why.set(why);
    }

    public String url() {
        return url;
    }

    /** Its resource; null for the row of a project with no application for this computer. */
    public ResourceType type() {
        return type;
    }

    public ReadOnlyStringProperty projectProperty() {
        return project.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty resourceProperty() {
        return resource.getReadOnlyProperty();
    }

    /** Instance-seconds of the resource owed to the project (seed 003's long-term debt). */
    public ReadOnlyDoubleProperty longTermDebtProperty() {
        return longTermDebt.getReadOnlyProperty();
    }

    /** "Yes" while seed 003's D flag is set: the project supplied jobs for the resource and accrues debt for it. */
    public ReadOnlyStringProperty suppliesJobsProperty() {
        return suppliesJobs.getReadOnlyProperty();
    }

    /** Time left in the resource backoff ("" when none). */
    public ReadOnlyStringProperty backoffProperty() {
        return backoff.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty intervalProperty() {
        return interval.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty queuedProperty() {
        return queued.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty shareProperty() {
        return share.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty shortfallProperty() {
        return shortfall.getReadOnlyProperty();
    }

    public ReadOnlyStringProperty whyProperty() {
        return why.getReadOnlyProperty();
    }

}

package org.cruncher.gui.disk;

import java.util.List;

import javafx.beans.property.BooleanProperty;
import javafx.beans.property.DoubleProperty;
import javafx.beans.property.SimpleBooleanProperty;
import javafx.beans.property.SimpleDoubleProperty;
import javafx.beans.property.SimpleStringProperty;
import javafx.beans.property.StringProperty;

import org.cruncher.engine.api.ProjectDiskView;
import org.cruncher.gui.text.Format;
import org.cruncher.gui.text.StandingWords;

/** One project's row in the Disk pane: its usage against its share of the space. */
public final class DiskProjectRow {

    private final String url;
    private final StringProperty name = new SimpleStringProperty();
    private final DoubleProperty fill = new SimpleDoubleProperty();
    private final StringProperty usage = new SimpleStringProperty();
    private final StringProperty limit = new SimpleStringProperty();
    private final StringProperty policy = new SimpleStringProperty();
    private final StringProperty files = new SimpleStringProperty();
    private final StringProperty standing = new SimpleStringProperty();
    private final StringProperty details = new SimpleStringProperty();
    private final BooleanProperty offender = new SimpleBooleanProperty();

    DiskProjectRow(String url) {
        this.url = url;
    }

    void update(ProjectDiskView p, List<ProjectDiskView> all) {
        name.set(p.name());
        fill.set(p.limit() > 0 ? p.usage() / p.limit() : p.usage() > 0 ? Double.POSITIVE_INFINITY : 0);
        usage.set(Format.size(p.usage())
                + (Double.isInfinite(p.limit()) ? " (no limit)" : " of " + Format.size(p.limit())));
        limit.set(Format.size(p.limit()));
        policy.set(p.policy().label());
        files.set(Integer.toString(p.fileCount()));
        standing.set(StandingWords.headline(p, all));
        details.set(StandingWords.details(p, all));
        offender.set(p.offender());
    }

    public String url() {
        return url;
    }

    public StringProperty nameProperty() {
        return name;
    }

    /** Usage over the share limit: 1 is full, above 1 an offender (infinity: a share of nothing, used). */
    public DoubleProperty fillProperty() {
        return fill;
    }

    /** "3.2 GB of 2.5 GB". */
    public StringProperty usageProperty() {
        return usage;
    }

    public StringProperty limitProperty() {
        return limit;
    }

    public StringProperty policyProperty() {
        return policy;
    }

    public StringProperty filesProperty() {
        return files;
    }

    /** Offender or within its share, and why it gets no work if it gets none, in words. */
    public StringProperty standingProperty() {
        return standing;
    }

    /** The standing's details, one short sentence a line, for the tooltips. */
    public StringProperty detailsProperty() {
        return details;
    }

    public BooleanProperty offenderProperty() {
        return offender;
    }
}
